"""Reads for the organiser's board pages: the boards to print, a traveller's seats and
stored results, the rulings. A fixed number of queries per page."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.cards import TRUMP

from ..models import ORIENTATIONS, Board, Event, Hand, Seat, SpecialResult, Table
from ..rules import boards as board_rules
from .duplicate import BoardInfo


@dataclass
class PrintedHand:
    letter: str  # N, E, S, W, or "" for the dog
    rows: list[tuple[str, str]] = field(default_factory=list)  # (suit symbol, cards)


@dataclass
class PrintedBoard:
    number: int
    dealer: str
    first: str
    hands: list[PrintedHand]
    dog: PrintedHand | None


def _rows(held: Any, language: str) -> list[tuple[str, str]]:
    """(heading, cards) per suit: the suit's symbol, "Trumps" for the trumps."""
    return [
        (str(_("Trumps")) if suit == TRUMP else symbol, labels)
        for suit, symbol, labels in board_rules.printed_hand(held, language)
    ]


def _language() -> str:
    return "fr" if (get_language() or "fr").startswith("fr") else "en"


def _printed(board: Board, language: str) -> PrintedBoard:
    hands: list[PrintedHand] = []
    dog = None
    if board.deal is not None:
        deal = board_rules.deal_from_json(board.deal)
        hands = [
            PrintedHand(letter, _rows(hand, language))
            for letter, hand in zip(ORIENTATIONS, deal.hands, strict=True)
        ]
        dog = PrintedHand("", _rows(deal.dog, language))
    return PrintedBoard(
        number=board.number,
        dealer=ORIENTATIONS[board.dealer],
        first=ORIENTATIONS[board_rules.first_player(board.number)],
        hands=hands,
        dog=dog,
    )


def printed_boards(event: Event) -> list[PrintedBoard]:
    """Every board of the event, with its four hands and the dog when the app dealt it,
    cards named in the reader's language (R, D, C, V in French); one query."""
    language = _language()
    return [
        _printed(board, language) for board in Board.objects.filter(event=event).order_by("number")
    ]


def printed_board(board: Board) -> PrintedBoard:
    """One board's hand record (its four hands and the dog when the app dealt it): shown
    on its public page once every table has played it (rules.board_visibility)."""
    return _printed(board, _language())


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
