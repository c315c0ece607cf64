"""The season ranking of a club as a workbook.

How a season is counted: tournaments.rules.season; the placings are read by
tournaments.selectors.season. This module only writes the table to Excel.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.utils.text import slugify
from django.utils.translation import gettext as _

from ..models import Club, Event
from ..rules import publication
from ..rules.season import SeasonData, SeasonRow, parse_scale, season_standings
from ..selectors.access import full_names
from ..selectors.season import season_placings
from .writer import DATE, INTEGER, SCORE, Column, Export, Sheet, Styled, export_filename

NOT_COUNTED = "(0);(-0);(0)"


# --- the workbook ---------------------------------------------------------------


def season_workbook(
    club: Club,
    events: Iterable[Event],
    *,
    best_n: int | None,
    scale: Sequence[int] | str | None,
) -> Export:
    """The season ranking over `events` (the caller picks them: usually the club's events of
    the season; players from other clubs who played them are ranked too). `club` names the
    file and the settings sheet. `scale`: points per place (a sequence or "25,20,16"), or
    None to add up the event totals; `best_n`: results counted per player (None: all)."""
    if isinstance(scale, str):
        scale = parse_scale(scale)
    events = sorted(events, key=lambda e: (e.date, e.pk))
    data = season_placings(events, namer=full_names)  # an organiser's workbook
    table = season_standings(
        data.placings,
        names=data.names,
        best_n=best_n,
        scale=scale,
        event_order=[e.pk for e in events],
    )
    points_format = INTEGER if scale is not None else SCORE
    columns = [
        Column(_("Rank"), 7, INTEGER),
        Column(_("Player"), 28),
        Column(_("Club"), 24),
        *(Column(_event_heading(e), 14, points_format) for e in events),
        Column(_("Season total"), 12, points_format),
        Column(_("Events played"), 10, INTEGER),
    ]

    def cell(row: SeasonRow, event: Event) -> Any:
        points = row.points.get(event.pk)
        if points is None or event.pk in row.counted:
            return points
        return Styled(points, NOT_COUNTED, italic=True)

    rows = (
        [
            row.rank,
            row.name,
            data.clubs.get(row.player_id, ""),
            *(cell(row, e) for e in events),
            row.total,
            row.events_played,
        ]
        for row in table
    )
    first, last = (events[0].date, events[-1].date) if events else (None, None)
    return Export(
        filename=export_filename(
            slugify(club.name) or "club",
            slugify(_("season")),
            f"{first:%Y-%m-%d}" if first else "",
            f"{last:%Y-%m-%d}" if last and last != first else "",
        ),
        sheets=[
            Sheet(_("Season"), columns, rows),
            _events_sheet(events, data),
            _settings_sheet(club, best_n, scale),
        ],
    )


def _event_heading(event: Event) -> str:
    heading = f"{event.name} {event.date:%d/%m/%Y}"
    if publication.counts_in_public_results(event):
        return heading
    return f"{heading} ({_('unpublished')})"


def _events_sheet(events: list[Event], data: SeasonData) -> Sheet:
    columns = [
        Column(_("Event"), 32),
        Column(_("Date"), 12, DATE),
        Column(_("Kind"), 14),
        Column(_("Players"), 9, INTEGER),
    ]
    rows = ([e.name, e.date, e.get_kind_display(), data.players.get(e.pk, 0)] for e in events)
    return Sheet(_("Events"), columns, rows)


def _settings_sheet(club: Club, best_n: int | None, scale: Sequence[int] | None) -> Sheet:
    rows = [
        [_("Club"), club.name],
        [_("Results counted"), best_n if best_n else _("all")],
        [
            _("Points per event"),
            ", ".join(map(str, scale)) if scale is not None else _("the event total"),
        ],
        [_("Note"), _("Results in brackets are not counted in the season total.")],
    ]
    return Sheet(_("Settings"), [Column(_("Setting"), 24), Column(_("Value"), 60)], rows)
