"""Reads for duplicate events: the boards, each board's traveller (one line per table
that plays it), and the players' places in the movement.

Everything of one event is read in a fixed number of queries (boards, tables, seats,
results, their ledger rows, rulings, registrations: seven) and put together in
Python: an event holds at most 30 tables, a few hundred lines. The marques are the
HandScore ledger's rows (each orientation's score at the table), never recomputed.
The comparison of the marques (matchpoints, percentages, ranks) is
selectors.duplicate_ranking's, through tournaments.rules.duplicate.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.shortcuts import get_object_or_404

from ..models import (
    ORIENTATIONS,
    Board,
    Event,
    Hand,
    HandScore,
    Registration,
    Round,
    Seat,
    SpecialResult,
    Table,
)
from ..models.duplicate import boards_of_set, set_of_board
from .access import NAMER_FIELDS, Namer, public_names


@dataclass
class SeatedPlayer:
    player_id: int
    name: str
    club: str = ""
    team: str | None = None


@dataclass
class ResultInputs:
    """What a line's hand says, with players as orientations (as printed on a traveller)."""

    hand_id: int
    version: int
    contract: str  # "" when everybody passed
    taker: int | None  # orientation
    oudlers: int
    points: Decimal
    petit_au_bout: str
    poignees: list[tuple[int, str]]  # (orientation, size)
    chelem_announced: bool
    chelem_made_by: str

    @property
    def passed(self) -> bool:
        return not self.contract

    @property
    def taker_letter(self) -> str:
        return ORIENTATIONS[self.taker] if self.taker is not None else ""

    @property
    def contract_label(self) -> str:
        return str(Hand.Contract(self.contract).label) if self.contract else ""

    @property
    def petit_au_bout_label(self) -> str:
        return str(Hand.Camp(self.petit_au_bout).label) if self.petit_au_bout else ""

    @property
    def chelem_made_label(self) -> str:
        return str(Hand.Camp(self.chelem_made_by).label) if self.chelem_made_by else ""

    @property
    def has_bonuses(self) -> bool:
        return bool(
            self.petit_au_bout or self.poignees or self.chelem_announced or self.chelem_made_by
        )


@dataclass
class CellScore:
    """One orientation's result on a board at a table, compared (duplicate_ranking)."""

    value: Decimal | None  # percentage (matchpoints) or difference from the average
    matchpoints: Decimal | None = None  # matchpoints only: 2 per marque beaten, 1 per tie
    rank: int | None = None  # among the marques compared (1 = best)
    of: int = 0  # how many marques were compared
    special: str | None = None  # an arbiter's ruling replaced the marque

    @property
    def special_label(self) -> str:
        return str(SpecialResult.Kind(self.special).label) if self.special else ""


@dataclass
class Cell:
    """One orientation of a line, as a traveller prints it."""

    letter: str
    player: SeatedPlayer | None
    marque: int | None
    score: CellScore | None


@dataclass
class Line:
    """One table's line on a board's traveller."""

    board_number: int
    round_number: int
    round_status: str
    table_id: int
    table_number: int
    players: list[SeatedPlayer | None]
    result: ResultInputs | None = None
    marques: list[int | None] = field(default_factory=lambda: [None] * 4)
    # orientation (None: the whole table) -> SpecialResult.Kind
    specials: dict[int | None, str] = field(default_factory=dict)
    special_ids: dict[int | None, int] = field(default_factory=dict)
    scores: list[CellScore | None] = field(default_factory=lambda: [None] * 4)
    # The orientation the board names as its taker (None: the tables bid freely).
    named_taker: int | None = None

    @property
    def taker_by_ruling(self) -> bool:
        """Entered with a taker other than the one the board names: only the organiser's
        ruling allows it, and the travellers and the workbook say so."""
        result = self.result
        return (
            self.named_taker is not None
            and result is not None
            and not result.passed
            and result.taker is not None
            and result.taker != self.named_taker
        )

    @property
    def done(self) -> bool:
        """Played and entered, or settled by a ruling for the whole table."""
        return self.result is not None or None in self.specials

    @property
    def fouled(self) -> bool:
        return self.specials.get(None) == SpecialResult.Kind.FOULED

    def player_ids(self) -> list[int | None]:
        return [p.player_id if p else None for p in self.players]

    @property
    def cells(self) -> list[Cell]:
        played = self.result is not None
        return [
            Cell(letter, self.players[o], self.marques[o] if played else None, self.scores[o])
            for o, letter in enumerate(ORIENTATIONS)
        ]


