"""Who took which tricks: a chelem and the petit au bout must agree with the oudlers
and card points reported, given the cards set aside at the deal."""

from __future__ import annotations

from fractions import Fraction

from ..errors import HandError
from .model import (
    DOG_CARDS,
    ECART_MAX_POINTS,
    EXCUSE_ALONE,
    OUDLER_POINTS,
    TOTAL_POINTS,
    Hand,
    show_points,
)


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


def validate_chelem(hand: Hand, n: int) -> None:
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
            raise HandError(
                "chelem",
                "taker_chelem_oudlers",
                f"chelem: in a chelem by the taker's camp the defence keeps at most"
                f" {most} oudler(s), so the taker's camp has at least {3 - most},"
                f" not {hand.oudlers}",
                value=hand.oudlers,
                count=3 - most,
            )
        raise HandError(
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
        raise HandError(
            "chelem",
            "taker_chelem_points",
            f"chelem: in a chelem by the taker's camp with {hand.oudlers} oudler(s) the"
            f" defence keeps at most {show_points(most_points)} points, so the taker's camp has"
            f" at least {show_points(least)}, not {show_points(hand.points)}",
            value=show_points(hand.points),
            oudlers=hand.oudlers,
            low=show_points(least),
        )
    raise HandError(
        "chelem",
        "defence_chelem_points",
        f"chelem: in a chelem by the defence the taker's camp with {hand.oudlers} oudler(s)"
        f" keeps at most {show_points(most_points)} points, not {show_points(hand.points)}",
        value=show_points(hand.points),
        oudlers=hand.oudlers,
        high=show_points(most_points),
    )


def validate_petit_au_bout(hand: Hand) -> None:
    """The camp that won the last trick with the Petit has the Petit, an oudler."""
    camp = hand.petit_au_bout
    if camp is None:
        return
    if hand.chelem.made_by is not None and hand.chelem.made_by != camp:
        raise HandError(
            "petit_au_bout",
            "petit_au_bout_no_trick",
            f"petit_au_bout: the {camp} camp took no trick (the other camp made a chelem)",
            value=camp,
        )
    if camp == "taker" and hand.oudlers == 0:
        raise HandError(
            "petit_au_bout",
            "petit_au_bout_without_oudler",
            "petit_au_bout: the taker's camp won the last trick with the Petit,"
            " so it has at least 1 oudler, not 0",
        )
    if camp == "defence" and hand.oudlers == 3:
        raise HandError(
            "petit_au_bout",
            "petit_au_bout_all_oudlers",
            "petit_au_bout: the taker's camp has all 3 oudlers, the Petit among them:"
            " the defence cannot win the last trick with it",
        )
