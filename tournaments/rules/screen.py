"""The hall screen's paging: how many lines a screen holds and how long each stays.

A projector at the back of a hall shows one screen of the ranking at a time, then the
round's tables; these rules turn the URL's settings into bounded values and a list
into screens. Pure: the view passes the raw query parameters.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

DEFAULT_LINES = 20
DEFAULT_SECONDS = 15
DEFAULT_REFRESH = 30
# Fewer than 5 lines is not a ranking; more than 60 is unreadable from the back of a
# hall. A page turn or a reload faster than every 2 s would be a flicker, and the
# server is asked by every screen of every hall.
LINES_RANGE = (5, 60)
SECONDS_RANGE = (2, 600)
REFRESH_RANGE = (2, 3600)


@dataclass(frozen=True)
class ScreenSettings:
    lines: int  # ranking lines per screen
    seconds: int  # how long each screen stays
    refresh: int  # seconds between two reads of the live data

    @property
    def tables(self) -> int:
        """Tables per screen: a table card holds up to 5 names and a title, about the
        height of 5 ranking lines, three cards to a row."""
        return max(2, self.lines * 3 // 5)


def _bounded(raw: str | None, default: int, bounds: tuple[int, int]) -> int:
    try:
        value = int(raw) if raw is not None else default
    except ValueError:
        # A mistyped URL on a projector should still show the ranking.
        value = default
    low, high = bounds
    return min(max(value, low), high)


def screen_settings(
    lines: str | None = None, seconds: str | None = None, refresh: str | None = None
) -> ScreenSettings:
    """The settings from the URL's `lines`, `seconds` and `refresh`, each bounded; a
    missing or unreadable value takes the default."""
    return ScreenSettings(
        lines=_bounded(lines, DEFAULT_LINES, LINES_RANGE),
        seconds=_bounded(seconds, DEFAULT_SECONDS, SECONDS_RANGE),
        refresh=_bounded(refresh, DEFAULT_REFRESH, REFRESH_RANGE),
    )


def split_pages(items: Sequence[T], per_page: int) -> list[list[T]]:
    """`items` in screens of `per_page` (the last one shorter); none for no items."""
    size = max(1, per_page)
    return [list(items[start : start + size]) for start in range(0, len(items), size)]
