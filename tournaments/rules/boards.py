"""Duplicate boards as the app stores them (pure): a deal's JSON form, and orientations
as the numbers seats hold.

A board the app dealt keeps its deal (scoring.cards.deal_board) in Board.deal, so the
printed étuis and the checks of results read the very cards dealt, whatever a later
version of the dealer would give. A card is written as a short code: "T1" to "T21"
for the trumps, "EX" for the Excuse, and a suit letter (S, H, D, C) with the rank,
1 to 14 (11 jack, 12 knight, 13 queen, 14 king): "H14" is the king of hearts.

Orientations are numbered as Seat.position holds them at a duplicate table: 0 to 3
for N, E, S, W (scoring.cards.ORIENTATIONS order).
"""

from __future__ import annotations

import random
from typing import Any

from scoring import cards

# ("N", "E", "S", "W"): seat positions 0..3; re-exported for the selectors.
from scoring.cards import ORIENTATIONS as ORIENTATIONS

SUIT_CODES = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
_SUITS_BY_CODE = {code: suit for suit, code in SUIT_CODES.items()}


def card_code(card: cards.Card) -> str:
    if card.suit == cards.EXCUSE:
        return "EX"
    if card.suit == cards.TRUMP:
        return f"T{card.rank}"
    return f"{SUIT_CODES[card.suit]}{card.rank}"


def card_of(code: str) -> cards.Card:
    """The card of a code; ValueError for anything else."""
    if code == "EX":
        return cards.THE_EXCUSE
    suit = cards.TRUMP if code[:1] == "T" else _SUITS_BY_CODE.get(code[:1])
    if suit is None or not code[1:].isdigit():
        raise ValueError(f"not a card code: {code!r}")
    card = cards.Card(suit, int(code[1:]))
    if card not in cards.DECK:
        raise ValueError(f"not a card code: {code!r}")
    return card


def deal_to_json(deal: cards.Deal) -> dict[str, Any]:
    """{"seed", "board", "N", "E", "S", "W", "dog"}: the hands as lists of codes."""
    data: dict[str, Any] = {"seed": deal.seed, "board": deal.board}
    for letter, hand in zip(ORIENTATIONS, deal.hands, strict=True):
        data[letter] = [card_code(card) for card in hand]
    data["dog"] = [card_code(card) for card in deal.dog]
    return data


def deal_from_json(data: dict[str, Any]) -> cards.Deal:
    """The Deal stored by deal_to_json (checked whole by Deal itself)."""
    board = int(data["board"])
    hands = cards.four_hands(
        cards.sorted_cards(card_of(c) for c in data[letter]) for letter in ORIENTATIONS
    )
    return cards.Deal(
        seed=int(data["seed"]),
        board=board,
        dealer=cards.dealer_of(board),
        first=cards.first_player_of(board),
        hands=hands,
        dog=cards.sorted_cards(card_of(c) for c in data["dog"]),
    )


def deal(seed: int, board: int) -> dict[str, Any]:
    """Board `board` of an event with this seed, dealt and in its JSON form."""
    return deal_to_json(cards.deal_board(seed, board))


def dealer(board: int) -> int:
    """The orientation (0..3) that deals `board`: N, W, S, E in turn (tarot turns right)."""
    return ORIENTATIONS.index(cards.dealer_of(board))


def first_player(board: int) -> int:
    """The orientation (0..3) that leads the first trick: the dealer's right."""
    return ORIENTATIONS.index(cards.first_player_of(board))


def first_after(dealer: int) -> int:
    """Who leads when `dealer` deals (the organiser may change a board's dealer): the
    dealer's right-hand neighbour, as scoring.cards' PLAY_ORDER turns (N, W, S, E)."""
    order = [ORIENTATIONS.index(o) for o in cards.PLAY_ORDER]
    return order[(order.index(dealer) + 1) % 4]


def takers(seed: int, count: int) -> list[int]:
    """The taker's orientation (0..3) of boards 1..count, as the federation names one
    per board: every block of four boards names N, E, S and W once each, in an order
    drawn from the event's seed, so that over a session each orientation takes as often
    as the others (within one) and a reprint names the same takers."""
    draw = random.Random(f"takers:{seed}")
    named: list[int] = []
    while len(named) < count:
        block = list(range(4))
        draw.shuffle(block)
        named += block
    return named[:count]


def letter(orientation: int) -> str:
    return ORIENTATIONS[orientation]


def trumps_dealt(data: dict[str, Any]) -> list[int]:
    """Trumps dealt to N, E, S, W (the Excuse counted, as in a poignée)."""
    dealt = deal_from_json(data)
    return [cards.trump_count(hand, excuse=True) for hand in dealt.hands]


def printed_hand(held: Any, language: str) -> list[tuple[str, str, str]]:
    """A hand as printed: one (suit, symbol or "", labels) row per suit held, high cards
    first (trumps, the Excuse, then spades, hearts, diamonds, clubs)."""
    return [(row.suit, row.symbol, " ".join(row.labels)) for row in cards.suit_rows(held, language)]
