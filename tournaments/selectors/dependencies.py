"""What a public page shows, as subjects the page cache keys on (views.cached,
selectors.page_versions): small indexed reads, far cheaper than the page's own queries,
which a cache hit costs instead.

Lists of events include unpublished ones on purpose: publishing an event changes its
version, and a page that lists the event must then change its key too.
"""

from __future__ import annotations

import datetime
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from ..models import Event, EventResult, Registration, Season, Seat, Table
from ..rules.permissions import PUBLIC
from .public import visible_players


def table_event_id(table_pk: int) -> int | None:
    """The event a table's sheet belongs to (a table never changes event); None if
    there is no such table."""
    return Table.objects.filter(pk=table_pk).values_list("round__event_id", flat=True).first()


@dataclass(frozen=True)
class SeasonSubjects:
    club_id: int
    event_ids: list[int]


def season_subjects(season_pk: int) -> SeasonSubjects | None:
    """The season's club and every event of that club in its dates (a season page sums
    them up); None if there is no such season."""
    found = Season.objects.filter(pk=season_pk).values_list("club_id", "start", "end").first()
    if found is None:
        return None
    club_id, start, end = found
    return SeasonSubjects(club_id=club_id, event_ids=club_event_ids(club_id, start, end))


def club_event_ids(
    club_id: int, start: datetime.date | None = None, end: datetime.date | None = None
) -> list[int]:
    events = Event.objects.filter(club_id=club_id)
    if start is not None and end is not None:
        events = events.filter(date__range=(start, end))
    return sorted(events.values_list("pk", flat=True))


def visible_player_clubs(player_pks: Collection[int]) -> dict[int, int]:
    """Each player's club id, for those the public may see (selectors.public.
    visible_players: named in some published event); one query."""
    return dict(
        visible_players(PUBLIC).filter(pk__in=sorted(player_pks)).values_list("pk", "club_id")
    )


def player_event_ids(player_pks: Collection[int]) -> list[int]:
    """Every event these players are named in (registered, seated or scored there,
    as selectors.public.visible_players reads it): their pages show its figures and
    the names of the people they met there. One query."""
    if not player_pks:
        return []
    pks = sorted(player_pks)
    # Model orderings would put ORDER BY inside the UNION's parts, which SQLite refuses.
    results = EventResult.objects.filter(player_id__in=pks).order_by().values_list("event_id")
    registered = Registration.objects.filter(player_id__in=pks).order_by().values_list("event_id")
    seated = Seat.objects.filter(player_id__in=pks).order_by().values_list("table__round__event_id")
    return sorted({pk for (pk,) in results.union(registered, seated)})


def published_event_players(event_pks: Collection[int]) -> QuerySet[Any]:
    """The players named in those of these events that are published (a result, a
    registration, a seat): whose public pages show those events (views.cached). A
    query (a UNION of player ids) for services.cache to embed in its statement."""
    pks = sorted(event_pks)
    results = EventResult.objects.filter(event_id__in=pks, event__published=True)
    registered = Registration.objects.filter(event_id__in=pks, event__published=True)
    seated = Seat.objects.filter(
        table__round__event_id__in=pks, table__round__event__published=True
    )
    return (
        results.order_by()
        .values_list("player_id")
        .union(
            registered.order_by().values_list("player_id"),
            seated.order_by().values_list("player_id"),
        )
    )
