"""Reads for the organiser's board pages: the boards to print, a traveller's seats and
stored results, the rulings. A fixed number of queries per page."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.shortcuts import get_object_or_404

from scoring import _cards_interim as cards

from ..models import ORIENTATIONS, Board, Event, Hand, Seat, SpecialResult, Table
from .duplicate import BoardInfo


@dataclass
class PrintedHand:
    letter: str  # N, E, S, W, or "" for the dog
    groups: list[tuple[str, list[str]]] = field(default_factory=list)  # suit -> cards


@dataclass
class PrintedBoard:
    number: int
    dealer: str
    first: str
    hands: list[PrintedHand]
    dog: PrintedHand | None


def first_player(dealer: int) -> int:
    return cards.first_player(dealer)


def _printed_hand(letter: str, held: list[str]) -> PrintedHand:
    return PrintedHand(letter, cards.groups_for_print(held))


def printed_boards(event: Event) -> list[PrintedBoard]:
    """Every board of the event, with its hands when the app dealt it; one query."""
    boards = []
    for board in Board.objects.filter(event=event).order_by("number"):
        hands: list[PrintedHand] = []
        dog = None
        if board.deal is not None:
            deal = cards.deal_from_json(board.deal)
            hands = [_printed_hand(letter, deal[letter]) for letter in ORIENTATIONS]
            dog = _printed_hand("", deal["dog"])
        boards.append(
            PrintedBoard(
                number=board.number,
                dealer=ORIENTATIONS[board.dealer],
                first=ORIENTATIONS[first_player(board.dealer)],
                hands=hands,
                dog=dog,
            )
        )
    return boards


def line_seats(info: BoardInfo) -> dict[int, list[Seat]]:
    """Table id -> its seats (orientation order) for the board's lines; one query."""
    found: dict[int, list[Seat]] = defaultdict(list)
    seats = (
        Seat.objects.filter(table_id__in=[line.table_id for line in info.lines])
        .select_related("player")
        .order_by("position")
    )
    for seat in seats:
        found[seat.table_id].append(seat)
    return found


def board_hands(board: Board) -> dict[int, Hand]:
    """Table id -> the result stored for this board there; one query."""
    return {hand.table_id: hand for hand in Hand.objects.filter(board=board)}


def board_specials(board: Board) -> list[SpecialResult]:
    return list(
        SpecialResult.objects.filter(board=board)
        .select_related("table__round", "set_by")
        .order_by("table__round__number", "table__number", "orientation")
    )


def table_of(table_id: int) -> Table:
    return get_object_or_404(Table.objects.select_related("round__event"), pk=table_id)
