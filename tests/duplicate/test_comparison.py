"""Duplicate comparison: matchpoints, percentages, differences, specials, sessions, teams.

Every expected figure below was computed by hand (the working is in the comments).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.rules.duplicate import (
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    DIFFERENCE,
    FOULED,
    NOT_PLAYED,
    ComparedLine,
    TravellerError,
    compare_board,
    session_results,
    team_results,
    two_decimals,
)


def players(table: int) -> tuple[str, str, str, str]:
    return tuple(f"{o}{table}" for o in "NESW")  # type: ignore[return-value]


# Board 7 at five tables. Marques N, E, S, W of each line sum to 0.
BOARD_7 = [
    ComparedLine(1, players(1), (120, -40, -40, -40)),
    ComparedLine(2, players(2), (-40, 120, -40, -40)),
    ComparedLine(3, players(3), (120, -40, -40, -40)),
    ComparedLine(4, players(4), (240, -80, -80, -80)),
    ComparedLine(5, players(5), (-40, -40, 120, -40)),
]


def by_seat(scores):
    return {(s.table, s.orientation): s for s in scores}


# (table, orientation): (rank, matchpoints, percentage). n = 5, top = 8.
# North 120, -40, 120, 240, -40: 240 beats 4 (8); each 120 beats two -40s and ties
# one 120 (2 x 2 + 1 = 5, 62.5 %); each -40 ties one (1, 12.5 %).
# East -40, 120, -40, -80, -40: 120 -> 8; each -40 beats -80 and ties two (2 + 2 = 4,
# 50 %); -80 -> 0. South the same at tables 5 / 1, 2, 3 / 4.
# West -40 x 4 and -80: each -40 beats one and ties three (5, 62.5 %); -80 -> 0.
MATCHPOINT_TABLE = {
    (1, "N"): (2, 5, "62.50"),
    (2, "N"): (4, 1, "12.50"),
    (3, "N"): (2, 5, "62.50"),
    (4, "N"): (1, 8, "100.00"),
    (5, "N"): (4, 1, "12.50"),
    (1, "E"): (2, 4, "50.00"),
    (2, "E"): (1, 8, "100.00"),
    (3, "E"): (2, 4, "50.00"),
    (4, "E"): (5, 0, "0.00"),
    (5, "E"): (2, 4, "50.00"),
    (5, "S"): (1, 8, "100.00"),
    (1, "S"): (2, 4, "50.00"),
    (4, "S"): (5, 0, "0.00"),
    (1, "W"): (1, 5, "62.50"),
    (4, "W"): (5, 0, "0.00"),
}


def test_matchpoints_with_ties_by_hand():
    scores = by_seat(compare_board(7, BOARD_7))
    assert len(scores) == 20
    for seat, (rank, points, percentage) in MATCHPOINT_TABLE.items():
        score = scores[seat]
        assert (score.rank, score.matchpoints, score.percentage) == (
            rank,
            points,
            Decimal(percentage),
        ), seat
        assert (score.compared, score.top, score.board) == (5, 8, 7)
    # The detail a player opens: "board 7, +120 at North: 2nd of 5, 62.5 %".
    north = scores[(1, "N")]
    assert (north.board, north.marque, north.orientation, north.rank, north.compared) == (
        7,
        120,
        "N",
        2,
        5,
    )
    assert north.player == "N1" and north.difference is None


def test_matchpoints_at_each_orientation_add_up_to_n_times_n_minus_one():
    scores = compare_board(7, BOARD_7)
    for orientation in "NESW":
        assert sum(s.matchpoints for s in scores if s.orientation == orientation) == 20


# Difference from the average: North mean (120 - 40 + 120 + 240 - 40) / 5 = 80;
# East mean -80 / 5 = -16; West mean -240 / 5 = -48.
DIFFERENCE_TABLE = {
    (1, "N"): "40.00",
    (2, "N"): "-120.00",
    (4, "N"): "160.00",
    (2, "E"): "136.00",
    (1, "E"): "-24.00",
    (4, "E"): "-64.00",
    (1, "W"): "8.00",
    (4, "W"): "-32.00",
}


def test_difference_from_the_average_by_hand():
    scores = by_seat(compare_board(7, BOARD_7, method=DIFFERENCE))
    for seat, difference in DIFFERENCE_TABLE.items():
        assert scores[seat].difference == Decimal(difference), seat
        assert scores[seat].percentage is None and scores[seat].matchpoints is None
    # The rank among the n is given under either method.
    assert scores[(4, "N")].rank == 1 and scores[(2, "N")].rank == 4
    for orientation in "NESW":
        assert sum(s.exact for s in scores.values() if s.orientation == orientation) == 0


def test_differences_that_do_not_end_are_exact_and_shown_to_two_decimals():
    lines = [
        ComparedLine(1, players(1), (30, -10, -10, -10)),
        ComparedLine(2, players(2), (-10, 30, -10, -10)),
        ComparedLine(3, players(3), (-10, -10, -10, 30)),
    ]
    scores = by_seat(compare_board(1, lines, method=DIFFERENCE))
    # North mean 10/3: 30 - 10/3 = 80/3 = 26.666..., -10 - 10/3 = -40/3.
    assert scores[(1, "N")].exact == Fraction(80, 3)
    assert scores[(1, "N")].difference == Decimal("26.67")
    assert scores[(2, "N")].difference == Decimal("-13.33")


@pytest.mark.parametrize(
    ("north_marques", "expected"),
    [
        ([80], ["50.00"]),  # n = 1: nobody to compare with
        ([80, -40], ["100.00", "0.00"]),  # n = 2
        ([80, 80], ["50.00", "50.00"]),  # n = 2, equal
        ([10, 10, 10, 10], ["50.00"] * 4),  # all equal
        # n = 4, top 6: 50 beats 2 and ties 1 (5); 20 beats 1 (2); ... 1/6 and 5/6.
        ([50, 50, 20, -10], ["83.33", "83.33", "33.33", "0.00"]),
    ],
)
def test_small_and_equal_fields(north_marques, expected):
    lines = [ComparedLine(t, players(t), (m, -m, 0, 0)) for t, m in enumerate(north_marques, 1)]
    scores = [s for s in compare_board(1, lines) if s.orientation == "N"]
    assert [str(s.percentage) for s in scores] == expected
    assert all(s.compared == len(north_marques) for s in scores)


def test_special_results_and_a_fouled_line():
    lines = [
        ComparedLine(1, players(1), (120, -40, -40, -40)),
        ComparedLine(2, players(2), (-40, 120, -40, -40)),
        ComparedLine(3, players(3), special=NOT_PLAYED),
        # Fouled at table 4: its marques are recorded and left out.
        ComparedLine(4, players(4), (900, -300, -300, -300), special=FOULED),
        # The arbiter adjusts table 5: North and South average plus, East and West minus.
        ComparedLine(
            5,
            players(5),
            specials={"N": AVERAGE_PLUS, "S": AVERAGE_PLUS, "E": AVERAGE_MINUS, "W": AVERAGE_MINUS},
        ),
        ComparedLine(6, players(6), (-40, -40, 120, -40)),
        ComparedLine(7, players(7), (60, -20, -20, -20), special=FOULED, arbiter=Fraction(45)),
    ]
    scores = by_seat(compare_board(3, lines))
    # North compares 120, -40, -40 only (n = 3, top 4): 120 -> 4 (100 %); each -40
    # ties one (1, 25 %). The 900 of the fouled table does not count.
    assert (scores[(1, "N")].percentage, scores[(1, "N")].compared) == (Decimal("100.00"), 3)
    assert scores[(2, "N")].percentage == Decimal("25.00")
    assert scores[(6, "N")].percentage == Decimal("25.00")
    assert scores[(3, "N")].percentage == Decimal("50.00")  # not played
    assert scores[(3, "N")].special == NOT_PLAYED and scores[(3, "N")].rank is None
    assert scores[(4, "E")].percentage == Decimal("50.00")  # fouled: the default
    assert scores[(4, "E")].marque is None and scores[(4, "E")].special == FOULED
    assert scores[(7, "W")].percentage == Decimal("45.00")  # fouled: the arbiter's figure
    assert scores[(5, "N")].percentage == Decimal("60.00")
    assert scores[(5, "E")].percentage == Decimal("40.00")
    assert scores[(5, "S")].percentage == Decimal("60.00")


def test_special_results_under_the_difference_method():
    lines = [
        ComparedLine(1, players(1), (120, -40, -40, -40)),
        ComparedLine(2, players(2), (-40, 120, -40, -40)),
        ComparedLine(3, players(3), special=NOT_PLAYED),
        ComparedLine(
            4,
            players(4),
            specials={"N": AVERAGE_PLUS, "E": AVERAGE_MINUS, "S": NOT_PLAYED, "W": NOT_PLAYED},
        ),
        ComparedLine(5, players(5), special=FOULED),
        ComparedLine(6, players(6), special=FOULED, arbiter=Fraction(-30)),
    ]
    scores = by_seat(compare_board(3, lines, method=DIFFERENCE, adjustment=Fraction(25)))
    # North mean (120 - 40) / 2 = 40.
    assert scores[(1, "N")].difference == Decimal("80.00")
    assert scores[(3, "N")].difference == Decimal("0.00")
    assert scores[(4, "N")].difference == Decimal("25.00")
    assert scores[(4, "E")].difference == Decimal("-25.00")
    assert scores[(5, "S")].difference == Decimal("0.00")
    assert scores[(6, "W")].difference == Decimal("-30.00")


def north_ruled(table: int, kind: str) -> list[ComparedLine]:
    """BOARD_7 with North of `table` given the ruling `kind`, his marque on the line."""
    return [
        replace(line, specials={"N": kind}) if line.table == table else line for line in BOARD_7
    ]


def test_an_average_minus_never_raises_what_the_marque_on_the_line_scored():
    """Board 7's North marques are 120, -40, 120, 240, -40. Average minus on North of
    table 2 (-40, worst but tied): against the four others (120, 120, 240, -40) his
    -40 beats none and ties one: 1 of 8, 12.5 %, under the 40 % the ruling is worth,
    so he keeps 12.5 %; on North of table 4 (240, the top: 100 % as played) the
    ruling's 40 % stands. Either way the others are compared without the ruled marque.
    In differences: table 2's -40 against the field's mean (400 / 5 = 80) is -120,
    under -25; table 4's +160 is above it, so -25."""
    ruled_low = north_ruled(2, AVERAGE_MINUS)
    scores = by_seat(compare_board(7, ruled_low))
    assert scores[(2, "N")].percentage == Decimal("12.50")
    assert scores[(2, "N")].special == AVERAGE_MINUS
    assert scores[(1, "N")].compared == 4  # the ruled marque takes no part
    ruled_top = north_ruled(4, AVERAGE_MINUS)
    assert by_seat(compare_board(7, ruled_top))[(4, "N")].percentage == Decimal("40.00")
    low = by_seat(compare_board(7, ruled_low, method=DIFFERENCE))
    assert low[(2, "N")].difference == Decimal("-120.00")
    top = by_seat(compare_board(7, ruled_top, method=DIFFERENCE))
    assert top[(4, "N")].difference == Decimal("-25.00")
    # Average plus is not capped: it is not a penalty.
    plus = north_ruled(2, AVERAGE_PLUS)
    assert by_seat(compare_board(7, plus))[(2, "N")].percentage == Decimal("60.00")


