"""INTERIM stand-in for tournaments.planning.movement (branch dupcore), removed at its merge."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from math import gcd

Slot = tuple[int, int]  # (orientation, start table)


@dataclass(frozen=True)
class PlannedTable:
    board_set: int
    slots: tuple[Slot | None, ...]
    bye: bool = False


@dataclass(frozen=True)
class Movement:
    tables: int
    players: int
    rounds: tuple[tuple[PlannedTable, ...], ...]

    @property
    def sets(self) -> int:
        return self.tables

    def real_slots(self) -> list[Slot]:
        return [(o, p) for p in range(self.tables) for o in range(4)][: self.players]

    def meetings(self) -> set[frozenset[Slot]]:
        met: set[frozenset[Slot]] = set()
        for planned_round in self.rounds:
            for table in planned_round:
                seated = [s for s in table.slots if s is not None]
                met.update(frozenset(pair) for pair in combinations(seated, 2))
        return met


def table_count(players: int) -> int:
    return -(-players // 4)


def max_rounds(tables: int, players: int) -> int:
    return tables if gcd(tables, 6) == 1 else 1


def movement(tables: int, rounds: int, players: int) -> Movement:
    planned = []
    for r in range(rounds):
        planned.append(
            tuple(
                PlannedTable(
                    board_set=(t + r) % tables + 1,
                    slots=tuple((o, (t - o * r) % tables) for o in range(4)),
                )
                for t in range(tables)
            )
        )
    return Movement(tables, players, tuple(planned))
