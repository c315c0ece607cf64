"""A small season played by hand; every figure the statistics show is worked out here.

Scoring (FFT): per-defender value = (s x (25 + margin) + pab) x multiplier + s x poignées
+ chelem, with s = +1 made / -1 failed, multipliers prise 1, garde 2, garde sans 4;
targets 0 oudler 56, 1 -> 51, 2 -> 41, 3 -> 36. At 4 players the taker gets 3 x value and
each defender -value; at 5 (called king) taker 2 x, partner 1 x, three defenders -value;
a taker alone at 5 gets 4 x value.

Event 1 "Soirée 1", 2026-10-01, published; table 1: Anne, Bruno, Chloé, David.
  H1 Anne garde, 2 oudlers, 56: +15 -> (25+15)x2 = 80        Anne +240, others -80
  H2 Anne prise, 1 oudler, 45: -6, petit au bout defence
       -> (-(25+6) - 10) x 1 = -41                             Anne -123, others +41
  H3 Bruno garde, 2 oudlers, 45: +4, petit au bout defence, Anne shows a simple poignée
       -> (29 - 10) x 2 + 20 = 58                              Bruno +174, others -58
  H4 Chloé garde sans, 2 oudlers, 30: -11, Anne shows a double poignée
       -> -(36 x 4) - 30 = -174                                Chloé -522, others +174
  H5 everybody passed                                          0 for all
  H6 Anne garde, 3 oudlers, 91, chelem announced and made
       -> (25+55) x 2 + 400 = 560                              Anne +1680, others -560
  Totals: Anne 240-123-58+174+0+1680 = 1913; Bruno -80+41+174+174+0-560 = -251;
          Chloé -80+41-58-522+0-560 = -1179; David -80+41-58+174+0-560 = -483 (sum 0).
  Ranks: Anne 1, Bruno 2, David 3, Chloé 4.
  Anne's running total: 240, 117, 59, 233, 233, 1913.

Event 2 "Soirée 2", 2026-10-08, published; table 1 (called king): Anne, Bruno, Emma,
Fabien, Gaëlle.
  K1 Anne prise calls Bruno, 2 oudlers, 45: +4 -> 29         Anne +58, Bruno +29, others -29
  K2 Emma garde calls Anne, 1 oudler, 40: -11 -> -72          Emma -144, Anne -72, others +72
  K3 Bruno garde calls Anne, 2 oudlers, 51: +10, petit au bout taker camp
       -> (35 + 10) x 2 = 90                                   Bruno +180, Anne +90, others -90
  K4 Fabien garde alone, 0 oudler, 0 points, chelem made by the defence
       -> -(25+56) x 2 - 200 = -362                            Fabien -1448, others +362
  Totals: Anne 58-72+90+362 = 438; Bruno 29+72+180+362 = 643; Emma -29-144-90+362 = 99;
          Fabien -29+72-90-1448 = -1495; Gaëlle -29+72-90+362 = 315 (sum 0).
  Ranks: Bruno 1, Anne 2, Gaëlle 3, Emma 4, Fabien 5.

Event 3 "Brouillon", 2026-10-15, NOT published: Anne, Bruno, Chloé, David;
  Anne garde sans, 3 oudlers, 80: +44 -> 69 x 4 = 276         Anne +828 (must never show)
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from tournaments.models import Event, Hand, Player, Round, Table
from tournaments.selectors.access import SYSTEM
from tournaments.services.hands import seat_table

from ..factories import store_hand


@dataclass
class Season:
    players: dict[str, Player]
    first: Event
    second: Event
    draft: Event
    first_table: Table
    second_table: Table
    draft_table: Table


@pytest.fixture
def enter(organiser) -> Callable[..., Hand]:
    """Store a hand through the service, as a scorekeeper would."""

    def play(
        table: Table,
        dealer: Player,
        taker: Player | None = None,
        contract: str = "",
        oudlers: int = 0,
        points: float = 0,
        *,
        partner: Player | None = None,
        petit_au_bout: str = "",
        poignees: tuple[tuple[Player, str], ...] = (),
        chelem_announced: bool = False,
        chelem_made_by: str = "",
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
            petit_au_bout=petit_au_bout,
            poignees=[{"player": p.pk, "size": size} for p, size in poignees],
            chelem_announced=chelem_announced,
            chelem_made_by=chelem_made_by,
        )

    return play


def make_event(club, name: str, day: int, *, published: bool = True) -> Event:
    return Event.objects.create(
        club=club, name=name, date=datetime.date(2026, 10, day), published=published
    )


def table_of(event: Event, players: list[Player], *, five_mode: str = "") -> Table:
    round_ = Round.objects.create(event=event, number=1)
    extra = {"five_mode": five_mode} if five_mode else {}
    return seat_table(by=SYSTEM, round=round_, number=1, players=players, **extra)


@pytest.fixture
def season(club, players, enter) -> Season:
    anne, bruno, chloe, david, emma, fabien, gaelle, *_ = players
    first = make_event(club, "Soirée 1", 1)
    second = make_event(club, "Soirée 2", 8)
    draft = make_event(club, "Brouillon", 15, published=False)

    t1 = table_of(first, [anne, bruno, chloe, david])
    enter(t1, anne, anne, "garde", 2, 56)
    enter(t1, bruno, anne, "prise", 1, 45, petit_au_bout="defence")
    enter(t1, chloe, bruno, "garde", 2, 45, petit_au_bout="defence", poignees=((anne, "simple"),))
    enter(t1, david, chloe, "garde_sans", 2, 30, poignees=((anne, "double"),))
    enter(t1, anne)
    enter(t1, bruno, anne, "garde", 3, 91, chelem_announced=True, chelem_made_by="taker")

    t2 = table_of(second, [anne, bruno, emma, fabien, gaelle])
    enter(t2, anne, anne, "prise", 2, 45, partner=bruno)
    enter(t2, bruno, emma, "garde", 1, 40, partner=anne)
    enter(t2, emma, bruno, "garde", 2, 51, partner=anne, petit_au_bout="taker")
    enter(t2, fabien, fabien, "garde", 0, 0, chelem_made_by="defence")

    t3 = table_of(draft, [anne, bruno, chloe, david])
    enter(t3, anne, anne, "garde_sans", 3, 80)

    return Season(
        players={p.name: p for p in players},
        first=first,
        second=second,
        draft=draft,
        first_table=t1,
        second_table=t2,
        draft_table=t3,
    )


@pytest.fixture
def many_hands(enter) -> Callable[[Table, int], None]:
    """`count` more gardes at a table, the taker moving round the table."""

    def play(table: Table, count: int) -> None:
        seats = [s.player for s in table.seats.order_by("position")]
        for i in range(count):
            enter(table, seats[i % len(seats)], seats[(i + 1) % len(seats)], "garde", 2, 56)

    return play
