"""Impossible hands are refused, their possible neighbours accepted, so that no
stored hand contradicts the cards.

When one camp takes every trick it holds every card but what the other camp set
aside at the deal (the taker's écart, or the dog: the taker's in a garde sans, the
defence's in a garde contre) and perhaps the Excuse, worth 4 to a camp without a
trick. Petit au bout goes to a camp that holds the Petit and took the last trick.
"""

from __future__ import annotations

import pytest

from scoring import ERROR_CODES, HandError, score_json

P3 = ["A", "B", "C"]
P4 = ["A", "B", "C", "D"]
P5 = ["A", "B", "C", "D", "E"]
TAKER = {"announced": False, "made_by": "taker"}
ANNOUNCED = {"announced": True, "made_by": "taker"}
DEFENCE = {"announced": False, "made_by": "defence"}


def hand(players=P4, contract="garde", oudlers=2, points=56, **extra):
    return {
        "players": list(players),
        "taker": "A",
        "contract": contract,
        "oudlers": oudlers,
        "points": points,
        **extra,
    }


def rejects(data, field, code):
    with pytest.raises(HandError) as info:
        score_json(data)
    assert (info.value.field, info.value.code) == (field, code), info.value
    assert code in ERROR_CODES, f"{code!r} is raised but not listed in scoring.ERROR_CODES"
    assert info.value.message.startswith(field)
    return info.value


def accepts(data):
    result = score_json(data)
    assert sum(result["scores"].values()) == 0
    return result


# --------------------------------------------------------------------------- taker chelem


def test_the_issue_hand_garde_2_oudlers_40_points_chelem_announced_and_made_is_refused():
    error = rejects(hand(points=40, chelem=ANNOUNCED), "chelem", "taker_chelem_points")
    assert error.params == {"value": "40", "oudlers": 2, "low": "87"}
    assert "at least 87" in error.message


@pytest.mark.parametrize("points", [45, 60, 86])
def test_taker_chelem_with_2_oudlers_and_less_than_87_points_is_refused(points):
    rejects(hand(points=points, chelem=TAKER), "chelem", "taker_chelem_points")


@pytest.mark.parametrize("oudlers", [0, 1])
def test_taker_chelem_with_fewer_than_2_oudlers_is_refused(oudlers):
    # The defence can keep only the Excuse: the 21 and the Petit are the taker camp's.
    error = rejects(
        hand(oudlers=oudlers, points=60, chelem=TAKER), "chelem", "taker_chelem_oudlers"
    )
    assert error.params["count"] == 2


def test_taker_chelem_with_3_oudlers_needs_all_91_points():
    rejects(hand(oudlers=3, points=87, chelem=TAKER), "chelem", "taker_chelem_points")
    rejects(hand(P3, oudlers=3, points=90.5, chelem=TAKER), "chelem", "taker_chelem_points")
    assert (
        accepts(hand(oudlers=3, points=91, chelem=ANNOUNCED))["value"] == 560
    )  # (25 + 55) x 2 + 400


@pytest.mark.parametrize("players", [P3, P4, P5])
def test_taker_chelem_with_87_points_and_the_excuse_kept_by_the_defence_is_accepted(players):
    result = accepts(hand(players, oudlers=2, points=87, chelem=TAKER))
    assert result["made"] is True


def test_taker_chelem_with_2_oudlers_and_91_points_is_refused_at_the_points():
    # 91 points hold all three oudlers
    rejects(hand(oudlers=2, points=91, chelem=TAKER), "points", "points_impossible_for_oudlers")


@pytest.mark.parametrize("contract", ["prise", "garde", "garde_sans"])
def test_the_dog_of_a_taker_chelem_counts_for_the_taker_camp(contract):
    # Prise and garde: the écart is the taker's; garde sans: the dog is.
    rejects(
        hand(contract=contract, oudlers=2, points=80, chelem=TAKER), "chelem", "taker_chelem_points"
    )


def test_the_dog_of_a_garde_contre_counts_for_the_defence_even_in_a_taker_chelem():
    # 4 players: a dog of 6 cards, at most 27 points (oudlers and kings), and the Excuse.
    accepts(hand(contract="garde_contre", oudlers=2, points=70, chelem=TAKER))
    accepts(hand(contract="garde_contre", oudlers=0, points=60, chelem=TAKER))
    error = rejects(
        hand(contract="garde_contre", oudlers=2, points=59, chelem=TAKER),
        "chelem",
        "taker_chelem_points",
    )
    assert error.params["low"] == "60"
    # 5 players: a dog of 3 cards, at most 13.5 points, and the Excuse: 73.5 at least.
    accepts(hand(P5, contract="garde_contre", oudlers=2, points=73.5, chelem=TAKER))
    rejects(
        hand(P5, contract="garde_contre", oudlers=2, points=73, chelem=TAKER),
        "chelem",
        "taker_chelem_points",
    )


def test_in_a_garde_contre_the_defence_dog_may_hold_every_oudler():
    # All three in the dog of 3 cards at 5 players: 13.5 points for the defence.
    accepts(hand(P5, contract="garde_contre", oudlers=0, points=77.5, chelem=TAKER))


# --------------------------------------------------------------------------- defence chelem


