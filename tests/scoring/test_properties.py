"""Properties of the engine over generated valid hands, every player count and preset.

The strategies build only possible hands (RULES.md): points within the oudler
bounds 4.5*k .. 91 - 4.5*(3-k), whole numbers at 4 active players, halves at 3 and
5; in a chelem, the camp that took no trick holds only its share of the cards set
aside at the deal and perhaps the Excuse (worth 4); petit au bout only to a camp
that holds the Petit and took a trick; poignées by distinct players showing at most
22 trumps together; misères only where the rules have them.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scoring import (
    MISERE_SIZES,
    POIGNEE_SIZES,
    PRESETS,
    TARGETS,
    Chelem,
    Hand,
    HandError,
    Misere,
    Poignee,
    hand_from_json,
    hand_to_json,
    round_half_away,
    rules_from_json,
    score_hand,
    score_json,
    validate,
)

SETTINGS = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
NAMES = ("Ann", "Bob", "Chloé", 4, "Eve")
CAMPS = (None, "taker", "defence")
PRESET_NAMES = tuple(PRESETS)


def point_bounds(oudlers: int, chelem: Chelem) -> tuple[Fraction, Fraction]:
    """The taker camp's possible points with `oudlers` bouts (hand.py's rule)."""
    low = oudlers * Fraction(9, 2)
    high = 91 - (3 - oudlers) * Fraction(9, 2)
    if chelem.made_by == "defence" and oudlers >= 1:
        low -= Fraction(1, 2)
    if chelem.made_by == "taker" and oudlers <= 2:
        high += Fraction(1, 2)
    return low, high


def points_in(low: Fraction, high: Fraction, active: int) -> st.SearchStrategy[Fraction]:
    """Whole points at 4 active players, half points at 3 and 5."""
    step = Fraction(1) if active == 4 else Fraction(1, 2)
    first = math.ceil(low / step)
    last = math.floor(high / step)
    return st.integers(first, last).map(lambda i: i * step)


# The cards set aside at the deal, by active players: a dog of 6 (3 or 4 players) or
# 3 (5 players). The écart (prise, garde) is the taker's and holds no king nor oudler:
# at most queens and knights, 19 points of 6 cards, 10.5 of 3. The dog, unseen, is
# the taker's in a garde sans, the defence's in a garde contre, and may hold anything
# (oudlers and kings: 4.5 each).
DOG = {3: 6, 4: 6, 5: 3}
ECART_MAX = {6: Fraction(19), 3: Fraction(21, 2)}


@st.composite
def chelem_cards(draw, contract, made_by, active):
    """(oudlers, points) of the taker's camp when `made_by` took every trick: the other
    camp holds its share of the set-aside cards and perhaps the Excuse, worth 4."""
    cards = DOG[active]
    loser = "defence" if made_by == "taker" else "taker"
    aside_owner = {"garde_sans": "taker", "garde_contre": "defence"}.get(contract, "taker")
    if aside_owner != loser:
        most_aside, most_oudlers = Fraction(0), 0
    elif contract in ("garde_sans", "garde_contre"):
        most_aside, most_oudlers = cards * Fraction(9, 2), 3
    else:
        most_aside, most_oudlers = ECART_MAX[cards], 0
    excuse = draw(st.booleans())
    aside_oudlers = draw(st.integers(0, min(most_oudlers, 3 - excuse)))
    aside = draw(points_in(aside_oudlers * Fraction(9, 2), most_aside, active))
    loser_oudlers = aside_oudlers + excuse
    loser_points = aside + 4 * excuse
    if made_by == "taker":
        return 3 - loser_oudlers, 91 - loser_points
    return loser_oudlers, loser_points


def petit_au_bout_camps(oudlers, made_by):
    """Who may win the last trick with the Petit: a camp holding it, that took a trick."""
    camps = [None]
    if oudlers >= 1 and made_by != "defence":
        camps.append("taker")
    if oudlers <= 2 and made_by != "taker":
        camps.append("defence")
    return camps


@st.composite
def poignees_for(draw, active, rules):
    thresholds = rules.poignee_thresholds(len(active))
    shown = draw(st.lists(st.sampled_from(active), unique=True, max_size=3))
    cards = 0
    result = []
    for player in shown:
        fitting = [s for s in POIGNEE_SIZES if cards + thresholds[s] <= 22]
        if not fitting:
            break
        size = draw(st.sampled_from(fitting))
        cards += thresholds[size]
        result.append(Poignee(player, size))
    return tuple(result)


@st.composite
def miseres_for(draw, active, rules):
    if not rules.allows_misere:
        return ()
    holders = draw(st.lists(st.sampled_from(active), unique=True, max_size=2))
    return tuple(Misere(p, draw(st.sampled_from(MISERE_SIZES))) for p in holders)


@st.composite
def hands(
    draw,
    preset=None,
    table=None,
    sitting_out=None,
    passed=None,
    partner=None,
    chelem=None,
):
    """(Hand, RuleSet): a valid hand. Options force a preset, a table size,
    a sitting-out player (True/False), a passed hand, a partner (True/False),
    a chelem made by "taker" or "defence" (or "none")."""
    rules = PRESETS[preset or draw(st.sampled_from(PRESET_NAMES))]
    table = table or draw(st.sampled_from((3, 4, 5)))
    players = tuple(draw(st.permutations(NAMES))[:table])
    out = None
    if table == 5 and (sitting_out if sitting_out is not None else draw(st.booleans())):
        out = draw(st.sampled_from(players))
    active = tuple(p for p in players if p != out)
    miseres = draw(miseres_for(active, rules))
    if passed if passed is not None else draw(st.integers(0, 9)) == 0:
        return Hand(players, miseres=miseres, sitting_out=out), rules

    taker = draw(st.sampled_from(active))
    mate = None
    if len(active) == 5 and (partner if partner is not None else draw(st.booleans())):
        mate = draw(st.sampled_from([p for p in active if p != taker]))
    contract = draw(st.sampled_from(rules.contracts))
    made_by = {None: None, "none": None}.get(chelem, chelem)
    if chelem is None:
        made_by = draw(st.sampled_from(CAMPS))
    if made_by is None:
        oudlers = draw(st.integers(0, 3))
        points = draw(points_in(*point_bounds(oudlers, Chelem()), len(active)))
    else:
        oudlers, points = draw(chelem_cards(contract, made_by, len(active)))
    hand = Hand(
        players=players,
        taker=taker,
        contract=contract,
        partner=mate,
        oudlers=oudlers,
        points=points,
        petit_au_bout=draw(st.sampled_from(petit_au_bout_camps(oudlers, made_by))),
        poignees=draw(poignees_for(active, rules)),
        chelem=Chelem(announced=draw(st.booleans()), made_by=made_by),
        miseres=miseres,
        sitting_out=out,
    )
    return hand, rules


def played(**options):
    return hands(passed=False, **options)


def without_miseres(hand, result):
    return {p: s - (result.miseres or {}).get(p, 0) for p, s in result.scores.items()}


# --------------------------------------------------------------------------- generators


@SETTINGS
@given(hands())
def test_generated_hands_are_valid(case):
    hand, rules = case
    validate(hand, rules)


# --------------------------------------------------------------------------- zero sum


@SETTINGS
@given(hands())
def test_every_hand_sums_to_zero(case):
    hand, rules = case
    result = score_hand(hand, rules)
    assert sum(result.scores.values()) == 0
    assert set(result.scores) == set(hand.players)
    assert all(isinstance(s, int) for s in result.scores.values())


@pytest.mark.parametrize("preset", PRESET_NAMES)
@pytest.mark.parametrize("table", [3, 4, 5])
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_every_preset_and_table_sums_to_zero(preset, table, data):
    hand, rules = data.draw(hands(preset=preset, table=table))
    assert sum(score_hand(hand, rules).scores.values()) == 0


@SETTINGS
@given(hands(passed=True))
def test_passed_hand_scores_only_miseres(case):
    hand, rules = case
    result = score_hand(hand, rules)
    assert result.made is None
    assert result.value == 0
    assert without_miseres(hand, result) == dict.fromkeys(hand.players, 0)


# --------------------------------------------------------------------------- share-out


@SETTINGS
@given(played())
def test_all_defenders_score_the_same(case):
    hand, rules = case
    result = score_hand(hand, rules)
    scores = without_miseres(hand, result)
    defenders = [p for p in hand.active_players if p not in (hand.taker, hand.partner)]
    assert {scores[p] for p in defenders} == {-result.value}


@SETTINGS
@given(played())
def test_taker_and_partner_receive_what_the_defenders_pay(case):
    hand, rules = case
    result = score_hand(hand, rules)
    scores = without_miseres(hand, result)
    defenders = len(hand.active_players) - 1 - (hand.partner is not None)
    attack = scores[hand.taker] + (scores[hand.partner] if hand.partner is not None else 0)
    assert attack == defenders * result.value
    if hand.partner is not None and rules.five_player_split == "fft":
        assert scores[hand.partner] == result.value
        assert scores[hand.taker] == 2 * result.value
    if hand.partner is not None and rules.five_player_split == "equal":
        assert scores[hand.taker] - scores[hand.partner] in (-1, 0, 1)


@SETTINGS
@given(hands(table=5, sitting_out=True))
def test_sitting_out_player_scores_zero(case):
    hand, rules = case
    assert score_hand(hand, rules).scores[hand.sitting_out] == 0


# --------------------------------------------------------------------------- monotonicity


def possible(hand, rules):
    try:
        validate(hand, rules)
    except HandError:
        return False
    return True


@SETTINGS
@given(played(), st.data())
def test_more_card_points_never_lower_the_taker_camp_scores(case, data):
    hand, rules = case
    _, high = point_bounds(hand.oudlers, hand.chelem)
    more = data.draw(points_in(hand.points, high, len(hand.active_players)))
    assume(possible(replace(hand, points=more), rules))  # a chelem fixes the points
    before = score_hand(hand, rules).scores
    after = score_hand(replace(hand, points=more), rules).scores
    assert after[hand.taker] >= before[hand.taker]
    if hand.partner is not None:
        assert after[hand.partner] >= before[hand.partner]


@pytest.mark.slow  # 300 hands scored twice each: near the budget
@SETTINGS
@given(played())
def test_petit_au_bout_for_the_taker_never_lowers_the_taker_score(case):
    hand, rules = case
    assume(possible(replace(hand, petit_au_bout="taker"), rules))
    without = score_hand(replace(hand, petit_au_bout=None), rules).scores[hand.taker]
    with_pab = score_hand(replace(hand, petit_au_bout="taker"), rules).scores[hand.taker]
    assert with_pab >= without


@pytest.mark.slow  # 300 hands scored twice each: near the budget
@SETTINGS
@given(played(chelem="none"))
def test_petit_au_bout_switched_to_defence_never_raises_the_taker_score(case):
    hand, rules = case
    assume(1 <= hand.oudlers <= 2)  # either camp may hold the Petit
    taker = score_hand(replace(hand, petit_au_bout="taker"), rules).scores[hand.taker]
    defence = score_hand(replace(hand, petit_au_bout="defence"), rules).scores[hand.taker]
    nobody = score_hand(replace(hand, petit_au_bout=None), rules).scores[hand.taker]
    assert defence <= nobody <= taker


@SETTINGS
@given(played(chelem="taker"))
def test_taker_chelem_made_never_lowers_the_taker_score(case):
    made, rules = case
    base = replace(made, chelem=Chelem(announced=made.chelem.announced, made_by=None))
    # 91 points with 3 oudlers is possible without the chelem (the question the form
    # asks); 87 with 2 is not: the defence would have more than the Excuse.
    assume(possible(base, rules))
    assert score_hand(made, rules).scores[made.taker] >= score_hand(base, rules).scores[made.taker]


@SETTINGS
@given(played(chelem="defence"))
def test_a_defence_chelem_always_fails_the_contract_and_costs_the_taker(case):
    hand, rules = case
    result = score_hand(hand, rules)
    assert result.made is False
    assert result.scores[hand.taker] < 0


@SETTINGS
@given(played(chelem="taker"))
def test_a_taker_chelem_always_makes_the_contract(case):
    hand, rules = case
    assert score_hand(hand, rules).made is True


@SETTINGS
@given(played(preset="misere"), st.sampled_from(MISERE_SIZES))
def test_taker_misere_never_lowers_the_taker_score(case, size):
    hand, rules = case
    others = tuple(m for m in hand.miseres if m.player != hand.taker)
    base = replace(hand, miseres=others)
    with_misere = replace(hand, miseres=(*others, Misere(hand.taker, size)))
    before = score_hand(base, rules).scores[hand.taker]
    after = score_hand(with_misere, rules).scores[hand.taker]
    assert after - before == rules.misere_value(size) * (len(hand.active_players) - 1)


# --------------------------------------------------------------------------- rounding


@pytest.mark.parametrize(("preset", "unit"), [("fft_round_5", 5), ("fft_round_10", 10)])
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_rounding_presets_give_multiples_of_the_unit(preset, unit, data):
    hand, rules = data.draw(hands(preset=preset))
    result = score_hand(hand, rules)
    assert result.value % unit == 0
    assert all(s % unit == 0 for s in result.scores.values())


@pytest.mark.parametrize("preset", ["fft_round_5", "fft_round_10"])
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_rounded_value_is_the_nearest_multiple_of_the_fft_value(preset, data):
    hand, rules = data.draw(played(preset=preset))
    exact = score_hand(hand, PRESETS["fft"]).value
    assert score_hand(hand, rules).value == round_half_away(Fraction(exact), rules.rounding)


# --------------------------------------------------------------------------- oracle


def reference_value(hand, rules):
    """RULES.md's formula, written independently of the engine."""
    target = TARGETS[hand.oudlers]
    made = hand.points >= target
    s = 1 if made else -1
    margin = math.ceil(abs(hand.points - target))
    pab = {"taker": 10, "defence": -10, None: 0}[hand.petit_au_bout]
    poignees = sum(
        dict(zip(POIGNEE_SIZES, rules.poignee_values, strict=True))[p.size] for p in hand.poignees
    )
    chelem = 0
    if hand.chelem.announced:
        chelem += 400 if hand.chelem.made_by == "taker" else -200
    elif hand.chelem.made_by == "taker":
        chelem += 200
    if hand.chelem.made_by == "defence":
        chelem -= 200
    if rules.contract_bases is not None:
        base, mult = dict(rules.contract_bases)[hand.contract], 1
    else:
        base, mult = 25, dict(rules.multipliers)[hand.contract]
    exact = (s * (base + margin) + pab) * mult + s * poignees + chelem
    unit = rules.rounding
    rounded = math.floor(abs(exact) / unit + Fraction(1, 2)) * unit
    return made, (rounded if exact >= 0 else -rounded)


