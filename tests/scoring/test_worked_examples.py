"""Worked examples: the rule texts' own, then hand-computed ones for every rule.

Every expected number below is computed by hand from /work/shared/RULES.md:

    value = (s * (base + margin) + pab) * multiplier + s * poignees + chelem

(s = +1 made, -1 failed; base 25; the half point goes to the camp that wins)
and shared out: 3 players taker 2v / defenders -v; 4 players taker 3v; 5 players
taker 2v, partner v, defenders -v, or taker alone 4v. A comment on each row shows
the arithmetic. Players are A, B, C (D, E); A takes unless stated.
"""

from __future__ import annotations

import pytest

from scoring import PRESETS, score_json

from .rule_text_examples import EXAMPLES

P3 = ("A", "B", "C")
P4 = ("A", "B", "C", "D")
P5 = ("A", "B", "C", "D", "E")


def hand(
    players,
    contract="prise",
    oudlers=0,
    points=0,
    *,
    taker="A",
    partner=None,
    pab=None,
    poignees=None,
    chelem=(False, None),
    miseres=None,
    sitting_out=None,
    rules="fft",
):
    """One hand in the engine's JSON format; poignees/miseres as {player: size}."""
    data = {
        "players": list(players),
        "taker": None if contract is None else taker,
        "contract": contract,
        "partner": partner,
        "oudlers": oudlers,
        "points": points,
        "petit_au_bout": pab,
        "poignees": [{"player": p, "size": s} for p, s in (poignees or {}).items()],
        "chelem": {"announced": chelem[0], "made_by": chelem[1]},
        "miseres": [{"player": p, "size": s} for p, s in (miseres or {}).items()],
        "rules": rules,
    }
    if sitting_out is not None:
        data["sitting_out"] = sitting_out
    return data


def sc(**scores):
    return scores


def row(id_, data, scores, made, value):
    return pytest.param(data, scores, made, value, id=id_)


def check(data, scores, made, value):
    assert sum(scores.values()) == 0, "the expected row itself must be zero-sum"
    result = score_json(data)
    assert result["scores"] == scores
    assert result["made"] is made
    assert result["value"] == value
    assert sum(result["scores"].values()) == 0


# --------------------------------------------------------------------------- rule texts


@pytest.mark.parametrize("example", [pytest.param(e, id=e["id"]) for e in EXAMPLES])
def test_rule_text_example_scores_as_expected(example):
    expected = example["expected"]
    result = score_json(example["hand"])
    assert result["scores"] == expected["scores"]
    assert result["made"] is expected["made"]
    assert result["value"] == expected["value"]


# --------------------------------------------------------------------------- contracts

CONTRACTS = [
    row("4p-prise-x1", hand(P4, "prise", 1, 55), sc(A=87, B=-29, C=-29, D=-29), True, 29),
    # 1 oudler, 55 points: margin 55-51 = 4 -> (25+4) = 29; taker 3*29 = 87
    row("4p-garde-x2", hand(P4, "garde", 1, 55), sc(A=174, B=-58, C=-58, D=-58), True, 58),
    # (25+4)*2 = 58; taker 3*58 = 174
    row(
        "4p-garde-sans-x4",
        hand(P4, "garde_sans", 1, 55),
        sc(A=348, B=-116, C=-116, D=-116),
        True,
        116,
    ),
    # (25+4)*4 = 116; taker 348
    row(
        "4p-garde-contre-x6",
        hand(P4, "garde_contre", 1, 55),
        sc(A=522, B=-174, C=-174, D=-174),
        True,
        174,
    ),
    # (25+4)*6 = 174; taker 522
    row(
        "3p-garde-contre-failed-x6",
        hand(P3, "garde_contre", 0, 50),
        sc(A=-372, B=186, C=186),
        False,
        -186,
    ),
    # 0 oudlers, 50 of 56: failed by 6 -> -(25+6)*6 = -186; taker 2*-186 = -372
    row(
        "5p-garde-sans-with-partner-x4",
        hand(P5, "garde_sans", 2, 50, partner="C"),
        sc(A=272, B=-136, C=136, D=-136, E=-136),
        True,
        136,
    ),
    # 2 oudlers, 50 of 41: +9 -> (25+9)*4 = 136; taker 2*136, partner C 136
]


@pytest.mark.parametrize(("data", "scores", "made", "value"), CONTRACTS)
def test_each_contract_multiplies_base_and_margin(data, scores, made, value):
    check(data, scores, made, value)


# --------------------------------------------------------------------------- targets

