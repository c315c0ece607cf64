"""Validation of a played hand: who plays, the contract, the card points and the
players' declarations (poignées, misères). Chelem and petit au bout: tricks.py."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import HandError
from ..rules import ALL_CONTRACTS, FFT, MISERE_SIZES, POIGNEE_SIZES, RuleSet
from .model import (
    CAMPS,
    MAX_CARDS_SHOWN,
    OUDLER_POINTS,
    TARGETS,
    TOTAL_POINTS,
    Hand,
    Misere,
    PlayerId,
    Poignee,
    show_points,
)
from .tricks import validate_chelem, validate_petit_au_bout


def validate(hand: Hand, rules: RuleSet = FFT) -> None:
    """Raise HandError naming the first field that makes the hand impossible."""
    players = hand.players
    if not 3 <= len(players) <= 5:
        raise HandError(
            "players",
            "player_count",
            f"players: a hand is played by 3, 4 or 5 players, not {len(players)}",
            count=len(players),
        )
    if len(set(players)) != len(players):
        raise HandError("players", "duplicate_player", "players: a player is listed twice")
    if hand.sitting_out is not None:
        if hand.sitting_out not in players:
            raise HandError(
                "sitting_out", "not_a_player", "sitting_out: that player is not at the table"
            )
        if len(players) != 5:
            raise HandError(
                "sitting_out",
                "sitting_out_needs_five",
                "sitting_out: only the dealer of a table of 5 sits out",
            )
    active = hand.active_players
    n = len(active)

    if hand.passed:
        # A passed hand carries nothing else: a stray taker or bonus means a mistake.
        if hand.taker is not None or hand.partner is not None:
            raise HandError(
                "taker", "passed_with_taker", "taker: nobody took when everybody passed"
            )
        if hand.poignees or hand.petit_au_bout or hand.chelem.made_by or hand.chelem.announced:
            raise HandError(
                "contract",
                "passed_with_bonus",
                "contract: a hand where everybody passed has no bonus",
            )
        _validate_miseres(hand, rules, active)
        return

    if hand.contract not in ALL_CONTRACTS:
        raise HandError(
            "contract",
            "unknown_contract",
            f"contract: unknown contract {hand.contract!r}",
            value=hand.contract,
        )
    if hand.contract not in rules.contracts:
        raise HandError(
            "contract",
            "contract_not_allowed",
            f"contract: {hand.contract} is not allowed by the rules {rules.name!r}",
            value=hand.contract,
        )
    if hand.taker is None:
        raise HandError("taker", "taker_missing", "taker: who took?")
    if hand.taker not in active:
        raise HandError(
            "taker",
            "not_a_player",
            f"taker: {hand.taker!r} is not among the players of this hand",
            value=hand.taker,
        )
    if hand.partner is not None:
        if n != 5:
            raise HandError(
                "partner",
                "partner_needs_five",
                f"partner: there is no called partner at {n} players",
                count=n,
            )
        if hand.partner not in active:
            raise HandError(
                "partner",
                "not_a_player",
                f"partner: {hand.partner!r} is not among the players of this hand",
                value=hand.partner,
            )
        if hand.partner == hand.taker:
            raise HandError(
                "partner",
                "partner_is_taker",
                "partner: the taker cannot be his own partner (choose 'alone')",
            )

    if isinstance(hand.oudlers, bool) or hand.oudlers not in TARGETS:
        raise HandError(
            "oudlers",
            "oudlers_range",
            f"oudlers: must be 0, 1, 2 or 3, not {hand.oudlers!r}",
            value=hand.oudlers,
        )
    _validate_points(hand, n)

    if hand.petit_au_bout not in (None, *CAMPS):
        raise HandError(
            "petit_au_bout",
            "unknown_camp",
            "petit_au_bout: must be 'taker', 'defence' or empty",
            value=hand.petit_au_bout,
        )
    if hand.chelem.made_by not in (None, *CAMPS):
        raise HandError(
            "chelem",
            "unknown_camp",
            "chelem: made_by must be 'taker', 'defence' or empty",
            value=hand.chelem.made_by,
        )
    validate_chelem(hand, n)
    validate_petit_au_bout(hand)
    _validate_poignees(hand, rules, active)
    _validate_miseres(hand, rules, active)


def _validate_points(hand: Hand, n: int) -> None:
    points = hand.points
    if isinstance(points, int) and not isinstance(points, bool):
        points = Fraction(points)
    if not isinstance(points, Fraction) or points.denominator not in (1, 2):
        raise HandError(
            "points",
            "half_points_only",
            f"points: card points are counted in half points, not {points}",
            value=str(points),
        )
    if not 0 <= points <= TOTAL_POINTS:
        raise HandError(
            "points",
            "points_range",
            f"points: must be between 0 and 91, not {show_points(points)}",
            value=show_points(points),
        )
    if n == 4 and points.denominator != 1:
        raise HandError(
            "points",
            "half_points_at_four",
            f"points: at 4 players card points are whole numbers, not {show_points(points)}",
            value=show_points(points),
        )
    # Each oudler is worth 4.5, so k oudlers bring at least 4.5k points and the
    # other camp's oudlers are out of reach. The one exception: the Excuse kept by
    # a camp that took no trick is worth 4 (it cannot give back its half point).
    low = hand.oudlers * OUDLER_POINTS
    high = TOTAL_POINTS - (3 - hand.oudlers) * OUDLER_POINTS
    if hand.chelem.made_by == "defence" and hand.oudlers >= 1:
        low -= Fraction(1, 2)
    if hand.chelem.made_by == "taker" and hand.oudlers <= 2:
        high += Fraction(1, 2)
    if not low <= points <= high:
        raise HandError(
            "points",
            "points_impossible_for_oudlers",
            f"points: {show_points(points)} is impossible with {hand.oudlers} oudler(s)"
            f" (between {show_points(low)} and {show_points(high)})",
            value=show_points(points),
            oudlers=hand.oudlers,
            low=show_points(low),
            high=show_points(high),
        )


@dataclass(frozen=True)
class _Declaration:
    """What differs between a poignée and a misère when checking who declared what."""

    field: str
    sizes: Sequence[str]
    unknown_code: str
    unknown_message: str  # a str.format template with {size}
    twice_code: str
    twice_message: str  # a str.format template with {player}


_POIGNEE = _Declaration(
    "poignees",
    POIGNEE_SIZES,
    "unknown_poignee",
    "unknown poignée {size!r} (simple, double or triple)",
    "two_poignees",
    "{player!r} shows a poignée only once",
)
_MISERE = _Declaration(
    "miseres",
    MISERE_SIZES,
    "unknown_misere",
    "unknown misère {size!r} (simple or double)",
    "two_miseres",
    "{player!r} declares a misère only once",
)


def _validate_declarations(
    kind: _Declaration, items: Sequence[Poignee | Misere], active: Sequence[PlayerId]
) -> None:
    """Each declaration is by a player of this hand, of a known size, one per player."""
    seen: set[PlayerId] = set()
    for item in items:
        if item.player not in active:
            raise HandError(
                kind.field,
                "not_a_player",
                f"{kind.field}: {item.player!r} is not among the players of this hand",
                value=item.player,
            )
        if item.size not in kind.sizes:
            raise HandError(
                kind.field,
                kind.unknown_code,
                f"{kind.field}: " + kind.unknown_message.format(size=item.size),
                value=item.size,
            )
        if item.player in seen:
            raise HandError(
                kind.field,
                kind.twice_code,
                f"{kind.field}: " + kind.twice_message.format(player=item.player),
                value=item.player,
            )
        seen.add(item.player)


def _validate_poignees(hand: Hand, rules: RuleSet, active: Sequence[PlayerId]) -> None:
    thresholds = rules.poignee_thresholds(len(active))
    _validate_declarations(_POIGNEE, hand.poignees, active)
    cards = sum(thresholds[poignee.size] for poignee in hand.poignees)
    if cards > MAX_CARDS_SHOWN:
        raise HandError(
            "poignees",
            "too_many_cards_shown",
            f"poignees: these poignées show at least {cards} trumps,"
            f" more than the {MAX_CARDS_SHOWN} there are",
            cards=cards,
        )


def _validate_miseres(hand: Hand, rules: RuleSet, active: Sequence[PlayerId]) -> None:
    if not hand.miseres:
        return
    if not rules.allows_misere:
        raise HandError(
            "miseres",
            "misere_not_allowed",
            f"miseres: the rules {rules.name!r} have no misère",
        )
    _validate_declarations(_MISERE, hand.miseres, active)
