"""One played hand as the scorekeeper reports it, and its validation."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .errors import HandError
from .rules import ALL_CONTRACTS, FFT, MISERE_SIZES, POIGNEE_SIZES, RuleSet

PlayerId = Hashable
CAMPS: tuple[str, ...] = ("taker", "defence")
TARGETS: dict[int, int] = {0: 56, 1: 51, 2: 41, 3: 36}
TOTAL_POINTS = 91
OUDLER_POINTS = Fraction(9, 2)
# All poignées of a hand together: the 21 trumps and the Excuse.
MAX_CARDS_SHOWN = 22
# Cards dealt to the dog, by active players.
DOG_CARDS: dict[int, int] = {3: 6, 4: 6, 5: 3}
# The most points of an écart of 6 or 3 cards: no king nor oudler may be discarded,
# so queens (3.5) then knights (2.5).
ECART_MAX_POINTS: dict[int, Fraction] = {6: Fraction(19), 3: Fraction(21, 2)}
# The Excuse kept by a camp that took no trick: it has no half point to give back.
EXCUSE_ALONE = Fraction(4)


@dataclass(frozen=True)
class Poignee:
    player: PlayerId
    size: str


@dataclass(frozen=True)
class Misere:
    player: PlayerId
    size: str


@dataclass(frozen=True)
class Chelem:
    announced: bool = False
    made_by: str | None = None  # "taker" | "defence" | None


@dataclass(frozen=True)
class Hand:
    """What is known after play. `contract` None means everybody passed.

    `points` are the taker camp's card points (a Fraction: halves exist at 3
    and 5 players). `sitting_out` is the dealer of a table of 5 who does not
    play this hand: the others play a 4-player hand and he scores 0.
    """

    players: tuple[PlayerId, ...]
    taker: PlayerId | None = None
    contract: str | None = None
    partner: PlayerId | None = None
    oudlers: int = 0
    points: Fraction = Fraction(0)
    petit_au_bout: str | None = None
    poignees: tuple[Poignee, ...] = ()
    chelem: Chelem = field(default_factory=Chelem)
    miseres: tuple[Misere, ...] = ()
    sitting_out: PlayerId | None = None

    @property
    def active_players(self) -> tuple[PlayerId, ...]:
        return tuple(p for p in self.players if p != self.sitting_out)

    @property
    def passed(self) -> bool:
        return self.contract is None


def _error(field_name: str, code: str, message: str, **params: Any) -> HandError:
    return HandError(field_name, code, message, **params)


def validate(hand: Hand, rules: RuleSet = FFT) -> None:
    """Raise HandError naming the first field that makes the hand impossible."""
    players = hand.players
    if not 3 <= len(players) <= 5:
        raise _error(
            "players",
            "player_count",
            f"players: a hand is played by 3, 4 or 5 players, not {len(players)}",
            count=len(players),
        )
    if len(set(players)) != len(players):
        raise _error("players", "duplicate_player", "players: a player is listed twice")
    if hand.sitting_out is not None:
        if hand.sitting_out not in players:
            raise _error(
                "sitting_out", "not_a_player", "sitting_out: that player is not at the table"
            )
        if len(players) != 5:
            raise _error(
                "sitting_out",
                "sitting_out_needs_five",
                "sitting_out: only the dealer of a table of 5 sits out",
            )
    active = hand.active_players
    n = len(active)

    if hand.passed:
        # A passed hand carries nothing else: a stray taker or bonus means a mistake.
        if hand.taker is not None or hand.partner is not None:
            raise _error("taker", "passed_with_taker", "taker: nobody took when everybody passed")
        if hand.poignees or hand.petit_au_bout or hand.chelem.made_by or hand.chelem.announced:
            raise _error(
                "contract",
                "passed_with_bonus",
                "contract: a hand where everybody passed has no bonus",
            )
        _validate_miseres(hand, rules, active)
        return

    if hand.contract not in ALL_CONTRACTS:
        raise _error(
            "contract",
            "unknown_contract",
            f"contract: unknown contract {hand.contract!r}",
            value=hand.contract,
        )
    if hand.contract not in rules.contracts:
        raise _error(
            "contract",
            "contract_not_allowed",
            f"contract: {hand.contract} is not allowed by the rules {rules.name!r}",
            value=hand.contract,
        )
    if hand.taker is None:
        raise _error("taker", "taker_missing", "taker: who took?")
    if hand.taker not in active:
        raise _error(
            "taker",
            "not_a_player",
            f"taker: {hand.taker!r} is not among the players of this hand",
            value=hand.taker,
        )
    if hand.partner is not None:
        if n != 5:
            raise _error(
                "partner",
                "partner_needs_five",
                f"partner: there is no called partner at {n} players",
                count=n,
            )
        if hand.partner not in active:
            raise _error(
                "partner",
                "not_a_player",
                f"partner: {hand.partner!r} is not among the players of this hand",
                value=hand.partner,
            )
        if hand.partner == hand.taker:
            raise _error(
                "partner",
                "partner_is_taker",
                "partner: the taker cannot be his own partner (choose 'alone')",
            )

    if isinstance(hand.oudlers, bool) or hand.oudlers not in TARGETS:
        raise _error(
            "oudlers",
            "oudlers_range",
            f"oudlers: must be 0, 1, 2 or 3, not {hand.oudlers!r}",
            value=hand.oudlers,
        )
    _validate_points(hand, n)

    if hand.petit_au_bout not in (None, *CAMPS):
        raise _error(
            "petit_au_bout",
            "unknown_camp",
            "petit_au_bout: must be 'taker', 'defence' or empty",
            value=hand.petit_au_bout,
        )
    if hand.chelem.made_by not in (None, *CAMPS):
        raise _error(
            "chelem",
            "unknown_camp",
            "chelem: made_by must be 'taker', 'defence' or empty",
            value=hand.chelem.made_by,
        )
    _validate_chelem(hand, n)
    _validate_petit_au_bout(hand)
    _validate_poignees(hand, rules, active)
    _validate_miseres(hand, rules, active)


def set_aside(contract: str, camp: str, n: int) -> tuple[Fraction, int]:
    """The most card points and oudlers `camp` holds outside its tricks, from the cards
    set aside at the deal (the dog, or the taker's écart).

    The écart (prise, garde) belongs to the taker's camp and holds no king and no
    oudler; the dog, unseen, may hold anything and counts for the taker's camp in a
    garde sans, for the defence in a garde contre.
    """
    cards = DOG_CARDS[n]
    if contract in ("garde_sans", "garde_contre"):
        owner = "taker" if contract == "garde_sans" else "defence"
        if camp != owner:
            return Fraction(0), 0
        return cards * OUDLER_POINTS, min(cards, 3)  # oudlers and kings: 4.5 each
    if camp != "taker":
        return Fraction(0), 0
    return ECART_MAX_POINTS[cards], 0


def _validate_chelem(hand: Hand, n: int) -> None:
    """The camp that took every trick has every card but what the other camp set aside
    at the deal and the Excuse (RULES.md: a chelem with the Excuse kept by the defence
    is 87 points with 2 oudlers)."""
    made_by = hand.chelem.made_by
    if made_by is None:
        return
    assert hand.contract is not None
    loser = "defence" if made_by == "taker" else "taker"
    aside_points, aside_oudlers = set_aside(hand.contract, loser, n)
    loser_oudlers = 3 - hand.oudlers if loser == "defence" else hand.oudlers
    loser_points = TOTAL_POINTS - hand.points if loser == "defence" else hand.points
    if loser_oudlers > aside_oudlers + 1:
        most = aside_oudlers + 1
        if made_by == "taker":
            raise _error(
                "chelem",
                "taker_chelem_oudlers",
                f"chelem: in a chelem by the taker's camp the defence keeps at most"
                f" {most} oudler(s), so the taker's camp has at least {3 - most},"
                f" not {hand.oudlers}",
                value=hand.oudlers,
                count=3 - most,
            )
        raise _error(
            "chelem",
            "defence_chelem_oudlers",
            f"chelem: in a chelem by the defence the taker's camp keeps at most {most}"
            f" oudler(s), not {hand.oudlers}",
            value=hand.oudlers,
            count=most,
        )
    # The Excuse is among the loser's oudlers unless the set-aside cards hold them all.
    most_points = aside_points + (EXCUSE_ALONE if loser_oudlers > 0 else 0)
    if loser_points <= most_points:
        return
    if made_by == "taker":
        least = TOTAL_POINTS - most_points
        raise _error(
            "chelem",
            "taker_chelem_points",
            f"chelem: in a chelem by the taker's camp with {hand.oudlers} oudler(s) the"
            f" defence keeps at most {_show(most_points)} points, so the taker's camp has"
            f" at least {_show(least)}, not {_show(hand.points)}",
            value=_show(hand.points),
            oudlers=hand.oudlers,
            low=_show(least),
        )
    raise _error(
        "chelem",
        "defence_chelem_points",
        f"chelem: in a chelem by the defence the taker's camp with {hand.oudlers} oudler(s)"
        f" keeps at most {_show(most_points)} points, not {_show(hand.points)}",
        value=_show(hand.points),
        oudlers=hand.oudlers,
        high=_show(most_points),
    )


def _validate_petit_au_bout(hand: Hand) -> None:
    """The camp that won the last trick with the Petit has the Petit, an oudler."""
    camp = hand.petit_au_bout
    if camp is None:
        return
    if hand.chelem.made_by is not None and hand.chelem.made_by != camp:
        raise _error(
            "petit_au_bout",
            "petit_au_bout_no_trick",
            f"petit_au_bout: the {camp} camp took no trick (the other camp made a chelem)",
            value=camp,
        )
    if camp == "taker" and hand.oudlers == 0:
        raise _error(
            "petit_au_bout",
            "petit_au_bout_without_oudler",
            "petit_au_bout: the taker's camp won the last trick with the Petit,"
            " so it has at least 1 oudler, not 0",
        )
    if camp == "defence" and hand.oudlers == 3:
        raise _error(
            "petit_au_bout",
            "petit_au_bout_all_oudlers",
            "petit_au_bout: the taker's camp has all 3 oudlers, the Petit among them:"
            " the defence cannot win the last trick with it",
        )


def _validate_points(hand: Hand, n: int) -> None:
    points = hand.points
    if isinstance(points, int) and not isinstance(points, bool):
        points = Fraction(points)
    if not isinstance(points, Fraction) or points.denominator not in (1, 2):
        raise _error(
            "points",
            "half_points_only",
            f"points: card points are counted in half points, not {points}",
            value=str(points),
        )
    if not 0 <= points <= TOTAL_POINTS:
        raise _error(
            "points",
            "points_range",
            f"points: must be between 0 and 91, not {_show(points)}",
            value=_show(points),
        )
    if n == 4 and points.denominator != 1:
        raise _error(
            "points",
            "half_points_at_four",
            f"points: at 4 players card points are whole numbers, not {_show(points)}",
            value=_show(points),
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
        raise _error(
            "points",
            "points_impossible_for_oudlers",
            f"points: {_show(points)} is impossible with {hand.oudlers} oudler(s)"
            f" (between {_show(low)} and {_show(high)})",
            value=_show(points),
            oudlers=hand.oudlers,
            low=_show(low),
            high=_show(high),
        )


def _validate_poignees(hand: Hand, rules: RuleSet, active: Sequence[PlayerId]) -> None:
    thresholds = rules.poignee_thresholds(len(active))
    seen: set[PlayerId] = set()
    cards = 0
    for poignee in hand.poignees:
        if poignee.player not in active:
            raise _error(
                "poignees",
                "not_a_player",
                f"poignees: {poignee.player!r} is not among the players of this hand",
                value=poignee.player,
            )
        if poignee.size not in POIGNEE_SIZES:
            raise _error(
                "poignees",
                "unknown_poignee",
                f"poignees: unknown poignée {poignee.size!r} (simple, double or triple)",
                value=poignee.size,
            )
        if poignee.player in seen:
            raise _error(
                "poignees",
                "two_poignees",
                f"poignees: {poignee.player!r} shows a poignée only once",
                value=poignee.player,
            )
        seen.add(poignee.player)
        cards += thresholds[poignee.size]
    if cards > MAX_CARDS_SHOWN:
        raise _error(
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
        raise _error(
            "miseres",
            "misere_not_allowed",
            f"miseres: the rules {rules.name!r} have no misère",
        )
    seen: set[PlayerId] = set()
    for misere in hand.miseres:
        if misere.player not in active:
            raise _error(
                "miseres",
                "not_a_player",
                f"miseres: {misere.player!r} is not among the players of this hand",
                value=misere.player,
            )
        if misere.size not in MISERE_SIZES:
            raise _error(
                "miseres",
                "unknown_misere",
                f"miseres: unknown misère {misere.size!r} (simple or double)",
                value=misere.size,
            )
        if misere.player in seen:
            raise _error(
                "miseres",
                "two_miseres",
                f"miseres: {misere.player!r} declares a misère only once",
                value=misere.player,
            )
        seen.add(misere.player)


def _show(value: Fraction) -> str:
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"