TARGETS = [
    row(
        "4p-0-oudlers-56-juste-fait",
        hand(P4, "prise", 0, 56),
        sc(A=75, B=-25, C=-25, D=-25),
        True,
        25,
    ),
    # target 56, margin 0: made, 25; taker 75
    row(
        "4p-0-oudlers-55-fails-by-1",
        hand(P4, "prise", 0, 55),
        sc(A=-78, B=26, C=26, D=26),
        False,
        -26,
    ),
    # -(25+1) = -26; taker -78
    row(
        "4p-1-oudler-51-juste-fait",
        hand(P4, "prise", 1, 51),
        sc(A=75, B=-25, C=-25, D=-25),
        True,
        25,
    ),
    # target 51: 25
    row(
        "4p-1-oudler-50-fails-by-1",
        hand(P4, "prise", 1, 50),
        sc(A=-78, B=26, C=26, D=26),
        False,
        -26,
    ),
    # -(25+1) = -26
    row(
        "4p-2-oudlers-41-juste-fait",
        hand(P4, "prise", 2, 41),
        sc(A=75, B=-25, C=-25, D=-25),
        True,
        25,
    ),
    # target 41: 25
    row(
        "4p-2-oudlers-40-fails-by-1",
        hand(P4, "prise", 2, 40),
        sc(A=-78, B=26, C=26, D=26),
        False,
        -26,
    ),
    # -(25+1) = -26
    row(
        "4p-3-oudlers-36-juste-fait",
        hand(P4, "prise", 3, 36),
        sc(A=75, B=-25, C=-25, D=-25),
        True,
        25,
    ),
    # target 36: 25
    row(
        "4p-3-oudlers-35-fails-by-1",
        hand(P4, "prise", 3, 35),
        sc(A=-78, B=26, C=26, D=26),
        False,
        -26,
    ),
    # -(25+1) = -26
    row(
        "3p-3-oudlers-36-juste-fait-garde",
        hand(P3, "garde", 3, 36),
        sc(A=100, B=-50, C=-50),
        True,
        50,
    ),
    # 25*2 = 50; taker 2*50 = 100
    row(
        "5p-0-oudlers-56-juste-fait-garde",
        hand(P5, "garde", 0, 56, partner="B"),
        sc(A=100, B=50, C=-50, D=-50, E=-50),
        True,
        50,
    ),
    # 25*2 = 50; taker 2*50, partner 50
]


@pytest.mark.parametrize(("data", "scores", "made", "value"), TARGETS)
def test_oudler_targets_and_juste_fait_is_made(data, scores, made, value):
    check(data, scores, made, value)


# --------------------------------------------------------------------------- half points

HALF_POINTS = [
    row(
        "3p-2-oudlers-40.5-fails-by-1",
        hand(P3, "prise", 2, 40.5),
        sc(A=-52, B=26, C=26),
        False,
        -26,
    ),
    # 40.5 of 41: the half goes to the defence -> 40, failed by 1: -(25+1) = -26; taker -52
    row(
        "3p-2-oudlers-41.5-makes-by-1", hand(P3, "prise", 2, 41.5), sc(A=52, B=-26, C=-26), True, 26
    ),
    # 41.5 -> 42, made by 1: 26; taker 52
    row(
        "3p-0-oudlers-55.5-garde-fails-by-1",
        hand(P3, "garde", 0, 55.5),
        sc(A=-104, B=52, C=52),
        False,
        -52,
    ),
    # 55.5 of 56 -> failed by 1: -26*2 = -52
    row(
        "3p-3-oudlers-36.5-garde-makes-by-1",
        hand(P3, "garde", 3, 36.5),
        sc(A=104, B=-52, C=-52),
        True,
        52,
    ),
    # 36.5 of 36 -> made by 1: 26*2 = 52
    row(
        "3p-1-oudler-45.5-fails-by-6", hand(P3, "prise", 1, 45.5), sc(A=-62, B=31, C=31), False, -31
    ),
    # 45.5 of 51: 5.5 short -> 6: -(25+6) = -31
    row(
        "5p-2-oudlers-40.5-fails-by-1",
        hand(P5, "prise", 2, 40.5, partner="B"),
        sc(A=-52, B=-26, C=26, D=26, E=26),
        False,
        -26,
    ),
    # -26; taker 2*-26 = -52, partner -26, defenders +26
    row(
        "5p-2-oudlers-41.5-makes-by-1",
        hand(P5, "prise", 2, 41.5, partner="B"),
        sc(A=52, B=26, C=-26, D=-26, E=-26),
        True,
        26,
    ),
    # +26; taker 52, partner 26
    row(
        "5p-alone-1-oudler-60.5-makes-by-10",
        hand(P5, "garde", 1, 60.5),
        sc(A=280, B=-70, C=-70, D=-70, E=-70),
        True,
        70,
    ),
    # 60.5 of 51: 9.5 -> 10: (25+10)*2 = 70; alone: 4*70 = 280
]


@pytest.mark.parametrize(("data", "scores", "made", "value"), HALF_POINTS)
def test_half_point_goes_to_the_winning_camp(data, scores, made, value):
    check(data, scores, made, value)


# --------------------------------------------------------------------------- petit au bout

