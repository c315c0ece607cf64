"""Reads for the hall screen: the live ranking and the open round's tables.

A fixed number of queries whatever the number of players: the ranking through
selectors.ranking (tournaments) or selectors.standings (club nights), the seats of
the open round in one query. Names come through the page's namer, so public names
apply on the screen as on every public page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from ..models import Event, Round, Seat
from .access import NAMER_FIELDS, Namer, public_names
from .duplicate_ranking import duplicate_ranking
from .ranking import tournament_ranking
from .standings import event_standings


@dataclass
class ScreenLine:
    rank: int
    name: str
    detail: str  # the team, or the club, of a tournament player; "" at a club night
    total: int | Decimal | str  # a duplicate event's session result (percentage)


@dataclass
class ScreenTable:
    number: int
    players: list[str] = field(default_factory=list)


@dataclass
class HallScreen:
    lines: list[ScreenLine]
    with_detail: bool  # a tournament: each line names the player's club or team
    detail_is_team: bool  # tournament with teams: `detail` is the team, else the club
    round_number: int | None  # the open round whose tables are shown
    tables: list[ScreenTable]


def ranking_lines(event: Event, namer: Namer = public_names) -> list[ScreenLine]:
    """The ranking as the public pages show it: a tournament's overall ranking (its
    tie-breaks included), a club night's standings."""
    if event.kind == Event.Kind.DUPLICATE:
        teams = bool(event.team_size)
        return [
            ScreenLine(
                row.rank,
                row.name,
                (row.team or "") if teams else row.club,
                "—" if row.result is None else row.result,
            )
            for row in duplicate_ranking(event, namer=namer)
        ]
    if event.kind == Event.Kind.TOURNAMENT:
        teams = bool(event.team_size)
        return [
            ScreenLine(row.rank, row.name, (row.team or "") if teams else row.club, row.total)
            for row in tournament_ranking(event, namer=namer)
        ]
    return [
        ScreenLine(row.rank, row.name, "", row.total) for row in event_standings(event, namer=namer)
    ]


def open_round_tables(
    event: Event, namer: Namer = public_names
) -> tuple[int | None, list[ScreenTable]]:
    """The latest open round's number and its tables, players in seat order; one query.
    (None, []) between rounds: every round is locked, nobody needs to find a seat. A
    duplicate event seats every round at once: its first open round is the one played."""
    newest_first = "table__round__number" if event.is_duplicate else "-table__round__number"
    seats = (
        Seat.objects.filter(table__round__event=event, table__round__status=Round.Status.OPEN)
        .order_by(newest_first, "table__number", "position")
        .values_list(
            "table__round__number",
            "table__number",
            *NAMER_FIELDS,
        )
    )
    current: int | None = None
    tables: dict[int, ScreenTable] = {}
    for round_number, table_number, name, style, club_id in seats:
        if current is None:
            current = round_number
        elif round_number != current:
            break  # an older round still open: the newest one is the one being seated
        table = tables.setdefault(table_number, ScreenTable(table_number))
        table.players.append(namer(name, style, club_id))
    return current, list(tables.values())


def hall_screen(event: Event, namer: Namer = public_names) -> HallScreen:
    """What the hall screen shows; three or four queries."""
    round_number, tables = open_round_tables(event, namer)
    return HallScreen(
        lines=ranking_lines(event, namer),
        with_detail=event.kind in (Event.Kind.TOURNAMENT, Event.Kind.DUPLICATE),
        detail_is_team=event.kind != Event.Kind.CLUB_NIGHT and bool(event.team_size),
        round_number=round_number,
        tables=tables,
    )
