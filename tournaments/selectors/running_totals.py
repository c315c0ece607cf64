"""Reads for chart series: running totals over one event, published events only.

A window over one event's HandScore rows, so the cost is bounded by that event.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F, QuerySet, Sum, Window

from ..models import PLAYED_HAND, Event, HandScore, Player
from .stats import published_scores


@dataclass
class RunningSeries:
    player_id: int
    name: str
    totals: list[int]  # the running total after each of the player's hands, in order

    @property
    def final(self) -> int:
        return self.totals[-1] if self.totals else 0


def _running(scores: QuerySet[HandScore]) -> QuerySet[HandScore]:
    # Hands in the order they were played: a player sits at one table per round.
    order = [F("round__number").asc(), F("hand__number").asc(), F("hand_id").asc()]
    return (
        scores.filter(PLAYED_HAND)
        .annotate(running=Window(Sum("points"), partition_by=[F("player_id")], order_by=order))
        .order_by("player__name", "player_id", *order)
    )


def event_running_totals(event: Event) -> list[RunningSeries]:
    """Every player's running total through one event, best final total first; one query."""
    rows = _running(HandScore.objects.filter(event=event)).values_list(
        "player_id", "player__name", "running"
    )
    series: dict[int, RunningSeries] = {}
    for player_id, name, running in rows:
        series.setdefault(player_id, RunningSeries(player_id, name, [])).totals.append(running)
    return sorted(series.values(), key=lambda s: (-s.final, s.name.casefold(), s.player_id))


def player_running_total(player: Player, event_id: int) -> list[int]:
    """The player's running total through one published event, hand by hand; one query."""
    rows = _running(published_scores(player).filter(event_id=event_id))
    return list(rows.values_list("running", flat=True))
