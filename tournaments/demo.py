"""Realistic random hands, for demo data and for data at scale.

The spread of contracts, outcomes and bonuses follows what a club sheet looks
like: mostly prises and gardes, about two thirds made, a petit au bout every
ten hands or so, a poignée now and then, a chelem very rarely.
"""

from __future__ import annotations

import random
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from scoring import TARGETS

from .rules.dealing import dealer_for

if TYPE_CHECKING:
    from .models import Hand, Player, Seat

CONTRACT_WEIGHTS = {
    "prise": 45,
    "garde": 40,
    "garde_sans": 8,
    "garde_contre": 2,
}
PASSED_WEIGHT = 5


def random_points(rng: random.Random, oudlers: int, n: int) -> Decimal:
    """Card points around the target, possible for the oudlers held."""
    target = TARGETS[oudlers]
    low = Decimal("4.5") * oudlers
    high = Decimal(91) - Decimal("4.5") * (3 - oudlers)
    raw = Decimal(round(rng.gauss(target + 3, 9) * 2)) / 2
    if n == 4:
        raw = raw.to_integral_value()
        low = low.to_integral_value(rounding="ROUND_CEILING")
        high = high.to_integral_value(rounding="ROUND_FLOOR")
    return min(max(raw, low), high)


def random_hand(
    rng: random.Random,
    seats: list[Seat],
    number: int,
    *,
    dealer_out: bool = False,
    contracts: tuple[str, ...] = tuple(CONTRACT_WEIGHTS),
) -> Hand:
    """An unsaved Hand for the seated players; the dealer rotates with `number`."""
    from .models import Hand

    players: list[Player] = [seat.player for seat in seats]
    dealer = dealer_for(number, players)
    active = [p for p in players if not (dealer_out and len(players) == 5 and p == dealer)]
    n = len(active)
    hand = Hand(number=number, dealer=dealer)
    allowed = {c: w for c, w in CONTRACT_WEIGHTS.items() if c in contracts}
    choice = rng.choices([*allowed, ""], weights=[*allowed.values(), PASSED_WEIGHT])[0]
    if not choice:
        return hand
    hand.contract = choice
    hand.taker = rng.choice(active)
    if n == 5:
        others = [p for p in active if p != hand.taker]
        # The called king is in the dog or the taker's hand about one time in eight.
        hand.partner = None if rng.random() < 0.125 else rng.choice(others)
    hand.oudlers = rng.choices([0, 1, 2, 3], weights=[10, 35, 40, 15])[0]
    hand.points = random_points(rng, hand.oudlers, n)
    roll = rng.random()
    # The camp that wins the last trick with the Petit holds it among its oudlers.
    if roll < 0.06 and hand.oudlers >= 1:
        hand.petit_au_bout = "taker"
    elif 0.06 <= roll < 0.10 and hand.oudlers <= 2:
        hand.petit_au_bout = "defence"
    if rng.random() < 0.08:
        shower = rng.choice(active)
        size = rng.choices(["simple", "double", "triple"], weights=[85, 12, 3])[0]
        hand.poignees = [{"player": shower.pk, "size": size}]
    if hand.points == 91 and hand.oudlers == 3 and rng.random() < 0.5:
        hand.chelem_made_by = "taker"
        hand.chelem_announced = rng.random() < 0.5
    return hand


def demo_trump_counts(deal: dict[str, Any] | None) -> list[int]:
    """Trumps (the Excuse counted) dealt to N, E, S, W on a board the app dealt; all 0
    for a board dealt by hand."""
    if deal is None:
        return [0, 0, 0, 0]
    from .rules.boards import trumps_dealt

    return trumps_dealt(deal)
