"""One played hand as the scorekeeper reports it, and its validation.

Split by subject: model.py (the Hand value and card facts), validation.py (who
plays, contract, points, declarations), tricks.py (chelem and petit au bout). The
names below are the public face: import them from `scoring.hand`.
"""

from .model import (
    CAMPS,
    DOG_CARDS,
    ECART_MAX_POINTS,
    EXCUSE_ALONE,
    MAX_CARDS_SHOWN,
    OUDLER_POINTS,
    TARGETS,
    TOTAL_POINTS,
    Chelem,
    Hand,
    Misere,
    PlayerId,
    Poignee,
)
from .tricks import set_aside
from .validation import validate

__all__ = [
    "CAMPS",
    "DOG_CARDS",
    "ECART_MAX_POINTS",
    "EXCUSE_ALONE",
    "MAX_CARDS_SHOWN",
    "OUDLER_POINTS",
    "TARGETS",
    "TOTAL_POINTS",
    "Chelem",
    "Hand",
    "Misere",
    "PlayerId",
    "Poignee",
    "set_aside",
    "validate",
]
