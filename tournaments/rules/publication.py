"""What the public may see: the one place that decides it.

An unpublished event does not exist for the public: its pages answer 404 and its
results count nowhere public (season, player pages, head-to-head, home list).
The club's organisers (and the federation) see its unpublished events, flagged as
such; an organiser of another club does not. A published event
whose score sheets are not all validated is shown as provisional.

Pure predicates over anything with a `published` flag; tournaments.selectors.public
turns them into queryset filters, so no read spells "published" on its own.
"""

from __future__ import annotations

from typing import Protocol

from .permissions import Viewer


class Publishable(Protocol):
    # Read only: a model's field and a frozen dataclass's (selectors.season) alike.
    @property
    def published(self) -> bool: ...


class ClubEvent(Publishable, Protocol):
    pk: int
    club_id: int


def may_see_unpublished(viewer: Viewer, *, club_id: int, event_id: int | None = None) -> bool:
    """Whether the viewer sees this club's (or event's) unpublished events and seasons,
    as a preview: their organisers (and the federation), nobody else."""
    return viewer.organises(club_id=club_id, event_id=event_id)


def may_see_event(event: ClubEvent, viewer: Viewer) -> bool:
    return event.published or may_see_unpublished(viewer, club_id=event.club_id, event_id=event.pk)


def may_see_season(season: ClubEvent, viewer: Viewer) -> bool:
    return season.published or may_see_unpublished(viewer, club_id=season.club_id)


def counts_in_public_results(event: Publishable) -> bool:
    """Whether the event's results count in what the public reads across events
    (season rankings, player pages, head-to-head): only once published, whoever looks,
    so that an organiser's preview shows the same totals as the public page."""
    return event.published


def is_provisional(event: Publishable, *, open_sheets: bool) -> bool:
    """A published event whose results may still change: some sheet is not validated."""
    return event.published and open_sheets
