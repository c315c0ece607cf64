"""The publication boundary as queries: what a viewer may read.

tournaments.rules.publication decides; this module is its query form, and every
public read goes through it (events, their tables, players, seasons, and the rows
summed across events). `through` reaches an event from another model's rows:
"event__" from a HandScore or an EventResult, "round__event__" from a Table.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.db.models import Count, Exists, OuterRef, Q, QuerySet

from ..models import Event, EventResult, Player, Registration, Season, Seat, Table
from ..rules import publication
from ..rules.permissions import PUBLIC, Viewer


def published(through: str = "") -> Q:
    """Rows of published events: the query form of publication.counts_in_public_results."""
    return Q(**{f"{through}published": True})


def visible(viewer: Viewer, *, through: str = "") -> Q:
    """Rows of the events the viewer may see: the query form of publication.may_see_event
    (published, or of a club or event the viewer organises)."""
    if viewer.federation:
        return Q()
    q = published(through)
    if viewer.clubs:
        q |= Q(**{f"{through}club_id__in": sorted(viewer.clubs)})
    if viewer.events:
        q |= Q(**{f"{through}pk__in": sorted(viewer.events)})
    return q


def visible_events(viewer: Viewer) -> QuerySet[Event]:
    """Events the viewer may see, with their club and `open_sheets` (some table of the
    event is not validated) for publication.is_provisional; one query per read."""
    open_sheets = Table.objects.filter(round__event=OuterRef("pk"), validated_at__isnull=True)
    return (
        Event.objects.filter(visible(viewer))
        .select_related("club")
        .annotate(open_sheets=Exists(open_sheets))
    )


def is_provisional(event: Event) -> bool:
    """For an event read through visible_events."""
    return publication.is_provisional(event, open_sheets=event.open_sheets)


@dataclass(frozen=True)
class SheetCount:
    open: int  # sheets not validated yet
    total: int


def sheet_count(event: Event) -> SheetCount:
    """How many of the event's sheets are still open, for the question asked before
    publishing; one query."""
    counts = Table.objects.filter(round__event=event).aggregate(
        total=Count("pk"), open=Count("pk", filter=Q(validated_at__isnull=True))
    )
    return SheetCount(open=counts["open"], total=counts["total"])


def unpublished_events(viewer: Viewer) -> QuerySet[Event]:
    """The drafts of the clubs and events the viewer organises."""
    return Event.objects.exclude(published()).filter(visible(viewer)).select_related("club")


def visible_seasons(viewer: Viewer) -> QuerySet[Season]:
    """Published seasons, and those of the clubs the viewer organises."""
    seasons = Season.objects.select_related("club")
    if viewer.federation:
        return seasons
    return seasons.filter(Q(published=True) | Q(club_id__in=sorted(viewer.clubs)))


def visible_players(viewer: Viewer) -> QuerySet[Player]:
    """For the public, the players named on some published event's pages (registered,
    seated or scored there): a player known only from unpublished events is not shown
    anywhere, his own page included. His club's organisers see all its players."""
    if viewer.federation:
        return Player.objects.select_related("club")
    if viewer == PUBLIC:
        # A copy of the query built once: building its three subqueries again at each
        # visit of a player page or a head-to-head was a cost for nothing.
        return _public_players().all()
    return _players_named_in_public(viewer.clubs)


def _players_named_in_public(clubs: frozenset[int] | set[int]) -> QuerySet[Player]:
    player = OuterRef("pk")
    return Player.objects.select_related("club").filter(
        Q(club_id__in=sorted(clubs))
        | Exists(EventResult.objects.filter(published("event__"), player=player))
        | Exists(Registration.objects.filter(published("event__"), player=player))
        | Exists(Seat.objects.filter(published("table__round__event__"), player=player))
    )


@cache
def _public_players() -> QuerySet[Player]:
    """Never evaluated itself (callers get .all(), a copy): it holds no rows."""
    return _players_named_in_public(frozenset())