@pytest.mark.parametrize(
    ("lines", "code"),
    [
        ([ComparedLine(1, players(1), (10, -10, 0, 1))], "marques_not_zero_sum"),
        ([ComparedLine(1, players(1))], "result_missing"),
        ([ComparedLine(1, players(1), specials={"N": NOT_PLAYED})], "result_missing"),
        ([ComparedLine(1, players(1), special="lucky")], "unknown_special"),
        (
            [ComparedLine(1, players(1), (0, 0, 0, 0)), ComparedLine(1, players(2), (0, 0, 0, 0))],
            "table_twice",
        ),
        (
            [ComparedLine(1, players(1), (0, 0, 0, 0)), ComparedLine(2, players(1), (0, 0, 0, 0))],
            "player_twice",
        ),
        ([ComparedLine(1, players(1), (0, 0, 0))], "marques_count"),  # type: ignore[arg-type]
        ([ComparedLine(1, players(1), (True, False, 0, -1))], "marques_count"),
    ],
)
def test_a_traveller_that_cannot_be_compared(lines, code):
    with pytest.raises(TravellerError) as info:
        compare_board(1, lines)
    assert info.value.code == code


def test_unknown_method():
    with pytest.raises(TravellerError):
        compare_board(1, BOARD_7, method="guess")


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(44445, 1000), "44.45"),
        (Fraction(-125, 1000), "-0.13"),
        (Fraction(100, 3), "33.33"),
        (Fraction(200, 3), "66.67"),
        (Fraction(50), "50.00"),
    ],
)
def test_two_decimals_round_half_up(value, shown):
    assert str(two_decimals(value)) == shown


