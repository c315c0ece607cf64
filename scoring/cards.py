"""The tarot deck and duplicate boards dealt from a seed: pure Python, no Django.

The deck: 78 cards, 21 trumps (atouts, 1 = the Petit .. 21), the Excuse, and four
suits (spades, hearts, diamonds, clubs) of 14 cards: 1 to 10, jack (valet, 11),
knight (cavalier, 12), queen (dame, 13), king (roi, 14). Oudlers: the 21, the Petit
and the Excuse. Card points: oudlers and kings 4.5, queens 3.5, knights 2.5, jacks
1.5, any other card 0.5 (91 in all).

Boards (`deal_board`): the same (seed, board) always gives the same deal, on any
machine and Python version:
- generator: random.Random seeded with the integer read (big-endian) from the
  SHA-256 of "tarot-duplicate/<seed>/<board>"; only its getrandbits() is used, by a
  Fisher-Yates shuffle of the deck in `DECK` order, drawing each index j <= i by
  rejection (k = bit length of i + 1 bits, retry while >= i + 1), i from 77 down to 1;
- the shuffled deck is cut into North's 18 cards, then East's, South's, West's,
  and the last 6 are the dog;
- a deal where a player holds the Petit as his only trump (no other trump, no
  Excuse: "petit sec", which voids a deal under the FFT rules) is shuffled again
  with the same generator until no hand is petit sec, so every board can be played.
Dealer and first player: tarot is dealt and played counter-clockwise (to the
right). Board 1 is dealt by North, board 2 by West, then South, then East, and so
on every 4 boards; the first player is the dealer's right-hand neighbour, the next
one in that order (board 1: West).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

ORIENTATIONS: tuple[str, ...] = ("N", "E", "S", "W")
# Order of the deal and of play: counter-clockwise seen from above, North at the top.
PLAY_ORDER: tuple[str, ...] = ("N", "W", "S", "E")
TRUMP = "trump"
EXCUSE = "excuse"
SUITS: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS: dict[str, str] = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
JACK, KNIGHT, QUEEN, KING = 11, 12, 13, 14
# Face cards as printed: French (roi, dame, cavalier, valet) and English.
FACE_LETTERS: dict[str, dict[int, str]] = {
    "fr": {KING: "R", QUEEN: "D", KNIGHT: "C", JACK: "V"},
    "en": {KING: "K", QUEEN: "Q", KNIGHT: "C", JACK: "J"},
}
HAND_SIZE = 18
DOG_SIZE = 6


@dataclass(frozen=True)
class Card:
    """`suit` is "trump", "excuse" or one of SUITS; `rank` is 1..21 for a trump,
    1..14 in a suit (11 jack .. 14 king) and 0 for the Excuse."""

    suit: str
    rank: int

    @property
    def is_trump(self) -> bool:
        return self.suit == TRUMP

    @property
    def is_oudler(self) -> bool:
        return self.suit == EXCUSE or (self.suit == TRUMP and self.rank in (1, 21))

    @property
    def is_king(self) -> bool:
        return self.suit in SUITS and self.rank == KING

    @property
    def points(self) -> Fraction:
        """Card points: oudlers and kings 4.5, queens 3.5, knights 2.5, jacks 1.5, else 0.5."""
        if self.is_oudler or self.is_king:
            return Fraction(9, 2)
        if self.suit in SUITS and self.rank > 10:
            return Fraction(2 * (self.rank - 10) + 1, 2)
        return Fraction(1, 2)

    def label(self, language: str = "fr") -> str:
        """How a print page writes the card: "Petit", "21", "7" for trumps, "Excuse",
        and rank then suit symbol for the others ("R♠", "10♥"; English "K♠")."""
        if self.suit == EXCUSE:
            return "Excuse"
        if self.suit == TRUMP:
            return "Petit" if self.rank == 1 else str(self.rank)
        letters = FACE_LETTERS.get(language, FACE_LETTERS["fr"])
        return letters.get(self.rank, str(self.rank)) + SUIT_SYMBOLS[self.suit]


PETIT = Card(TRUMP, 1)
TWENTY_ONE = Card(TRUMP, 21)
THE_EXCUSE = Card(EXCUSE, 0)
OUDLERS: tuple[Card, ...] = (TWENTY_ONE, PETIT, THE_EXCUSE)
# The deck in its canonical order: trumps 1..21, the Excuse, then each suit 1..king.
DECK: tuple[Card, ...] = (
    *(Card(TRUMP, rank) for rank in range(1, 22)),
    THE_EXCUSE,
    *(Card(suit, rank) for suit in SUITS for rank in range(1, 15)),
)


def sort_key(card: Card) -> tuple[int, int]:
    """Display order: trumps from the 21 down, the Excuse, then spades, hearts,
    diamonds, clubs, each from the king down."""
    if card.suit == TRUMP:
        return (0, -card.rank)
    if card.suit == EXCUSE:
        return (1, 0)
    return (2 + SUITS.index(card.suit), -card.rank)


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=sort_key))


# North's, East's, South's and West's hands.
Hands = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


def four_hands(hands: Iterable[tuple[Card, ...]]) -> Hands:
    """The four hands given in ORIENTATIONS order, as the 4-tuple a Deal holds."""
    north, east, south, west = hands
    return north, east, south, west


@dataclass(frozen=True)
class SuitRow:
    """One line of a printed hand: `suit` ("trump", "excuse" or a suit name), its
    symbol ("" for trumps and the Excuse) and the labels of the cards, high first."""

    suit: str
    symbol: str
    labels: tuple[str, ...]


def suit_rows(cards: Iterable[Card], language: str = "fr") -> tuple[SuitRow, ...]:
    """A hand as printed, one row per suit held (trumps, the Excuse, then the suits
    in SUITS order); a suit the hand lacks has no row (`void_suits` lists them)."""
    rows = []
    held = sorted_cards(cards)
    for suit in (TRUMP, EXCUSE, *SUITS):
        labels = tuple(c.label(language) for c in held if c.suit == suit)
        if labels:
            rows.append(SuitRow(suit, SUIT_SYMBOLS.get(suit, ""), labels))
    return tuple(rows)


def void_suits(cards: Iterable[Card]) -> tuple[str, ...]:
    held = {c.suit for c in cards}
    return tuple(s for s in SUITS if s not in held)


def trump_count(cards: Iterable[Card], excuse: bool = False) -> int:
    """Trumps held; with `excuse`, the Excuse counts as one (as in a poignée)."""
    return sum(1 for c in cards if c.suit == TRUMP or (excuse and c.suit == EXCUSE))


def oudler_count(cards: Iterable[Card]) -> int:
    return sum(1 for c in cards if c.is_oudler)


def king_count(cards: Iterable[Card]) -> int:
    return sum(1 for c in cards if c.is_king)


def card_points(cards: Iterable[Card]) -> Fraction:
    return sum((c.points for c in cards), Fraction(0))


def petit_sec(cards: Iterable[Card]) -> bool:
    """The Petit is the hand's only trump and it has no Excuse (the deal is void)."""
    held = [c for c in cards if c.suit in (TRUMP, EXCUSE)]
    return held == [PETIT]


