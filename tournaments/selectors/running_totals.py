"""Reads for chart series: running totals over one event, published events only.

Each player's running total through an event is stored with his result
(EventResult.running, kept in step with the ledger by services.results): a chart
reads one row per player, whatever the number of hands (a 200-player open's chart
summed its 9,600 score rows and their hands at each request).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..models import Event, EventResult
from ..rules.collation import sort_key
from .access import NAMER_FIELDS, Namer, public_names
from .json_text import as_text, parse_all


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
    named as `namer` shows him (access.namer on public pages); one query."""
    rows = list(
        EventResult.objects.filter(event=event)
        .order_by()
        .annotate(running_text=as_text("running"))
        .values_list("player_id", "running_text", *NAMER_FIELDS)
    )
    runs = parse_all([row[1] for row in rows])  # 200 lines of 48 totals: one parse
    series = [
        RunningSeries(player_id, namer(name, style, club_id), running)
        for (player_id, _, name, style, club_id), running in zip(rows, runs, strict=True)
        if running  # a player who only sat out has no line
    ]
    return sorted(series, key=lambda s: (-s.final, sort_key(s.name), s.player_id))