PETIT_AU_BOUT = [
    row(
        "4p-by-taker-made",
        hand(P4, "garde", 2, 46, pab="taker"),
        sc(A=240, B=-80, C=-80, D=-80),
        True,
        80,
    ),
    # 46 of 41: +5 -> (25+5+10)*2 = 80; taker 240
    row(
        "4p-by-taker-failed",
        hand(P4, "garde", 2, 38, pab="taker"),
        sc(A=-108, B=36, C=36, D=36),
        False,
        -36,
    ),
    # 38 of 41: -3 -> (-(25+3)+10)*2 = -36; taker -108
    row(
        "4p-by-defence-made",
        hand(P4, "garde", 2, 46, pab="defence"),
        sc(A=120, B=-40, C=-40, D=-40),
        True,
        40,
    ),
    # (30-10)*2 = 40; taker 120
    row(
        "4p-by-defence-failed",
        hand(P4, "garde", 2, 38, pab="defence"),
        sc(A=-228, B=76, C=76, D=76),
        False,
        -76,
    ),
    # (-28-10)*2 = -76; taker -228
    row(
        "4p-by-defence-garde-contre",
        hand(P4, "garde_contre", 2, 41, pab="defence"),
        sc(A=270, B=-90, C=-90, D=-90),
        True,
        90,
    ),
    # juste fait: (25-10)*6 = 90; taker 270
    row(
        "3p-by-taker-garde-sans",
        hand(P3, "garde_sans", 1, 51, pab="taker"),
        sc(A=280, B=-140, C=-140),
        True,
        140,
    ),
    # (25+0+10)*4 = 140; taker 2*140 = 280
    row(
        "5p-by-defence-with-partner",
        hand(P5, "garde", 2, 41, partner="C", pab="defence"),
        sc(A=60, B=-30, C=30, D=-30, E=-30),
        True,
        30,
    ),
    # juste fait: (25-10)*2 = 30; taker 60, partner C 30 (the defence holds the Petit,
    # so the taker's camp has at most 2 oudlers)
]


@pytest.mark.parametrize(("data", "scores", "made", "value"), PETIT_AU_BOUT)
def test_petit_au_bout_is_signed_by_camp_and_multiplied(data, scores, made, value):
    check(data, scores, made, value)


# --------------------------------------------------------------------------- poignées

POIGNEES = [
    row(
        "4p-simple-by-taker-made",
        hand(P4, "garde", 2, 46, poignees={"A": "simple"}),
        sc(A=240, B=-80, C=-80, D=-80),
        True,
        80,
    ),
    # (25+5)*2 + 20 = 80 (poignée not multiplied)
    row(
        "4p-simple-by-taker-failed-goes-to-defence",
        hand(P4, "garde", 2, 38, poignees={"A": "simple"}),
        sc(A=-228, B=76, C=76, D=76),
        False,
        -76,
    ),
    # -(25+3)*2 - 20 = -76: the defence wins, so it wins the taker's poignée
    row(
        "4p-simple-by-defender-made-goes-to-taker",
        hand(P4, "garde", 2, 46, poignees={"B": "simple"}),
        sc(A=240, B=-80, C=-80, D=-80),
        True,
        80,
    ),
    # 30*2 + 20 = 80: the taker wins the defender's poignée
    row(
        "4p-simple-by-defender-failed",
        hand(P4, "garde", 2, 38, poignees={"B": "simple"}),
        sc(A=-228, B=76, C=76, D=76),
        False,
        -76,
    ),
    # -28*2 - 20 = -76
    row(
        "4p-double-by-taker-made",
        hand(P4, "garde", 2, 46, poignees={"A": "double"}),
        sc(A=270, B=-90, C=-90, D=-90),
        True,
        90,
    ),
    # 30*2 + 30 = 90; taker 270
    row(
        "4p-double-by-defender-failed",
        hand(P4, "garde", 2, 38, poignees={"C": "double"}),
        sc(A=-258, B=86, C=86, D=86),
        False,
        -86,
    ),
    # -28*2 - 30 = -86; taker -258
    row(
        "4p-triple-by-taker-failed",
        hand(P4, "garde", 2, 38, poignees={"A": "triple"}),
        sc(A=-288, B=96, C=96, D=96),
        False,
        -96,
    ),
    # -28*2 - 40 = -96; taker -288
    row(
        "4p-triple-by-defender-made",
        hand(P4, "garde", 2, 46, poignees={"D": "triple"}),
        sc(A=300, B=-100, C=-100, D=-100),
        True,
        100,
    ),
    # 30*2 + 40 = 100; taker 300
    row(
        "4p-two-simples-taker-and-defender",
        hand(P4, "garde", 2, 46, poignees={"A": "simple", "B": "simple"}),
        sc(A=300, B=-100, C=-100, D=-100),
        True,
        100,
    ),
    # 10+10 = 20 trumps shown; 30*2 + 20 + 20 = 100; taker 300
    row(
        "5p-triple-and-simple",
        hand(P5, "prise", 2, 41, partner="B", poignees={"A": "triple", "D": "simple"}),
        sc(A=170, B=85, C=-85, D=-85, E=-85),
        True,
        85,
    ),
    # 13+8 = 21 trumps; 25 + 40 + 20 = 85; taker 170, partner 85
    row(
        "5p-two-doubles-failed",
        hand(P5, "garde", 1, 45, partner="B", poignees={"B": "double", "C": "double"}),
        sc(A=-244, B=-122, C=122, D=122, E=122),
        False,
        -122,
    ),
    # 10+10 trumps; 45 of 51: -6 -> -(31)*2 - 30 - 30 = -122; taker -244, partner -122
    row(
        "3p-double-by-defender-failed",
        hand(P3, "prise", 1, 48.5, poignees={"B": "double"}),
        sc(A=-116, B=58, C=58),
        False,
        -58,
    ),
    # 48.5 of 51: 2.5 -> 3: -(28) - 30 = -58; taker -116
    row(
        "3p-triple-by-taker-garde-sans",
        hand(P3, "garde_sans", 3, 40, poignees={"A": "triple"}),
        sc(A=312, B=-156, C=-156),
        True,
        156,
    ),
    # 40 of 36: +4 -> 29*4 + 40 = 156; taker 312
]


