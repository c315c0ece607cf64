"""One hand in, zero-sum scores out."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .hand import TARGETS, Hand, PlayerId, validate
from .rules import FFT, RuleSet


@dataclass(frozen=True)
class HandResult:
    """Scores by player plus the figures a score sheet shows.

    `value` is the per-defender marque signed from the taker camp's side;
    `made` and `margin` are None for a passed hand.
    """

    scores: dict[PlayerId, int]
    made: bool | None
    margin: int | None
    value: int
    target: int | None = None
    multiplier: Fraction = Fraction(0)
    petit_au_bout: int = 0
    poignees: int = 0
    chelem: int = 0
    miseres: dict[PlayerId, int] | None = None

    def to_json(self) -> dict[str, Any]:
        m = self.multiplier
        return {
            "scores": {str(p): s for p, s in self.scores.items()},
            "made": self.made,
            "margin": self.margin,
            "value": self.value,
            "target": self.target,
            "detail": {
                "multiplier": int(m) if m.denominator == 1 else float(m),
                "petit_au_bout": self.petit_au_bout,
                "poignees": self.poignees,
                "chelem": self.chelem,
                "miseres": {str(p): s for p, s in (self.miseres or {}).items()},
            },
        }


def round_half_away(value: Fraction, unit: int = 1) -> int:
    """Nearest multiple of `unit`, halves away from zero (25 -> 30, -25 -> -30)."""
    quotient = abs(value) / unit
    rounded = math.floor(quotient + Fraction(1, 2)) * unit
    return rounded if value >= 0 else -rounded


def score_hand(hand: Hand, rules: RuleSet = FFT) -> HandResult:
    """Validate and score one hand; raises HandError for an impossible hand."""
    validate(hand, rules)
    scores: dict[PlayerId, int] = dict.fromkeys(hand.players, 0)
    miseres = _misere_scores(hand, rules)
    if hand.passed:
        for player, s in miseres.items():
            scores[player] += s
        return HandResult(scores=scores, made=None, margin=None, value=0, miseres=miseres)

    assert hand.contract is not None
    target = TARGETS[hand.oudlers]
    made = hand.points >= target
    sign = 1 if made else -1
    # The half point goes to the winning camp: 40.5 for 41 fails by 1, 41.5 makes by 1.
    margin = math.ceil(abs(hand.points - target))
    multiplier = rules.multiplier(hand.contract)
    pab = {"taker": rules.petit_au_bout, "defence": -rules.petit_au_bout, None: 0}[
        hand.petit_au_bout
    ]
    poignees = sum(rules.poignee_value(p.size) for p in hand.poignees)
    chelem = _chelem_bonus(hand, rules)
    exact = (
        (sign * (rules.contract_base(hand.contract) + margin) + pab) * multiplier
        + sign * poignees
        + chelem
    )
    value = round_half_away(exact, rules.rounding)

    active = hand.active_players
    attack_shares = _attack_shares(hand, rules, value, len(active))
    for player in active:
        scores[player] = attack_shares.get(player, -value)
    for player, s in miseres.items():
        scores[player] += s
    return HandResult(
        scores=scores,
        made=made,
        margin=margin,
        value=value,
        target=target,
        multiplier=multiplier,
        petit_au_bout=round_half_away(pab * multiplier),
        poignees=sign * poignees,
        chelem=chelem,
        miseres=miseres,
    )


def _chelem_bonus(hand: Hand, rules: RuleSet) -> int:
    """Signed from the taker camp's side; the defence's chelem stands on its own."""
    chelem = hand.chelem
    bonus = 0
    if chelem.announced:
        if chelem.made_by == "taker":
            bonus += rules.chelem_announced_made
        else:
            bonus -= rules.chelem_announced_failed
    elif chelem.made_by == "taker":
        bonus += rules.chelem_unannounced_made
    if chelem.made_by == "defence":
        bonus -= rules.chelem_defence
    return bonus


def _attack_shares(hand: Hand, rules: RuleSet, value: int, n: int) -> dict[PlayerId, int]:
    """What the taker (and partner) receive so that the hand sums to zero."""
    defenders = n - 1 - (1 if hand.partner is not None else 0)
    attack_total = defenders * value
    if hand.partner is None:
        return {hand.taker: attack_total}
    if rules.five_player_split == "equal":
        # 1.5 x value each; an odd value leaves a half point that goes to the taker.
        taker_share = round_half_away(Fraction(attack_total, 2))
        return {hand.taker: taker_share, hand.partner: attack_total - taker_share}
    return {hand.taker: attack_total - value, hand.partner: value}


def _misere_scores(hand: Hand, rules: RuleSet) -> dict[PlayerId, int]:
    """A misère is paid to its holder by every other player who plays the hand."""
    active = hand.active_players
    result: dict[PlayerId, int] = {}
    for misere in hand.miseres:
        amount = rules.misere_value(misere.size)
        for player in active:
            share = amount * (len(active) - 1) if player == misere.player else -amount
            result[player] = result.get(player, 0) + share
    return result
