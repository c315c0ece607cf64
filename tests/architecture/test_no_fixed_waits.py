"""No test waits a fixed time, nor for a load state, to wait for something.

A busy machine reaches every condition late: a pause that suffices on an idle machine
fails a loaded one, and is wasted time everywhere else. Tests wait for the condition
they need (tests/waiting.py: `until`, the scaled ceilings; Playwright's auto-waiting
locators, `wait_for_url`, `expect_response`), and a clock that is the test's subject is
one the test moves itself (tests/cache/test_faults.py's breaker clock).
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
# Calls that wait for time to pass, or for a page's load state, whatever the test needs.
FORBIDDEN_METHODS = {"wait_for_timeout", "wait_for_load_state"}
FORBIDDEN_SLEEPS = {("time", "sleep"), ("asyncio", "sleep")}


def _fixed_waits(source: str) -> list[str]:
    found = []
    tree = ast.parse(source)
    # `from time import sleep` then `sleep(...)`
    sleeps = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module in ("time", "asyncio")
        for alias in node.names
        if alias.name == "sleep"
    }
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = node.func
        if isinstance(called, ast.Attribute):
            owner = called.value.id if isinstance(called.value, ast.Name) else ""
            if called.attr in FORBIDDEN_METHODS or (owner, called.attr) in FORBIDDEN_SLEEPS:
                found.append(f"line {node.lineno}: {called.attr}()")
        elif isinstance(called, ast.Name) and called.id in sleeps:
            found.append(f"line {node.lineno}: {called.id}()")
    return found


def _test_files() -> list[Path]:
    return sorted(
        path.relative_to(TESTS) for path in TESTS.rglob("*.py") if "node_modules" not in path.parts
    )


def test_the_tests_are_searched():
    files = _test_files()
    assert Path("browser/conftest.py") in files
    assert Path("cache/test_faults.py") in files
    assert len(files) > 150


def test_the_check_finds_each_kind_of_fixed_wait():
    source = (
        "import time\nfrom time import sleep as nap\n"
        "time.sleep(1)\nnap(2)\npage.wait_for_timeout(300)\npage.wait_for_load_state()\n"
        "event.wait(ceiling())\n"
    )
    assert [line.split(":")[0] for line in _fixed_waits(source)] == [
        "line 3",
        "line 4",
        "line 5",
        "line 6",
    ]


def test_no_test_waits_a_fixed_time():
    found = {
        str(path): waits
        for path in _test_files()
        if (waits := _fixed_waits((TESTS / path).read_text(encoding="utf-8")))
    }
    assert found == {}
