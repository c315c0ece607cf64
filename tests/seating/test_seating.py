"""Seating: table sizes, no repeated meetings, team mates apart, reproducible draws.

Pure Python (tournaments.planning imports nothing from Django): no database here.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tournaments.planning.seating import (
    SeatingError,
    meeting_counts,
    plan_rounds,
    repeated_meetings,
    seat_round,
    table_sizes,
)

ROOT = Path(__file__).resolve().parents[2]
# Enough search for a correct seating, small enough for sweeps over many sizes.
QUICK = 20_000


def names(n: int, prefix: str = "P") -> list[str]:
    return [f"{prefix}{i:03d}" for i in range(n)]


def assert_valid_round(seating, players) -> None:
    """Everybody present seated exactly once, nobody else, tables as the policy says."""
    seated = [p for table in seating for p in table]
    assert Counter(seated) == Counter(players)
    assert [len(table) for table in seating] == table_sizes(len(players))


def assert_teams_apart(rounds, teams) -> None:
    for seating in rounds:
        for table in seating:
            team_ids = [teams[p] for p in table if p in teams]
            assert len(team_ids) == len(set(team_ids)), table


def worst_pair(rounds) -> int:
    return max(meeting_counts(rounds).values())


# --- table sizes -------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "sizes"),
    [
        (3, [3]),
        (4, [4]),
        (5, [5]),
        (6, [3, 3]),
        (7, [4, 3]),
        (8, [4, 4]),
        (9, [4, 5]),
        (10, [5, 5]),
        (11, [4, 4, 3]),
        (14, [4, 5, 5]),
        (15, [4, 4, 4, 3]),
        (37, [4] * 8 + [5]),
    ],
)
def test_table_sizes_small_and_odd_counts(n, sizes):
    assert table_sizes(n) == sizes


@pytest.mark.parametrize("n", [*range(3, 61), 100, 200])
def test_table_sizes_prefer_tables_of_four(n):
    sizes = table_sizes(n)
    assert sum(sizes) == n
    count = Counter(sizes)
    if n == 6:
        assert sizes == [3, 3]
    else:
        expected_fives = {0: 0, 1: 1, 2: 2, 3: 0}[n % 4]
        assert count[5] == expected_fives
        assert count[3] == (1 if n % 4 == 3 else 0)
        assert count[4] == len(sizes) - expected_fives - count[3]
    # Tables of 4 come first, so round[i] has table_sizes(n)[i] players.
    assert sizes == sorted(sizes, key=lambda size: size != 4)


@pytest.mark.parametrize("n", [0, 1, 2])
def test_fewer_than_three_players_is_an_error(n):
    with pytest.raises(SeatingError) as info:
        table_sizes(n)
    assert info.value.code == "too_few_players"
    with pytest.raises(SeatingError):
        seat_round(names(n), seed=1)


@pytest.mark.parametrize("n", [*range(3, 61), 100, 200])
def test_every_player_seated_exactly_once_for_every_size(n):
    players = names(n)
    first = seat_round(players, seed=n)
    assert_valid_round(first, players)
    # A second round runs the search against the first one.
    second = seat_round(players, previous=[first], seed=n, effort=QUICK)
    assert_valid_round(second, players)


# --- meetings ----------------------------------------------------------------


def test_meeting_counts_and_repeats_on_a_hand_made_example():
    rounds = [
        [["a", "b", "c", "d"], ["e", "f", "g", "h"]],
        [["a", "b", "e", "f"], ["c", "d", "g", "h"]],
        [["a", "b", "c", "h"], ["e", "f", "g", "d"]],
    ]
    counts = meeting_counts(rounds)
    assert counts[frozenset({"a", "b"})] == 3
    assert counts[frozenset({"e", "f"})] == 3
    assert counts[frozenset({"a", "c"})] == 2
    assert counts[frozenset({"a", "g"})] == 0
    # Repeats: a-b 2, e-f 2, and 1 each for a-c, b-c, c-d, c-h, d-g, e-g, f-g, g-h.
    assert repeated_meetings(rounds) == 12
    assert repeated_meetings(rounds[:1]) == 0


def test_sixteen_players_five_rounds_nobody_meets_twice():
    for seed in range(3):
        plan = plan_rounds(names(16), 5, seed=seed)
        for seating in plan:
            assert_valid_round(seating, names(16))
        assert repeated_meetings(plan) == 0
        # 5 rounds x 3 opponents = the 15 others: everybody met everybody once.
        counts = meeting_counts(plan)
        assert len(counts) == 16 * 15 // 2
        assert set(counts.values()) == {1}


def test_sixteen_players_seated_round_by_round_without_lookahead_stay_perfect():
    """The app may seat one round at a time: each round must leave room for the next."""
    players = list(range(101, 117))
    for seed in range(10, 16):
        rounds: list = []
        for _ in range(5):
            rounds.append(seat_round(players, previous=rounds, seed=seed))
        assert repeated_meetings(rounds) == 0


def test_sixteen_players_sixth_round_repeats_only_what_counting_forces():
    plan = plan_rounds(names(16), 6, seed=4)
    # Round 6 seats 24 pairs who all met already: 24 is the minimum.
    assert repeated_meetings(plan) == 24
    assert worst_pair(plan) == 2


# Measured with the default effort: repeats for seed 2026 (asserted), then for seeds
# 1, 2, 3 (benchmarks/seating.py --seed N) to size the slack. The counting lower
# bound is 0 for all of them: 20 x 5 rounds seats 150 pairs of 190 (and a perfect
# schedule exists, from 3 mutually orthogonal Latin squares of order 5); 20 x 6:
# 180 of 190; 22 x 5: 190 of 231; 22 x 6: 228 of 231; 37 x 6: 342 of 666;
# 100 x 6: 900 of 4950. The worst pair met at most twice in every run.
#   n    rounds  seed 2026  seeds 1-3
#   20   5       0          0 0 0
#   20   6       11         7 12 8
#   22   5       15         15 14 15
#   22   6       22         23 25 25
#   37   6       0          0 0 0
#   100  6       0          0 0 0
# 22 players pay for the even duty at the two tables of 5 (10 of 22 seats a round, a
# hard rule, so that everybody plays as many deals; 0 to 9 repeats without it).
# Evening the counts every round cost 17-19 and 30-31 repeats (in round 2, ten of the
# twelve who sat at the tables of 4 had to fill the tables of 5, so each held players
# who just met); evening them at
# the end of the planned rounds, as now, lets the search choose who sits there when.
@pytest.mark.parametrize(
    ("n", "rounds", "bound"),
    [(20, 5, 1), (20, 6, 13), (22, 5, 18), (22, 6, 28), (37, 6, 0), (100, 6, 0)],
)
@pytest.mark.slow
def test_repeated_meetings_stay_below_measured_bound(n, rounds, bound):
    plan = plan_rounds(names(n), rounds, seed=2026)
    for seating in plan:
        assert_valid_round(seating, names(n))
    assert repeated_meetings(plan) <= bound
    assert worst_pair(plan) <= 2


def test_plan_equals_the_same_rounds_seated_one_by_one():
    players = names(20)
    plan = plan_rounds(players, 3, seed=9, effort=QUICK)
    rounds: list = []
    for k in range(3):
        rounds.append(seat_round(players, previous=rounds, seed=9, upcoming=2 - k, effort=QUICK))
    assert rounds == plan


def test_players_take_turns_at_the_odd_table():
    # 27 players: a table of 3 each round; 6 rounds x 3 seats < 27 players. (A hard
    # rule at the end of the planned rounds: see test_duty.py.)
    players = names(27)
    plan = plan_rounds(players, 6, seed=5, effort=200_000)
    assert repeated_meetings(plan) == 0
    odd_seats = Counter(
        p for seating in plan for table in seating if len(table) != 4 for p in table
    )
    assert max(odd_seats.values()) == 1


# --- teams -------------------------------------------------------------------


def test_fours_never_share_a_table():
    players = names(40)
    teams = {p: i // 4 for i, p in enumerate(players)}  # 10 teams of 4
    plan = plan_rounds(players, 4, teams=teams, seed=1)
    for seating in plan:
        assert_valid_round(seating, players)
    assert_teams_apart(plan, teams)
    assert repeated_meetings(plan) == 0  # measured: 0


def test_pairs_never_share_a_table_with_odd_tables_too():
    players = names(22)
    teams = {p: f"pair-{i // 2}" for i, p in enumerate(players)}  # 11 pairs
    plan = plan_rounds(players, 5, teams=teams, seed=8, effort=200_000)
    for seating in plan:
        assert_valid_round(seating, players)
    assert_teams_apart(plan, teams)


def test_sixteen_players_in_four_fours_meet_every_other_team_member_once():
    players = names(16)
    teams = {p: i % 4 for i, p in enumerate(players)}
    plan = plan_rounds(players, 4, teams=teams, seed=3)
    assert_teams_apart(plan, teams)
    assert repeated_meetings(plan) == 0
    assert len(meeting_counts(plan)) == 16 * 12 // 2


def test_players_without_a_team_sit_anywhere():
    players = names(12)
    teams = {"P000": "t", "P001": "t", "P002": "t"}
    plan = plan_rounds(players, 3, teams=teams, seed=2, effort=QUICK)
    assert_teams_apart(plan, teams)
    for seating in plan:
        assert_valid_round(seating, players)


def test_team_bigger_than_the_number_of_tables_is_an_error():
    players = names(8)  # two tables
    teams = {"P000": 1, "P001": 1, "P002": 1}
    with pytest.raises(SeatingError) as info:
        seat_round(players, teams=teams, seed=1)
    assert info.value.code == "teams_infeasible"


def test_team_mates_apart_after_a_withdrawal():
    players = names(24)
    teams = {p: i // 4 for i, p in enumerate(players)}
    rounds = plan_rounds(players, 2, teams=teams, seed=4, effort=QUICK)
    present = [p for p in players if p not in {"P000", "P005"}]  # 22: tables of 5 now
    third = seat_round(present, previous=rounds, teams=teams, seed=4, effort=QUICK)
    assert_valid_round(third, present)
    assert_teams_apart([third], teams)


# --- reproducibility ---------------------------------------------------------


def test_same_seed_and_input_give_the_same_seating():
    players = names(37)
    first = seat_round(players, seed=123)
    second = seat_round(players, seed=123, effort=QUICK, previous=[first])
    assert seat_round(players, seed=123) == first
    assert seat_round(players, seed=123, effort=QUICK, previous=[first]) == second
    assert plan_rounds(players, 3, seed=7, effort=QUICK) == plan_rounds(
        players, 3, seed=7, effort=QUICK
    )


def test_order_of_the_players_argument_does_not_matter():
    players = names(30)
    shuffled = list(players)
    random.Random(0).shuffle(shuffled)
    assert seat_round(shuffled, seed=5) == seat_round(players, seed=5)
    previous = [seat_round(players, seed=5)]
    assert seat_round(shuffled, previous=previous, seed=5, effort=QUICK) == seat_round(
        players, previous=previous, seed=5, effort=QUICK
    )


def test_different_seeds_give_different_first_rounds():
    players = names(40)
    draws = {str(seat_round(players, seed=seed)) for seed in range(5)}
    assert len(draws) == 5


def test_global_random_is_neither_used_nor_disturbed():
    players = names(21)
    random.seed(1)
    state = random.getstate()
    first = plan_rounds(players, 2, seed=11, effort=QUICK)
    assert random.getstate() == state
    random.seed(999)
    assert plan_rounds(players, 2, seed=11, effort=QUICK) == first


def test_module_imports_no_django():
    code = "import sys, tournaments.planning.seating; sys.exit('django' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False).returncode == 0


# --- withdrawals and late arrivals ---------------------------------------------


def test_withdrawals_and_late_arrivals_between_rounds():
    players = names(20)
    rounds = plan_rounds(players, 2, seed=3, effort=QUICK)
    gone = {"P003", "P011"}
    late = ["L001", "L002", "L003"]
    present = [p for p in players if p not in gone] + late  # 21 players: a table of 5
    third = seat_round(present, previous=rounds, seed=3)
    assert_valid_round(third, present)
    assert not gone & {p for table in third for p in table}
    assert table_sizes(21) == [4, 4, 4, 4, 5]
    # Plenty of fresh opponents left: nobody present meets anybody twice.
    assert repeated_meetings([*rounds, third]) == 0


def test_history_of_absent_players_is_ignored():
    rounds = [[["a", "b", "c", "d"], ["e", "f", "g", "h"]]]
    present = ["a", "b", "e", "f", "x", "y", "z", "w"]
    nxt = seat_round(present, previous=rounds, seed=1)
    assert_valid_round(nxt, present)
    assert repeated_meetings([*rounds, nxt]) == 0


def test_duplicate_players_are_an_error():
    with pytest.raises(SeatingError) as info:
        seat_round(["a", "b", "c", "a"], seed=1)
    assert info.value.code == "duplicate_player"


def test_no_search_still_gives_a_valid_seating():
    players = names(13)
    previous = [seat_round(players, seed=1)]
    assert_valid_round(seat_round(players, previous=previous, seed=1, effort=0), players)


def test_mixed_id_types_are_seated_in_the_given_order():
    players = [1, "two", 3, "four", 5.5, ("six",), 7, "eight"]
    seating = seat_round(players, seed=1)
    assert_valid_round(seating, players)
    assert seat_round(players, seed=1) == seating
