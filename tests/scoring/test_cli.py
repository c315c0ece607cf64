"""`python -m scoring` as a subprocess: with this interpreter and a plain python3.

The plain python3 (found on PATH) normally has no Django: the CLI must run with
nothing but the standard library and the repository root on PYTHONPATH.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

HAND = {
    "players": ["A", "B", "C", "D"],
    "taker": "A",
    "contract": "garde",
    "oudlers": 2,
    "points": 56,
}
SCORES = {"A": 240, "B": -80, "C": -80, "D": -80}


def _plain_python3() -> str:
    found = shutil.which("python3")
    if found is None:
        pytest.skip("no python3 on PATH")
    return found


@pytest.fixture(params=["sys.executable", "python3"])
def python(request) -> str:
    return sys.executable if request.param == "sys.executable" else _plain_python3()


def run(python: str, stdin: str, tmp_path: Path) -> tuple[int, object, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    env.pop("PYTHONHOME", None)
    proc = subprocess.run(
        [python, "-m", "scoring"],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=tmp_path,  # not the repo root: PYTHONPATH alone must find the package
        timeout=60,
    )
    return proc.returncode, json.loads(proc.stdout), proc.stderr


def test_plain_python3_imports_the_cli_without_django(tmp_path):
    python3 = _plain_python3()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    code = (
        "import importlib.util, sys, scoring.__main__; "
        "print(importlib.util.find_spec('django') is None, "
        "any(m.startswith('django') for m in sys.modules))"
    )
    proc = subprocess.run(
        [python3, "-c", code], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    no_django, django_loaded = proc.stdout.split()
    assert django_loaded == "False"
    if no_django != "True":
        pytest.skip("python3 on PATH has Django installed: the Django-free run is not proven here")


def test_one_hand_prints_its_result(python, tmp_path):
    status, out, err = run(python, json.dumps(HAND), tmp_path)
    assert status == 0, err
    assert out["scores"] == SCORES
    assert out["made"] is True
    assert out["value"] == 80
    assert out["rules"] == "fft"
    assert err == ""


def test_list_of_hands_prints_a_list_of_results(python, tmp_path):
    three = {
        "players": ["Ann", "Bob", "Chloé"],
        "taker": "Chloé",
        "contract": "prise",
        "oudlers": 2,
        "points": 40.5,
    }
    passed = {"players": ["A", "B", "C", "D", "E"], "contract": None}
    status, out, err = run(python, json.dumps([HAND, three, passed]), tmp_path)
    assert status == 0, err
    assert [r["scores"] for r in out] == [
        SCORES,
        {"Ann": 26, "Bob": 26, "Chloé": -52},  # 40.5 of 41: failed by 1
        {"A": 0, "B": 0, "C": 0, "D": 0, "E": 0},
    ]


def test_invalid_hand_prints_an_error_and_exits_2(python, tmp_path):
    status, out, err = run(python, json.dumps({**HAND, "points": 92}), tmp_path)
    assert status == 2
    assert out["field"] == "points"
    assert out["code"] == "points_range"
    assert "points" in out["error"]
    assert "Traceback" not in err


def test_invalid_hand_in_a_list_gives_its_index(python, tmp_path):
    bad = {**HAND, "contract": "garde_moyenne"}
    status, out, err = run(python, json.dumps([HAND, bad]), tmp_path)
    assert status == 2
    assert out["index"] == 1
    assert out["field"] == "contract"
    assert "error" in out
    assert "Traceback" not in err


def test_invalid_json_prints_an_error_and_exits_2(python, tmp_path):
    status, out, err = run(python, '{"players": ["A", "B", "C"', tmp_path)
    assert status == 2
    assert set(out) == {"error"}
    assert "JSON" in out["error"]
    assert "Traceback" not in err


def test_empty_input_is_invalid_json(python, tmp_path):
    status, out, _ = run(python, "", tmp_path)
    assert status == 2
    assert "error" in out


def test_invalid_rules_object_prints_an_error_and_exits_2(python, tmp_path):
    # a multiplier of "1/0" must be a HandError on "rules", not a traceback
    bad = {**HAND, "rules": {"multipliers": {"prise": 1, "garde": "1/0"}}}
    status, out, err = run(python, json.dumps(bad), tmp_path)
    assert "Traceback" not in err
    assert status == 2
    assert out["field"] == "rules"
