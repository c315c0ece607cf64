"""Tables and meetings for tarot rounds: pure Python, no Django import.

Table sizes (`table_sizes`)
    Tables of 4 whenever possible; a few tables of 5 or 3 only when the number of
    players present is not a multiple of 4:

    - n % 4 == 0: all tables of 4;
    - n % 4 == 1: one table of 5 (5 = 5, 9 = 4 + 5);
    - n % 4 == 2: two tables of 5 when n >= 10 (10 = 5 + 5, 14 = 4 + 5 + 5);
      6 players sit at two tables of 3;
    - n % 4 == 3: one table of 3 (the FFT homologates tables of 3; everybody at
      it plays every deal, whereas a table of 5 sits one player out per deal);
    - n < 3: SeatingError("too_few_players").

    A round lists its tables of 4 first, then the tables of 5 or 3, so
    `round[i]` always holds `table_sizes(n)[i]` players.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable
from itertools import combinations
from typing import Any

Player = Hashable
Table = list[Player]
RoundSeating = list[Table]


class SeatingError(ValueError):
    """Input that cannot be seated.

    `code` is a stable identifier the web app translates; `params` carries the
    values the message mentions. Codes: too_few_players, duplicate_player,
    teams_infeasible, negative_count (seat_round).
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def __repr__(self) -> str:
        return f"SeatingError({self.code!r}, {self.message!r})"


def table_sizes(n: int) -> list[int]:
    """Sizes of the tables for `n` players: tables of 4 first (policy in the module doc)."""
    if n < 3:
        raise SeatingError("too_few_players", f"At least 3 players are needed, got {n}.", count=n)
    fours, rest = divmod(n, 4)
    if rest == 0:
        return [4] * fours
    if rest == 1:
        return [4] * (fours - 1) + [5]
    if rest == 2:
        return [3, 3] if n == 6 else [4] * (fours - 2) + [5, 5]
    return [4] * fours + [3]


def meeting_counts(
    rounds: Iterable[Iterable[Iterable[Player]]],
) -> Counter[frozenset[Player]]:
    """How many times each pair shared a table, keyed by frozenset({a, b})."""
    counts: Counter[frozenset[Player]] = Counter()
    for seating in rounds:
        for table in seating:
            for a, b in combinations(table, 2):
                if a != b:
                    counts[frozenset((a, b))] += 1
    return counts


def repeated_meetings(rounds: Iterable[Iterable[Iterable[Player]]]) -> int:
    """Sum over pairs of max(0, times met - 1): 0 means nobody met anybody twice."""
    return sum(c - 1 for c in meeting_counts(rounds).values() if c > 1)
