"""Reads for the organiser's board pages: the boards to print, a traveller's seats and
stored results, the rulings. A fixed number of queries per page."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.cards import DECK, HAND_SIZE, SUITS, THE_EXCUSE, TRUMP, Card

from ..models import ORIENTATIONS, AuditEntry, Board, Event, Hand, Seat, SpecialResult, Table
from ..rules import boards as board_rules
from .duplicate import Line


@dataclass
class PrintedHand:
    letter: str  # N, E, S, W, or "" for the dog
    rows: list[tuple[str, str]] = field(default_factory=list)  # (suit symbol, cards)


@dataclass
class PrintedBoard:
    number: int
    dealer: str
    first: str
    taker: str | None  # the orientation the board names, None when tables bid freely
    contract: str  # the contract the organiser fixed ("" : the taker's choice)
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


def _printed(board: Board, language: str, free_bidding: bool) -> PrintedBoard:
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
        first=ORIENTATIONS[board_rules.first_after(board.dealer)],
        taker=None if free_bidding or board.taker is None else ORIENTATIONS[board.taker],
        contract="" if free_bidding or not board.contract else board.get_contract_label(),
        hands=hands,
        dog=dog,
    )


def printed_boards(event: Event) -> list[PrintedBoard]:
    """Every board of the event, with its four hands and the dog when the app dealt it,
    cards named in the reader's language (R, D, C, V in French); one query."""
    language = _language()
    return [
        _printed(board, language, event.free_bidding)
        for board in Board.objects.filter(event=event).order_by("number")
    ]


def printed_board(board: Board) -> PrintedBoard:
    """One board's hand record (its four hands and the dog when the app dealt it): shown
    on its public page once every table has played it (rules.board_visibility)."""
    return _printed(board, _language(), board.event.free_bidding)


@dataclass
class DiagramCard:
    label: str
    held: bool  # printed circled: the orientation was dealt it (a marked diagram)


@dataclass
class Diagram:
    """The pack laid out for one orientation of one board: the player circles the
    cards he holds before play and puts them back into the étui from it afterwards."""

    number: int
    letter: str
    dealer: str
    taker: str | None
    contract: str  # fixed by the organiser ("": the taker's choice)
    hand_size: int
    rows: list[list[DiagramCard]]


def _pack_rows() -> list[list[Card]]:
    """The 78 cards in six rows, as a pack is sorted: trumps 1 to 11, trumps 12 to 21
    and the Excuse, then each suit from the ace to the king."""
    trumps = [card for card in DECK if card.suit == TRUMP]
    return [
        trumps[:11],
        [*trumps[11:], THE_EXCUSE],
        *([card for card in DECK if card.suit == suit] for suit in SUITS),
    ]


def board_diagrams(event: Event, *, marked: bool = False) -> list[Diagram]:
    """Four diagrams per board (N, E, S, W), blank for the players to circle their
    cards; `marked` (a board the app dealt) circles the cards dealt, for the
    organiser who rebuilds a board. One query."""
    language = "fr" if (get_language() or "fr").startswith("fr") else "en"
    pack = _pack_rows()
    diagrams = []
    for board in Board.objects.filter(event=event).order_by("number"):
        deal = board_rules.deal_from_json(board.deal) if marked and board.deal else None
        taker = None if event.free_bidding or board.taker is None else ORIENTATIONS[board.taker]
        for index, letter in enumerate(ORIENTATIONS):
            held = set(deal.hands[index]) if deal is not None else set()
            diagrams.append(
                Diagram(
                    number=board.number,
                    letter=letter,
                    dealer=ORIENTATIONS[board.dealer],
                    taker=taker,
                    contract=board.get_contract_label() if taker else "",
                    # Four players share 72 cards here, the dog holds 6 (scoring.cards).
                    hand_size=HAND_SIZE,
                    rows=[[DiagramCard(c.label(language), c in held) for c in row] for row in pack],
                )
            )
    return diagrams


def line_seats(lines: Iterable[Line]) -> dict[int, list[Seat]]:
    """Table id -> its seats (orientation order) for these lines of a board; one query,
    none for no line."""
    found: dict[int, list[Seat]] = defaultdict(list)
    table_ids = [line.table_id for line in lines]
    if not table_ids:
        return found
    seats = (
        Seat.objects.filter(table_id__in=table_ids).select_related("player").order_by("position")
    )
    for seat in seats:
        found[seat.table_id].append(seat)
    return found


def board_hands(board: Board, lines: Iterable[Line]) -> dict[int, Hand]:
    """Table id -> the result stored for this board there, for these lines; one query,
    none for no line."""
    table_ids = [line.table_id for line in lines]
    if not table_ids:
        return {}
    return {
        hand.table_id: hand for hand in Hand.objects.filter(board=board, table_id__in=table_ids)
    }


def board_specials(board: Board) -> list[SpecialResult]:
    return list(
        SpecialResult.objects.filter(board=board)
        .select_related("table__round", "set_by")
        .order_by("table__round__number", "table__number", "orientation")
    )


def deal_refusals(board: Board) -> list[AuditEntry]:
    """The results of `board` its cards refused at a table (services.duplicate_results.
    note_deal_refusal), oldest first: what the arbiter reads on the traveller."""
    entries = AuditEntry.objects.filter(
        event_id=board.event_id, action=AuditEntry.Action.DEAL_REFUSED
    ).order_by("at", "pk")
    wanted = {"c": "board", "v": board.number}
    return [entry for entry in entries if wanted in entry.data.get("target", [])]


def table_of(table_id: int) -> Table:
    return get_object_or_404(Table.objects.select_related("round__event"), pk=table_id)
