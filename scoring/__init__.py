"""The FFT tarot scoring engine: pure Python, no Django.

>>> from scoring import hand_from_json, score_hand
>>> hand, rules = hand_from_json({"players": ["A", "B", "C", "D"], "taker": "A",
...     "contract": "garde", "oudlers": 2, "points": 56})
>>> score_hand(hand, rules).scores
{'A': 240, 'B': -80, 'C': -80, 'D': -80}
"""

from .cards import Card, Deal, deal_board
from .deal_checks import Contradiction, contradictions
from .engine import HandResult, round_half_away, score_hand
from .errors import ERROR_CODES, HandError
from .hand import TARGETS, Chelem, Hand, Misere, Poignee, validate
from .jsonio import hand_from_json, hand_to_json, score_json
from .rules import (
    ALL_CONTRACTS,
    FFT,
    MISERE_SIZES,
    POIGNEE_SIZES,
    PRESETS,
    RuleSet,
    rules_from_json,
)

__all__ = [
    "ALL_CONTRACTS",
    "ERROR_CODES",
    "FFT",
    "MISERE_SIZES",
    "POIGNEE_SIZES",
    "PRESETS",
    "TARGETS",
    "Card",
    "Chelem",
    "Contradiction",
    "Deal",
    "Hand",
    "HandError",
    "HandResult",
    "Misere",
    "Poignee",
    "RuleSet",
    "contradictions",
    "deal_board",
    "hand_from_json",
    "hand_to_json",
    "round_half_away",
    "rules_from_json",
    "score_hand",
    "score_json",
    "validate",
]
