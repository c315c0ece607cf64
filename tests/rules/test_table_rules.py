"""The rules templates used to decide, now in tournaments.rules (pure), so that a
template shows and decides nothing."""

from decimal import Decimal

import pytest

from tournaments.rules import dealing, deals, points, tables


@pytest.mark.parametrize(
    ("size", "dealer_out_mode", "sits_out"),
    [(5, True, True), (5, False, False), (4, True, False), (3, True, False)],
)
def test_only_a_table_of_five_in_that_mode_has_its_dealer_sit_out(size, dealer_out_mode, sits_out):
    assert dealing.dealer_sits_out(size, dealer_out_mode=dealer_out_mode) is sits_out


def test_only_a_table_of_five_has_a_mode_of_five():
    assert [dealing.has_five_mode(n) for n in (3, 4, 5)] == [False, False, True]


def test_each_player_plays_is_said_only_when_it_is_not_every_deal():
    assert deals.table_deals(4, 5, dealer_sits_out=True).each_plays == 4  # 5 deals, 4 each
    assert deals.table_deals(4, 5, dealer_sits_out=False).each_plays is None
    assert deals.table_deals(4, 4, dealer_sits_out=True).each_plays is None
    assert deals.table_deals(6, 5, dealer_sits_out=True).each_plays is None  # unequal


def test_a_table_with_hands_is_never_deleted():
    assert tables.may_delete_table(hand_count=0) is True
    assert tables.may_delete_table(hand_count=1) is False


@pytest.mark.parametrize(
    ("given", "other"), [(Decimal(56), Decimal(35)), (Decimal("40.5"), Decimal("50.5"))]
)
def test_the_other_camp_has_the_rest_of_the_91_points(given, other):
    assert points.other_camp(given) == other
    assert points.other_camp(other) == given
