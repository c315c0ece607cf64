"""scoring.ERROR_CODES lists every code the engine raises (the web app relies on it).

A sample of impossible hands and rule sets, one kind of mistake each: whatever code
the engine answers must be listed, so the list cannot silently drift from the
raises. (test_validation.py and test_impossible_hands.py check the same on each
of their cases.)
"""

from __future__ import annotations

import pytest

from scoring import ERROR_CODES, HandError, rules_from_json, score_json

P4 = ["A", "B", "C", "D"]
P5 = ["A", "B", "C", "D", "E"]
BASE = {"players": P4, "taker": "A", "contract": "garde", "oudlers": 2, "points": 56}

IMPOSSIBLE_HANDS = {
    "three players too few": {**BASE, "players": ["A", "B"]},
    "a player twice": {**BASE, "players": ["A", "A", "B", "C"]},
    "taker not seated": {**BASE, "taker": "Z"},
    "unknown contract": {**BASE, "contract": "grande"},
    "no taker": {**BASE, "taker": None},
    "partner at four": {**BASE, "partner": "B"},
    "partner is taker": {**BASE, "players": P5, "partner": "A"},
    "four oudlers": {**BASE, "oudlers": 4},
    "quarter points": {**BASE, "points": 40.25},
    "ninety-two points": {**BASE, "points": 92},
    "half points at four": {**BASE, "points": 40.5},
    "all points without an oudler": {**BASE, "oudlers": 0, "points": 91},
    "points not a number": {**BASE, "points": "lots"},
    "unknown field": {**BASE, "colour": "red"},
    "no points": {key: value for key, value in BASE.items() if key != "points"},
    "no oudlers": {key: value for key, value in BASE.items() if key != "oudlers"},
    "camps not adding to 91": {**BASE, "defence_points": 40},
    "chelem with 40 points": {
        **BASE,
        "points": 40,
        "chelem": {"announced": True, "made_by": "taker"},
    },
    "two poignees": {**BASE, "poignees": [{"player": "A", "size": "simple"}] * 2},
    "poignee without size": {**BASE, "poignees": [{"player": "A"}]},
    "hand not an object": [],
}


def raised_code(data) -> str:
    with pytest.raises(HandError) as info:
        score_json(data)
    return info.value.code


@pytest.mark.parametrize("data", IMPOSSIBLE_HANDS.values(), ids=IMPOSSIBLE_HANDS.keys())
def test_every_code_raised_for_an_impossible_hand_is_listed(data):
    code = raised_code(data)
    assert code in ERROR_CODES, f"{code!r} is raised but missing from scoring.ERROR_CODES"


@pytest.mark.parametrize("rules", [{"preset": "no-such-preset"}, {"rounding": "sideways"}, 7])
def test_every_code_raised_for_a_broken_rule_set_is_listed(rules):
    with pytest.raises(HandError) as info:
        rules_from_json(rules)
    assert info.value.code in ERROR_CODES


def test_the_sample_reaches_many_different_codes():
    # Guards the sample itself: if most hands fell on one generic code, the check
    # above would say little.
    codes = {raised_code(data) for data in IMPOSSIBLE_HANDS.values()}
    assert len(codes) >= 15, sorted(codes)


def test_every_code_has_a_description():
    assert all(isinstance(text, str) and text for text in ERROR_CODES.values())
