"""Card points between the two camps (pure: no Django).

The 91 points of the deck are shared between the taker's camp and the defence, so
either camp's count gives the other's: the hand form accepts the defence's count,
the live scores show both. One place for the arithmetic (scoring.hand's total).
"""

from __future__ import annotations

from decimal import Decimal

from scoring.hand import TOTAL_POINTS

__all__ = ["TOTAL_POINTS", "other_camp"]


def other_camp(points: Decimal) -> Decimal:
    """The other camp's card points: 91 minus these (halves stay halves)."""
    return TOTAL_POINTS - points