def dealer_of(board: int) -> str:
    """Who deals `board` (from 1): North, West, South, East, North, ..."""
    return PLAY_ORDER[(_board_number(board) - 1) % 4]


def first_player_of(board: int) -> str:
    """Who leads the first trick of `board`: the dealer's right-hand neighbour."""
    return PLAY_ORDER[_board_number(board) % 4]


def _board_number(board: int) -> int:
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise ValueError(f"a board number is a whole number from 1, not {board!r}")
    return board


@dataclass(frozen=True)
class Deal:
    """One board's deal: `hands` are North's, East's, South's and West's 18 cards
    (in display order), `dog` the 6 cards of the dog."""

    seed: int
    board: int
    dealer: str
    first: str
    hands: Hands
    dog: tuple[Card, ...]

    def __post_init__(self) -> None:
        cards = [c for hand in self.hands for c in hand] + list(self.dog)
        sizes = [len(h) for h in self.hands]
        if sizes != [HAND_SIZE] * 4 or len(self.dog) != DOG_SIZE or set(cards) != set(DECK):
            raise ValueError("a deal gives 18 cards to each of N, E, S, W and 6 to the dog")

    def hand(self, orientation: str) -> tuple[Card, ...]:
        return self.hands[ORIENTATIONS.index(orientation)]

    def holder(self, card: Card) -> str:
        """Who was dealt `card`: "N", "E", "S", "W" or "dog"."""
        for orientation, hand in zip(ORIENTATIONS, self.hands, strict=True):
            if card in hand:
                return orientation
        return "dog"


def _below(rng: random.Random, n: int) -> int:
    """A uniform integer in [0, n) from getrandbits alone (rejection sampling)."""
    bits = n.bit_length()
    while True:
        value = rng.getrandbits(bits)
        if value < n:
            return value


def deal_board(seed: int, board: int) -> Deal:
    """The deal of `board` (from 1) for an event whose stored seed is `seed`
    (reproducible: see the module docstring for the exact generator)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"a seed is a whole number, not {seed!r}")
    number = _board_number(board)
    digest = hashlib.sha256(f"tarot-duplicate/{seed}/{number}".encode()).digest()
    rng = random.Random(int.from_bytes(digest, "big"))
    while True:
        deck = list(DECK)
        for i in range(len(deck) - 1, 0, -1):
            j = _below(rng, i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        hands = four_hands(
            sorted_cards(deck[k * HAND_SIZE : (k + 1) * HAND_SIZE]) for k in range(4)
        )
        if not any(petit_sec(hand) for hand in hands):
            break
    return Deal(
        seed=seed,
        board=number,
        dealer=dealer_of(number),
        first=first_player_of(number),
        hands=hands,
        dog=sorted_cards(deck[4 * HAND_SIZE :]),
    )
