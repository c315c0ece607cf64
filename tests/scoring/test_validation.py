"""One test per validation rule: the HandError names the field and a stable code.

Most hands go through the JSON face (score_json), as the web app and the CLI do;
a few go through Hand directly where JSON cannot express the input.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring import ERROR_CODES, FFT, PRESETS, Hand, HandError, Poignee, score_hand, score_json

P3 = ["A", "B", "C"]
P4 = ["A", "B", "C", "D"]
P5 = ["A", "B", "C", "D", "E"]


def hand(players=P4, contract="prise", oudlers=1, points=51, **extra):
    data = {
        "players": list(players),
        "taker": "A",
        "contract": contract,
        "oudlers": oudlers,
        "points": points,
    }
    data.update(extra)
    return data


def rejects(data, field, code):
    """Assert that scoring `data` raises HandError(field, code) naming the field."""
    with pytest.raises(HandError) as info:
        score_json(data)
    error = info.value
    assert (error.field, error.code) == (field, code), error
    assert code in ERROR_CODES, f"{code!r} is raised but not listed in scoring.ERROR_CODES"
    assert field in error.message
    assert field in str(error)
    return error


def rejects_hand(h, field, code, rules=FFT):
    with pytest.raises(HandError) as info:
        score_hand(h, rules)
    assert (info.value.field, info.value.code) == (field, code), info.value
    assert code in ERROR_CODES, f"{code!r} is raised but not listed in scoring.ERROR_CODES"
    assert field in info.value.message
    return info.value


def accepts(data):
    result = score_json(data)
    assert sum(result["scores"].values()) == 0
    return result


# --------------------------------------------------------------------------- points


def test_negative_points_are_rejected():
    rejects(hand(oudlers=0, points=-1), "points", "points_range")


def test_points_above_91_are_rejected():
    rejects(hand(oudlers=3, points=92), "points", "points_range")
    rejects(hand(P3, oudlers=3, points=91.5), "points", "points_range")


def test_points_not_in_half_points_are_rejected():
    rejects(hand(P3, oudlers=2, points=40.25), "points", "half_points_only")
    rejects(hand(P3, oudlers=2, points="40.25"), "points", "half_points_only")


def test_points_not_in_half_points_are_rejected_on_a_hand():
    h = Hand(tuple(P3), "A", "prise", oudlers=2, points=Fraction(161, 4))
    rejects_hand(h, "points", "half_points_only")


def test_defence_points_not_in_half_points_name_that_field():
    data = hand(P3, oudlers=2)
    del data["points"]
    data["defence_points"] = 50.25
    rejects(data, "defence_points", "half_points_only")


def test_points_that_are_not_a_number_are_rejected():
    rejects(hand(points="forty"), "points", "not_a_number")
    rejects(hand(points=True), "points", "not_a_number")


def test_half_points_at_four_players_are_rejected():
    rejects(hand(P4, oudlers=2, points=40.5), "points", "half_points_at_four")


def test_half_points_at_five_with_sitting_out_are_rejected():
    # the dealer sits out: a 4-player hand, whole points only
    rejects(hand(P5, oudlers=2, points=40.5, sitting_out="E"), "points", "half_points_at_four")


def test_half_points_at_three_and_five_players_are_accepted():
    accepts(hand(P3, oudlers=2, points=40.5))
    accepts(hand(P5, oudlers=2, points=40.5))
    accepts(hand(P5, oudlers=2, points="41,5"))  # decimal comma


# --------------------------------------------------------------------------- oudlers


@pytest.mark.parametrize("oudlers", [-1, 4])
def test_oudlers_outside_zero_to_three_are_rejected(oudlers):
    rejects(hand(oudlers=oudlers, points=50), "oudlers", "oudlers_range")


def test_oudlers_given_as_a_bool_are_rejected():
    rejects(hand(oudlers=True), "oudlers", "oudlers_range")
    rejects_hand(
        Hand(tuple(P4), "A", "prise", oudlers=True, points=Fraction(51)),
        "oudlers",
        "oudlers_range",
    )


def test_oudlers_not_a_whole_number_are_rejected():
    rejects(hand(oudlers=1.5), "oudlers", "oudlers_range")


@pytest.mark.parametrize(
    ("oudlers", "points"),
    [
        (3, 10),  # 3 oudlers are 13.5 points on their own
        (0, 80),  # the defence's 3 oudlers leave at most 91 - 13.5 = 77.5
        (1, 4),  # 1 oudler is 4.5
        (2, 87),  # the defence's oudler leaves at most 86.5
    ],
)
def test_points_impossible_for_the_oudlers_held_are_rejected(oudlers, points):
    error = rejects(hand(oudlers=oudlers, points=points), "points", "points_impossible_for_oudlers")
    assert error.params["oudlers"] == oudlers


@pytest.mark.parametrize(
    ("oudlers", "low", "high"),
    [(0, 0, 77.5), (1, 4.5, 82), (2, 9, 86.5), (3, 13.5, 91)],
)
def test_points_at_the_oudler_bounds_are_accepted_at_three_players(oudlers, low, high):
    # 4.5 * k .. 91 - 4.5 * (3 - k), exactly
    accepts(hand(P3, oudlers=oudlers, points=low))
    accepts(hand(P3, oudlers=oudlers, points=high))
    if low > 0:
        rejects(
            hand(P3, oudlers=oudlers, points=low - 0.5), "points", "points_impossible_for_oudlers"
        )
    if high < 91:
        rejects(
            hand(P3, oudlers=oudlers, points=high + 0.5), "points", "points_impossible_for_oudlers"
        )


def test_taker_chelem_with_two_oudlers_accepts_87_but_not_87_5():
    # the defence kept only the Excuse, worth 4 when its camp took no trick
    chelem = {"announced": False, "made_by": "taker"}
    accepts(hand(P3, oudlers=2, points=87, chelem=chelem))
    accepts(hand(P4, oudlers=2, points=87, chelem=chelem))
    rejects(
        hand(P3, oudlers=2, points=87.5, chelem=chelem), "points", "points_impossible_for_oudlers"
    )


def test_defence_chelem_with_one_oudler_accepts_4():
    # the taker camp kept only the Excuse, worth 4
    chelem = {"announced": False, "made_by": "defence"}
    accepts(hand(P4, oudlers=1, points=4, chelem=chelem))
    rejects(
        hand(P3, oudlers=1, points=3.5, chelem=chelem), "points", "points_impossible_for_oudlers"
    )


# --------------------------------------------------------------------------- taker, partner


def test_taker_not_among_players_is_rejected():
    rejects(hand(taker="Z"), "taker", "not_a_player")


def test_missing_taker_is_rejected():
    rejects(hand(taker=None), "taker", "taker_missing")


def test_taker_sitting_out_is_rejected():
    rejects(hand(P5, oudlers=1, points=51, sitting_out="A"), "taker", "not_a_player")


@pytest.mark.parametrize("players", [P3, P4], ids=["3p", "4p"])
def test_partner_at_three_or_four_players_is_rejected(players):
    rejects(hand(players, partner="B"), "partner", "partner_needs_five")


def test_partner_at_five_with_sitting_out_is_rejected():
    rejects(hand(P5, partner="B", sitting_out="E"), "partner", "partner_needs_five")


def test_partner_equal_to_taker_is_rejected():
    rejects(hand(P5, partner="A"), "partner", "partner_is_taker")


def test_partner_not_a_player_is_rejected():
    rejects(hand(P5, partner="Z"), "partner", "not_a_player")


# --------------------------------------------------------------------------- contract


def test_unknown_contract_is_rejected():
    error = rejects(hand(contract="garde_moyenne"), "contract", "unknown_contract")
    assert error.params["value"] == "garde_moyenne"


def test_pousse_under_fft_is_not_allowed():
    rejects(hand(contract="pousse"), "contract", "contract_not_allowed")
    accepts(hand(contract="pousse", rules="pousse_x1_5"))


def test_petit_au_bout_with_an_unknown_camp_is_rejected():
    rejects(hand(petit_au_bout="both"), "petit_au_bout", "unknown_camp")


def test_chelem_made_by_an_unknown_camp_is_rejected():
    chelem = {"announced": False, "made_by": "everyone"}
    rejects(hand(chelem=chelem), "chelem", "unknown_camp")


def test_chelem_that_is_not_an_object_is_rejected():
    rejects(hand(chelem=["taker"]), "chelem", "invalid")
    rejects(hand(chelem={"announced": "yes"}), "chelem", "invalid")


# --------------------------------------------------------------------------- misère


def test_misere_under_fft_is_not_allowed():
    rejects(hand(miseres=[{"player": "B", "size": "simple"}]), "miseres", "misere_not_allowed")


def test_misere_on_a_passed_hand_under_fft_is_not_allowed():
    data = {"players": P4, "contract": None, "miseres": [{"player": "B", "size": "simple"}]}
    rejects(data, "miseres", "misere_not_allowed")


def test_unknown_misere_size_is_rejected():
    data = hand(miseres=[{"player": "B", "size": "triple"}], rules="misere")
    rejects(data, "miseres", "unknown_misere")


def test_a_player_declaring_two_miseres_is_rejected():
    miseres = [{"player": "B", "size": "simple"}, {"player": "B", "size": "double"}]
    data = hand(miseres=miseres, rules="misere")
    rejects(data, "miseres", "two_miseres")


def test_misere_by_someone_not_playing_is_rejected():
    data = hand(P5, miseres=[{"player": "E", "size": "simple"}], sitting_out="E", rules="misere")
    rejects(data, "miseres", "not_a_player")


# --------------------------------------------------------------------------- poignées


def test_unknown_poignee_level_is_rejected():
    rejects(hand(poignees=[{"player": "A", "size": "quadruple"}]), "poignees", "unknown_poignee")


def test_a_player_showing_two_poignees_is_rejected():
    poignees = [{"player": "B", "size": "simple"}, {"player": "B", "size": "simple"}]
    rejects(hand(poignees=poignees), "poignees", "two_poignees")


def test_poignee_by_someone_not_playing_is_rejected():
    rejects(hand(poignees=[{"player": "Z", "size": "simple"}]), "poignees", "not_a_player")
    data = hand(P5, poignees=[{"player": "E", "size": "simple"}], sitting_out="E")
    rejects(data, "poignees", "not_a_player")


def test_poignee_entries_must_be_player_objects():
    rejects(hand(poignees=[{"size": "simple"}]), "poignees", "invalid")
    rejects(hand(poignees=[{"player": "A", "trumps": 10}]), "poignees", "invalid")
    rejects(hand(poignees={"player": "A"}), "poignees", "invalid")


def test_four_players_triple_and_simple_show_too_many_cards():
    poignees = [{"player": "A", "size": "triple"}, {"player": "B", "size": "simple"}]
    error = rejects(hand(poignees=poignees), "poignees", "too_many_cards_shown")
    assert error.params["cards"] == 25  # 15 + 10 > 22


def test_five_players_three_simples_show_too_many_cards():
    poignees = [{"player": p, "size": "simple"} for p in ("A", "B", "C")]
    error = rejects(hand(P5, poignees=poignees), "poignees", "too_many_cards_shown")
    assert error.params["cards"] == 24  # 3 * 8 > 22


def test_three_players_two_simples_show_too_many_cards():
    poignees = [{"player": "A", "size": "simple"}, {"player": "B", "size": "simple"}]
    error = rejects(hand(P3, poignees=poignees), "poignees", "too_many_cards_shown")
    assert error.params["cards"] == 26  # 2 * 13 > 22


def test_poignees_up_to_22_cards_are_accepted():
    two_simples = [{"player": "A", "size": "simple"}, {"player": "B", "size": "simple"}]
    accepts(hand(P4, poignees=two_simples))  # 10 + 10
    triple_simple = [{"player": "A", "size": "triple"}, {"player": "B", "size": "simple"}]
    accepts(hand(P5, poignees=triple_simple))  # 13 + 8 = 21


def test_poignee_thresholds_at_five_with_sitting_out_are_the_four_player_ones():
    # 4-player thresholds 10 + 13 = 23 > 22, though 8 + 10 = 18 would fit at 5
    poignees = [{"player": "A", "size": "simple"}, {"player": "B", "size": "double"}]
    accepts(hand(P5, poignees=poignees))
    rejects(hand(P5, poignees=poignees, sitting_out="E"), "poignees", "too_many_cards_shown")


def test_poignee_on_a_hand_is_checked_like_json():
    h = Hand(
        tuple(P4),
        "A",
        "prise",
        oudlers=1,
        points=Fraction(51),
        poignees=(Poignee("A", "huge"),),
    )
    rejects_hand(h, "poignees", "unknown_poignee")


# --------------------------------------------------------------------------- players


def test_duplicate_players_are_rejected():
    rejects(hand(["A", "B", "B", "C"]), "players", "duplicate_player")


@pytest.mark.parametrize("players", [["A", "B"], ["A", "B", "C", "D", "E", "F"]], ids=["2", "6"])
def test_two_or_six_players_are_rejected(players):
    error = rejects(hand(players), "players", "player_count")
    assert error.params["count"] == len(players)


def test_players_that_are_not_a_list_of_names_are_rejected():
    rejects({**hand(), "players": "ABCD"}, "players", "invalid")
    rejects(hand(["A", "B", None, "D"]), "players", "invalid")
    rejects(hand(["A", "B", True, "D"]), "players", "invalid")


# --------------------------------------------------------------------------- sitting out


def test_sitting_out_not_at_a_table_of_five_is_rejected():
    rejects(hand(P4, sitting_out="D"), "sitting_out", "sitting_out_needs_five")


def test_sitting_out_player_not_at_the_table_is_rejected():
    rejects(hand(P5, sitting_out="Z"), "sitting_out", "not_a_player")


# --------------------------------------------------------------------------- passed hand


def test_passed_hand_with_a_taker_is_rejected():
    data = {"players": P4, "taker": "A", "contract": None}
    rejects(data, "taker", "passed_with_taker")


def test_passed_hand_with_a_partner_is_rejected():
    data = {"players": P5, "partner": "B", "contract": None}
    rejects(data, "taker", "passed_with_taker")


@pytest.mark.parametrize(
    "bonus",
    [
        {"petit_au_bout": "taker"},
        {"poignees": [{"player": "A", "size": "simple"}]},
        {"chelem": {"announced": True, "made_by": None}},
        {"chelem": {"announced": False, "made_by": "defence"}},
    ],
    ids=["petit-au-bout", "poignee", "chelem-announced", "chelem-made"],
)
def test_passed_hand_with_a_bonus_is_rejected(bonus):
    data = {"players": P4, "contract": None, **bonus}
    rejects(data, "contract", "passed_with_bonus")


def test_passed_hand_with_a_misere_is_accepted_when_the_rules_have_it():
    miseres = [{"player": "B", "size": "simple"}]
    data = {"players": P4, "contract": None, "miseres": miseres, "rules": "misere"}
    assert accepts(data)["scores"] == {"A": -10, "B": 30, "C": -10, "D": -10}


# --------------------------------------------------------------------------- JSON & rules


def test_unknown_rules_preset_is_rejected():
    error = rejects(hand(rules="fft_2099"), "rules", "unknown_preset")
    assert error.params["value"] == "fft_2099"


def test_rules_object_with_an_unknown_field_is_rejected():
    rejects(hand(rules={"preset": "fft", "bonus": 5}), "rules", "invalid_rules")


def test_rules_object_with_a_wrong_type_is_rejected():
    rejects(hand(rules={"rounding": "ten"}), "rules", "invalid_rules")
    rejects(hand(rules={"rounding": 3}), "rules", "invalid_rules")
    rejects(hand(rules={"multipliers": {"prise": 0}}), "rules", "invalid_rules")
    rejects(hand(rules=["fft"]), "rules", "invalid_rules")


def test_rules_object_with_a_zero_denominator_multiplier_is_rejected():
    # Fraction("1/0") raises ZeroDivisionError: it must come out as a HandError
    rejects(hand(rules={"multipliers": {"prise": "1/0"}}), "rules", "invalid_rules")


def test_rules_object_with_two_poignee_levels_is_rejected():
    # three levels are needed (simple, double, triple) for each table size
    trumps = {"3": [13, 15], "4": [10, 13], "5": [8, 10]}
    rejects(hand(rules={"poignee_trumps": trumps}), "rules", "invalid_rules")


def test_unknown_json_field_is_rejected():
    error = rejects(hand(dealer="B"), "dealer", "unknown_field")
    assert error.message.startswith("dealer")


@pytest.mark.parametrize("data", [[], "hand", 42, None, ["A", "B", "C"]])
def test_non_object_json_is_rejected(data):
    rejects(data, "hand", "invalid")


def test_hand_error_is_a_value_error_with_a_readable_repr():
    with pytest.raises(ValueError) as info:
        score_json(hand(points=-1, oudlers=0))
    assert repr(info.value).startswith("HandError('points', 'points_range'")


def test_every_preset_accepts_a_plain_prise():
    for name in PRESETS:
        accepts(hand(rules=name))


def test_missing_points_are_rejected_for_a_played_hand():
    data = hand()
    del data["points"]
    rejects(data, "points", "points_missing")


def test_a_passed_hand_needs_no_points():
    assert accepts({"players": P4, "contract": None})["value"] == 0


def test_whole_points_as_a_plain_int_are_accepted_by_the_engine():
    result = score_hand(Hand(players=tuple(P4), taker="A", contract="garde", oudlers=2, points=56))
    assert result.value == 80
