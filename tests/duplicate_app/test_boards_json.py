"""rules.boards: a dealt board's JSON form keeps every card (pure)."""

from __future__ import annotations

import pytest

from scoring import cards
from tournaments.rules import boards


@pytest.mark.parametrize("number", [1, 2, 3, 4, 17])
def test_a_deal_survives_its_json_form(number):
    dealt = cards.deal_board(2026, number)
    again = boards.deal_from_json(boards.deal_to_json(dealt))
    assert again == dealt


def test_the_dealer_turns_to_the_right_and_his_right_hand_neighbour_leads():
    assert [boards.letter(boards.dealer(n)) for n in range(1, 6)] == ["N", "W", "S", "E", "N"]
    assert [boards.letter(boards.first_player(n)) for n in range(1, 5)] == ["W", "S", "E", "N"]


def test_a_code_that_is_no_card_is_refused():
    for code in ("T22", "H15", "X1", "T", ""):
        with pytest.raises(ValueError):
            boards.card_of(code)


def test_a_printed_hand_has_a_row_per_suit_held():
    dealt = cards.deal_board(7, 1)
    rows = boards.printed_hand(dealt.hands[0], "fr")
    assert sum(len(labels.split()) for _suit, _symbol, labels in rows) == 18
