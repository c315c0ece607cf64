"""The deck, its card facts and boards dealt reproducibly from (seed, board)."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.cards import (
    DECK,
    OUDLERS,
    PETIT,
    THE_EXCUSE,
    TWENTY_ONE,
    Card,
    Deal,
    card_points,
    deal_board,
    dealer_of,
    first_player_of,
    king_count,
    oudler_count,
    petit_sec,
    sorted_cards,
    suit_rows,
    trump_count,
    void_suits,
)


def test_the_deck_has_78_cards_21_trumps_the_excuse_and_four_suits_of_14():
    assert len(DECK) == len(set(DECK)) == 78
    suits = Counter(card.suit for card in DECK)
    assert suits == {
        "trump": 21,
        "excuse": 1,
        "spades": 14,
        "hearts": 14,
        "diamonds": 14,
        "clubs": 14,
    }
    assert trump_count(DECK) == 21 and trump_count(DECK, excuse=True) == 22
    assert oudler_count(DECK) == 3 and set(OUDLERS) == {PETIT, TWENTY_ONE, THE_EXCUSE}
    assert king_count(DECK) == 4


@pytest.mark.parametrize(
    ("card", "points", "fr", "en"),
    [
        (Card("trump", 1), Fraction(9, 2), "Petit", "Petit"),
        (Card("trump", 21), Fraction(9, 2), "21", "21"),
        (Card("trump", 7), Fraction(1, 2), "7", "7"),
        (Card("excuse", 0), Fraction(9, 2), "Excuse", "Excuse"),
        (Card("spades", 14), Fraction(9, 2), "R♠", "K♠"),
        (Card("hearts", 13), Fraction(7, 2), "D♥", "Q♥"),
        (Card("diamonds", 12), Fraction(5, 2), "C♦", "C♦"),
        (Card("clubs", 11), Fraction(3, 2), "V♣", "J♣"),
        (Card("clubs", 10), Fraction(1, 2), "10♣", "10♣"),
        (Card("hearts", 1), Fraction(1, 2), "1♥", "1♥"),
    ],
)
def test_card_points_and_labels(card, points, fr, en):
    assert card.points == points
    assert card.label() == fr and card.label("en") == en


def test_the_deck_is_worth_91_points():
    assert card_points(DECK) == 91


@pytest.mark.parametrize(
    ("board", "dealer", "first"),
    [(1, "N", "W"), (2, "W", "S"), (3, "S", "E"), (4, "E", "N"), (5, "N", "W"), (28, "E", "N")],
)
def test_dealer_and_first_player_turn_counter_clockwise_by_board(board, dealer, first):
    assert dealer_of(board) == dealer and first_player_of(board) == first
    deal = deal_board(1, board)
    assert (deal.dealer, deal.first) == (dealer, first)


def documented_deal(seed: int, board: int) -> tuple[list[list[Card]], int]:
    """The generator exactly as scoring/cards.py documents it, written again here:
    the hands of the accepted shuffle and how many shuffles it took."""
    digest = hashlib.sha256(f"tarot-duplicate/{seed}/{board}".encode()).digest()
    rng = random.Random(int.from_bytes(digest, "big"))
    attempts = 0
    while True:
        attempts += 1
        deck = list(DECK)
        for i in range(77, 0, -1):
            while True:
                j = rng.getrandbits((i + 1).bit_length())
                if j < i + 1:
                    break
            deck[i], deck[j] = deck[j], deck[i]
        cut = [deck[k * 18 : (k + 1) * 18] for k in range(4)] + [deck[72:]]
        if not any(petit_sec(hand) for hand in cut[:4]):
            return cut, attempts


@pytest.mark.parametrize(("seed", "board"), [(0, 1), (2026, 1), (2026, 7), (-5, 30), (2**70, 3)])
def test_deal_board_follows_its_documented_generator(seed, board):
    cut, _ = documented_deal(seed, board)
    deal = deal_board(seed, board)
    assert [list(h) for h in deal.hands] == [list(sorted_cards(h)) for h in cut[:4]]
    assert list(deal.dog) == list(sorted_cards(cut[4]))


def test_a_known_board_never_changes():
    # Printed étuis must match what the app deals years later: pin one deal.
    deal = deal_board(2026, 1)
    assert " ".join(c.label() for c in deal.dog) == "12 9♠ 7♠ 5♠ R♥ 6♦"
    assert " ".join(c.label() for c in deal.hand("S"))[:22] == "21 19 8 6 4 2 Petit 10"


def test_a_petit_sec_shuffle_is_dealt_again():
    found = next(
        (b for b in range(1, 4000) if documented_deal(0, b)[1] > 1), None
    )  # about one board in 400
    assert found is not None
    deal = deal_board(0, found)
    assert not any(petit_sec(hand) for hand in deal.hands)
    assert [list(h) for h in deal.hands] == [
        list(sorted_cards(h)) for h in documented_deal(0, found)[0][:4]
    ]


@settings(max_examples=200, deadline=None)
@given(st.integers(-(2**40), 2**40), st.integers(1, 200))
def test_every_board_deals_the_whole_deck_18_cards_each_and_6_to_the_dog(seed, board):
    deal = deal_board(seed, board)
    assert [len(h) for h in deal.hands] == [18, 18, 18, 18] and len(deal.dog) == 6
    cards = [c for h in deal.hands for c in h] + list(deal.dog)
    assert sorted(cards, key=DECK.index) == list(DECK)
    assert not any(petit_sec(h) for h in deal.hands)
    assert deal == deal_board(seed, board)
    assert all(deal.holder(c) == o for o in "NESW" for c in deal.hand(o))


def test_different_boards_and_seeds_deal_differently():
    deals = {deal_board(seed, board).hands for seed in (1, 2) for board in range(1, 30)}
    assert len(deals) == 58


@pytest.mark.parametrize(("seed", "board"), [(1, 0), (1, -2), (1, True), ("7", 1), (1.5, 1)])
def test_bad_seed_or_board_is_refused(seed, board):
    with pytest.raises(ValueError):
        deal_board(seed, board)


def test_a_deal_must_share_out_the_whole_deck():
    good = deal_board(3, 3)
    with pytest.raises(ValueError):
        Deal(3, 3, "S", "E", (good.hands[0], good.hands[0], good.hands[2], good.hands[3]), good.dog)
    with pytest.raises(ValueError):
        Deal(3, 3, "S", "E", good.hands, good.dog[:5])


def test_printed_hand_rows_and_counts():
    hand = [
        Card("trump", 21),
        Card("trump", 1),
        Card("excuse", 0),
        Card("hearts", 14),
        Card("hearts", 3),
        Card("spades", 12),
    ]
    rows = suit_rows(hand)
    assert [(r.suit, r.symbol, r.labels) for r in rows] == [
        ("trump", "", ("21", "Petit")),
        ("excuse", "", ("Excuse",)),
        ("spades", "♠", ("C♠",)),
        ("hearts", "♥", ("R♥", "3♥")),
    ]
    assert void_suits(hand) == ("diamonds", "clubs")
    assert (trump_count(hand), trump_count(hand, excuse=True), oudler_count(hand)) == (2, 3, 3)
    assert king_count(hand) == 1 and card_points(hand) == Fraction(9, 2) * 4 + Fraction(
        1, 2
    ) + Fraction(5, 2)


@pytest.mark.parametrize(
    ("cards", "sec"),
    [
        ([PETIT, Card("hearts", 3)], True),
        ([PETIT, THE_EXCUSE], False),
        ([PETIT, Card("trump", 2)], False),
        ([Card("hearts", 3)], False),
    ],
)
def test_petit_sec(cards, sec):
    assert petit_sec(cards) is sec
