"""A player's career: his published events' figures added up (models.PlayerCareer).

`career_sums` adds up EventResult rows as the player page always did; services.careers
stores its result for the players a write reaches, and the page reads the stored row
(`stored_career`). Both read the same rows through the same addition, so the stored
sums are what the page would have worked out from the results (and, since
services.results keeps those in step with the ledger, from the ledger).
"""

from __future__ import annotations

import datetime
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from django.db.models import F

from ..models import EventResult, PlayerCareer
from .json_text import as_text, parse_all
from .public import published

COUNTS = (
    "taken",
    "contracts_made",
    "petits_won",
    "petits_lost",
    "chelems_announced",
    "chelems_made",
    "chelems_conceded",
)
JSON_COLUMNS = ("poignees", "contracts", "partners", "opponents")
# (points, date, event id, hand id): the earliest event wins a tie.
Extreme = tuple[int, datetime.date, int, int]


@dataclass
class CareerSums:
    """What models.PlayerCareer stores for one player (JSON keys are strings)."""

    player_id: int
    events: int = 0
    hands: int = 0
    total: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(COUNTS, 0))
    poignees: dict[str, int] = field(default_factory=dict)
    contracts: dict[str, list[int]] = field(default_factory=dict)
    partners: dict[str, dict[str, list[int]]] = field(
        default_factory=lambda: {"called": {}, "called_by": {}}
    )
    opponents: dict[str, list[int]] = field(default_factory=dict)
    best: Extreme | None = None
    worst: Extreme | None = None

    def model_fields(self) -> dict[str, Any]:
        """PlayerCareer's columns (the player apart)."""
        return {
            "events": self.events,
            "hands": self.hands,
            "total": self.total,
            **self.counts,
            "poignees": self.poignees,
            "contracts": self.contracts,
            "partners": self.partners,
            "opponents": self.opponents,
            "best_points": self.best[0] if self.best else None,
            "best_hand_id": self.best[3] if self.best else None,
            "worst_points": self.worst[0] if self.worst else None,
            "worst_hand_id": self.worst[3] if self.worst else None,
        }


def _add(into: dict[str, list[int]], counts: dict[str, list[int]]) -> None:
    for key, values in counts.items():
        entry = into.setdefault(key, [0] * len(values))
        for i, value in enumerate(values):
            entry[i] += value


def _fold(sums: CareerSums, row: dict[str, Any]) -> None:
    """Add one event's result to the sums; rows come newest first, so an equal best
    (worst) hand found later is in an earlier event and replaces the one kept."""
    sums.events += 1
    sums.hands += row["hands"]
    sums.total += row["total"]
    for name in COUNTS:
        sums.counts[name] += row[name]
    for size, shown in row["poignees"].items():
        sums.poignees[size] = sums.poignees.get(size, 0) + shown
    _add(sums.contracts, row["contracts"])
    for side in ("called", "called_by"):
        _add(sums.partners[side], row["partners"].get(side, {}))
    _add(sums.opponents, row["opponents"])
    if row["best_hand_id"] is not None:
        here = (row["best_points"], row["date"], row["event_id"], row["best_hand_id"])
        if sums.best is None or here[0] >= sums.best[0]:
            sums.best = here
    if row["worst_hand_id"] is not None:
        here = (row["worst_points"], row["date"], row["event_id"], row["worst_hand_id"])
        if sums.worst is None or here[0] <= sums.worst[0]:
            sums.worst = here


_COLUMNS = (
    "player_id",
    "event_id",
    "date",
    "total",
    "hands",
    *COUNTS,
    "best_points",
    "best_hand_id",
    "worst_points",
    "worst_hand_id",
)


def career_sums(player_ids: Collection[int]) -> dict[int, CareerSums]:
    """The sums of each of these players' results in published events; one query, the
    JSON columns parsed in one call. A player with no published result is absent."""
    if not player_ids:
        return {}
    texts = {f"{name}_text": as_text(name) for name in JSON_COLUMNS}
    raw = list(
        EventResult.objects.filter(published("event__"), player_id__in=sorted(player_ids))
        .annotate(date=F("event__date"), **texts)
        .order_by("player_id", "-event__date", "-event_id")
        .values_list(*_COLUMNS, *texts)
    )
    width = len(_COLUMNS)
    parsed = iter(parse_all([text for row in raw for text in row[width:]]))
    found: dict[int, CareerSums] = {}
    for values in raw:
        row = dict(zip(_COLUMNS, values[:width], strict=True))
        row.update((name, next(parsed)) for name in JSON_COLUMNS)
        player_id = row["player_id"]
        sums = found.get(player_id)
        if sums is None:
            sums = found[player_id] = CareerSums(player_id)
        _fold(sums, row)
    return found


def stored_career(player_id: int) -> PlayerCareer | None:
    """The player's stored career (services.careers); None before his first published
    result. One query."""
    return PlayerCareer.objects.filter(player_id=player_id).first()


def stored_careers() -> dict[int, dict[str, Any]]:
    """Every stored career's columns by player (services.careers.stale_careers)."""
    names = [f.attname for f in PlayerCareer._meta.concrete_fields if f.attname != "player_id"]
    return {
        row[0]: dict(zip(names, row[1:], strict=True))
        for row in PlayerCareer.objects.order_by().values_list("player_id", *names)
    }