def session_boards():
    """Three boards at two tables; the same four players at table 1 each time."""
    boards = []
    for board, (a, b) in enumerate([(120, -40), (-40, 120), (60, 60)], 1):
        boards += compare_board(
            board,
            [
                ComparedLine(1, ("ann", "bob", "cid", "dan"), (a, -a, 0, 0)),
                ComparedLine(2, ("eve", "fay", "gus", "hal"), (b, -b, 0, 0)),
            ],
        )
    return boards


def test_session_percentages_ranks_and_detail():
    results = {r.player: r for r in session_results(session_boards())}
    # ann: 100, 0, 50 -> 50; bob: 0, 100, 50 -> 50; cid and dan: 50 each board.
    assert results["ann"].result == Decimal("50.00") and results["ann"].boards == 3
    assert [s.board for s in results["ann"].detail] == [1, 2, 3]
    assert [str(s.percentage) for s in results["ann"].detail] == ["100.00", "0.00", "50.00"]
    # All eight at 50 %: everybody shares the first place.
    assert {r.rank for r in results.values()} == {1}


def test_session_mean_is_exact_then_rounded_and_ties_share_the_rank():
    scores = []
    # Board 1, n = 4 at North: 50, 50, 20, -10 -> 5/6, 5/6, 2/6, 0 of the top.
    scores += compare_board(
        1, [ComparedLine(t, players(t), (m, -m, 0, 0)) for t, m in enumerate([50, 50, 20, -10], 1)]
    )
    # Board 2, n = 4 at North: 0, 10, 20, 30 -> 0, 2/6, 4/6, 1.
    scores += compare_board(
        2, [ComparedLine(t, players(t), (m, -m, 0, 0)) for t, m in enumerate([0, 10, 20, 30], 1)]
    )
    results = {r.player: r for r in session_results(s for s in scores if s.orientation == "N")}
    # N1: (83.333... + 0) / 2 = 41.666... -> 41.67; N2: (83.33... + 33.33...) / 2 = 58.33;
    # N3: (33.33... + 66.66...) / 2 = 50; N4: (0 + 100) / 2 = 50.
    assert results["N1"].exact == Fraction(125, 3)
    assert [results[p].result for p in ("N1", "N2", "N3", "N4")] == [
        Decimal("41.67"),
        Decimal("58.33"),
        Decimal("50.00"),
        Decimal("50.00"),
    ]
    # N2 first; N3 and N4 share the 2nd place; N1 is 4th.
    assert [results[p].rank for p in ("N2", "N3", "N4", "N1")] == [1, 2, 2, 4]
    assert [r.player for r in session_results(s for s in scores if s.orientation == "N")] == [
        "N2",
        "N3",
        "N4",
        "N1",
    ]


