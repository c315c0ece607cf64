"""Team matches (planning.team_match, rules.team_match), pure: seating and scoring
checked against tables worked out by hand."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from tournaments.planning.team_match import TeamMatchImpossible, team_match
from tournaments.rules.team_match import (
    matchpoints_scale,
    team_board_results,
    team_match_results,
)

A, B = [1, 2, 3, 4], [5, 6, 7, 8]
N, E, S, W = range(4)


def test_two_quadrettes_take_in_turn_against_three_of_the_other_team():
    rounds = team_match([A, B], 2, [S, N])
    # Round 1, the boards name South: A's first member takes against three of B at
    # table 1, B's first member against three of A at table 2.
    assert [t.seats for t in rounds[0].tables] == [(6, 7, 1, 8), (2, 3, 5, 4)]
    assert [(t.taker_team, t.defending_team) for t in rounds[0].tables] == [(0, 1), (1, 0)]
    # Round 2, North takes: the second members.
    assert [t.seats for t in rounds[1].tables] == [(2, 5, 7, 8), (6, 1, 3, 4)]


def test_four_quadrettes_meet_each_other_once_in_three_rounds():
    teams = [[10 * t + i for i in range(4)] for t in range(4)]
    plan = team_match(teams, 3, [S, S, S])
    assert [r.matches for r in plan] == [((0, 3), (1, 2)), ((0, 2), (3, 1)), ((0, 1), (2, 3))]
    for round_ in plan:
        assert len(round_.tables) == 4
        seated = [p for table in round_.tables for p in table.seats]
        assert sorted(seated) == sorted(p for team in teams for p in team)
        for table in round_.tables:
            team_of = [p // 10 for p in table.seats]
            # One taker of a team at South, three defenders of one other team.
            assert team_of[S] == table.taker_team
            assert {team_of[o] for o in (N, E, W)} == {table.defending_team}


def test_an_odd_number_of_teams_rests_one_team_per_round_in_turn():
    teams = [[10 * t + i for i in range(4)] for t in range(3)]
    plan = team_match(teams, 3, [S, S, S])
    assert [r.resting_teams for r in plan] == [(0,), (1,), (2,)]
    assert [r.matches for r in plan] == [((1, 2),), ((0, 2),), ((0, 1),)]


def test_teams_of_five_rest_a_member_in_turn_and_play_as_quadrettes():
    teams = [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]
    plan = team_match(teams, 5, [S] * 5)
    assert [r.resting_players for r in plan] == [(5, 10), (4, 9), (3, 8), (2, 7), (1, 6)]
    # Round 2 plays 5, 1, 2, 3 of the first team: 1 took in round 1, the next along
    # the roster (2) takes.
    assert plan[0].tables[0].seats[S] == 1
    assert plan[1].tables[0].seats[S] == 2


def _takes(plan, teams) -> list[dict[int, int]]:
    """How many times each member of each team took over the plan."""
    counts = [dict.fromkeys(team, 0) for team in teams]
    for round_ in plan:
        for table in round_.tables:
            taker = next(p for p in table.seats if p in teams[table.taker_team])
            counts[table.taker_team][taker] += 1
    return counts


@pytest.mark.parametrize("size", [5, 6])
def test_teams_of_five_and_six_take_in_turn_every_member_once(size):
    """Over as many rounds as members, each member takes once: with `round % 4` on the
    playing four, the same member of a team of 5 took in rounds 1 to 4 and a third of
    the players of a team event never took."""
    teams = [[10 * t + i for i in range(size)] for t in range(4)]
    plan = team_match(teams, size, [S] * size)
    for counts in _takes(plan, teams):
        assert sorted(counts.values()) == [1] * size, counts


@pytest.mark.parametrize("size", [4, 5, 6])
def test_after_any_number_of_rounds_takes_differ_by_one_at_most(size):
    teams = [[10 * t + i for i in range(size)] for t in range(2)]
    for rounds in range(1, 31):
        plan = team_match(teams, rounds, [N, E, S, W] * 8)
        for counts in _takes(plan, teams):
            assert max(counts.values()) - min(counts.values()) <= 1, (rounds, counts)
        # The taker of each table sits at the orientation the round's boards name, and
        # is one of the four of his team who play the round.
        for number, round_ in enumerate(plan):
            for table in round_.tables:
                assert table.seats[[N, E, S, W][number % 4]] in teams[table.taker_team]


def test_four_triplettes_each_take_in_turn_at_three_tables():
    teams = [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
    plan = team_match(teams, 2, [E, E])
    assert [t.seats for t in plan[0].tables] == [(4, 1, 5, 6), (7, 2, 8, 9), (10, 3, 11, 12)]
    assert [t.seats for t in plan[1].tables] == [(1, 4, 2, 3), (7, 5, 8, 9), (10, 6, 11, 12)]


@pytest.mark.parametrize(
    ("teams", "code"),
    [
        ([[1, 2, 3, 4]], "too_few"),
        ([[1, 2, 3], [4, 5, 6]], "triplettes"),
        ([[1, 2, 3, 4], [5, 6, 7]], "sizes"),
        ([[1, 2], [3, 4]], "sizes"),
    ],
)
def test_impossible_team_matches_are_refused(teams, code):
    with pytest.raises(TeamMatchImpossible) as refused:
        team_match(teams, 1, [S])
    assert refused.value.code == code


# A field of two matches (A-B, C-D) on two boards. Board 1: at A-B's first table A's
# taker makes a garde worth 50 a defender (+150, B's three -50 each); at the second
# B's taker loses 40 a defender (-120, A's three +40 each): A 270, B -270. C-D: C's
# taker +30 (10 a defender), D's taker 0: C 30, D -30.
TEAMS = {1: "A", 2: "A", 3: "A", 4: "A", 5: "B", 6: "B", 7: "B", 8: "B"}
TEAMS |= {9: "C", 10: "C", 11: "C", 12: "C", 13: "D", 14: "D", 15: "D", 16: "D"}
MARQUES = [
    (1, 1, 150), (1, 6, -50), (1, 7, -50), (1, 8, -50),  # A takes
    (1, 5, -120), (1, 2, 40), (1, 3, 40), (1, 4, 40),  # B takes
    (1, 9, 30), (1, 14, -10), (1, 15, -10), (1, 16, -10),
    (1, 13, 0), (1, 10, 0), (1, 11, 0), (1, 12, 0),
    (2, 1, -60), (2, 6, 20), (2, 7, 20), (2, 8, 20),
    (2, 5, 0), (2, 2, 0), (2, 3, 0), (2, 4, 0),
    (2, 9, 0), (2, 14, 0), (2, 15, 0), (2, 16, 0),
    (2, 13, 0), (2, 10, 0), (2, 11, 0), (2, 12, 0),
]  # fmt: skip


def test_a_teams_board_result_is_its_members_marques_zero_between_the_teams():
    results = team_board_results(MARQUES, TEAMS, playing=4)
    assert results == {
        1: {"A": 270, "B": -270, "C": 30, "D": -30},
        2: {"A": -60, "B": 60, "C": 0, "D": 0},
    }
    for board in results.values():
        assert sum(board.values()) == 0


def test_a_half_entered_match_does_not_count_yet():
    # Only A-B's first table has entered board 1.
    results = team_board_results(MARQUES[:4], TEAMS, playing=4)
    assert results == {}


def test_matchpoints_of_the_team_results_per_board():
    assert matchpoints_scale({"A": 270, "B": -270, "C": 30, "D": -30}) == {
        "A": Fraction(100),
        "C": Fraction(200, 3),
        "D": Fraction(100, 3),
        "B": Fraction(0),
    }


def test_teams_ranked_on_matchpoints_by_hand():
    ranked = team_match_results(team_board_results(MARQUES, TEAMS, 4), "matchpoints")
    # Board 1: A 100, C 66.67, D 33.33, B 0. Board 2: B 100, C and D 50, A 0.
    assert [(r.team, r.result, r.rank, r.total) for r in ranked] == [
        ("C", Decimal("58.33"), 1, 30),
        ("A", Decimal("50.00"), 2, 210),
        ("B", Decimal("50.00"), 2, -210),
        ("D", Decimal("41.67"), 4, -30),
    ]


def test_teams_ranked_on_their_total():
    ranked = team_match_results(team_board_results(MARQUES, TEAMS, 4), "total")
    assert [(r.team, r.result, r.rank) for r in ranked] == [
        ("A", Decimal("210.00"), 1),
        ("C", Decimal("30.00"), 2),
        ("D", Decimal("-30.00"), 3),
        ("B", Decimal("-210.00"), 4),
    ]


def test_a_ruling_takes_a_team_out_of_the_boards_comparison_by_hand():
    """Board 1, four teams: A +60, B -60, C +30, D -30 (sums of members' marques). A's
    player 1 is given "average minus": A gets 40 % and leaves the comparison, where
    C beats B and D (4 of 4: 100 %), D beats B (2 of 4: 50 %), B 0 %. In total, A
    gets -25 and its marques count in no total."""
    from decimal import Decimal

    from tournaments.rules.team_match import (
        team_board_results,
        team_board_rulings,
        team_match_results,
    )

    teams = {p: "ABCD"[(p - 1) // 4] for p in range(1, 17)}
    marques = [
        (1, 1, 240), (1, 2, -60), (1, 3, -60), (1, 4, -60),  # A: +60
        (1, 5, -120), (1, 6, 20), (1, 7, 20), (1, 8, 20),  # B: -60
        (1, 9, 90), (1, 10, -20), (1, 11, -20), (1, 12, -20),  # C: +30
        (1, 13, -90), (1, 14, 20), (1, 15, 20), (1, 16, 20),  # D: -30
    ]  # fmt: skip
    results = team_board_results(marques, teams, playing=4)
    assert results == {1: {"A": 60, "B": -60, "C": 30, "D": -30}}
    rulings = team_board_rulings([(1, 1, "average_minus")], teams)
    assert rulings == {1: {"A": "average_minus"}}
    ranked = team_match_results(results, "matchpoints", rulings)
    found = {r.team: (r.result, r.rank) for r in ranked}
    assert found == {
        "C": (Decimal("100.00"), 1),
        "D": (Decimal("50.00"), 2),
        "A": (Decimal("40.00"), 3),
        "B": (Decimal("0.00"), 4),
    }
    total = {r.team: (r.result, r.total) for r in team_match_results(results, "total", rulings)}
    assert total == {
        "C": (Decimal("30.00"), 30),
        "A": (Decimal("-25.00"), 0),
        "D": (Decimal("-30.00"), -30),
        "B": (Decimal("-60.00"), -60),
    }
    # Without the ruling A beats everybody: 100 %.
    plain = {r.team: r.result for r in team_match_results(results, "matchpoints")}
    assert plain["A"] == Decimal("100.00")
    # Members' rulings that differ: the first of RULING_ORDER (fouled, not played,
    # average minus, average plus) applies.
    mixed = team_board_rulings([(1, 1, "average_plus"), (1, 2, "average_minus")], teams)
    assert mixed == {1: {"A": "average_minus"}}
