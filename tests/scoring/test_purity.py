"""The scoring engine is pure Python: importing and running it never loads Django."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "scoring"

SCRIPT = """
import sys
import scoring
from scoring import score_json
from scoring.__main__ import main

score_json({"players": ["A", "B", "C", "D"], "taker": "A", "contract": "garde",
            "oudlers": 2, "points": 56})
loaded = sorted(m for m in sys.modules if m.startswith("django"))
assert not loaded, loaded
print("pure")
"""

# Any import that reaches Django fails outright, even though Django is installed
# in this interpreter.
BLOCKER = """
import importlib.abc, sys

class NoDjango(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "django" or name.startswith("django."):
            raise ImportError("the scoring engine must not import " + name)
        return None

sys.meta_path.insert(0, NoDjango())
"""


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=60,
    )


def test_importing_and_scoring_loads_no_django_module():
    proc = run_python(SCRIPT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "pure"


def test_scoring_works_when_django_cannot_be_imported():
    proc = run_python(BLOCKER + SCRIPT)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "pure"


def test_no_engine_source_file_imports_django():
    sources = sorted(ENGINE.rglob("*.py"))
    assert sources, "scoring/ has no Python files?"
    pattern = re.compile(r"^\s*(import\s+django|from\s+django)\b", re.MULTILINE)
    offenders = []
    for path in sources:
        text = path.read_text(encoding="utf-8")
        if "import django" in text or "from django" in text or pattern.search(text):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
