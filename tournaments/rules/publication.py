"""What the public may see: the one place that decides it.

An unpublished event does not exist for the public: its pages answer 404 and its
results count nowhere public (season, player pages, head-to-head, home list).
Organisers see everything, unpublished events flagged as such. A published event
whose score sheets are not all validated is shown as provisional.

Pure predicates over anything with a `published` flag; tournaments.selectors.public
turns them into queryset filters, so no read spells "published" on its own.
"""

from __future__ import annotations

from typing import Protocol


class Publishable(Protocol):
    published: bool


def may_see_unpublished(viewer_is_organiser: bool) -> bool:
    """Whether the viewer sees unpublished events and seasons (as a preview)."""
    return viewer_is_organiser


def may_see_event(event: Publishable, viewer_is_organiser: bool) -> bool:
    return event.published or may_see_unpublished(viewer_is_organiser)


def may_see_season(season: Publishable, viewer_is_organiser: bool) -> bool:
    return season.published or may_see_unpublished(viewer_is_organiser)


def counts_in_public_results(event: Publishable) -> bool:
    """Whether the event's results count in what the public reads across events
    (season rankings, player pages, head-to-head): only once published, whoever looks,
    so that an organiser's preview shows the same totals as the public page."""
    return event.published


def is_provisional(event: Publishable, *, open_sheets: bool) -> bool:
    """A published event whose results may still change: some sheet is not validated."""
    return event.published and open_sheets
