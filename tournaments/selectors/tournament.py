"""Reads for the tournament and season pages: registrations, rounds, tables, meetings.

Every function issues a fixed number of queries whatever the number of players,
tables or hands; totals come from the score ledger through selectors.ranking and
exports.season, never from a view.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.utils.translation import gettext as _

from ..models import Event, EventResult, Hand, Player, Registration, Round, Season, Seat, Table
from ..models.collation import by_name
from ..planning import seating
from ..rules.rounds import NextRound, next_round
from ..rules.season import DEFAULT_SCALE, parse_scale
from .access import NAMER_FIELDS, Namer, public_names
from .public import published
from .ranking import RankingRow
from .standings import seated_tables

# --- tournaments -------------------------------------------------------------


def previous_seatings(event: Event, before: int) -> list[list[list[int]]]:
    """The player ids at each table of the rounds before `before` (one query)."""
    rounds: dict[int, dict[int, list[int]]] = {}
    seats = (
        Seat.objects.filter(table__round__event=event, table__round__number__lt=before)
        .order_by("table__round__number", "table__number", "position")
        .values_list("table__round__number", "table_id", "player_id")
    )
    for number, table_id, player_id in seats:
        rounds.setdefault(number, {}).setdefault(table_id, []).append(player_id)
    return [list(tables.values()) for _, tables in sorted(rounds.items())]


def tournaments() -> QuerySet[Event]:
    """Tournaments, duplicate ones included (the organiser's list of tournaments)."""
    kinds = (Event.Kind.TOURNAMENT, Event.Kind.DUPLICATE)
    return Event.objects.filter(kind__in=kinds).select_related("club")


def seasons() -> QuerySet[Season]:
    return Season.objects.select_related("club").order_by("-start", "name")


def event_registrations(event: Event) -> list[Registration]:
    """The registrations with their player, club and team; one query."""
    return list(
        Registration.objects.filter(event=event)
        .select_related("player__club", "team")
        .order_by(by_name("player__name"), "pk")
    )


@dataclass
class RegistrationCounts:
    registered: int
    present: int


def registration_counts(registrations: Sequence[Registration]) -> RegistrationCounts:
    return RegistrationCounts(
        registered=len(registrations),
        present=sum(1 for r in registrations if r.present),
    )


def count_registrations(event: Event) -> RegistrationCounts:
    """registration_counts without reading the registrations; one query."""
    counted = Registration.objects.filter(event=event).aggregate(
        registered=Count("pk"), present=Count("pk", filter=Q(present=True))
    )
    return RegistrationCounts(**counted)


def unregistered_players(event: Event) -> QuerySet[Player]:
    """Active players not yet in the event, for the "existing player" choice."""
    return (
        Player.objects.filter(active=True)
        .exclude(registrations__event=event)
        .select_related("club")
        .order_by("club__name", by_name(), "pk")
    )


def event_rounds(event: Event) -> list[Round]:
    """Rounds with their number of tables, validated tables and hands; one query."""
    return list(
        Round.objects.filter(event=event)
        .annotate(
            table_count=Count("tables", distinct=True),
            validated_count=Count(
                "tables", filter=Q(tables__validated_at__isnull=False), distinct=True
            ),
            hand_count=Count("tables__hands", distinct=True),
        )
        .order_by("number")
    )


def next_round_of(event: Event, last: Round | None) -> NextRound:
    """Whether `event`'s round after `last` (its latest round, or None) may be seated."""
    return next_round(
        last_number=last.number if last else None,
        last_locked=last is not None and last.status == Round.Status.LOCKED,
        rounds_planned=event.rounds_planned,
    )


def round_tables(round: Round, *, with_scorekeepers: bool = False) -> list[Table]:
    """The round's tables in order, seated (see standings.seated_tables)."""
    return seated_tables(
        Table.objects.filter(round=round).order_by("number"), with_scorekeepers=with_scorekeepers
    )


def rounds_of(event: Event) -> list[Round]:
    """The event's rounds in order, without counts (a public page's round links); one
    query."""
    return list(Round.objects.filter(event=event).order_by("number"))


@dataclass
class SeatedPlayer:
    player_id: int
    name: str


@dataclass
class RoundTable:
    """A table of a round as its public page lists it: its players in seat order."""

    table_id: int
    number: int
    players: list[SeatedPlayer]


def round_seating(round: Round, *, namer: Namer = public_names) -> list[RoundTable]:
    """The round's tables in order with their players in seat order, named as `namer`
    shows them; one query of one row a seat."""
    seats = (
        Seat.objects.filter(table__round=round)
        .order_by("table__number", "position")
        .values_list(
            "table_id",
            "table__number",
            "player_id",
            *NAMER_FIELDS,
        )
    )
    tables: dict[int, RoundTable] = {}
    for table_id, number, player_id, name, style, club_id in seats:
        table = tables.get(table_id)
        if table is None:
            table = tables[table_id] = RoundTable(table_id, number, [])
        table.players.append(SeatedPlayer(player_id, namer(name, style, club_id)))
    return list(tables.values())


def seating_of(tables: Sequence[Table]) -> list[list[int]]:
    """Player ids per table, in seat order, from tables loaded by round_tables."""
    return [[seat.player_id for seat in table.seats.all()] for table in tables]


@dataclass
class RepeatedPair:
    first: str
    second: str
    times: int  # meetings including this round


@dataclass
class RoundMeetings:
    """How well a round avoids pairs who already met."""

    total: int  # seating.repeated_meetings over every round up to this one
    this_round: int  # the repeats this round adds
    by_table: dict[int, list[RepeatedPair]] = field(default_factory=dict)  # table pk -> pairs


def round_meetings(round: Round, tables: Sequence[Table]) -> RoundMeetings:
    """Repeated meetings up to this round and, per table, the pairs who met before; one
    query on top of `tables` (loaded by round_tables)."""
    earlier = previous_seatings(round.event, round.number)
    current = seating_of(tables)
    before = seating.meeting_counts(earlier)
    names = {seat.player_id: seat.player.name for table in tables for seat in table.seats.all()}
    by_table: dict[int, list[RepeatedPair]] = {}
    added = 0
    for table, players in zip(tables, current, strict=True):
        pairs = []
        for a, b in combinations(players, 2):
            met = before.get(frozenset((a, b)), 0)
            if met:
                added += 1
                pairs.append(RepeatedPair(names[a], names[b], met + 1))
        by_table[table.pk] = pairs
    return RoundMeetings(
        total=seating.repeated_meetings([*earlier, current]),
        this_round=added,
        by_table=by_table,
    )


def round_started(round: Round) -> bool:
    """Whether a hand was entered at any table of the round."""
    return Hand.objects.filter(table__round=round).exists()


def later_rounds(round: Round) -> bool:
    """Whether a later round of the event is seated already."""
    return Round.objects.filter(event=round.event_id, number__gt=round.number).exists()


def redraw_refusal(round: Round) -> str | None:
    """Why a round may not be redrawn, for the organiser; None when it may. The one
    answer for the round page (no button), the redraw view and the service (which
    asks again once it holds the round's lock); two small queries."""
    if round_started(round):
        return _("Hands have been entered in this round: it cannot be redrawn.")
    if later_rounds(round):
        # Later rounds were seated to avoid this round's meetings: redrawing it would
        # silently make them wrong.
        return _("A later round is already seated: this round can no longer be redrawn.")
    if round.status == Round.Status.LOCKED:
        return _("This round is locked: reopen a sheet before redrawing it.")
    return None


def swap_seats(
    round: Round, player_a: Player, player_b: Player, *, lock: bool = False
) -> dict[int, Seat]:
    """The two players' seats in `round` (with their tables), by player id; `lock` for
    the service, which holds them until the swap is written."""
    seats = Seat.objects.filter(table__round=round, player__in=[player_a, player_b])
    if lock:
        seats = seats.select_for_update()
    return {s.player_id: s for s in seats.select_related("table")}


def swap_refusal(
    round: Round, player_a: Player, player_b: Player, seats: dict[int, Seat]
) -> str | None:
    """Why these two players may not swap seats; None when they may. The one answer for
    the swap's confirmation page and the service (which asks again under its locks)."""
    if round.status == Round.Status.LOCKED:
        return _("This round is locked: its seating can no longer change.")
    if len(seats) != 2 or player_a == player_b:
        return _("Both players must be seated in this round.")
    seat_a, seat_b = seats[player_a.pk], seats[player_b.pk]
    if seat_a.table_id == seat_b.table_id:
        return _("These players already sit at the same table.")
    if Hand.objects.filter(table_id__in=[seat_a.table_id, seat_b.table_id]).exists():
        return _("Hands have been entered at these tables.")
    moves = {player_a.pk: seat_b.table.board_set, player_b.pk: seat_a.table.board_set}
    if _plays_a_set_twice(round, moves):
        return _("In a duplicate event, this swap would have a player play the same boards twice.")
    teams = dict(
        Registration.objects.filter(event=round.event_id, team__isnull=False).values_list(
            "player_id", "team_id"
        )
    )
    for moving, seat in ((player_a.pk, seat_b), (player_b.pk, seat_a)):
        team = teams.get(moving)
        if team is None:
            continue
        mates = Seat.objects.filter(table_id=seat.table_id).exclude(pk=seat.pk)
        if any(teams.get(m) == team for m in mates.values_list("player_id", flat=True)):
            return _("Team mates may not share a table.")
    return None


def _plays_a_set_twice(round: Round, moves: dict[int, int | None]) -> bool:
    """Whether, in a duplicate event, a player moved to a table of this round (`moves`:
    player id -> that table's board set) plays that set in another round too: his line
    would be on the same boards' travellers twice."""
    if all(board_set is None for board_set in moves.values()):
        return False  # not a duplicate event: no board sets
    elsewhere = (
        Seat.objects.filter(table__round__event_id=round.event_id, player_id__in=list(moves))
        .exclude(table__round=round)
        .values_list("player_id", "table__board_set")
    )
    return any(
        moves[player] is not None and board_set == moves[player] for player, board_set in elsewhere
    )


@dataclass
class RedrawPlan:
    """What a redraw of a round would do, for the organiser to confirm."""

    present: int  # players present now, who will be seated
    seated: int  # players seated now
    tables_now: int
    tables_after: int
    kept: list[Table]  # tables whose number survives: their scorekeepers stay
    dropped: list[Table]  # tables that disappear, with their scorekeepers


def redraw_plan(round: Round) -> RedrawPlan:
    tables = round_tables(round, with_scorekeepers=True)
    present = Registration.objects.filter(event=round.event_id, present=True).count()
    after = len(seating.table_sizes(present)) if present >= 3 else 0
    return RedrawPlan(
        present=present,
        seated=sum(len(table.seats.all()) for table in tables),
        tables_now=len(tables),
        tables_after=after,
        kept=[t for t in tables if t.number <= after],
        dropped=[t for t in tables if t.number > after],
    )


@dataclass
class RankingLine:
    row: RankingRow
    round_totals: list[int | None]  # one per round shown, None when not played


def ranking_lines(rows: Sequence[RankingRow], numbers: Sequence[int]) -> list[RankingLine]:
    """Ranking rows with their round totals in column order, for a template."""
    return [RankingLine(row, [row.round_totals.get(n) for n in numbers]) for row in rows]


# --- seasons -----------------------------------------------------------------


def season_events(season: Season, *, viewer_is_organiser: bool = False) -> list[Event]:
    """The club's events between the season's first and last day that have scores and
    the viewer may see, oldest first; one query."""
    scored = EventResult.objects.filter(event=OuterRef("pk"))
    return list(
        Event.objects.filter(club=season.club, date__gte=season.start, date__lte=season.end)
        .filter(Q() if viewer_is_organiser else published(), Exists(scored))
        .order_by("date", "pk")
    )


def season_scale(season: Season) -> tuple[int, ...] | None:
    """The points per place, or None when the season adds up event totals."""
    if season.mode == Season.Mode.TOTALS:
        return None
    try:
        return parse_scale(season.scale)
    except ValueError:
        # Only the admin can store a bad scale (the form refuses it): rank with the
        # default one rather than fail the public page.
        return DEFAULT_SCALE


def default_season_dates(today: datetime.date) -> tuple[datetime.date, datetime.date]:
    """A club season runs September to August."""
    start_year = today.year if today.month >= 9 else today.year - 1
    return datetime.date(start_year, 9, 1), datetime.date(start_year + 1, 8, 31)
