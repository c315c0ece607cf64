"""Reads for the season ranking: each player's place and total per event, and the
stored ranking the season page shows.

The counting itself (scales, best results, the season table) is a rule:
tournaments.rules.season; services.standings stores its result (SeasonStanding).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Exists, OuterRef, Q
from django.urls import reverse

from ..models import Event, EventResult, Season, SeasonStanding
from ..rules.collation import sort_key
from ..rules.season import Placing, SeasonData
from .access import NAMER_FIELDS, Namer, public_names
from .public import published


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
            *NAMER_FIELDS,
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


def public_season_results(season: Season) -> tuple[list[Placing], list[int]]:
    """The places the season's public ranking counts (its club's published events
    between its first and last day), and those events' ids, oldest first; one query.
    services.standings stores the ranking worked out from them."""
    rows = (
        EventResult.objects.filter(
            published("event__"),
            event__club_id=season.club_id,
            event__date__gte=season.start,
            event__date__lte=season.end,
        )
        .order_by()
        .values_list("event_id", "player_id", "rank", "total", "event__date")
    )
    placings: list[Placing] = []
    dates: dict[int, datetime.date] = {}
    for event_id, player_id, rank, total, date in rows:
        placings.append(Placing(event_id, player_id, rank, total))
        dates[event_id] = date
    return placings, sorted(dates, key=lambda pk: (dates[pk], pk))


@dataclass
class StandingLine:
    """A line of a season's stored public ranking (models.SeasonStanding)."""

    player_id: int
    name: str
    club: str
    rank: int
    total: int
    events: int
    counted: int
    best: int

    def get_absolute_url(self) -> str:
        return reverse("player_public", args=[self.player_id])


def season_standing_lines(season: Season, *, namer: Namer = public_names) -> list[StandingLine]:
    """The season's stored ranking (services.standings), players named as `namer`
    shows them; equal places listed by that name. One query, one row per player of the
    season, whatever the number of its events and hands."""
    rows = (
        SeasonStanding.objects.filter(season=season)
        .order_by()
        .values_list(
            "player_id",
            *NAMER_FIELDS,
            "player__club__name",
            "rank",
            "total",
            "events",
            "counted",
            "best",
        )
    )
    lines = [
        StandingLine(player_id, namer(name, style, club_id), club, *figures)
        for player_id, name, style, club_id, club, *figures in rows
    ]
    return sorted(lines, key=lambda line: (line.rank, sort_key(line.name), line.player_id))


@dataclass(frozen=True)
class SeasonEvent:
    """An event of a season as its page lists it: a link, a name, a date."""

    pk: int
    name: str
    date: datetime.date
    published: bool
    url: str

    def get_absolute_url(self) -> str:
        return self.url


# A stand-in id no event has, replaced by each event's own in one reversed URL.
_STAND_IN = 987654321


def season_event_links(season: Season, *, viewer_is_organiser: bool = False) -> list[SeasonEvent]:
    """selectors.tournament.season_events as the season page lists them: the four
    columns it prints, each link made from one reversed URL. A busy club's season lists
    about 90 events, whose whole rows (their rules as JSON) and a reverse() each were
    a large part of its page's cost. One query."""
    scored = EventResult.objects.filter(event=OuterRef("pk"))
    rows = (
        Event.objects.filter(club_id=season.club_id, date__gte=season.start, date__lte=season.end)
        .filter(Q() if viewer_is_organiser else published(), Exists(scored))
        .order_by("date", "pk")
        .values_list("pk", "name", "date", "published")
    )
    pattern = reverse("event_detail", args=[_STAND_IN])
    return [
        SeasonEvent(pk, name, date, is_published, pattern.replace(str(_STAND_IN), str(pk)))
        for pk, name, date, is_published in rows
    ]