@SETTINGS
@given(played())
def test_value_follows_the_rules_md_formula(case):
    hand, rules = case
    result = score_hand(hand, rules)
    assert (result.made, result.value) == reference_value(hand, rules)


# --------------------------------------------------------------------------- JSON


@SETTINGS
@given(hands())
def test_json_round_trip_scores_identically(case):
    hand, rules = case
    data = hand_to_json(hand, rules)
    data = json.loads(json.dumps(data))  # through real JSON text
    parsed_hand, parsed_rules = hand_from_json(data)
    assert parsed_hand == hand
    assert parsed_rules == rules
    again = hand_to_json(parsed_hand, parsed_rules)
    assert again == data
    expected = score_hand(hand, rules).to_json()
    assert score_json(again)["scores"] == expected["scores"]
    assert score_json(again)["value"] == expected["value"]


@SETTINGS
@given(hands(), st.sampled_from([1, 5, 10]))
def test_json_round_trip_keeps_custom_rules(case, rounding):
    hand, preset = case
    rules = rules_from_json({"preset": preset.name, "rounding": rounding, "label": "Club X"})
    data = json.loads(json.dumps(hand_to_json(hand, rules)))
    parsed_hand, parsed_rules = hand_from_json(data)
    assert parsed_rules == rules
    assert score_hand(parsed_hand, parsed_rules) == score_hand(hand, rules)


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_rule_set_to_json_round_trip_gives_an_equal_rule_set(name):
    rules = PRESETS[name]
    assert rules_from_json(rules.to_json()) == rules
    assert rules_from_json(json.loads(json.dumps(rules.to_json()))) == rules
    assert rules_from_json(rules.to_json()).label == rules.label
    assert rules_from_json(name) is rules


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_rule_set_stored_as_json_text_round_trips_to_an_equal_rule_set(name):
    # to_json_text() is the stored form (sort_keys=True); a JSON store such as
    # PostgreSQL jsonb reorders keys too: the rule set read back must still equal
    # the preset, or hand_to_json no longer recognises it by name.
    rules = PRESETS[name]
    assert rules_from_json(json.loads(rules.to_json_text())) == rules
