"""A random but legal game of tarot at 4 players, to produce possible results of a deal.

Written from the FFT rules, independently of scoring/deal_checks.py: the taker takes
the dog and discards (prise, garde: no king nor oudler, trumps only when forced) or
leaves it aside (garde sans: his, garde contre: the defence's); the first player
(or the taker who announced a chelem) leads; players follow suit, trump and
overtrump when they must, and may play the Excuse at any time, the last trick
included (where it goes to the camp that wins that trick, unless it is led by a camp
that won every trick before, and then it wins). The Excuse otherwise stays with its
camp, which gives a half-point card for it. The last trick holding the Petit gives
the petit au bout to the camp that wins it (in a chelem with the Excuse led last,
the Petit in the trick before). Each player shows a poignée of any size his trumps
allow, or none.

`play` returns the scoring.Hand (players "N", "E", "S", "W") a scorekeeper would
enter, so that properties can check that no possible result is refused.
"""

from __future__ import annotations

import random
from fractions import Fraction

from scoring import Chelem, Hand, Poignee
from scoring.cards import (
    DECK,
    EXCUSE,
    ORIENTATIONS,
    PETIT,
    PLAY_ORDER,
    SUITS,
    THE_EXCUSE,
    TRUMP,
    Card,
    Deal,
    sorted_cards,
)

CONTRACTS = ("prise", "garde", "garde_sans", "garde_contre")
THRESHOLDS = {"simple": 10, "double": 13, "triple": 15}


def stacked_deal(rng: random.Random, favoured: str | None) -> Deal:
    """A random deal; with `favoured`, that orientation gets most high trumps and kings
    (so that chelems and poignées happen)."""
    deck = list(DECK)
    rng.shuffle(deck)
    if favoured is not None:
        strong = [c for c in deck if (c.suit == TRUMP and c.rank > 5) or c.rank == 14]
        weak = [c for c in deck if c not in strong]
        keep = rng.randint(12, 18)
        start = ORIENTATIONS.index(favoured) * 18
        chosen = strong[:keep] + weak[: 18 - keep]
        rest = [c for c in deck if c not in chosen]
        deck = rest[:start] + chosen + rest[start:]
    hands = tuple(sorted_cards(deck[k * 18 : (k + 1) * 18]) for k in range(4))
    return Deal(0, 1, "N", "W", hands, sorted_cards(deck[72:]))  # type: ignore[arg-type]


def _strength(card: Card) -> tuple[int, int]:
    return (2 if card.suit == TRUMP else 0, card.rank)


def _legal(hand: list[Card], trick: list[tuple[str, Card]]) -> list[Card]:
    led = next((c for _, c in trick if c.suit != EXCUSE), None)
    excuse = [c for c in hand if c.suit == EXCUSE]
    others = [c for c in hand if c.suit != EXCUSE]
    if led is None or not others:
        return hand
    follow = [c for c in others if c.suit == led.suit]
    trumps = [c for c in others if c.suit == TRUMP]
    if follow and led.suit != TRUMP:
        return follow + excuse
    if trumps:
        best = max((c.rank for _, c in trick if c.suit == TRUMP), default=0)
        higher = [c for c in trumps if c.rank > best]
        return (higher or trumps) + excuse
    return others + excuse


def _winner(trick: list[tuple[str, Card]]) -> str:
    played = [(o, c) for o, c in trick if c.suit != EXCUSE]
    trumps = [(o, c) for o, c in played if c.suit == TRUMP]
    if trumps:
        return max(trumps, key=lambda oc: oc[1].rank)[0]
    led = played[0][1].suit
    return max((oc for oc in played if oc[1].suit == led), key=lambda oc: oc[1].rank)[0]


def play(deal: Deal, rng: random.Random, taker: str, contract: str, greedy: float = 0.3) -> Hand:
    """One random legal game of `deal`; `greedy` is the chance a player plays his
    strongest legal card rather than a random one."""
    camp = {o: "taker" if o == taker else "defence" for o in ORIENTATIONS}
    hands = {o: list(deal.hand(o)) for o in ORIENTATIONS}
    piles: dict[str, list[Card]] = {"taker": [], "defence": []}
    if contract in ("prise", "garde"):
        hands[taker] += deal.dog
        plain = [c for c in hands[taker] if c.suit in SUITS and c.rank != 14]
        trumps = [c for c in hands[taker] if c.suit == TRUMP and not c.is_oudler]
        rng.shuffle(plain)
        rng.shuffle(trumps)
        ecart = (plain + trumps)[:6]
        for c in ecart:
            hands[taker].remove(c)
        piles["taker"] += ecart
    else:
        piles["taker" if contract == "garde_sans" else "defence"] += deal.dog
    poignees = []
    shown = 0
    for o in ORIENTATIONS:
        held = sum(1 for c in hands[o] if c.suit in (TRUMP, EXCUSE))
        sizes = [s for s, n in THRESHOLDS.items() if n <= held and shown + n <= 22]
        if sizes and rng.random() < 0.5:
            size = rng.choice(sizes)
            shown += THRESHOLDS[size]
            poignees.append(Poignee(o, size))
    announced = rng.random() < 0.2
    leader = taker if announced else deal.first
    excuse_camp = None  # where the Excuse ends, once played
    exchange = None  # (from camp, to camp) of the half-point card given for the Excuse
    petit_trick = None  # (trick index, winning camp) of the trick holding the Petit
    excuse_wins_last = False
    tricks_won_by: list[str] = []
    for index in range(18):
        last = index == 17
        start = PLAY_ORDER.index(leader)
        trick: list[tuple[str, Card]] = []
        for k in range(4):
            o = PLAY_ORDER[(start + k) % 4]
            options = _legal(hands[o], trick)
            card = max(options, key=_strength) if rng.random() < greedy else rng.choice(options)
            hands[o].remove(card)
            trick.append((o, card))
        leading_camp = camp[trick[0][0]]
        excuse_wins_last = (
            last and trick[0][1] == THE_EXCUSE and set(tricks_won_by) == {leading_camp}
        )
        winner = trick[0][0] if excuse_wins_last else _winner(trick)
        winning = camp[winner]
        tricks_won_by.append(winning)
        for o, card in trick:
            if card == THE_EXCUSE:
                excuse_camp = winning if (last or camp[o] == winning) else camp[o]
                if excuse_camp != winning:
                    exchange = (excuse_camp, winning)
            else:
                piles[winning].append(card)
            if card == PETIT:
                petit_trick = (index, winning)
        leader = winner
    if excuse_camp is not None:
        piles[excuse_camp].append(THE_EXCUSE)
    points = sum((c.points for c in piles["taker"]), Fraction(0))
    if exchange is not None:
        # The Excuse's camp gives a half-point card for it (or, having no trick, keeps
        # it for 4 points: the same half point moves).
        points += Fraction(1, 2) if exchange[1] == "taker" else -Fraction(1, 2)
    assert points.denominator == 1, points
    won = set(tricks_won_by)
    made_by = won.pop() if len(won) == 1 else None
    pab = None
    if petit_trick is not None:
        trick_index, winning = petit_trick
        if trick_index == 17 or (trick_index == 16 and excuse_wins_last and winning == made_by):
            pab = winning
    oudlers = sum(1 for c in piles["taker"] if c.is_oudler)
    return Hand(
        players=ORIENTATIONS,
        taker=taker,
        contract=contract,
        oudlers=oudlers,
        points=points,
        petit_au_bout=pab,
        poignees=tuple(poignees),
        chelem=Chelem(announced=announced, made_by=made_by),
    )