@dataclass
class BoardInfo:
    number: int
    pk: int
    dealer: int
    dealt: bool
    taker: int | None = None  # the orientation the board names (Board.taker)
    lines: list[Line] = field(default_factory=list)
    # The arbiter's rulings stored for the board, at its lines' tables or not (a table
    # moved away in the admin keeps its rulings): none, no list of them to read.
    rulings: int = 0

    @property
    def dealer_letter(self) -> str:
        return ORIENTATIONS[self.dealer]

    @property
    def complete(self) -> bool:
        """Every table that plays the board has its line: nobody is left to play it."""
        return bool(self.lines) and all(line.done for line in self.lines)

    @property
    def entered(self) -> int:
        return sum(line.done for line in self.lines)


@dataclass
class DuplicateData:
    event: Event
    boards: dict[int, BoardInfo]
    players: dict[int, SeatedPlayer]  # everyone registered or seated (one board: seated)
    # player id -> round number -> (table number, orientation); absent: sits out
    places: dict[int, dict[int, tuple[int, int]]]
    rounds: list[int]
    scores: list[Any] = field(default_factory=list)  # rules.duplicate.BoardScore, once compared

    def lines(self) -> Iterable[Line]:
        for board in self.boards.values():
            yield from board.lines


def boards_per_round(event: Event) -> int:
    return event.deals_per_round or 1


def _players(
    event: Event,
    seats: list[dict[str, Any]],
    namer: Namer,
    *,
    seated_only: bool = False,
    registered: bool = True,
) -> dict[int, SeatedPlayer]:
    """Everyone registered (`seated_only`: of those seated) or seated. Not `registered`:
    the seated only, as their seats name them, without their teams (a registration
    adds nothing else): one board's page, which names its players only."""
    players: dict[int, SeatedPlayer] = {}
    registrations: Iterable[tuple[Any, ...]] = []
    if registered:
        rows = Registration.objects.filter(event=event)
        if seated_only:  # some boards' lines: their players only
            rows = rows.filter(player_id__in={seat["player_id"] for seat in seats})
        registrations = rows.values_list(
            "player_id",
            *NAMER_FIELDS,
            "player__club__name",
            "team__name",
        )
    for player_id, name, style, club_id, club, team in registrations:
        players[player_id] = SeatedPlayer(player_id, namer(name, style, club_id), club, team)
    for seat in seats:
        if seat["player_id"] not in players:  # seated without a registration (admin)
            players[seat["player_id"]] = SeatedPlayer(
                seat["player_id"],
                namer(
                    seat["player__name"], seat["player__public_name_style"], seat["player__club_id"]
                ),
                seat["player__club__name"],
            )
    return players


def _result_inputs(hand: dict[str, Any], positions: dict[int, int]) -> ResultInputs:
    return ResultInputs(
        hand_id=hand["id"],
        version=hand["version"],
        contract=hand["contract"],
        taker=positions.get(hand["taker"]) if hand["taker"] else None,
        oudlers=hand["oudlers"],
        points=hand["points"],
        petit_au_bout=hand["petit_au_bout"],
        poignees=[
            (positions[item["player"]], item.get("size", ""))
            for item in hand["poignees"] or []
            if isinstance(item, dict) and item.get("player") in positions
        ],
        chelem_announced=hand["chelem_announced"],
        chelem_made_by=hand["chelem_made_by"],
    )


