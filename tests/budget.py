"""The quick loop's budget: a test that is not marked `slow` costs at most 2 s of CPU.

`bash scripts/test.sh -m "not slow"` is the loop a developer runs after each change; it
stays quick only while every test in it is cheap. Each test's cost is the CPU time of
its process and of the processes it waited for (a subprocess, a second server), from
its setup to its teardown, less what fixtures shared by several tests (scoped to a
class, a module or the session: the database's creation, a world built once) took to
set up. CPU time, not wall time: a busy machine stretches the wall clock, not the work.

The seconds are the reference machine's: the CI machine's speed changes by itself
(the same loop of Python takes 0.077 s or 0.14 s of CPU minute to minute, with nothing
else running: a neighbour on the same physical core), and a slower machine must not fail
a run that a faster one passes. Each process times a fixed piece of Python (_work) every
30 s and scales the tests' CPU by REFERENCE over that time: a test's cost reads the same
on a fast or a slow machine, in a fast or a slow minute.

A test over the budget is listed at the end of every run, the list a developer reads;
under CI (CI=true, as .ci/run runs) or with TEST_BUDGET=1 the run fails only when one
is over 2.5 times the budget (5 s): the scaled reading of one test swings by 1.5x from
one run to the next (a test of 2 s read 3.06 s in one CI run), because a test's CPU
time and the loop's do not move together (a neighbour on the core slows dict-heavy
Python and database I/O by different amounts), and a check of the machine's speed must
not fail a run. What it stops is a test of several seconds landing unmarked. Make the test
cheaper (a world built once per class or module, smaller data where size is not the
point) or mark it `@pytest.mark.slow` (docs/TESTING.md).
"""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Iterator

import pytest

BUDGET = float(os.environ.get("TEST_BUDGET_SECONDS", "2"))  # CPU seconds, outside `slow`
# The run fails above this: the budget with room for a crowded machine's CPU times.
FAILS_ABOVE = BUDGET * float(os.environ.get("TEST_BUDGET_SLACK", "2.5"))
ENFORCED = os.environ.get("CI", "").lower() in ("1", "true") or os.environ.get("TEST_BUDGET") == "1"

_PROPERTY = "cpu_seconds"
# The CPU seconds _work takes on the reference machine (the CI machine, fast minutes).
REFERENCE = 0.08
CALIBRATE_EVERY = 30.0  # wall seconds between two timings of _work in a process


def _work() -> int:
    """A fixed piece of plain Python, of the kind tests run (dicts, strings, integers)."""
    found: dict[str, int] = {}
    total = 0
    for i in range(300_000):
        key = str(i % 1000)
        found[key] = found.get(key, 0) + i
        total += len(key) * (i & 7)
    return total


class _Speed:
    """How much faster the reference machine is than this process, now."""

    scale = 1.0
    timed_at = -CALIBRATE_EVERY

    @classmethod
    def refresh(cls) -> None:
        now = time.monotonic()
        if now - cls.timed_at < CALIBRATE_EVERY:
            return
        times = []
        for _ in range(3):
            started = time.process_time()
            _work()
            times.append(time.process_time() - started)
        cls.scale = REFERENCE / sorted(times)[1]
        cls.timed_at = time.monotonic()


def _cpu() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


class _Shared:
    """CPU spent setting up fixtures shared by several tests, during the current test."""

    seconds = 0.0


@pytest.hookimpl(hookwrapper=True)
def pytest_fixture_setup(fixturedef: pytest.FixtureDef, request: pytest.FixtureRequest):
    if fixturedef.scope == "function":
        yield
        return
    started = _cpu()
    yield
    _Shared.seconds += _cpu() - started


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    _Speed.refresh()  # before the test's clock starts: not counted in its cost
    _Shared.seconds = 0.0
    item.stash[_started] = _cpu()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    outcome = yield
    report = outcome.get_result()
    if report.when == "teardown" and _started in item.stash:
        spent = (_cpu() - item.stash[_started] - _Shared.seconds) * _Speed.scale
        report.user_properties.append((_PROPERTY, round(spent, 3)))
        report.user_properties.append(("slow", item.get_closest_marker("slow") is not None))


_started = pytest.StashKey[float]()
_over: list[tuple[float, str]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """On the controller (or the only process): collect the tests over the budget."""
    if report.when != "teardown":
        return
    found = dict(report.user_properties)
    spent = found.get(_PROPERTY)
    if spent is not None and not found.get("slow") and spent > BUDGET:
        _over.append((spent, report.nodeid))


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    if not _over:
        return
    terminalreporter.section("tests over the quick loop's budget")
    terminalreporter.write_line(
        f"{len(_over)} test(s) not marked slow took more than {BUDGET:g} s of CPU "
        "at the reference speed (tests/budget.py): make them cheaper or mark them slow"
        + (f"; under CI a run fails above {FAILS_ABOVE:g} s" if ENFORCED else "")
    )
    for spent, nodeid in sorted(_over, reverse=True):
        terminalreporter.write_line(f"  {spent:5.2f} s  {nodeid}")


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    failing = [nodeid for spent, nodeid in _over if spent > FAILS_ABOVE]
    if failing and ENFORCED and exitstatus == 0 and not hasattr(session.config, "workerinput"):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
