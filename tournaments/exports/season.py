"""The season ranking of a club as a workbook.

How a season is counted: tournaments.rules.season; the placings are read by
tournaments.selectors.season. This module only writes the table to Excel: the
ranking of the season's page (its published events counted), with the
unpublished events the organiser also sees beside them, in brackets and not
counted, like the results a player's best N leave out.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _

from ..models import Event, Player, Season
from ..rules import publication
from ..rules.season import SeasonData, SeasonRow, public_season_standings
from ..selectors.access import full_names
from ..selectors.season import season_placings
from ..selectors.tournament import season_scale
from .files import Export, file_name
from .hands import person_columns
from .writer import DATE, INTEGER, SCORE, Column, Sheet, Styled

NOT_COUNTED = "(0);(-0);(0)"


def season_workbook(season: Season, events: Iterable[Event]) -> Export:
    """The season ranking over `events` (the caller picks them: the club's events of the
    season, with the unpublished ones an organiser sees; players from other clubs who
    played them are ranked too), counted as the season says (its scale or the event
    totals, its best N results)."""
    scale = season_scale(season)
    best_n = season.best_n or None
    events = sorted(events, key=lambda e: (e.date, e.pk))
    data = season_placings(events, namer=full_names)  # an organiser's workbook
    table = public_season_standings(data, events, best_n=best_n, scale=scale, with_unpublished=True)
    licences = dict(
        Player.objects.filter(pk__in=[row.player_id for row in table]).values_list("pk", "licence")
    )
    points_format = INTEGER if scale is not None else SCORE
    columns = [
        Column(_("Rank"), 7, INTEGER),
        *person_columns(),
        *(Column(_event_heading(e), 14, points_format) for e in events),
        Column(_("Season total"), 11, points_format),
        Column(_("Tie-break: best result"), 11, points_format),
        Column(_("Events played"), 10, INTEGER),
    ]

    def cell(row: SeasonRow, event: Event) -> Any:
        if event.pk in row.unpublished:
            return Styled(row.unpublished[event.pk], NOT_COUNTED, italic=True)
        points = row.points.get(event.pk)
        if points is None or event.pk in row.counted:
            return points
        return Styled(points, NOT_COUNTED, italic=True)

    rows = (
        [
            row.rank or None,  # 0: played unpublished events only, ranked nowhere yet
            row.name,
            licences.get(row.player_id) or None,
            data.clubs.get(row.player_id, ""),
            *(cell(row, e) for e in events),
            row.total,
            row.best if row.points else None,
            row.events_played,
        ]
        for row in table
    )
    return Export(
        name=file_name(season.name, [season.start, season.end], f"s{season.pk}"),
        sheets=[
            Sheet(_("Season"), columns, rows),
            _events_sheet(events, data),
            _settings_sheet(season, best_n, scale, len(events)),
        ],
        title=(
            f"{season.name} — {season.start:%d/%m/%Y} – {season.end:%d/%m/%Y} — {season.club.name}"
        ),
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
        Column(_("Counted"), 10),
    ]
    rows = (
        [
            e.name,
            e.date,
            e.get_kind_display(),
            data.players.get(e.pk, 0),
            _("yes") if publication.counts_in_public_results(e) else _("no (unpublished)"),
        ]
        for e in events
    )
    return Sheet(_("Events"), columns, rows)


def _settings_sheet(
    season: Season, best_n: int | None, scale: tuple[int, ...] | None, events: int
) -> Sheet:
    rows: list[list[Any]] = [
        [_("Season"), season.name],
        [_("Club"), season.club.name],
        [_("First day"), Styled(season.start, DATE)],
        [_("Last day"), Styled(season.end, DATE)],
        [_("Counting"), season.get_mode_display()],
        [
            _("Points per place"),
            ", ".join(map(str, scale)) if scale is not None else _("the event total"),
        ],
        [_("Results counted"), best_n if best_n else _("all")],
        [_("Events"), events],
        [
            _("Ranking"),
            _(
                "season total, decreasing; then the tie-break, the best single result; "
                "players still equal share the rank"
            ),
        ],
        [_("Note"), _("Results in brackets are not counted in the season total.")],
        [
            _("Unpublished events"),
            _("shown in brackets and not counted until they are published, as on the page"),
        ],
    ]
    columns = [Column(_("Setting"), 24), Column(_("Value"), 70)]
    return Sheet(_("Settings"), columns, rows, autofilter=False)