def duplicate_data(
    event: Event,
    *,
    namer: Namer = public_names,
    numbers: Collection[int] | None = None,
    board_ids: Collection[int] | None = None,
    board: Board | None = None,
) -> DuplicateData:
    """Every board with its traveller's lines, the players and their places; seven
    queries whatever the size of the event. `numbers` (or `board_ids`): those boards
    only (their lines, and the players seated at their tables), for a page or a write
    about one board; `board`, a board of the event the caller has read already: that
    one only, its players as seated (no teams: _players), in five queries (four when
    nobody has entered it: no ledger rows to read)."""
    per_round = boards_per_round(event)
    if board is not None:
        rows: Iterable[tuple[int, int, int, Any, int | None]] = [
            (board.pk, board.number, board.dealer, board.deal, board.taker)
        ]
    else:
        board_rows = Board.objects.filter(event=event)
        if numbers is not None:
            board_rows = board_rows.filter(number__in=sorted(numbers))
        if board_ids is not None:
            board_rows = board_rows.filter(pk__in=sorted(board_ids))
        rows = board_rows.order_by("number").values_list("pk", "number", "dealer", "deal", "taker")
    boards = {
        number: BoardInfo(number, pk, dealer, deal is not None, taker)
        for pk, number, dealer, deal, taker in rows
    }
    some = numbers is not None or board_ids is not None or board is not None
    table_rows = Table.objects.filter(round__event=event, board_set__isnull=False)
    if some:
        table_rows = table_rows.filter(
            board_set__in=sorted({set_of_board(n, per_round) for n in boards})
        )
    tables = list(
        table_rows.order_by("round__number", "number").values(
            "pk", "number", "board_set", "round__number", "round__status"
        )
    )
    # Orderings without joins: the models' own (through table, round, event, board)
    # joined four tables a query for an order nothing here depends on.
    seat_rows = Seat.objects.filter(table__round__event=event).order_by("table_id", "position")
    if some:
        seat_rows = seat_rows.filter(table_id__in=[table["pk"] for table in tables])
    seats = list(
        seat_rows.values(
            "table_id",
            "table__number",
            "table__round__number",
            "position",
            "player_id",
            *NAMER_FIELDS,
            "player__club__name",
        )
    )
    players = _players(event, seats, namer, seated_only=some, registered=board is None)
    by_table: dict[int, list[SeatedPlayer | None]] = defaultdict(lambda: [None] * 4)
    positions: dict[int, dict[int, int]] = defaultdict(dict)  # table -> player -> orientation
    places: dict[int, dict[int, tuple[int, int]]] = defaultdict(dict)
    for seat in seats:
        if 0 <= seat["position"] < 4:
            by_table[seat["table_id"]][seat["position"]] = players[seat["player_id"]]
        positions[seat["table_id"]][seat["player_id"]] = seat["position"]
        places[seat["player_id"]][seat["table__round__number"]] = (
            seat["table__number"],
            seat["position"],
        )
    lines: dict[tuple[int, int], Line] = {}  # (table id, board number)
    for table in tables:
        for number in boards_of_set(table["board_set"], per_round):
            board = boards.get(number)
            if board is None:
                continue
            line = Line(
                board_number=number,
                round_number=table["round__number"],
                round_status=table["round__status"],
                table_id=table["pk"],
                table_number=table["number"],
                players=list(by_table[table["pk"]]),
                named_taker=None if event.free_bidding else board.taker,
            )
            board.lines.append(line)
            lines[(table["pk"], number)] = line
    hand_rows = Hand.objects.filter(table__round__event=event, board__isnull=False).order_by()
    score_rows = HandScore.objects.filter(event=event)
    special_rows = SpecialResult.objects.filter(board__event=event).order_by(
        "board_id", "table_id", "orientation"
    )
    if some:
        hand_rows = hand_rows.filter(board_id__in=[b.pk for b in boards.values()])
        score_rows = score_rows.filter(hand__board_id__in=[b.pk for b in boards.values()])
        special_rows = special_rows.filter(board_id__in=[b.pk for b in boards.values()])
    hands = hand_rows.values("id", "table_id", "board__number", "version", *Hand.INPUT_FIELDS)
    by_hand: dict[int, Line] = {}
    for hand in hands:
        line = lines.get((hand["table_id"], hand["board__number"]))
        if line is not None:
            line.result = _result_inputs(hand, positions[hand["table_id"]])
            by_hand[hand["id"]] = line
    # No hand, no score to read (a board nobody entered yet).
    scores = (
        score_rows.order_by().values_list("hand_id", "table_id", "player_id", "points")
        if by_hand
        else []
    )
    for hand_id, table_id, player_id, points in scores:
        line = by_hand.get(hand_id)
        orientation = positions[table_id].get(player_id)
        if line is not None and orientation is not None and 0 <= orientation < 4:
            line.marques[orientation] = points
    specials = special_rows.values_list("pk", "table_id", "board__number", "orientation", "kind")
    for pk, table_id, number, orientation, kind in specials:
        boards[number].rulings += 1
        line = lines.get((table_id, number))
        if line is not None:
            line.specials[orientation] = kind
            line.special_ids[orientation] = pk
    rounds = sorted({table["round__number"] for table in tables})
    return DuplicateData(event, boards, players, dict(places), rounds)