@pytest.mark.parametrize(("data", "scores", "made", "value"), POIGNEES)
def test_poignees_go_to_the_winning_camp_and_are_not_multiplied(data, scores, made, value):
    check(data, scores, made, value)


# --------------------------------------------------------------------------- chelem

CHELEM = [
    row(
        "4p-announced-made",
        hand(P4, "garde_sans", 3, 91, chelem=(True, "taker")),
        sc(A=2160, B=-720, C=-720, D=-720),
        True,
        720,
    ),
    # 91 of 36: +55 -> (25+55)*4 + 400 = 720; taker 2160
    row(
        "4p-unannounced-made",
        hand(P4, "prise", 3, 91, chelem=(False, "taker")),
        sc(A=840, B=-280, C=-280, D=-280),
        True,
        280,
    ),
    # 80 + 200 = 280; taker 840
    row(
        "4p-announced-failed-contract-made",
        hand(P4, "garde", 3, 80, chelem=(True, None)),
        sc(A=-186, B=62, C=62, D=62),
        True,
        -62,
    ),
    # 80 of 36: +44 -> 69*2 - 200 = -62; taker -186
    row(
        "4p-announced-failed-contract-failed",
        hand(P4, "prise", 1, 40, chelem=(True, None)),
        sc(A=-708, B=236, C=236, D=236),
        False,
        -236,
    ),
    # 40 of 51: -11 -> -36 - 200 = -236; taker -708
    row(
        "4p-made-by-defence",
        hand(P4, "prise", 0, 0, chelem=(False, "defence")),
        sc(A=-843, B=281, C=281, D=281),
        False,
        -281,
    ),
    # 0 of 56: -56 -> -81 - 200 = -281: each defender 200 more; taker -843
    row(
        "4p-announced-made-with-petit-au-bout",
        hand(P4, "garde", 3, 91, pab="taker", chelem=(True, "taker")),
        sc(A=1740, B=-580, C=-580, D=-580),
        True,
        580,
    ),
    # (80+10)*2 + 400 = 580; taker 1740
    row(
        "3p-made-by-defence-excuse-worth-4",
        hand(P3, "garde", 1, 4, chelem=(False, "defence")),
        sc(A=-688, B=344, C=344),
        False,
        -344,
    ),
    # 4 of 51: -47 -> -72*2 - 200 = -344; taker -688
    row(
        "5p-announced-made-with-partner",
        hand(P5, "garde", 3, 91, partner="B", chelem=(True, "taker")),
        sc(A=1120, B=560, C=-560, D=-560, E=-560),
        True,
        560,
    ),
    # 80*2 + 400 = 560; taker 1120, partner 560
    row(
        "5p-alone-unannounced-made-defence-kept-excuse",
        hand(P5, "prise", 2, 87, chelem=(False, "taker")),
        sc(A=1084, B=-271, C=-271, D=-271, E=-271),
        True,
        271,
    ),
    # 87 of 41: +46 -> 71 + 200 = 271; alone 4*271 = 1084
]


@pytest.mark.parametrize(("data", "scores", "made", "value"), CHELEM)
def test_chelem_bonus_is_added_unmultiplied(data, scores, made, value):
    check(data, scores, made, value)


# --------------------------------------------------------------------------- passed hand

