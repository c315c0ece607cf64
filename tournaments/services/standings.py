"""SeasonStanding: each season's public ranking, stored and kept in step.

The season page reads these rows (selectors.season.season_page) instead of counting
every result of the season's events at each request. Every write that changes what a
season counts refreshes the seasons it reaches, in its own transaction:

- an event's results (services.results.refresh_event_results: a hand saved, deleted
  or rescored), when the event is published;
- an event's publication, date or club (services.events, admin);
- a season's dates, club or counting (services.seasons);
- everything at once after a bulk load or a repair (rebuild_all_season_standings).

The counting is the season rules' own (rules.season.public_season_standings over
selectors.season.season_placings): the stored ranking is the one the page used to
work out, published events only. Organisers' previews of unpublished events are
counted live (selectors.tournament.season_table).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Q

from ..models import Season, SeasonStanding
from ..rules.season import season_standings
from ..selectors.season import public_season_results
from ..selectors.tournament import season_scale


def seasons_covering(club_id: int, dates: Iterable[datetime.date]) -> list[Season]:
    """The club's seasons whose days include one of `dates`; one query."""
    days = sorted(set(dates))
    if not days:
        return []
    reach = Q()
    for day in days:
        reach |= Q(start__lte=day, end__gte=day)
    return list(Season.objects.filter(reach, club_id=club_id).order_by())


def _standings(season: Season) -> list[SeasonStanding]:
    placings, event_order = public_season_results(season)
    rows = season_standings(
        placings,
        names={},  # the stored rank does not depend on names (equal totals share it)
        best_n=season.best_n or None,
        scale=season_scale(season),
        event_order=event_order,
    )
    return [
        SeasonStanding(
            season=season,
            player_id=row.player_id,
            rank=row.rank,
            total=row.total,
            events=row.events_played,
            counted=len(row.counted),
            best=row.best,
        )
        for row in rows
    ]


@transaction.atomic(savepoint=False)
def refresh_season_standings(seasons: Iterable[Season | int]) -> None:
    """Count these seasons (instances, or ids read here in one query) again and store
    their rankings: per season, its results read in one query, then its old lines
    deleted and the new ones inserted."""
    given = list(seasons)
    ids = sorted({s for s in given if isinstance(s, int)})
    found = [s for s in given if isinstance(s, Season)]
    if ids:
        found += list(Season.objects.filter(pk__in=ids).order_by())
    for season in found:
        SeasonStanding.objects.filter(season=season).delete()
        SeasonStanding.objects.bulk_create(_standings(season), batch_size=2000)


def refresh_seasons_of(club_id: int, dates: Iterable[datetime.date]) -> None:
    """The seasons of the club covering any of `dates` (an event's day, before and
    after a change): one query to find them, three for each found."""
    refresh_season_standings(seasons_covering(club_id, dates))


@transaction.atomic
def rebuild_all_season_standings() -> int:
    """Every season's ranking from scratch (bulk loads, repairs); the number of lines."""
    SeasonStanding.objects.all().delete()
    lines: list[SeasonStanding] = []
    for season in Season.objects.all():
        lines += _standings(season)
    SeasonStanding.objects.bulk_create(lines, batch_size=2000)
    return len(lines)


def _key(line: SeasonStanding) -> tuple[int, int, int, int, int, int, int]:
    return (
        line.season_id,
        line.player_id,
        line.rank,
        line.total,
        line.events,
        line.counted,
        line.best,
    )


def stale_season_standings() -> list[tuple[int, int]]:
    """(season id, player id) of every stored line that differs from the ranking counted
    afresh from the stored results (or is missing, or should not be there); changes
    nothing."""
    stored = {(k[0], k[1]): k for k in map(_key, SeasonStanding.objects.all())}
    fresh = {}
    for season in Season.objects.all():
        for line in _standings(season):
            line.season_id = season.pk
            fresh[(season.pk, line.player_id)] = _key(line)
    return sorted(key for key in stored.keys() | fresh.keys() if stored.get(key) != fresh.get(key))
