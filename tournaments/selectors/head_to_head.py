"""Reads for head-to-head: what two players' shared hands add up to, published events only.

Added up from the two players' HandScore rows at the tables they shared, overall
and table by table.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.urls import reverse

from ..models import Hand, HandScore, Player
from .stats import PUBLISHED


@dataclass
class SharedTable:
    table_id: int
    table_number: int
    round_number: int
    event_name: str
    date: datetime.date
    hands: int
    a_total: int
    b_total: int
    event_id: int = 0

    def get_absolute_url(self) -> str:
        return reverse("table_public", args=[self.table_id])


@dataclass
class Encounter:
    """A set of hands of the head-to-head: how many, how many made, each one's points."""

    hands: int
    made: int
    a_points: int
    b_points: int


@dataclass
class HeadToHead:
    tables: int
    hands: int
    a_total: int
    b_total: int
    a_took: Encounter  # a took, b defended
    b_took: Encounter  # b took, a defended
    partners: Encounter  # one took and called the other
    shared_tables: list[SharedTable]

    @property
    def met(self) -> bool:
        return self.tables > 0


def _add(encounter: Encounter, made: bool, a_points: int, b_points: int) -> None:
    encounter.hands += 1
    encounter.made += made
    encounter.a_points += a_points
    encounter.b_points += b_points


def head_to_head(a: Player, b: Player) -> HeadToHead:
    """How two players fared at the same table; two queries, each bounded by the two
    players' own rows.

    The tables both sat at come first (from their own score rows, by the (player,
    event) index), with both players' rows there; then those tables' hands. Joining the
    score rows to their hands in one query made PostgreSQL read every hand of the
    database (30 ms a query at 100k hands). A hand counts when both played it (neither
    sat it out); a table counts when both have a row in one of its hands.
    """
    shared_tables = HandScore.objects.filter(player=a).values("table_id")
    rows = (
        HandScore.objects.filter(PUBLISHED, player_id__in=(a.pk, b.pk))
        .filter(table_id__in=shared_tables)
        .filter(table_id__in=HandScore.objects.filter(player=b).values("table_id"))
        .order_by()
        .values_list(
            "hand_id",
            "player_id",
            "points",
            "made",
            "event_id",
            "event__name",
            "event__date",
            "table_id",
            "table__number",
            "round__number",
        )
    )
    by_hand: dict[int, dict[int, tuple[int, bool | None]]] = {}
    events: dict[int, tuple[str, datetime.date]] = {}
    event_of: dict[int, int] = {}
    places: dict[int, tuple[int, int, int]] = {}  # hand -> table id, number, round number
    for hand_id, player_id, points, made, event_id, name, date, *place in rows:
        by_hand.setdefault(hand_id, {})[player_id] = (points, made)
        events[event_id] = (name, date)
        event_of[hand_id] = event_id
        places[hand_id] = tuple(place)  # type: ignore[assignment]
    both = [pk for pk, players in by_hand.items() if len(players) == 2]
    hands = (
        Hand.objects.filter(pk__in=both)
        .order_by()
        .values_list("pk", "sitting_out_id", "taker_id", "partner_id")
        if both
        else []
    )
    a_took, b_took, partners = Encounter(0, 0, 0, 0), Encounter(0, 0, 0, 0), Encounter(0, 0, 0, 0)
    tables: dict[int, SharedTable] = {}
    for hand_id, sitting_out, taker, partner in hands:
        table_id, table_number, round_number = places[hand_id]
        (a_points, a_made), (b_points, b_made) = by_hand[hand_id][a.pk], by_hand[hand_id][b.pk]
        name, date = events[event_of[hand_id]]
        table = tables.get(table_id)
        if table is None:
            table = tables[table_id] = SharedTable(
                table_id, table_number, round_number, name, date, 0, 0, 0, event_of[hand_id]
            )
        if sitting_out in (a.pk, b.pk):
            continue  # one of them sat it out: the table counts, the hand does not
        table.hands += 1
        table.a_total += a_points
        table.b_total += b_points
        if taker == a.pk and partner != b.pk:
            _add(a_took, bool(a_made), a_points, b_points)
        elif taker == b.pk and partner != a.pk:
            _add(b_took, bool(b_made), a_points, b_points)
        elif (taker == a.pk and partner == b.pk) or (taker == b.pk and partner == a.pk):
            _add(partners, bool(a_made) or bool(b_made), a_points, b_points)
    shown = sorted(
        tables.values(),
        key=lambda t: (t.date, t.event_id, t.round_number),
        reverse=True,
    )
    return HeadToHead(
        tables=len(tables),
        hands=sum(t.hands for t in shown),
        a_total=sum(t.a_total for t in shown),
        b_total=sum(t.b_total for t in shown),
        a_took=a_took,
        b_took=b_took,
        partners=partners,
        shared_tables=shown,
    )
