"""Writes for seasons: a season is a plain settings object (club, dates, counting)."""

from __future__ import annotations

import datetime

from django.db import transaction

from ..models import Club, Season


@transaction.atomic
def save_season(
    *,
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
    (forms.tournament.SeasonForm)."""
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
    return season
