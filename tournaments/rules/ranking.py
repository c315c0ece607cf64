"""Ranking rules (pure): the tie-break and shared places, used by every ranking.

Tournament tie-break (documented for organisers): players are ordered by
1. total score, decreasing;
2. then the better best single round, decreasing (a strong round weighs more
   than a string of small ones, as on a paper sheet where it is read first);
3. then the number of contracts won as taker, decreasing;
players still equal after these share the rank and are listed by name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar


class Ranked(Protocol):
    rank: int


R = TypeVar("R", bound=Ranked)


def tie_break(total: int, round_totals: Iterable[int], contracts_won: int) -> tuple[int, int, int]:
    """The tournament ordering as a sort key (documented above); the ranking page and
    the places stored per event (services.results) both sort by it."""
    return (-total, -max(round_totals, default=0), -contracts_won)


def rank_rows(rows: list[R], key: Callable[[R], Any], then: Callable[[R], Any]) -> list[R]:
    """Sort by `key`, then `then`; rows equal on `key` share the rank (1, 2, 2, 4).

    Every ranking of the app (club nights, tournaments, teams, seasons, event
    results) goes through here, each with its own key.
    """
    # Each row's key worked out once (it was three times: the sort, then each
    # neighbour's comparison; a 200-player ranking's key reads every round).
    keyed = sorted(((key(row), then(row), index) for index, row in enumerate(rows)))
    ordered = [rows[index] for _, _, index in keyed]
    previous: Any = None
    for position, ((row_key, _, _), row) in enumerate(zip(keyed, ordered, strict=True), 1):
        tied = position > 1 and row_key == previous
        row.rank = ordered[position - 2].rank if tied else position
        previous = row_key
    rows[:] = ordered
    return rows
