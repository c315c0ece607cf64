"""Reads for the season ranking: each player's place and total per event.

The counting itself (scales, best results, the season table) is a rule:
tournaments.rules.season.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..models import Event, EventResult
from ..rules.season import Placing, SeasonData
from .access import Namer, public_names


def season_placings(events: Sequence[Event], *, namer: Namer = public_names) -> SeasonData:
    """Every player's place and total in each event; one query for all the events.
    Names are as `namer` shows them (access.namer on the public season page).

    Read from EventResult, whose places follow each event's own ranking (a
    tournament's tie-break, a club night's shared places), kept in step with the
    ledger by services.results: one row per player and event, whatever the
    number of hands.
    """
    results = (
        EventResult.objects.filter(event_id__in=[e.pk for e in events])
        .order_by()
        .values_list(
            "event_id",
            "player_id",
            "rank",
            "total",
            "field_size",
            "player__name",
            "player__public_name_style",
            "player__club_id",
            "player__club__name",
        )
    )
    placings: list[Placing] = []
    names: dict[int, str] = {}
    clubs: dict[int, str] = {}
    players: dict[int, int] = {}
    for event_id, player_id, rank, total, field_size, name, style, club_id, club in results:
        placings.append(Placing(event_id, player_id, rank, total))
        if player_id not in names:
            names[player_id], clubs[player_id] = namer(name, style, club_id), club
        players[event_id] = field_size
    return SeasonData(placings=placings, names=names, clubs=clubs, players=players)
