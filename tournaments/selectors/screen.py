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
from .board_visibility import playing_round
from .duplicate_penalties import event_penalties
from .duplicate_ranking import team_rows
from .duplicate_stored import completion, stored_ranking
from .ranking import team_ranking, tournament_ranking
from .standings import event_standings


@dataclass
class ScreenLine:
    rank: int | None  # None: no result yet (a duplicate player with no board compared)
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
    # A team event's team ranking: the team's name, its members in `detail`.
    teams: list[ScreenLine] = field(default_factory=list)


def ranking_lines(event: Event, namer: Namer = public_names) -> list[ScreenLine]:
    """The ranking as the public pages show it: a tournament's overall ranking (its
    tie-breaks included), a club night's standings."""
    return _rankings(event, namer)[0]


def _rankings(event: Event, namer: Namer) -> tuple[list[ScreenLine], list[ScreenLine]]:
    """The players' lines and, in a team event, the teams' (one ranking read for both)."""
    teams = bool(event.team_size)
    if event.kind == Event.Kind.DUPLICATE:
        # The stored comparison of the boards the public may read, as the ranking page
        # reads it: not the whole event compared again at every refresh of the screen.
        complete = completion(event).complete
        rows = stored_ranking(event, namer=namer, boards=complete)
        players = [
            ScreenLine(
                # Without a board compared a player has no place: blank, as on the page.
                None if row.result is None else row.rank,
                row.name,
                (row.team or "") if teams else row.club,
                "—" if row.result is None else row.result,
            )
            for row in rows
        ]
        if not teams:
            return players, []
        return players, [
            ScreenLine(
                None if team.result is None else team.rank,
                team.name,
                ", ".join(member.name for member in team.members),
                "—" if team.result is None else team.result,
            )
            for team in team_rows(rows, event, event_penalties(event, boards=complete))
        ]
    if event.kind == Event.Kind.TOURNAMENT:
        ranked = tournament_ranking(event, namer=namer)
        players = [
            ScreenLine(row.rank, row.name, (row.team or "") if teams else row.club, row.total)
            for row in ranked
        ]
        if not teams:
            return players, []
        return players, [
            ScreenLine(team.rank, team.name, ", ".join(m.name for m in team.members), team.total)
            for team in team_ranking(ranked)
        ]
    standings = event_standings(event, namer=namer)
    return [ScreenLine(row.rank, row.name, "", row.total) for row in standings], []


def open_round_tables(
    event: Event, namer: Namer = public_names
) -> tuple[int | None, list[ScreenTable]]:
    """The latest open round's number and its tables, players in seat order; one query.
    (None, []) between rounds: every round is locked, nobody needs to find a seat. A
    duplicate event seats every round at once: the round shown is the one being played
    (board_visibility.playing_round: the first with a board still to play; none once
    every board is played), four queries."""
    seats = Seat.objects.filter(table__round__event=event, table__round__status=Round.Status.OPEN)
    if event.is_duplicate:
        playing = playing_round(event)
        if playing is None:
            return None, []
        seats = seats.filter(table__round__number=playing)
    seats = seats.order_by("-table__round__number", "table__number", "position").values_list(
        "table__round__number",
        "table__number",
        *NAMER_FIELDS,
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
    players, teams = _rankings(event, namer)
    return HallScreen(
        lines=players,
        teams=teams,
        with_detail=event.kind in (Event.Kind.TOURNAMENT, Event.Kind.DUPLICATE),
        detail_is_team=event.kind != Event.Kind.CLUB_NIGHT and bool(event.team_size),
        round_number=round_number,
        tables=tables,
    )
