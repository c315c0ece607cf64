"""How long a test may wait for a condition, and waiting for one.

A test waits for the condition it needs (an element, a response, a row stored, a
thread's event), never for a fixed time: a busy machine reaches every condition late,
and a fixed pause is either too short there or wasted everywhere else. The ceilings
below only bound a wait that never ends; they are generous and scale with
TEST_WAIT_SCALE (a factor, default 1; CI on a loaded machine may set 3), so a slow
machine makes a test slower, never red.

tests/architecture/test_no_fixed_waits.py keeps the suite to this rule.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

SCALE = float(os.environ.get("TEST_WAIT_SCALE", "1") or 1)

# Ceilings, in seconds, before the scale: a page or an element (a browser's action),
# a background process or server starting, the offline worker downloading the engine.
PAGE = 30.0
START = 120.0
ENGINE = 180.0


def ceiling(seconds: float = PAGE) -> float:
    """A ceiling in seconds, scaled by TEST_WAIT_SCALE."""
    return seconds * SCALE


def ceiling_ms(seconds: float = PAGE) -> int:
    """The same in milliseconds (Playwright's unit)."""
    return int(ceiling(seconds) * 1000)


def until(
    condition: Callable[[], object],
    what: str = "the condition",
    seconds: float = PAGE,
    step: float = 0.02,
) -> object:
    """Check `condition` until it is true, and return its value; fail after the scaled
    ceiling. The pause between checks only paces the polling (an Event that nothing
    sets), it is not what the test waits for."""
    pause = threading.Event()
    deadline = _now() + ceiling(seconds)
    while True:
        value = condition()
        if value:
            return value
        if _now() > deadline:
            raise AssertionError(f"timed out after {ceiling(seconds):.0f} s waiting for {what}")
        pause.wait(step)
        step = min(step * 1.5, 0.25)


def _now() -> float:
    import time

    return time.monotonic()