def test_a_player_who_sat_out_is_averaged_over_the_boards_he_played():
    scores = compare_board(
        1, [ComparedLine(t, players(t), (m, -m, 0, 0)) for t, m in enumerate([10, 0], 1)]
    )
    scores += compare_board(
        2, [ComparedLine(1, players(1), (10, -10, 0, 0)), ComparedLine(3, players(3), (0, 0, 0, 0))]
    )
    results = {r.player: r for r in session_results(scores)}
    assert results["N2"].boards == 1 and results["N2"].result == Decimal("0.00")
    assert results["N1"].boards == 2 and results["N1"].result == Decimal("100.00")


def test_session_sum_of_differences():
    results = {
        r.player: r
        for r in session_results(
            [
                s
                for b in range(1, 3)
                for s in compare_board(
                    b,
                    [
                        ComparedLine(1, players(1), (30, -10, -10, -10)),
                        ComparedLine(2, players(2), (-30, 10, 10, 10)),
                    ],
                    method=DIFFERENCE,
                )
            ],
            method=DIFFERENCE,
        )
    }
    # North mean 0 each board: N1 +30 twice = 60; N2 -60.
    assert results["N1"].result == Decimal("60.00") and results["N1"].rank == 1
    assert results["N2"].result == Decimal("-60.00")


def test_team_results_from_the_members():
    scores = []
    scores += compare_board(
        1, [ComparedLine(t, players(t), (m, -m, 0, 0)) for t, m in enumerate([50, 50, 20, -10], 1)]
    )
    teams = {"N1": "red", "E2": "red", "N3": "blue", "E4": "blue", "N4": "green"}
    results = {r.team: r for r in team_results(session_results(scores), teams)}
    # North 50, 50, 20, -10: N1 5/6, N3 2/6, N4 0. East -50, -50, -20, 10: E2 ties
    # one (1/6), E4 beats three (6/6). red = (83.33... + 16.66...) / 2 = 50;
    # blue = (33.33... + 100) / 2 = 66.67; green: N4 alone, 0.
    assert results["red"].result == Decimal("50.00")
    assert results["blue"].result == Decimal("66.67") and results["blue"].rank == 1
    assert results["green"].result == Decimal("0.00") and results["green"].rank == 3
    assert set(results["red"].members) == {"N1", "E2"}


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(-500, 500), min_size=1, max_size=12))
def test_matchpoints_are_conserved_and_percentages_average_to_fifty(marques):
    lines = [ComparedLine(t, players(t), (m, -m, 0, 0)) for t, m in enumerate(marques, 1)]
    north = [s for s in compare_board(1, lines) if s.orientation == "N"]
    n = len(marques)
    assert sum(s.matchpoints for s in north) == n * (n - 1)
    assert sum(s.exact for s in north) == 50 * n
    assert all(0 <= s.exact <= 100 for s in north)
    # Better marque, better percentage; equal marque, equal percentage.
    for a in north:
        for b in north:
            assert (a.marque > b.marque) == (a.exact > b.exact)
            assert (a.rank < b.rank) == (a.marque > b.marque)
    differences = [s for s in compare_board(1, lines, method=DIFFERENCE) if s.orientation == "N"]
    assert sum(s.exact for s in differences) == 0