PASSED = [
    row("3p", hand(P3, None), sc(A=0, B=0, C=0), None, 0),
    row("4p", hand(P4, None), sc(A=0, B=0, C=0, D=0), None, 0),
    row("5p", hand(P5, None), sc(A=0, B=0, C=0, D=0, E=0), None, 0),
    row("5p-sitting-out", hand(P5, None, sitting_out="E"), sc(A=0, B=0, C=0, D=0, E=0), None, 0),
]


@pytest.mark.parametrize(("data", "scores", "made", "value"), PASSED)
def test_passed_hand_scores_zero_for_all(data, scores, made, value):
    check(data, scores, made, value)


# --------------------------------------------------------------------------- 5 players

FIVE_PLAYERS = [
    row(
        "partner-made",
        hand(P5, "garde", 1, 61, partner="B"),
        sc(A=140, B=70, C=-70, D=-70, E=-70),
        True,
        70,
    ),
    # 61 of 51: +10 -> 35*2 = 70; taker 2*70, partner 70, defenders -70
    row(
        "alone-made",
        hand(P5, "garde", 1, 61),
        sc(A=280, B=-70, C=-70, D=-70, E=-70),
        True,
        70,
    ),
    # alone: taker 4*70 = 280
    row(
        "partner-failed",
        hand(P5, "prise", 0, 50, partner="B"),
        sc(A=-62, B=-31, C=31, D=31, E=31),
        False,
        -31,
    ),
    # 50 of 56: -6 -> -31; taker -62, partner -31
    row(
        "alone-failed",
        hand(P5, "prise", 0, 50),
        sc(A=-124, B=31, C=31, D=31, E=31),
        False,
        -31,
    ),
    # alone: 4*-31 = -124
    row(
        "taker-c-partner-e",
        hand(P5, "garde_sans", 2, 41, taker="C", partner="E"),
        sc(A=-100, B=-100, C=200, D=-100, E=100),
        True,
        100,
    ),
    # 25*4 = 100; taker C 200, partner E 100
]


@pytest.mark.parametrize(("data", "scores", "made", "value"), FIVE_PLAYERS)
def test_five_players_taker_gets_twice_with_partner_four_times_alone(data, scores, made, value):
    check(data, scores, made, value)


# --------------------------------------------------------------------------- sitting out

SITTING_OUT = [
    row(
        "dealer-e-sits-out",
        hand(P5, "prise", 2, 45, sitting_out="E"),
        sc(A=87, B=-29, C=-29, D=-29, E=0),
        True,
        29,
    ),
    # a 4-player hand: 45 of 41: +4 -> 29; taker 3*29 = 87; E 0
    row(
        "dealer-a-sits-out-d-takes",
        hand(P5, "garde", 1, 47, taker="D", sitting_out="A"),
        sc(A=0, B=58, C=58, D=-174, E=58),
        False,
        -58,
    ),
    # 47 of 51: -4 -> -29*2 = -58; taker D 3*-58 = -174; A 0
    row(
        "four-player-poignee-threshold",
        hand(P5, "prise", 3, 36, poignees={"A": "simple"}, sitting_out="E"),
        sc(A=135, B=-45, C=-45, D=-45, E=0),
        True,
        45,
    ),
    # 25 + 20 = 45; taker 135
]


@pytest.mark.parametrize(("data", "scores", "made", "value"), SITTING_OUT)
def test_sitting_out_player_scores_zero_and_others_play_four(data, scores, made, value):
    check(data, scores, made, value)


# --------------------------------------------------------------------------- variant presets

