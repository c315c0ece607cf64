"""INTERIM stand-in for tournaments.planning.movement (branch dupcore), with its API
(movement, max_rounds, Movement.schedule, TableRound, meeting_counts); removed at the
merge. Only full fields at a table count coprime with 6."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True)
class TableRound:
    table: int
    board_set: int | None
    seats: tuple[int | None, int | None, int | None, int | None]
    plays: bool
    set_from: int | None
    set_to: int | None


@dataclass(frozen=True)
class Movement:
    tables: int
    rounds: int
    players: int
    schedule: tuple[tuple[TableRound, ...], ...]

    def meeting_counts(self) -> Counter[tuple[int, int]]:
        met: Counter[tuple[int, int]] = Counter()
        for tables in self.schedule:
            for line in tables:
                seated = sorted(p for p in line.seats if p is not None)
                met.update(combinations(seated, 2))
        return met


def max_rounds(tables: int, players: int | None = None) -> int:
    return tables


def movement(tables: int, rounds: int, players: int | None = None) -> Movement:
    schedule = []
    for r in range(rounds):
        lines = []
        for t in range(tables):
            seats = tuple(((t - o * r) % tables) * 4 + o for o in range(4))
            lines.append(
                TableRound(t, (t + r) % tables, seats, True, None, None)  # type: ignore[arg-type]
            )
        schedule.append(tuple(lines))
    return Movement(tables, rounds, players or 4 * tables, tuple(schedule))
