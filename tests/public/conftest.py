"""A club night played by hand: scores worked out on paper, entered through save_hand.

Table 1 (4 players, FFT):
  1. Bruno garde, 2 oudlers, 56: made by 15 -> (25+15) x 2 = 80   Bruno +240, others -80
  2. Anne prise, 1 oudler, 51: made by 0  -> 25                   Anne +75, others -25
  3. Chloé prise, 2 oudlers, 31: failed by 10 -> 35                Chloé -105, others +35
  4. David prise, 1 oudler, 51: made by 0 -> 25                    David +75, others -25
  Totals: Anne 5, Bruno 225, Chloé -235, David 5.
Table 2 (5 players, called king: taker 2x, partner 1x, defenders -1x):
  1. Emma garde with Fabien, 2 oudlers, 56 -> 80    Emma +160, Fabien +80, others -80
  2. Gaëlle prise with Hugo, 2 oudlers, 41 -> 25    Gaëlle +50, Hugo +25, others -25
  3. everybody passed                                 0 for all
  Totals: Emma 135, Fabien 55, Gaëlle -30, Hugo -55, Inès -105.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tournaments.models import Event, Hand, Player, Table

from ..factories import store_hand


@pytest.fixture
def enter(organiser) -> Callable[..., Hand]:
    """Store a hand at a table: enter(table, dealer, taker, contract, oudlers, points)."""

    def play(
        table: Table,
        dealer: Player,
        taker: Player | None = None,
        contract: str = "",
        oudlers: int = 0,
        points: int = 0,
        partner: Player | None = None,
    ) -> Hand:
        return store_hand(
            table,
            organiser,
            dealer=dealer,
            taker=taker,
            partner=partner,
            contract=contract,
            oudlers=oudlers,
            points=points,
        )

    return play


@pytest.fixture
def played_night(club_night, table4, table5, players, enter) -> Event:
    anne, bruno, chloe, david, emma, fabien, gaelle, hugo, _ines = players
    enter(table4, anne, bruno, "garde", 2, 56)
    enter(table4, bruno, anne, "prise", 1, 51)
    enter(table4, chloe, chloe, "prise", 2, 31)
    enter(table4, david, david, "prise", 1, 51)
    enter(table5, emma, emma, "garde", 2, 56, partner=fabien)
    enter(table5, fabien, gaelle, "prise", 2, 41, partner=hugo)
    enter(table5, gaelle)
    Event.objects.filter(pk=club_night.pk).update(published=True)
    club_night.refresh_from_db()
    return club_night


@pytest.fixture
def many_hands(enter) -> Callable[[Table, int], None]:
    """`count` gardes at a table, the taker moving round the table."""

    def play(table: Table, count: int) -> None:
        seats = [s.player for s in table.seats.order_by("position")]
        for i in range(count):
            enter(table, seats[i % len(seats)], seats[(i + 1) % len(seats)], "garde", 2, 56)

    return play
