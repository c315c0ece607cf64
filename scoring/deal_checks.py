"""Results that contradict a known deal (duplicate boards): pure Python, no Django.

`contradictions(deal, hand)` checks a 4-player hand (scoring.Hand, whose players are
the orientations "N", "E", "S", "W" or are mapped to them) against the cards each
orientation was dealt, and lists every contradiction with a code of
scoring.ERROR_CODES, the engine field at fault and an English message, as HandError
does. Check the hand itself first (scoring.validate / score_hand): on an invalid
hand the answer is unspecified. A passed hand contradicts nothing.

Each rule follows from the cards alone and never refuses a hand that can happen
(tests/duplicate simulates random legal play and checks that none is refused):

deal_poignee_trumps
    A poignée shows trumps from the hand held during play (the Excuse may stand in
    for one). A defender holds what he was dealt; the taker too, plus the dog in a
    prise or garde (he takes it into his hand), not in a garde sans or contre (the
    dog stays aside). Nobody holds more than 18 cards during play.
deal_chelem_21
    The 21 wins the trick it is played to, so the camp that played it took a trick:
    the other camp cannot have taken them all. The 21 is played by whoever was
    dealt it, or by the taker when it lies in the dog of a prise or garde.
deal_petit_in_dog
    In a garde sans or contre the dog is never played: a Petit lying there cannot
    be au bout.
deal_oudlers, deal_points
    Which camp's tricks (counting the écart and the dog where they belong) may end
    up holding each card, given the contract:
    - the dog of a garde sans is the taker's, that of a garde contre the defence's;
    - the 21 stays with the camp that played it (it cannot be captured);
    - the Excuse stays with its camp, except that played to the last trick it goes
      to the other camp (FFT; a camp making a chelem keeps it), so a hand it is
      played in can end in either camp: when the taker was dealt it, he may still
      end without it, and the defence may end without the Excuse it was dealt;
    - the Petit can be captured; it is in the tricks of the camp that won the last
      trick when it is au bout;
    - when a camp took every trick, every card played is in its tricks (but the
      Excuse of the other camp, which keeps it or loses it on the last trick);
    - in a prise or garde any card of the taker's 24 but the kings and oudlers may
      lie in his écart, which is his.
    The taker camp's oudlers lie between the oudlers surely its own and 3 minus those
    surely the defence's; its card points between the points of the cards surely its
    own and 91 minus those surely the defence's, each relaxed by the half point that
    the Excuse's exchange (a low card given for it) can move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from fractions import Fraction
from typing import Any

from .cards import (
    DECK,
    HAND_SIZE,
    ORIENTATIONS,
    PETIT,
    THE_EXCUSE,
    TWENTY_ONE,
    Card,
    Deal,
    trump_count,
)
from .errors import HandError
from .hand import Hand, PlayerId
from .hand.model import TOTAL_POINTS, show_points
from .rules import FFT, RuleSet

TAKER, DEFENCE = "taker", "defence"
BOTH = frozenset((TAKER, DEFENCE))
# The Excuse's exchange moves one low card (half a point) between the camps.
EXCHANGE = Fraction(1, 2)


@dataclass(frozen=True)
class Contradiction:
    """One way a result contradicts the deal: `field` is the engine field at fault
    (as HandError: "poignees", "oudlers", "points", "chelem", "petit_au_bout"), `code`
    a key of scoring.ERROR_CODES, `message` English, `params` the values a translated
    message needs (`value` is the player concerned for a poignée)."""

    field: str
    code: str
    message: str
    params: Mapping[str, Any] = dataclass_field(default_factory=dict)

    def as_error(self) -> HandError:
        """The same as the HandError the web app already knows how to translate."""
        return HandError(self.field, self.code, self.message, **self.params)


def contradictions(
    deal: Deal,
    hand: Hand,
    orientation_of: Mapping[PlayerId, str] | None = None,
    rules: RuleSet = FFT,
) -> list[Contradiction]:
    """Every contradiction between `hand` (4 players, not a table of 5) and `deal`.

    `orientation_of` maps each player of the hand to "N", "E", "S" or "W"; without it
    the players must be the orientations themselves. Raises ValueError when the hand
    is not played by exactly the four orientations.
    """
    given = {p: (orientation_of.get(p) if orientation_of is not None else p) for p in hand.players}
    seats = list(given.values())
    if hand.sitting_out is not None or len(seats) != 4 or set(seats) != set(ORIENTATIONS):
        raise ValueError("a board is played by four players, one at each orientation")
    # Every player of them: each seat is one of ORIENTATIONS, as checked above.
    where = {p: o for p, o in given.items() if isinstance(o, str)}
    if hand.passed:
        return []
    assert hand.taker is not None and hand.contract is not None
    taker = where[hand.taker]
    found = _poignees(deal, hand, where, taker, rules)
    found += _chelem_and_petit(deal, hand, taker)
    camps = {card: _camps(deal, hand, taker, card) for card in DECK}
    found += _oudlers(hand, camps)
    found += _points(hand, camps)
    return found


def _in_hand_at_play(deal: Deal, contract: str, taker: str, orientation: str) -> list[Card]:
    """The cards `orientation` may hold during play (the taker's dog in prise/garde)."""
    cards = list(deal.hand(orientation))
    if orientation == taker and contract not in ("garde_sans", "garde_contre"):
        cards += deal.dog
    return cards


def _poignees(
    deal: Deal, hand: Hand, where: Mapping[PlayerId, str], taker: str, rules: RuleSet
) -> list[Contradiction]:
    found = []
    needed = rules.poignee_thresholds(4)
    assert hand.contract is not None
    for poignee in hand.poignees:
        orientation = where.get(poignee.player)
        if orientation is None or poignee.size not in needed:
            continue  # the engine's validation names these
        cards = _in_hand_at_play(deal, hand.contract, taker, orientation)
        held = min(trump_count(cards, excuse=True), HAND_SIZE)
        if held < needed[poignee.size]:
            dog = " (with the dog)" if len(cards) > HAND_SIZE else ""
            found.append(
                Contradiction(
                    "poignees",
                    "deal_poignee_trumps",
                    f"poignees: {poignee.player!r} at {orientation} shows a {poignee.size}"
                    f" poignée ({needed[poignee.size]} trumps) but held {held} trumps"
                    f"{dog}, the Excuse counted",
                    {
                        "value": poignee.player,
                        "orientation": orientation,
                        "size": poignee.size,
                        "needed": needed[poignee.size],
                        "held": held,
                    },
                )
            )
    return found


def _player_camp(deal: Deal, contract: str, taker: str, card: Card) -> str | None:
    """The camp of whoever plays `card`; None when it lies in a dog nobody plays."""
    holder = deal.holder(card)
    if holder == "dog":
        return None if contract in ("garde_sans", "garde_contre") else TAKER
    return TAKER if holder == taker else DEFENCE


def _chelem_and_petit(deal: Deal, hand: Hand, taker: str) -> list[Contradiction]:
    found = []
    assert hand.contract is not None
    made_by = hand.chelem.made_by
    played_21 = _player_camp(deal, hand.contract, taker, TWENTY_ONE)
    if made_by is not None and played_21 is not None and played_21 != made_by:
        found.append(
            Contradiction(
                "chelem",
                "deal_chelem_21",
                f"chelem: the {played_21} camp played the 21, which won its trick,"
                f" so the {made_by} camp did not take every trick",
                {"value": made_by, "holder": deal.holder(TWENTY_ONE)},
            )
        )
    if hand.petit_au_bout is not None and _player_camp(deal, hand.contract, taker, PETIT) is None:
        found.append(
            Contradiction(
                "petit_au_bout",
                "deal_petit_in_dog",
                f"petit_au_bout: the Petit lies in the dog of this {hand.contract},"
                " which nobody plays",
                {"value": hand.petit_au_bout, "contract": hand.contract},
            )
        )
    return found


def _camps(deal: Deal, hand: Hand, taker: str, card: Card) -> frozenset[str]:
    """The camps whose tricks (écart and dog included) may hold `card` at the end."""
    contract = hand.contract
    assert contract is not None
    player = _player_camp(deal, contract, taker, card)
    if player is None:  # the dog of a garde sans (taker's) or contre (defence's)
        return frozenset((TAKER if contract == "garde_sans" else DEFENCE,))
    made_by = hand.chelem.made_by
    if card == TWENTY_ONE:
        played = frozenset((player,))
    elif card == THE_EXCUSE:
        played = frozenset((player,)) if made_by == player else BOTH
    elif made_by is not None:
        played = frozenset((made_by,))
    elif card == PETIT and hand.petit_au_bout is not None:
        played = frozenset((hand.petit_au_bout,))
    else:
        played = BOTH
    discardable = player == TAKER and not (card.is_oudler or card.is_king)
    return played | {TAKER} if discardable else played


def _oudlers(hand: Hand, camps: dict[Card, frozenset[str]]) -> list[Contradiction]:
    oudlers = (TWENTY_ONE, PETIT, THE_EXCUSE)
    low = sum(1 for c in oudlers if camps[c] == {TAKER})
    high = sum(1 for c in oudlers if TAKER in camps[c])
    if low <= hand.oudlers <= high:
        return []
    sure = ", ".join(c.label("en") for c in oudlers if camps[c] == {TAKER}) or "none"
    out = ", ".join(c.label("en") for c in oudlers if TAKER not in camps[c]) or "none"
    return [
        Contradiction(
            "oudlers",
            "deal_oudlers",
            f"oudlers: with this deal the taker camp ends with {low} to {high} oudlers"
            f" (surely its own: {sure}; out of its reach: {out}), not {hand.oudlers}",
            {"value": hand.oudlers, "low": low, "high": high},
        )
    ]


def _points(hand: Hand, camps: dict[Card, frozenset[str]]) -> list[Contradiction]:
    sure_taker = sum((c.points for c, k in camps.items() if k == {TAKER}), Fraction(0))
    sure_defence = sum((c.points for c, k in camps.items() if k == {DEFENCE}), Fraction(0))
    low = max(Fraction(0), sure_taker - EXCHANGE)
    high = min(Fraction(TOTAL_POINTS), TOTAL_POINTS - sure_defence + EXCHANGE)
    if low <= hand.points <= high:
        return []
    return [
        Contradiction(
            "points",
            "deal_points",
            f"points: with this deal the taker camp has between {show_points(low)} and"
            f" {show_points(high)} card points, not {show_points(Fraction(hand.points))}",
            {
                "value": show_points(Fraction(hand.points)),
                "low": show_points(low),
                "high": show_points(high),
            },
        )
    ]
