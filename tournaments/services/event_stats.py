"""A player's statistics in one event, worked out from the event's ledger rows (pure).

services.results reads the ledger rows of the tables that changed and stores what
`player_event_stats` returns in EventResult; the same function fills every event in
one pass for bulk loads and migrations.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..models import Hand

TAKER, DEFENCE = Hand.Camp.TAKER.value, Hand.Camp.DEFENCE.value


class LedgerRow(NamedTuple):
    """A HandScore row with what the statistics need of its hand."""

    hand_id: int
    table_id: int
    round_number: int
    hand_number: int
    player_id: int
    points: int
    is_taker: bool
    contract_made: bool | None
    contract: str
    taker_id: int | None
    partner_id: int | None
    sitting_out_id: int | None
    petit_au_bout: str
    chelem_announced: bool
    chelem_made_by: str
    poignees: list[dict[str, Any]] | None


LEDGER_FIELDS = (
    "hand_id",
    "table_id",
    "round__number",
    "hand__number",
    "player_id",
    "points",
    "is_taker",
    "contract_made",
    "hand__contract",
    "hand__taker_id",
    "hand__partner_id",
    "hand__sitting_out_id",
    "hand__petit_au_bout",
    "hand__chelem_announced",
    "hand__chelem_made_by",
    "hand__poignees",
)


@dataclass
class PlayerEventStats:
    """What a player's page adds up over his events; JSON keys are strings (ids)."""

    taken: int = 0
    contracts_made: int = 0
    petits_won: int = 0
    petits_lost: int = 0
    chelems_announced: int = 0
    chelems_made: int = 0
    chelems_conceded: int = 0
    poignees: dict[str, int] = field(default_factory=dict)  # size -> shown
    contracts: dict[str, list[int]] = field(default_factory=dict)  # -> [taken, made, points]
    called: dict[str, list[int]] = field(default_factory=dict)  # partner -> [hands, made, pts]
    called_by: dict[str, list[int]] = field(default_factory=dict)  # taker -> [hands, made, pts]
    tables_with: dict[int, set[int]] = field(default_factory=dict)  # opponent -> tables
    hands_with: dict[int, int] = field(default_factory=dict)  # opponent -> hands together
    # (points, round number, hand number, hand id): the earliest wins a tie
    best: tuple[int, int, int, int] | None = None
    worst: tuple[int, int, int, int] | None = None
    # (round number, hand number, hand id, points) of each hand he played
    played: list[tuple[int, int, int, int]] = field(default_factory=list)

    def running(self) -> list[int]:
        """His running total after each hand he played, in the order played."""
        totals: list[int] = []
        total = 0
        for *_order, points in sorted(self.played):
            total += points
            totals.append(total)
        return totals

    def model_fields(self) -> dict[str, Any]:
        return {
            "taken": self.taken,
            "contracts_made": self.contracts_made,
            "petits_won": self.petits_won,
            "petits_lost": self.petits_lost,
            "chelems_announced": self.chelems_announced,
            "chelems_made": self.chelems_made,
            "chelems_conceded": self.chelems_conceded,
            "poignees": self.poignees,
            "contracts": self.contracts,
            "partners": {"called": self.called, "called_by": self.called_by},
            "opponents": {
                str(pid): [len(tables), self.hands_with.get(pid, 0)]
                for pid, tables in self.tables_with.items()
            },
            "best_points": self.best[0] if self.best else None,
            "best_hand_id": self.best[3] if self.best else None,
            "worst_points": self.worst[0] if self.worst else None,
            "worst_hand_id": self.worst[3] if self.worst else None,
            "running": self.running(),
        }


def _count(counts: dict[str, list[int]], key: Any, made: bool, points: int) -> None:
    entry = counts.setdefault(str(key), [0, 0, 0])
    entry[0] += 1
    entry[1] += int(made)
    entry[2] += points


def _add_row(stats: PlayerEventStats, row: LedgerRow, hand: list[LedgerRow]) -> None:
    player = row.player_id
    played = row.sitting_out_id != player
    taker_camp = row.is_taker or row.partner_id == player
    camp = TAKER if taker_camp else DEFENCE if (row.contract and played) else None
    taker_made = any(r.contract_made for r in hand if r.is_taker)

    if row.is_taker:
        stats.taken += 1
        stats.contracts_made += int(bool(row.contract_made))
        _count(stats.contracts, row.contract, bool(row.contract_made), row.points)
        if row.partner_id is not None:
            _count(stats.called, row.partner_id, taker_made, row.points)
    if row.partner_id == player and row.taker_id is not None:
        _count(stats.called_by, row.taker_id, taker_made, row.points)
    if camp is not None:
        if row.petit_au_bout:
            if row.petit_au_bout == camp:
                stats.petits_won += 1
            else:
                stats.petits_lost += 1
        if row.chelem_made_by:
            if row.chelem_made_by == camp:
                stats.chelems_made += 1
            else:
                stats.chelems_conceded += 1
    if taker_camp and row.chelem_announced:
        stats.chelems_announced += 1
    for size in {p.get("size") for p in row.poignees or [] if p.get("player") == player}:
        stats.poignees[str(size)] = stats.poignees.get(str(size), 0) + 1

    for other in hand:
        if other.player_id == player:
            continue
        stats.tables_with.setdefault(other.player_id, set()).add(row.table_id)
        if row.sitting_out_id is None or row.sitting_out_id not in (player, other.player_id):
            stats.hands_with[other.player_id] = stats.hands_with.get(other.player_id, 0) + 1

    if played:
        stats.played.append((row.round_number, row.hand_number, row.hand_id, row.points))
        best = (row.points, row.round_number, row.hand_number, row.hand_id)
        if stats.best is None or (-best[0], *best[1:3]) < (-stats.best[0], *stats.best[1:3]):
            stats.best = best
        if stats.worst is None or best[:3] < stats.worst[:3]:
            stats.worst = best


def player_event_stats(
    rows: Iterable[LedgerRow], players: Collection[int]
) -> dict[int, PlayerEventStats]:
    """Each of `players`' statistics from the ledger rows of one event.

    `rows` must hold every row of each hand they played (their tables' rows), so
    that opponents and the taker's result are seen.
    """
    by_hand: dict[int, list[LedgerRow]] = defaultdict(list)
    for row in rows:
        by_hand[row.hand_id].append(row)
    stats: dict[int, PlayerEventStats] = {}
    for hand in by_hand.values():
        for row in hand:
            if row.player_id in players:
                _add_row(stats.setdefault(row.player_id, PlayerEventStats()), row, hand)
    return stats
