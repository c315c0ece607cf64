"""INTERIM stand-in for scoring.cards (branch dupcore), removed at its merge."""

from __future__ import annotations

import random
from typing import Any

from .errors import HandError

TRUMPS = [f"T{n}" for n in range(1, 22)]
SUITS = [
    f"{rank}{suit}"
    for suit in "SHDC"
    for rank in ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "C", "D", "R"]
]
DECK = [*TRUMPS, "EX", *SUITS]
POIGNEE_TRUMPS = {"simple": 10, "double": 13, "triple": 15}


def board_dealer(number: int) -> int:
    return (number - 1) % 4


def deal_board(seed: int, number: int) -> dict[str, Any]:
    cards = list(DECK)
    random.Random(seed * 1000 + number).shuffle(cards)
    return {
        "N": cards[0:18],
        "E": cards[18:36],
        "S": cards[36:54],
        "W": cards[54:72],
        "dog": cards[72:],
    }


def deal_to_json(deal: dict[str, Any]) -> dict[str, Any]:
    return deal


def deal_from_json(data: dict[str, Any]) -> dict[str, Any]:
    return data


def trumps(cards: list[str]) -> int:
    return sum(c.startswith("T") or c == "EX" for c in cards)


def contradictions(
    deal: dict[str, Any], hand: Any, orientations: dict[Any, int]
) -> list[HandError]:
    found = []
    for poignee in hand.poignees:
        o = orientations.get(poignee.player)
        held = trumps(deal["NESW"[o]])
        if poignee.player == hand.taker and hand.contract in ("prise", "garde"):
            held += trumps(deal["dog"])
        need = POIGNEE_TRUMPS.get(poignee.size, 0)
        if held < need:
            found.append(
                HandError(
                    "poignees",
                    "poignee_not_dealt",
                    "not enough trumps",
                    value=poignee.player,
                    held=held,
                    needed=need,
                )
            )
    return found


def first_player(dealer: int) -> int:
    return (dealer + 3) % 4


def groups_for_print(held: list[str]) -> list[tuple[str, list[str]]]:
    groups: dict[str, list[str]] = {}
    for card in held:
        suit = "T" if card.startswith("T") or card == "EX" else card[-1]
        groups.setdefault(suit, []).append(card)
    return [(suit, groups[suit]) for suit in "TSHDC" if suit in groups]