PRESET_ROWS = [
    # fft_old_poignees: 20 / 40 / 60
    row(
        "fft_old_poignees-simple-20",
        hand(P4, "prise", 2, 41, poignees={"B": "simple"}, rules="fft_old_poignees"),
        sc(A=135, B=-45, C=-45, D=-45),
        True,
        45,
    ),
    # 25 + 20 = 45
    row(
        "fft_old_poignees-double-40",
        hand(P4, "prise", 2, 41, poignees={"A": "double"}, rules="fft_old_poignees"),
        sc(A=195, B=-65, C=-65, D=-65),
        True,
        65,
    ),
    # 25 + 40 = 65
    row(
        "fft_old_poignees-triple-60",
        hand(P4, "prise", 2, 41, poignees={"A": "triple"}, rules="fft_old_poignees"),
        sc(A=255, B=-85, C=-85, D=-85),
        True,
        85,
    ),
    # 25 + 60 = 85
    row(
        "fft_old_poignees-triple-by-defender-failed",
        hand(P4, "garde", 2, 38, poignees={"C": "triple"}, rules="fft_old_poignees"),
        sc(A=-348, B=116, C=116, D=116),
        False,
        -116,
    ),
    # -28*2 - 60 = -116
    # fft_round_5: per-defender value to the nearest 5
    row(
        "fft_round_5-27-to-25",
        hand(P4, "prise", 1, 53, rules="fft_round_5"),
        sc(A=75, B=-25, C=-25, D=-25),
        True,
        25,
    ),
    # 25+2 = 27 -> 25; taker 3*25
    row(
        "fft_round_5-28-to-30",
        hand(P4, "prise", 1, 54, rules="fft_round_5"),
        sc(A=90, B=-30, C=-30, D=-30),
        True,
        30,
    ),
    # 28 -> 30
    row(
        "fft_round_5-minus-27-to-minus-25",
        hand(P4, "prise", 1, 49, rules="fft_round_5"),
        sc(A=-75, B=25, C=25, D=25),
        False,
        -25,
    ),
    # -(25+2) = -27 -> -25
    row(
        "fft_round_5-5p-52-to-50",
        hand(P5, "garde", 1, 52, partner="B", rules="fft_round_5"),
        sc(A=100, B=50, C=-50, D=-50, E=-50),
        True,
        50,
    ),
    # (25+1)*2 = 52 -> 50; taker 100, partner 50
    row(
        "fft_round_5-3p-56-to-55",
        hand(P3, "garde", 2, 44, rules="fft_round_5"),
        sc(A=110, B=-55, C=-55),
        True,
        55,
    ),
    # (25+3)*2 = 56 -> 55; taker 110
    # fft_round_10: nearest 10, half away from zero, taker adjusted
    row(
        "fft_round_10-25-to-30",
        hand(P4, "prise", 1, 51, rules="fft_round_10"),
        sc(A=90, B=-30, C=-30, D=-30),
        True,
        30,
    ),
    # 25 -> 30 (half away from zero); taker 3*30 = 90
    row(
        "fft_round_10-minus-25-to-minus-30",
        hand(P4, "prise", 1, 41, pab="taker", rules="fft_round_10"),
        sc(A=-90, B=30, C=30, D=30),
        False,
        -30,
    ),
    # 41 of 51: -10 -> -(25+10) + 10 = -25 -> -30; taker -90
    row(
        "fft_round_10-15-to-20",
        hand(P4, "prise", 1, 51, pab="defence", rules="fft_round_10"),
        sc(A=60, B=-20, C=-20, D=-20),
        True,
        20,
    ),
    # 25 - 10 = 15 -> 20
    row(
        "fft_round_10-58-to-60",
        hand(P4, "garde", 2, 45, rules="fft_round_10"),
        sc(A=180, B=-60, C=-60, D=-60),
        True,
        60,
    ),
    # (25+4)*2 = 58 -> 60; taker 180
    row(
        "fft_round_10-5p-34-to-30",
        hand(P5, "prise", 1, 60, partner="B", rules="fft_round_10"),
        sc(A=60, B=30, C=-30, D=-30, E=-30),
        True,
        30,
    ),
    # 25+9 = 34 -> 30; taker 60, partner 30
    row(
        "fft_round_10-3p-29-to-30",
        hand(P3, "prise", 2, 44.5, rules="fft_round_10"),
        sc(A=60, B=-30, C=-30),
        True,
        30,
    ),
    # 44.5 of 41: 3.5 -> 4: 29 -> 30; taker 60
    # fft_equal_split5: taker and partner share 3v, the odd point to the taker
    row(
        "fft_equal_split5-odd-value-taker-gets-extra-point",
        hand(P5, "prise", 1, 51, partner="C", rules="fft_equal_split5"),
        sc(A=38, B=-25, C=37, D=-25, E=-25),
        True,
        25,
    ),
    # 3*25 = 75 = 37.5 each: taker 38, partner 37
    row(
        "fft_equal_split5-even-value-equal-shares",
        hand(P5, "prise", 1, 52, partner="C", rules="fft_equal_split5"),
        sc(A=39, B=-26, C=39, D=-26, E=-26),
        True,
        26,
    ),
    # 3*26 = 78: 39 each
    row(
        "fft_equal_split5-odd-negative-value",
        hand(P5, "prise", 0, 54, partner="C", rules="fft_equal_split5"),
        sc(A=-41, B=27, C=-40, D=27, E=27),
        False,
        -27,
    ),
    # 54 of 56: -2 -> -27; 3*-27 = -81 = -40.5 each: rounded half away from zero,
    # the taker's share is -41 and the partner's -40
    row(
        "fft_equal_split5-alone-unchanged",
        hand(P5, "prise", 1, 51, rules="fft_equal_split5"),
        sc(A=100, B=-25, C=-25, D=-25, E=-25),
        True,
        25,
    ),
    # alone: 4*25 = 100
    row(
        "fft_equal_split5-4p-unchanged",
        hand(P4, "prise", 1, 51, rules="fft_equal_split5"),
        sc(A=75, B=-25, C=-25, D=-25),
        True,
        25,
    ),
    # pousse_x1_5
    row(
        "pousse_x1_5-made",
        hand(P4, "pousse", 1, 56, rules="pousse_x1_5"),
        sc(A=135, B=-45, C=-45, D=-45),
        True,
        45,
    ),
    # (25+5)*1.5 = 45; taker 135
    row(
        "pousse_x1_5-failed",
        hand(P4, "pousse", 1, 50, rules="pousse_x1_5"),
        sc(A=-117, B=39, C=39, D=39),
        False,
        -39,
    ),
    # -(25+1)*1.5 = -39; taker -117
    row(
        "pousse_x1_5-half-rounds-away-from-zero",
        hand(P4, "pousse", 1, 55, rules="pousse_x1_5"),
        sc(A=132, B=-44, C=-44, D=-44),
        True,
        44,
    ),
    # (25+4)*1.5 = 43.5 -> 44
    row(
        "pousse_x1_5-negative-half-rounds-away-from-zero",
        hand(P4, "pousse", 1, 47, rules="pousse_x1_5"),
        sc(A=-132, B=44, C=44, D=44),
        False,
        -44,
    ),
    # -(25+4)*1.5 = -43.5 -> -44
    row(
        "pousse_x1_5-petit-au-bout-and-poignee",
        hand(P4, "pousse", 1, 56, pab="taker", poignees={"B": "simple"}, rules="pousse_x1_5"),
        sc(A=240, B=-80, C=-80, D=-80),
        True,
        80,
    ),
    # (25+5+10)*1.5 + 20 = 80
    row(
        "pousse_x1_5-garde-still-x2",
        hand(P4, "garde", 1, 56, rules="pousse_x1_5"),
        sc(A=180, B=-60, C=-60, D=-60),
        True,
        60,
    ),
    # 30*2 = 60
    row(
        "pousse_x1_5-5p-with-partner",
        hand(P5, "pousse", 2, 45, partner="B", rules="pousse_x1_5"),
        sc(A=88, B=44, C=-44, D=-44, E=-44),
        True,
        44,
    ),
    # 29*1.5 = 43.5 -> 44; taker 88, partner 44
    # pousse_x1
    row(
        "pousse_x1-made",
        hand(P4, "pousse", 1, 56, rules="pousse_x1"),
        sc(A=90, B=-30, C=-30, D=-30),
        True,
        30,
    ),
    # (25+5)*1 = 30
    row(
        "pousse_x1-failed-petit-au-bout-by-defence",
        hand(P4, "pousse", 1, 50, pab="defence", rules="pousse_x1"),
        sc(A=-108, B=36, C=36, D=36),
        False,
        -36,
    ),
    # (-26-10)*1 = -36
    # misere: 10 / 20 from each other player to the holder, outside the multiplier
    row(
        "misere-3p-double-by-taker",
        hand(P3, "garde", 2, 46, miseres={"A": "double"}, rules="misere"),
        sc(A=160, B=-80, C=-80),
        True,
        60,
    ),
    # value 30*2 = 60; A 2*60 + 2*20 = 160; B, C -60 - 20 = -80
    row(
        "misere-4p-simple-by-defender-not-multiplied",
        hand(P4, "garde", 2, 38, miseres={"B": "simple"}, rules="misere"),
        sc(A=-178, B=86, C=46, D=46),
        False,
        -56,
    ),
    # value -28*2 = -56; A -168 - 10; B 56 + 3*10 = 86; C, D 56 - 10 = 46
    row(
        "misere-5p-simple-by-defender",
        hand(P5, "prise", 2, 41, partner="B", miseres={"E": "simple"}, rules="misere"),
        sc(A=40, B=15, C=-35, D=-35, E=15),
        True,
        25,
    ),
    # value 25: A 50-10, B 25-10, C/D -25-10, E -25 + 4*10 = 15
    row(
        "misere-4p-passed-hand-double",
        hand(P4, None, miseres={"B": "double"}, rules="misere"),
        sc(A=-20, B=60, C=-20, D=-20),
        None,
        0,
    ),
    # passed: only the misère: B 3*20 = 60, others -20
    row(
        "misere-4p-passed-hand-two-miseres",
        hand(P4, None, miseres={"B": "simple", "C": "double"}, rules="misere"),
        sc(A=-30, B=10, C=50, D=-30),
        None,
        0,
    ),
    # B +30 - 20 = 10; C +60 - 10 = 50; A, D -10 - 20 = -30
    row(
        "misere-3p-passed-hand-simple",
        hand(P3, None, miseres={"A": "simple"}, rules="misere"),
        sc(A=20, B=-10, C=-10),
        None,
        0,
    ),
    # A 2*10 = 20
    row(
        "misere-5p-sitting-out-pays-nothing",
        hand(P5, "prise", 1, 51, miseres={"C": "simple"}, sitting_out="E", rules="misere"),
        sc(A=65, B=-35, C=5, D=-35, E=0),
        True,
        25,
    ),
    # 4-player hand, value 25: A 75-10, B/D -25-10, C -25 + 3*10 = 5, E 0
    # garde_contre_x8 / x7
    row(
        "garde_contre_x8-juste-fait",
        hand(P4, "garde_contre", 2, 41, rules="garde_contre_x8"),
        sc(A=600, B=-200, C=-200, D=-200),
        True,
        200,
    ),
    # 25*8 = 200; taker 600
    row(
        "garde_contre_x8-failed-petit-au-bout-by-defence",
        hand(P4, "garde_contre", 2, 40, pab="defence", rules="garde_contre_x8"),
        sc(A=-864, B=288, C=288, D=288),
        False,
        -288,
    ),
    # (-26-10)*8 = -288; taker -864
    row(
        "garde_contre_x8-garde-still-x2",
        hand(P4, "garde", 2, 41, rules="garde_contre_x8"),
        sc(A=150, B=-50, C=-50, D=-50),
        True,
        50,
    ),
    row(
        "garde_contre_x7-with-poignee",
        hand(P4, "garde_contre", 2, 41, poignees={"A": "simple"}, rules="garde_contre_x7"),
        sc(A=585, B=-195, C=-195, D=-195),
        True,
        195,
    ),
    # 25*7 + 20 = 195; taker 585
    row(
        "garde_contre_x7-3p-failed-half-point",
        hand(P3, "garde_contre", 1, 50.5, rules="garde_contre_x7"),
        sc(A=-364, B=182, C=182),
        False,
        -182,
    ),
    # 50.5 of 51 -> failed by 1: -26*7 = -182; taker -364
    # alternative: base 10/20/40/80/160, no multiplier
    row(
        "alternative-prise-base-10",
        hand(P4, "prise", 1, 55, rules="alternative"),
        sc(A=42, B=-14, C=-14, D=-14),
        True,
        14,
    ),
    # 10 + 4 = 14
    row(
        "alternative-pousse-base-20",
        hand(P4, "pousse", 1, 55, rules="alternative"),
        sc(A=72, B=-24, C=-24, D=-24),
        True,
        24,
    ),
    # 20 + 4 = 24
    row(
        "alternative-garde-base-40",
        hand(P4, "garde", 1, 55, rules="alternative"),
        sc(A=132, B=-44, C=-44, D=-44),
        True,
        44,
    ),
    # 40 + 4 = 44
    row(
        "alternative-garde-sans-base-80",
        hand(P4, "garde_sans", 1, 55, rules="alternative"),
        sc(A=252, B=-84, C=-84, D=-84),
        True,
        84,
    ),
    # 80 + 4 = 84
    row(
        "alternative-garde-contre-base-160",
        hand(P4, "garde_contre", 1, 55, rules="alternative"),
        sc(A=492, B=-164, C=-164, D=-164),
        True,
        164,
    ),
    # 160 + 4 = 164
    row(
        "alternative-failed-petit-au-bout-and-poignee-unmultiplied",
        hand(P4, "garde", 2, 38, pab="taker", poignees={"B": "simple"}, rules="alternative"),
        sc(A=-159, B=53, C=53, D=53),
        False,
        -53,
    ),
    # -(40+3) + 10 - 20 = -53
    row(
        "alternative-chelem-announced-made",
        hand(P4, "garde_sans", 3, 91, pab="taker", chelem=(True, "taker"), rules="alternative"),
        sc(A=1635, B=-545, C=-545, D=-545),
        True,
        545,
    ),
    # (80+55) + 10 + 400 = 545
    row(
        "alternative-5p-garde-contre-failed",
        hand(P5, "garde_contre", 0, 50, partner="B", pab="defence", rules="alternative"),
        sc(A=-352, B=-176, C=176, D=176, E=176),
        False,
        -176,
    ),
    # -(160+6) - 10 = -176; taker -352, partner -176
    row(
        "alternative-3p-half-point",
        hand(P3, "prise", 2, 40.5, rules="alternative"),
        sc(A=-22, B=11, C=11),
        False,
        -11,
    ),
    # 40.5 of 41 -> failed by 1: -(10+1) = -11
]


@pytest.mark.parametrize(("data", "scores", "made", "value"), PRESET_ROWS)
def test_variant_preset_scores(data, scores, made, value):
    check(data, scores, made, value)


def test_every_preset_has_a_hand_computed_example():
    tables = (
        CONTRACTS,
        TARGETS,
        HALF_POINTS,
        PETIT_AU_BOUT,
        POIGNEES,
        CHELEM,
        PASSED,
        FIVE_PLAYERS,
        SITTING_OUT,
        PRESET_ROWS,
    )
    used = {p.values[0]["rules"] for table in tables for p in table}
    assert used == set(PRESETS)


def test_every_player_count_has_a_hand_computed_example_per_rule():
    for table in (CONTRACTS, TARGETS, PETIT_AU_BOUT, POIGNEES, CHELEM, PASSED):
        counts = {len(p.values[0]["players"]) for p in table}
        assert counts == {3, 4, 5}, table
