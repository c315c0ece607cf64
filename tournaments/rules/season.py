"""The season ranking of a club: points per event, best N results counted.

`season_standings` is pure (no database): give it every player's place and
total in each event and it returns the season table. The placings are read by
tournaments.selectors.season (`season_placings`, one query on EventResult);
tournaments.exports.season writes the same table to Excel.

No Django here: parse_scale's messages are msgids (marked with a local
gettext_noop so makemessages still finds them) that the caller translates.

How a season is counted:

- Each event gives each player who played in it (has score rows) a place, by
  the event's own ranking: a tournament by tournaments.rules.ranking (total,
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
from typing import Protocol

from .collation import sort_key
from .publication import counts_in_public_results
from .ranking import rank_rows


def gettext_noop(message: str) -> str:
    """Marks a msgid for makemessages without importing Django; callers translate."""
    return message


class SeasonEvent(Protocol):
    pk: int
    published: bool


DEFAULT_SCALE: tuple[int, ...] = (25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)


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
    """ "25,20,16" (or with ';' or spaces) -> (25, 20, 16); ValueError otherwise, whose
    message (English, a msgid) the caller translates. Points may not rise with the place."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if not parts or not all(p.isdigit() for p in parts):
        raise ValueError(
            gettext_noop("Give the points of each place as whole numbers: 25, 20, 16, …")
        )
    scale = tuple(int(p) for p in parts)
    if any(later > earlier for earlier, later in pairwise(scale)):
        raise ValueError(gettext_noop("A place may not earn more points than the place before it."))
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

    return rank_rows(list(rows.values()), key, lambda r: (sort_key(r.name), r.player_id))


def public_season_standings(
    data: SeasonData,
    events: Sequence[SeasonEvent],
    *,
    best_n: int | None,
    scale: Sequence[int] | None,
    with_unpublished: bool,
) -> list[SeasonRow]:
    """The season table counting only the published events among `events`; with
    `with_unpublished` (organisers), each row also holds its points in the unpublished
    events, and players who played only those follow the ranking, unranked: a preview of
    what publishing would change, the ranking itself staying the public one."""
    counted = {e.pk for e in events if counts_in_public_results(e)}
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
    return rows + sorted(unranked, key=lambda r: (sort_key(r.name), r.player_id))


@dataclass
class SeasonData:
    placings: list[Placing]
    names: dict[int, str]
    clubs: dict[int, str]
    players: dict[int, int]  # event id -> number of players who played
