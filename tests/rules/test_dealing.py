"""The dealer rotation (tournaments.rules.dealing): seat 1 first, then seat by seat."""

import pytest

from tournaments.rules.dealing import dealer_for, next_dealer


def test_seat_one_deals_first_and_the_deal_moves_on_seat_by_seat():
    seats = ["A", "B", "C", "D"]
    assert [dealer_for(n, seats) for n in range(1, 10)] == list("ABCDABCDA")


def test_at_a_table_of_five_every_seat_takes_its_turn():
    seats = ["A", "B", "C", "D", "E"]
    assert [dealer_for(n, seats) for n in range(1, 7)] == list("ABCDEA")


def test_a_table_without_seats_has_no_dealer():
    with pytest.raises(ValueError):
        dealer_for(1, [])


def test_next_dealer_follows_the_previous_dealer_not_the_hand_count():
    # A table that skipped a seat once carries on from who actually dealt.
    assert next_dealer([1, 2, 3, 4], previous=3, hands_played=7) == 4
    assert next_dealer([1, 2, 3, 4], previous=4, hands_played=0) == 1


@pytest.mark.parametrize(
    ("previous", "played", "expected"),
    [(None, 0, 1), (None, 5, 2), (99, 2, 3)],
)
def test_unknown_previous_dealer_falls_back_on_the_hand_count(previous, played, expected):
    assert next_dealer([1, 2, 3, 4], previous=previous, hands_played=played) == expected
