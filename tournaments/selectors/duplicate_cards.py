"""The movement as people read it in the room: a card per table (which set it plays
each round, who sits where, where everyone and the set go next) and a card per player
(his table, orientation and boards each round), and the organiser's view of each
round's progress. Built from selectors.duplicate's data (no query of their own), but
the organiser's page (event_progress), which reads counts instead of every result.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from ..models import ORIENTATIONS, Board, Event, Hand, Seat, SpecialResult, Table
from ..models.duplicate import boards_of_set, set_of_board
from ..rules.collation import sort_key
from .access import NAMER_FIELDS, Namer
from .duplicate import DuplicateData, SeatedPlayer, boards_per_round


@dataclass
class Move:
    """Where one orientation's player goes after the round (None: he sits out next)."""

    letter: str
    player: SeatedPlayer | None
    next_table: int | None
    next_letter: str | None


@dataclass
class TableRound:
    round_number: int
    table_id: int
    table_number: int
    board_set: int
    boards: range
    players: list[SeatedPlayer | None]
    moves: list[Move] = field(default_factory=list)
    set_goes_to: int | None = None  # the table playing this set next round
    set_comes_from: int | None = None  # the table that played it the round before
    # When the set rests (a relay: no table plays it) the round before or after: where
    # it comes back from, or goes to after its rest, as (table number, round number).
    set_back_from: tuple[int, int] | None = None
    set_rests_then: tuple[int, int] | None = None
    set_first_here: bool = False  # no table played the set before (it started resting)
    set_done: bool = False  # no table plays the set after this round
    entered: int = 0
    status: str = ""

    @property
    def done(self) -> bool:
        return self.entered >= len(self.boards)


@dataclass
class TableCard:
    number: int
    rounds: list[TableRound] = field(default_factory=list)


@dataclass
class PlayerRound:
    round_number: int
    table: int | None  # None: sits the round out
    letter: str | None
    boards: range | None
    # A team match: he takes this round (he sits where the round's boards name the
    # taker), so that each member reads his turn on his card.
    takes: bool = False


@dataclass
class PlayerCard:
    player: SeatedPlayer
    rounds: list[PlayerRound] = field(default_factory=list)


@dataclass
class Cards:
    tables: list[TableCard]
    players: list[PlayerCard]
    rounds: list[int]


def _table_rounds(data: DuplicateData) -> dict[tuple[int, int], TableRound]:
    per_round = boards_per_round(data.event)
    found: dict[tuple[int, int], TableRound] = {}
    for board in data.boards.values():
        for line in board.lines:
            key = (line.round_number, line.table_number)
            if key not in found:
                board_set = set_of_board(line.board_number, per_round)
                found[key] = TableRound(
                    round_number=line.round_number,
                    table_id=line.table_id,
                    table_number=line.table_number,
                    board_set=board_set,
                    boards=boards_of_set(board_set, per_round),
                    players=line.players,
                    status=line.round_status,
                )
            found[key].entered += line.done
    return found


def movement_cards(data: DuplicateData) -> Cards:
    """Every table's and every player's card, rounds in order."""
    table_rounds = _table_rounds(data)
    set_at = {(r, t.board_set): number for (r, number), t in table_rounds.items()}
    rounds_of_set: dict[int, list[int]] = defaultdict(list)
    for (r, _number), t in table_rounds.items():
        rounds_of_set[t.board_set].append(r)
    for (round_number, _number), table_round in table_rounds.items():
        board_set = table_round.board_set
        table_round.set_goes_to = set_at.get((round_number + 1, board_set))
        table_round.set_comes_from = set_at.get((round_number - 1, board_set))
        # A card used to print "—" both for the first round and where the set rests a
        # round (26 players: a relay): the card now says which, and where it comes back.
        earlier = [r for r in rounds_of_set[board_set] if r < round_number]
        later = [r for r in rounds_of_set[board_set] if r > round_number]
        if table_round.set_comes_from is None and earlier:
            table_round.set_back_from = (set_at[(max(earlier), board_set)], max(earlier))
        table_round.set_first_here = not earlier and round_number != min(data.rounds)
        if table_round.set_goes_to is None and later:
            table_round.set_rests_then = (set_at[(min(later), board_set)], min(later))
        table_round.set_done = not later
        for orientation, player in enumerate(table_round.players):
            place = data.places.get(player.player_id, {}).get(round_number + 1) if player else None
            table_round.moves.append(
                Move(
                    letter=ORIENTATIONS[orientation],
                    player=player,
                    next_table=place[0] if place else None,
                    next_letter=ORIENTATIONS[place[1]] if place else None,
                )
            )
    tables: dict[int, TableCard] = {}
    for (_round, number), table_round in sorted(table_rounds.items()):
        tables.setdefault(number, TableCard(number)).rounds.append(table_round)
    per_round = boards_per_round(data.event)
    sets = {(r, t): tr.board_set for (r, t), tr in table_rounds.items()}
    players = []
    for player in sorted(data.players.values(), key=lambda p: sort_key(p.name)):
        places = data.places.get(player.player_id, {})
        card = PlayerCard(player)
        for round_number in data.rounds:
            place = places.get(round_number)
            if place is None:
                card.rounds.append(PlayerRound(round_number, None, None, None))
                continue
            board_set = sets.get((round_number, place[0]))
            boards = boards_of_set(board_set, per_round) if board_set else None
            named = data.boards.get(boards.start) if boards else None
            card.rounds.append(
                PlayerRound(
                    round_number,
                    place[0],
                    ORIENTATIONS[place[1]],
                    boards,
                    takes=bool(
                        data.event.team_match and named is not None and named.taker == place[1]
                    ),
                )
            )
        players.append(card)
    return Cards(
        tables=[tables[n] for n in sorted(tables)], players=players, rounds=list(data.rounds)
    )