# --- lookups ------------------------------------------------------------------------


def duplicate_event(pk: int) -> Event:
    return get_object_or_404(Event.objects.select_related("club"), pk=pk, kind=Event.Kind.DUPLICATE)


def board_of(event: Event, number: int) -> Board:
    board = get_object_or_404(Board, event=event, number=number)
    board.event = event  # its free bidding names the taker (Board.named_taker): no query
    return board


def table_boards(table: Table) -> list[Board]:
    """The boards a duplicate table plays in its round, in order."""
    if table.board_set is None:
        return []
    numbers = boards_of_set(table.board_set, boards_per_round(table.round.event))
    return list(Board.objects.filter(event_id=table.round.event_id, number__in=numbers))


def entered_boards(table: Table) -> dict[int, Hand]:
    """Board number -> the result entered at this table."""
    return {
        hand.board.number: hand
        for hand in table.hands.filter(board__isnull=False).select_related("board")
    }


def next_board(table: Table) -> Board | None:
    """The first board of the table's set without a result at this table."""
    done = set(table.hands.filter(board__isnull=False).values_list("board_id", flat=True))
    return next((board for board in table_boards(table) if board.pk not in done), None)


def event_rounds(event: Event) -> list[Round]:
    return list(Round.objects.filter(event=event).order_by("number"))


def table_scorekeepers(event: Event) -> dict[int, list[int]]:
    """Table number -> the ids of its scorekeepers (named for every round at once)."""
    found: dict[int, set[int]] = defaultdict(set)
    rows = Table.scorekeepers.through.objects.filter(table__round__event=event).values_list(
        "table__number", "user_id"
    )
    for number, user_id in rows:
        found[number].add(user_id)
    return {number: sorted(users) for number, users in found.items()}


def tables_with_scorekeepers(event: Event) -> int:
    """How many table numbers have a scorekeeper named (the event page's summary)."""
    return (
        Table.scorekeepers.through.objects.filter(table__round__event=event)
        .values("table__number")
        .distinct()
        .count()
    )


def table_numbers(event: Event) -> list[int]:
    """The numbers of the event's seated tables (a number is one table for every round)."""
    rows = Table.objects.filter(round__event=event, board_set__isnull=False).order_by("number")
    return list(rows.values_list("number", flat=True).distinct())


def special_result(pk: int) -> SpecialResult:
    return get_object_or_404(
        SpecialResult.objects.select_related("board__event", "table__round"), pk=pk
    )
