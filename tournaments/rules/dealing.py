"""The dealer rotation, in one place (pure: no Django).

Seat 1 deals the first hand and the deal moves on seat by seat; at a table of 5
in "dealer sits out" mode the dealer still takes their turn (and sits out).
Seats are given in position order; any kind of item works (players, ids, seats).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def dealer_for(hand_number: int, seats: Sequence[T]) -> T:
    """Who deals hand `hand_number` (1-based) when every hand follows the rotation."""
    if not seats:
        raise ValueError("a table without seats has no dealer")
    return seats[(hand_number - 1) % len(seats)]


def next_dealer(seats: Sequence[T], previous: T | None, hands_played: int) -> T:
    """Who deals the next hand: the seat after the previous hand's dealer.

    When the previous dealer is unknown (no hand yet, no dealer entered, or someone
    no longer seated) the rotation falls back on the number of hands played.
    """
    if previous is not None and previous in seats:
        return seats[(seats.index(previous) + 1) % len(seats)]
    return dealer_for(hands_played + 1, seats)


# A game mode for five applies at a table of this size only.
FIVE = 5


def has_five_mode(size: int) -> bool:
    """Whether a table of `size` plays in one of the modes of five (called king, or the
    dealer sits out): only a table of 5 has a mode to tell."""
    return size == FIVE


def dealer_sits_out(size: int, *, dealer_out_mode: bool) -> bool:
    """Whether the dealer sits out each deal: at a table of 5 in "dealer sits out" mode
    only; at a called-king table of 5, as at 3 and 4, everybody plays every deal."""
    return has_five_mode(size) and dealer_out_mode