def round_progress(data: DuplicateData) -> dict[int, list[TableRound]]:
    """Round number -> its tables with how many boards each has entered."""
    rounds: dict[int, list[TableRound]] = defaultdict(list)
    for (round_number, _number), table_round in sorted(_table_rounds(data).items()):
        rounds[round_number].append(table_round)
    return dict(rounds)


@dataclass
class BoardProgress:
    """A board on the organiser's page: entered at how many of the tables playing it."""

    number: int
    complete: bool  # Board.complete, stored by services.board_results
    entered: int
    tables: int


@dataclass
class EventProgress:
    """The organiser's page of a duplicate event: each round's tables (the players at
    the `shown` round's only), the boards, the table numbers."""

    seated: bool  # the rounds are seated (duplicate_data's rounds)
    rounds: dict[int, list[TableRound]]
    boards: list[BoardProgress]
    table_numbers: list[int]


def event_progress(
    event: Event, *, namer: Namer, shown: Callable[[dict[int, list[TableRound]]], int | None]
) -> tuple[EventProgress, int | None]:
    """round_progress and the boards' counts of duplicate_data(event), without reading
    the event's results: which (table, board) has its result or a whole-table ruling,
    each board's stored completion, and the players of the round `shown` picks from the
    rounds' progress (duplicate_data read every hand and score of 30 tables x 30 boards
    for the organiser's page, much of its cost). Five queries."""
    per_round = boards_per_round(event)
    numbers = dict(Board.objects.filter(event=event).order_by().values_list("number", "complete"))
    tables = list(
        Table.objects.filter(round__event=event, board_set__isnull=False)
        .order_by("round__number", "number")
        .values_list("pk", "number", "board_set", "round__number", "round__status")
    )
    done = set(
        Hand.objects.filter(table__round__event=event, board__isnull=False)
        .order_by()
        .values_list("table_id", "board__number")
    )
    done.update(
        SpecialResult.objects.filter(board__event=event, orientation__isnull=True)
        .order_by()
        .values_list("table_id", "board__number")
    )
    rounds: dict[int, list[TableRound]] = defaultdict(list)
    entered: dict[int, int] = defaultdict(int)
    playing: dict[int, int] = defaultdict(int)
    table_numbers: set[int] = set()
    for pk, number, board_set, round_number, status in tables:
        boards = [n for n in boards_of_set(board_set, per_round) if n in numbers]
        entered_here = [board for board in boards if (pk, board) in done]
        for board in boards:
            playing[board] += 1
        for board in entered_here:
            entered[board] += 1
        if not boards:
            continue  # no board of its set exists: duplicate_data gives it no line
        table_round = TableRound(
            round_number=round_number,
            table_id=pk,
            table_number=number,
            board_set=board_set,
            boards=boards_of_set(board_set, per_round),
            players=[None] * 4,
            status=status,
        )
        table_round.entered = len(entered_here)
        rounds[round_number].append(table_round)
        table_numbers.add(number)
    chosen = shown(rounds)
    if chosen is not None:
        by_table = {t.table_id: t for t in rounds[chosen]}
        seats = Seat.objects.filter(table_id__in=sorted(by_table), position__range=(0, 3))
        for table_id, position, player_id, *named in seats.order_by().values_list(
            "table_id", "position", "player_id", *NAMER_FIELDS
        ):
            by_table[table_id].players[position] = SeatedPlayer(player_id, namer(*named))
    progress = EventProgress(
        seated=bool(tables),
        rounds=dict(rounds),
        boards=[
            BoardProgress(n, complete, entered[n], playing[n])
            for n, complete in sorted(numbers.items())
        ],
        table_numbers=sorted(table_numbers),
    )
    return progress, chosen
