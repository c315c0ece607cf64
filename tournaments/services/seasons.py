"""Writes for seasons: a season is a settings object (club, dates, counting) whose
ranking is stored (services.standings); its publication is audited like an event's."""

from __future__ import annotations

import datetime

from django.db import transaction

from ..models import AuditEntry, Club, Season
from ..selectors import access
from ..selectors.access import Actor
from . import audit
from .cache import touch
from .standings import refresh_season_standings


@transaction.atomic
def save_season(
    *,
    by: Actor,
    season: Season | None,
    club: Club,
    name: str,
    start: datetime.date,
    end: datetime.date,
    mode: str,
    scale: str,
    best_n: int,
    published: bool,
) -> Season:
    """Create a season (`season` None) or change one; the values come validated
    (forms.tournament.SeasonForm). `by` must organise the season's club, and the club
    it moves to. Publishing or unpublishing it leaves a line in its club's audit trail
    (a new season created published too)."""
    was_published = False
    if season is not None:
        # The stored club, not the form's: a season cannot be taken from another club.
        stored_club, was_published = Season.objects.values_list("club_id", "published").get(
            pk=season.pk
        )
        access.require_club(by, stored_club)
    access.require_club(by, club)
    season = season if season is not None else Season()
    season.club = club
    season.name = name
    season.start = start
    season.end = end
    season.mode = mode
    season.scale = scale
    season.best_n = best_n
    season.published = published
    season.save()
    refresh_season_standings([season])  # its dates, club or counting may have changed
    touch(seasons=[season])
    if published != was_published:
        action = AuditEntry.Action.PUBLISH if published else AuditEntry.Action.UNPUBLISH
        audit.record(by=by, club=club, action=action, target=season.name)
    return season
