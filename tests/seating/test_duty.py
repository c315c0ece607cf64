"""Duty at tables of 5 and 3: once the planned rounds are played, each player's count
of rounds at a table of 5 (and at a table of 3) differs by at most one from anyone
else's.

On the way the search may give a player his odd seats early or late (that is what
lets it avoid repeats): with n players, R planned rounds and s odd seats a round,
low = floor(R*s / n) and high = ceil(R*s / n), after round k every count is at most
high and at least low - (R - k) (what the remaining rounds can still make up). So
the spread mid-event is at most high - low + R - k. With effort 0 (the greedy
start) it stays at most one after every round.

Properties over field sizes 12-60 and 2-6 rounds (hypothesis), pure Python.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.planning.seating import plan_rounds, seat_round, table_sizes
from tournaments.rules.deals import table_deals


def names(n: int) -> list[str]:
    return [f"P{i:03d}" for i in range(n)]


def duty(rounds, players, size: int) -> Counter:
    counts = Counter({p: 0 for p in players})
    for seating in rounds:
        for table in seating:
            if len(table) == size:
                counts.update(table)
    return counts


def spread(counts: Counter) -> int:
    return max(counts.values()) - min(counts.values())


def assert_duty_balanced_after_every_round(plan, players) -> None:
    for k in range(1, len(plan) + 1):
        for size in (3, 5):
            assert spread(duty(plan[:k], players, size)) <= 1, (size, k)


def assert_duty_balanced_at_the_end(plan, players) -> None:
    """Spread at most one after the last round, and the end reachable after each one."""
    rounds = len(plan)
    for size in (3, 5):
        seats = rounds * sum(s for s in table_sizes(len(players)) if s == size)
        low, high = seats // len(players), -(-seats // len(players))
        for k in range(1, rounds + 1):
            counts = duty(plan[:k], players, size)
            assert max(counts.values()) <= high, (size, k)
            assert min(counts.values()) >= low - (rounds - k), (size, k)
        assert spread(duty(plan, players, size)) <= 1, size


@settings(max_examples=40, deadline=None)
@given(st.integers(12, 60), st.integers(2, 6), st.integers(0, 10**6))
def test_duty_spread_at_most_one_at_the_end_with_search(n, rounds, seed):
    players = names(n)
    plan = plan_rounds(players, rounds, seed=seed, effort=3_000)
    assert_duty_balanced_at_the_end(plan, players)


@pytest.mark.slow  # the long search is the point: seconds of CPU
@settings(max_examples=15, deadline=None)
@given(st.sampled_from([14, 18, 22, 26]), st.integers(3, 6), st.integers(0, 10**6))
def test_duty_balanced_at_the_end_with_a_long_search(n, rounds, seed):
    # Two tables of 5 in a small field, where odd seats are most often traded.
    players = names(n)
    plan = plan_rounds(players, rounds, seed=seed, effort=60_000)
    assert_duty_balanced_at_the_end(plan, players)


@settings(max_examples=60, deadline=None)
@given(st.integers(12, 60), st.integers(2, 6), st.integers(0, 10**6))
def test_duty_spread_at_most_one_without_search(n, rounds, seed):
    # effort 0: the starting seating alone already spreads duty.
    players = names(n)
    plan = plan_rounds(players, rounds, seed=seed, effort=0)
    assert_duty_balanced_after_every_round(plan, players)


@settings(max_examples=30, deadline=None)
@given(st.integers(12, 60), st.integers(2, 6), st.integers(1, 6), st.integers(0, 10**6))
def test_every_player_of_every_round_plays_the_same_number_of_deals(n, rounds, quarters, seed):
    players = names(n)
    d = 4 * quarters
    for seating in plan_rounds(players, rounds, seed=seed, effort=0):
        played = {}
        for table in seating:
            plan = table_deals(d, len(table), dealer_sits_out=True)
            played.update(zip(table, plan.plays, strict=True))
        assert set(played) == set(players)
        assert set(played.values()) == {d}


@pytest.mark.parametrize(("n", "size"), [(30, 5), (22, 5), (27, 3), (31, 3), (17, 5)])
def test_measured_fields_over_five_rounds_are_balanced(n, size):
    # The organiser's field of 30 (two tables of 5): 50 seats over 5 rounds, 1 or 2 each.
    players = names(n)
    plan = plan_rounds(players, 5, seed=2026, effort=50_000)
    counts = duty(plan, players, size)
    assert spread(counts) <= 1
    seats = 5 * sum(s for s in table_sizes(n) if s == size)
    assert sum(counts.values()) == seats


def test_a_late_arrival_is_balanced_by_the_end():
    players = names(29)  # one table of 5
    first = plan_rounds(players, 2, seed=4, effort=5_000)
    late = [*players, "Z999"]  # 30: two tables of 5, three rounds left
    rounds = list(first)
    for left in (2, 1, 0):
        rounds.append(seat_round(late, previous=rounds, seed=4, upcoming=left, effort=20_000))
    counts = duty(rounds, late, 5)
    assert sum(counts.values()) == 2 * 5 + 3 * 10
    assert set(counts.values()) == {1, 2}  # 40 seats, 30 players


def test_a_single_round_gives_the_odd_seats_to_those_with_fewest():
    # No round announced after this one: the end balance is this round's, so the
    # seats go to those who never sat at a table of 5.
    players = names(29)
    first = plan_rounds(players, 2, seed=4, effort=5_000)
    late = [*players, "Z999"]
    third = seat_round(late, previous=first, seed=4, effort=5_000)
    odd = [p for table in third if len(table) == 5 for p in table]
    assert all(duty(first, players, 5)[p] == 0 for p in odd if p != "Z999")
