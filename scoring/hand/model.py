"""One played hand as the scorekeeper reports it: the Hand value and the card facts
its validation (validation.py, tricks.py) relies on."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from fractions import Fraction

PlayerId = Hashable
CAMPS: tuple[str, ...] = ("taker", "defence")
TARGETS: dict[int, int] = {0: 56, 1: 51, 2: 41, 3: 36}
TOTAL_POINTS = 91
OUDLER_POINTS = Fraction(9, 2)
# All poignées of a hand together: the 21 trumps and the Excuse.
MAX_CARDS_SHOWN = 22
# Cards dealt to the dog, by active players.
DOG_CARDS: dict[int, int] = {3: 6, 4: 6, 5: 3}
# The most points of an écart of 6 or 3 cards: no king nor oudler may be discarded,
# so queens (3.5) then knights (2.5).
ECART_MAX_POINTS: dict[int, Fraction] = {6: Fraction(19), 3: Fraction(21, 2)}
# The Excuse kept by a camp that took no trick: it has no half point to give back.
EXCUSE_ALONE = Fraction(4)


@dataclass(frozen=True)
class Poignee:
    player: PlayerId
    size: str


@dataclass(frozen=True)
class Misere:
    player: PlayerId
    size: str


@dataclass(frozen=True)
class Chelem:
    announced: bool = False
    made_by: str | None = None  # "taker" | "defence" | None


@dataclass(frozen=True)
class Hand:
    """What is known after play. `contract` None means everybody passed.

    `points` are the taker camp's card points (a Fraction: halves exist at 3
    and 5 players). `sitting_out` is the dealer of a table of 5 who does not
    play this hand: the others play a 4-player hand and he scores 0.
    """

    players: tuple[PlayerId, ...]
    taker: PlayerId | None = None
    contract: str | None = None
    partner: PlayerId | None = None
    oudlers: int = 0
    points: Fraction = Fraction(0)
    petit_au_bout: str | None = None
    poignees: tuple[Poignee, ...] = ()
    chelem: Chelem = field(default_factory=Chelem)
    miseres: tuple[Misere, ...] = ()
    sitting_out: PlayerId | None = None

    @property
    def active_players(self) -> tuple[PlayerId, ...]:
        return tuple(p for p in self.players if p != self.sitting_out)

    @property
    def passed(self) -> bool:
        return self.contract is None


def show_points(value: Fraction) -> str:
    """A card-point figure as messages write it: 56, or 40.5 for a half point."""
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"
