"""The layers are contracts (pyproject.toml [tool.importlinter]) that lint-imports checks.

The real tree keeps them; a copy of it with one wrong import breaks the contract
that forbids it, so the checker is known to bite and not just to pass.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
PACKAGES = ("scoring", "tournaments", "tarot_club")


def lint_imports(cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(cwd)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_tree_keeps_every_contract():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "wrong_import", "contract"),
    [
        (
            "tournaments/selectors/public.py",
            "from ..services import hands",
            "selectors read and never import services",
        ),
        (
            "tournaments/forms/hand.py",
            "from ..services import hands",
            "forms validate and never write",
        ),
        (
            "tournaments/models/hands.py",
            "from ..selectors import ranking",
            "models import no services, selectors",
        ),
        ("scoring/engine.py", "import django", "Pure code imports no Django"),
        ("tournaments/planning/tables.py", "import django.db", "Pure code imports no Django"),
        (
            "tournaments/rules/ranking.py",
            "from ..models import Event",
            "tournaments: one-way layers",
        ),
        ("tournaments/views/site.py", "from ..admin import clubs", "tournaments: one-way layers"),
        (
            "tournaments/tables/common.py",
            "from ..selectors import public",
            "tables, charts, demo, bulk: no selectors",
        ),
        (
            "tournaments/exports/writer.py",
            "from ..imports import files",
            "exports: no imports, planning or forms",
        ),
        ("tournaments/planning/tables.py", "import scoring", "planning and errors stand alone"),
        (
            "tournaments/models/people.py",
            "from .audit_text import render_lines",
            "models: the audit trail above its words",
        ),
    ],
)
def test_a_wrong_import_breaks_its_contract(tmp_path, module, wrong_import, contract):
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / module
    target.write_text(target.read_text() + f"\n{wrong_import}  # deliberately wrong\n")

    result = lint_imports(tmp_path)

    assert result.returncode != 0, result.stdout
    broken = [line for line in result.stdout.splitlines() if line.endswith(" BROKEN")]
    assert any(line.startswith(contract) for line in broken), result.stdout
