"""Reads for chart series: running totals over one event, published events only.

Summed in Python over one event's HandScore rows and hands, so the cost is bounded
by that event.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Event, HandScore, Player
from ..rules.collation import sort_key
from .access import Namer, public_names
from .stats import published_scores


@dataclass
class RunningSeries:
    player_id: int
    name: str
    totals: list[int]  # the running total after each of the player's hands, in order

    @property
    def final(self) -> int:
        return self.totals[-1] if self.totals else 0


def event_running_totals(event: Event, *, namer: Namer = public_names) -> list[RunningSeries]:
    """Every player's running total through one event, best final total first, each
    named as `namer` shows him (access.namer on public pages); one query.

    Each score row needs its hand (its number, who sat it out). Joined on the score's
    event alone, PostgreSQL hashed every hand of the database (24 ms for a club night
    at 100k hands); asking for the hand's event too, through its table and round, lets
    it walk down from the event's rounds by their indexes (1.3 ms).
    """
    rows = (
        HandScore.objects.filter(event=event, hand__table__round__event_id=event.pk)
        .order_by()
        .values_list(
            "round__number",
            "hand__number",
            "hand_id",
            "player_id",
            "hand__sitting_out_id",
            "points",
            "player__name",
            "player__public_name_style",
            "player__club_id",
        )
    )
    series: dict[int, RunningSeries] = {}
    # Hands in the order they were played: a player sits at one table per round.
    for _round, _number, _hand, player_id, sitting_out, points, name, style, club_id in sorted(
        rows, key=lambda row: row[:4]
    ):
        if sitting_out == player_id:
            continue
        if player_id not in series:
            series[player_id] = RunningSeries(player_id, namer(name, style, club_id), [])
        totals = series[player_id].totals
        totals.append((totals[-1] if totals else 0) + points)
    return sorted(series.values(), key=lambda s: (-s.final, sort_key(s.name), s.player_id))


def player_running_total(player: Player, event_id: int) -> list[int]:
    """The player's running total through one published event, hand by hand; one query.
    His own rows of one event (the (player, event) index) joined to their hands: a few
    dozen rows, whatever the size of the database."""
    rows = (
        published_scores(player)
        .filter(event_id=event_id)
        .order_by()
        .values_list("round__number", "hand__number", "hand_id", "hand__sitting_out_id", "points")
    )
    running, total = [], 0
    for *_order, sitting_out, points in sorted(rows):
        if sitting_out != player.pk:
            total += points
            running.append(total)
    return running
