"""How many deals each table of a round plays (pure: no Django).

Every player of a round should play the same number of deals whatever his table.
With the format's `d` deals per round, a table of 4 and a table of 3 play d deals
and everybody plays them all. At a table of 5 where the dealer sits out, the
dealer rotation (rules.dealing) moves over the 5 seats, so D deals give every seat
the same number of sit-outs only when 5 divides D, each then playing 4D/5: the
table plays D = 5d/4 deals (d = 4: 5 deals, d = 8: 10 deals), which exists only
when d is a multiple of 4. Otherwise it keeps d deals and the organiser is told
why (`reason`), with the nearest formats that work. A table of 5 where everybody
plays (called king) plays d deals like the others.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from . import dealing
from .dealing import dealer_for

# Reason codes (the web app words them): the format's d is not a multiple of 4, so
# no number of deals at a table of 5 gives its players d deals each.
NOT_MULTIPLE_OF_FOUR = "not_multiple_of_four"


@dataclass(frozen=True)
class TableDeals:
    size: int  # players at the table
    deals: int  # deals the table plays
    plays: tuple[int, ...]  # deals played by each seat, in seat order
    reason: str | None = None  # why the players cannot play the format's d each

    @property
    def equal(self) -> bool:
        """Every seat plays the same number of deals."""
        return len(set(self.plays)) == 1

    @property
    def each_plays(self) -> int | None:
        """The deals each player plays when that is not every deal of the table (a
        table of 5 where the dealer sits out: 4 of its 5) and the same for all; None
        when everybody plays every deal, or the seats play different numbers."""
        if self.equal and self.plays and self.plays[0] != self.deals:
            return self.plays[0]
        return None


def deals_played(size: int, deals: int, *, dealer_sits_out: bool) -> tuple[int, ...]:
    """Deals each seat plays when the table plays `deals` deals, following the rotation."""
    if not dealing.dealer_sits_out(size, dealer_out_mode=dealer_sits_out):
        return (deals,) * size
    seats = list(range(size))
    out = Counter(dealer_for(n, seats) for n in range(1, deals + 1))
    return tuple(deals - out[s] for s in seats)


def table_deals(d: int, size: int, *, dealer_sits_out: bool) -> TableDeals:
    """The deals a table of `size` plays when the format plans `d` per round."""
    deals, reason = d, None
    if dealing.dealer_sits_out(size, dealer_out_mode=dealer_sits_out):
        if d % 4 == 0:
            deals = d * 5 // 4
        else:
            reason = NOT_MULTIPLE_OF_FOUR
    return TableDeals(
        size, deals, deals_played(size, deals, dealer_sits_out=dealer_sits_out), reason
    )


def nearest_fair_formats(d: int) -> tuple[int, ...]:
    """The multiples of 4 around d (d not one): formats where a table of 5 can be fair."""
    below, above = d - d % 4, d - d % 4 + 4
    return (below, above) if below else (above,)
