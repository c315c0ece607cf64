"""Deals per table: every player of a round plays the same number of deals, a table of
5 where the dealer sits out plays 5 deals for every 4 (rules.deals)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.planning.seating import table_sizes
from tournaments.rules.dealing import dealer_for
from tournaments.rules.deals import (
    NOT_MULTIPLE_OF_FOUR,
    deals_played,
    nearest_fair_formats,
    table_deals,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("d", "deals", "plays"), [(4, 5, 4), (8, 10, 8), (12, 15, 12)])
def test_a_table_of_five_plays_five_deals_for_every_four(d, deals, plays):
    plan = table_deals(d, 5, dealer_sits_out=True)
    assert plan.deals == deals
    assert plan.plays == (plays,) * 5
    assert plan.reason is None and plan.equal


@pytest.mark.parametrize("size", [3, 4])
def test_tables_of_three_and_four_play_the_format(size):
    plan = table_deals(6, size, dealer_sits_out=True)
    assert (plan.deals, plan.plays, plan.reason) == (6, (6,) * size, None)


def test_a_table_of_five_where_everybody_plays_keeps_the_format():
    assert table_deals(6, 5, dealer_sits_out=False).plays == (6,) * 5


def test_impossible_formats_say_why_and_keep_the_format():
    plan = table_deals(10, 5, dealer_sits_out=True)
    assert plan.reason == NOT_MULTIPLE_OF_FOUR
    assert plan.deals == 10
    assert plan.plays == (8,) * 5  # 10 deals: each seat sits out twice
    uneven = table_deals(6, 5, dealer_sits_out=True)
    assert uneven.reason == NOT_MULTIPLE_OF_FOUR and not uneven.equal
    assert sorted(uneven.plays) == [4, 5, 5, 5, 5]
    assert nearest_fair_formats(10) == (8, 12)
    assert nearest_fair_formats(3) == (4,)


@given(st.integers(1, 40))
def test_the_sitting_out_seat_rotates_over_all_five_seats(d):
    # The rule counts sit-outs with the dealer rotation itself.
    deals = table_deals(d, 5, dealer_sits_out=True).deals
    seats = list("ABCDE")
    out = Counter(dealer_for(n, seats) for n in range(1, deals + 1))
    assert set(out) == set(seats) if deals >= 5 else len(out) == deals
    assert max(out.values()) - min(out.get(s, 0) for s in seats) <= 1
    assert deals_played(5, deals, dealer_sits_out=True) == tuple(deals - out[s] for s in seats)


@given(st.integers(12, 60), st.integers(1, 10))
def test_every_player_of_a_round_plays_the_same_number_of_deals(n, quarters):
    d = 4 * quarters
    plays = set()
    for size in table_sizes(n):
        plan = table_deals(d, size, dealer_sits_out=True)
        plays.update(plan.plays)
    assert plays == {d}


@given(st.integers(12, 60), st.integers(1, 40))
def test_when_a_round_cannot_be_fair_a_reason_is_given(n, d):
    plans = [table_deals(d, size, dealer_sits_out=True) for size in table_sizes(n)]
    plays = {p for plan in plans for p in plan.plays}
    reasons = {plan.reason for plan in plans} - {None}
    assert (plays == {d}) == (not reasons)


def test_rules_import_no_django():
    code = "import sys, tournaments.rules.deals; assert 'django' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
