"""The season ranking of a club: points per event, best N results counted.

`season_standings` is pure (no database): give it every player's place and
total in each event and it returns the season table. The web page can call it
with `season_placings(events)`, which reads each event's results (EventResult)
in one query whatever the number of hands; `season_workbook` writes the same
table to Excel.

How a season is counted:

- Each event gives each player who played in it (has score rows) a place, by
  the event's own ranking: a tournament by tournaments.selectors.ranking (total,
  then best round, then contracts won), a club night by its standings (total;
  equal totals share the place). Registered players who never played get none.
- Points for an event: with a scale ("25,20,16,..."), the scale's value for the
  place, 0 beyond the end of the scale; equal places earn equal points. Without
  a scale, the event total itself (which may be negative).
- The season total adds a player's best `best_n` results (all of them when
  `best_n` is None or 0); a dropped result is shown in brackets in the workbook.
- Ranking: season total decreasing, then the better single best result; players
  still equal share the rank and are listed by name.
- Only published events count on the season page (rules.publication): organisers
  see the unpublished ones beside them, not counted (`public_season_standings`).
  The workbook counts the events its caller gives, unpublished ones marked.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from django.utils.text import slugify
from django.utils.translation import gettext as _

from ..models import Club, Event, EventResult
from ..rules import publication
from ..selectors import ranking as tournament_ranking
from .writer import DATE, INTEGER, SCORE, Column, Export, Sheet, Styled, export_filename

DEFAULT_SCALE: tuple[int, ...] = (25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
NOT_COUNTED = "(0);(-0);(0)"


@dataclass(frozen=True)
class Placing:
    """One player's result in one event."""

    event_id: int
    player_id: int
    place: int
    total: int


@dataclass
class SeasonRow:
    player_id: int
    name: str
    points: dict[int, int] = field(default_factory=dict)  # event id -> points earned
    counted: frozenset[int] = frozenset()  # the event ids whose points make the total
    total: int = 0
    rank: int = 0  # 0: ranked nowhere (only unpublished results, shown to organisers)
    unpublished: dict[int, int] = field(default_factory=dict)  # event id -> points, uncounted

    @property
    def events_played(self) -> int:
        return len(self.points)

    @property
    def best(self) -> int:
        return max(self.points.values(), default=0)


def parse_scale(text: str) -> tuple[int, ...]:
    """ "25,20,16" (or with ';' or spaces) -> (25, 20, 16); ValueError with a message for the
    form otherwise. Points may not rise with the place."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if not parts or not all(p.isdigit() for p in parts):
        raise ValueError(_("Give the points of each place as whole numbers: 25, 20, 16, …"))
    scale = tuple(int(p) for p in parts)
    if any(later > earlier for earlier, later in pairwise(scale)):
        raise ValueError(_("A place may not earn more points than the place before it."))
    return scale


def event_points(placing: Placing, scale: Sequence[int] | None) -> int:
    if scale is None:
        return placing.total
    return scale[placing.place - 1] if placing.place <= len(scale) else 0


def season_standings(
    placings: Iterable[Placing],
    *,
    names: Mapping[int, str],
    best_n: int | None = None,
    scale: Sequence[int] | None = DEFAULT_SCALE,
    event_order: Sequence[int] = (),
) -> list[SeasonRow]:
    """The season table. `event_order` (event ids, oldest first) decides which of two equal
    results is dropped: the later one."""
    order = {event_id: i for i, event_id in enumerate(event_order)}
    rows: dict[int, SeasonRow] = {}
    for placing in placings:
        row = rows.get(placing.player_id)
        if row is None:
            row = rows[placing.player_id] = SeasonRow(
                placing.player_id, names.get(placing.player_id, "")
            )
        row.points[placing.event_id] = event_points(placing, scale)
    for row in rows.values():
        best_first = sorted(row.points, key=lambda e: (-row.points[e], order.get(e, e)))
        kept = best_first[:best_n] if best_n else best_first
        row.counted = frozenset(kept)
        row.total = sum(row.points[e] for e in kept)

    def key(row: SeasonRow) -> tuple[int, int]:
        return (-row.total, -row.best)

    return tournament_ranking.rank_rows(
        list(rows.values()), key, lambda r: (r.name.casefold(), r.player_id)
    )


def public_season_standings(
    data: SeasonData,
    events: Sequence[Event],
    *,
    best_n: int | None,
    scale: Sequence[int] | None,
    with_unpublished: bool,
) -> list[SeasonRow]:
    """The season table counting only the published events among `events`; with
    `with_unpublished` (organisers), each row also holds its points in the unpublished
    events, and players who played only those follow the ranking, unranked: a preview of
    what publishing would change, the ranking itself staying the public one."""
    counted = {e.pk for e in events if publication.counts_in_public_results(e)}
    rows = season_standings(
        [p for p in data.placings if p.event_id in counted],
        names=data.names,
        best_n=best_n,
        scale=scale,
        event_order=[e.pk for e in events],
    )
    if not with_unpublished:
        return rows
    by_player = {row.player_id: row for row in rows}
    unranked: list[SeasonRow] = []
    for placing in data.placings:
        if placing.event_id in counted:
            continue
        row = by_player.get(placing.player_id)
        if row is None:
            row = SeasonRow(placing.player_id, data.names.get(placing.player_id, ""))
            by_player[placing.player_id] = row
            unranked.append(row)
        row.unpublished[placing.event_id] = event_points(placing, scale)
    return rows + sorted(unranked, key=lambda r: (r.name.casefold(), r.player_id))


# --- reading the ledger --------------------------------------------------------


@dataclass
class SeasonData:
    placings: list[Placing]
    names: dict[int, str]
    clubs: dict[int, str]
    players: dict[int, int]  # event id -> number of players who played


def season_placings(events: Sequence[Event]) -> SeasonData:
    """Every player's place and total in each event; one query for all the events.

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
            "player__name",
            "player__club__name",
        )
    )
    placings: list[Placing] = []
    names: dict[int, str] = {}
    clubs: dict[int, str] = {}
    players: dict[int, int] = {}
    for event_id, player_id, rank, total, field_size, name, club in results:
        placings.append(Placing(event_id, player_id, rank, total))
        names[player_id], clubs[player_id] = name, club
        players[event_id] = field_size
    return SeasonData(placings=placings, names=names, clubs=clubs, players=players)


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
    data = season_placings(events)
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