def test_defence_chelem_while_the_taker_made_his_contract_is_refused():
    rejects(hand(oudlers=1, points=51, chelem=DEFENCE), "chelem", "defence_chelem_points")
    rejects(hand(oudlers=2, points=56, chelem=DEFENCE), "chelem", "defence_chelem_oudlers")


@pytest.mark.parametrize(("oudlers", "points"), [(0, 0), (1, 4)])
def test_defence_chelem_with_nothing_or_the_excuse_is_accepted(oudlers, points):
    result = accepts(hand(contract="garde_contre", oudlers=oudlers, points=points, chelem=DEFENCE))
    assert result["made"] is False


def test_defence_chelem_in_a_garde_contre_leaves_the_taker_camp_at_most_the_excuse():
    # The dog is the defence's: the taker's camp has nothing but perhaps the Excuse.
    rejects(
        hand(contract="garde_contre", oudlers=0, points=1, chelem=DEFENCE),
        "chelem",
        "defence_chelem_points",
    )
    error = rejects(
        hand(contract="garde_contre", oudlers=1, points=5, chelem=DEFENCE),
        "chelem",
        "defence_chelem_points",
    )
    assert error.params["high"] == "4"
    rejects(
        hand(contract="garde_contre", oudlers=2, points=9, chelem=DEFENCE),
        "chelem",
        "defence_chelem_oudlers",
    )


def test_defence_chelem_leaves_the_taker_camp_its_ecart_without_king_or_oudler():
    # An écart of 6 cards holds at most 4 queens and 2 knights: 19 points.
    accepts(hand(oudlers=0, points=19, chelem=DEFENCE))
    accepts(hand(oudlers=1, points=23, chelem=DEFENCE))  # and the Excuse, 4
    rejects(hand(oudlers=0, points=20, chelem=DEFENCE), "chelem", "defence_chelem_points")
    rejects(hand(oudlers=1, points=24, chelem=DEFENCE), "chelem", "defence_chelem_points")
    # 5 players: 3 cards, 10.5 points at most.
    accepts(hand(P5, oudlers=0, points=10.5, chelem=DEFENCE))
    rejects(hand(P5, oudlers=0, points=11, chelem=DEFENCE), "chelem", "defence_chelem_points")


def test_defence_chelem_in_a_garde_sans_leaves_the_taker_camp_the_dog():
    # The unseen dog may hold oudlers and kings: 27 points of 6 cards, plus the Excuse.
    accepts(hand(contract="garde_sans", oudlers=3, points=31, chelem=DEFENCE))
    rejects(
        hand(contract="garde_sans", oudlers=3, points=32, chelem=DEFENCE),
        "chelem",
        "defence_chelem_points",
    )
    accepts(hand(P5, contract="garde_sans", oudlers=3, points=17.5, chelem=DEFENCE))
    rejects(
        hand(P5, contract="garde_sans", oudlers=3, points=18, chelem=DEFENCE),
        "chelem",
        "defence_chelem_points",
    )


# --------------------------------------------------------------------------- petit au bout


def test_petit_au_bout_to_the_taker_camp_with_no_oudler_is_refused():
    rejects(
        hand(oudlers=0, points=40, petit_au_bout="taker"),
        "petit_au_bout",
        "petit_au_bout_without_oudler",
    )
    accepts(hand(oudlers=1, points=40, petit_au_bout="taker"))


def test_petit_au_bout_to_the_defence_while_the_taker_holds_all_3_oudlers_is_refused():
    rejects(
        hand(oudlers=3, points=40, petit_au_bout="defence"),
        "petit_au_bout",
        "petit_au_bout_all_oudlers",
    )
    accepts(hand(oudlers=2, points=40, petit_au_bout="defence"))


def test_defence_chelem_with_petit_au_bout_to_the_taker_camp_is_refused():
    error = rejects(
        hand(contract="garde_contre", oudlers=1, points=4, chelem=DEFENCE, petit_au_bout="taker"),
        "petit_au_bout",
        "petit_au_bout_no_trick",
    )
    assert error.params["value"] == "taker"
    accepts(
        hand(contract="garde_contre", oudlers=0, points=0, chelem=DEFENCE, petit_au_bout="defence")
    )


def test_taker_chelem_with_petit_au_bout_to_the_defence_is_refused():
    rejects(
        hand(oudlers=2, points=87, chelem=TAKER, petit_au_bout="defence"),
        "petit_au_bout",
        "petit_au_bout_no_trick",
    )
    accepts(hand(oudlers=2, points=87, chelem=ANNOUNCED, petit_au_bout="taker"))


# --------------------------------------------------------------------------- no chelem


@pytest.mark.parametrize(("oudlers", "points"), [(3, 91), (0, 0)])
def test_91_or_0_points_without_a_chelem_are_accepted_by_the_engine(oudlers, points):
    # The form asks "chelem?" before saving; the engine cannot know who took a trick.
    accepts(hand(oudlers=oudlers, points=points))


def test_a_chelem_announced_and_failed_is_accepted_with_any_possible_count():
    result = accepts(hand(oudlers=2, points=40, chelem={"announced": True, "made_by": None}))
    assert result["detail"]["chelem"] == -200
