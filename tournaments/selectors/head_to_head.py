"""Reads for head-to-head: what two players' shared hands add up to, published events only.

Added up from the two players' HandScore rows in the events they met at (found in
their stored results), overall and table by table.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.urls import reverse

from ..models import Event, EventResult, Hand, HandScore, Player
from .board_visibility import hidden_hands
from .stats import PUBLISHED

SHARED_TABLES_SHOWN = 20


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

    @property
    def recent_tables(self) -> list[SharedTable]:
        """The latest shared tables, as many as the page lists (the totals count all)."""
        return self.shared_tables[:SHARED_TABLES_SHOWN]


def _add(encounter: Encounter, made: bool, a_points: int, b_points: int) -> None:
    encounter.hands += 1
    encounter.made += made
    encounter.a_points += a_points
    encounter.b_points += b_points


def head_to_head(a: Player, b: Player) -> HeadToHead:
    """How two players fared at the same table; three queries, each bounded by the
    events the two of them played together.

    The events they met at come from the first player's stored results (EventResult
    keeps, per event, who he sat with: `opponents`), read by the (player, event) index;
    then both players' score rows in those events only, by the same index; then those
    rows' hands by id. Reading every table either of them ever sat at cost 45 ms for
    two players of many seasons (1M hands). A hand counts when both played it (neither
    sat it out); a table counts when both have a row in one of its hands. A duplicate
    board some table has still to play is left out (rules.board_visibility): who took
    and both scores would tell that table how it goes.
    """
    shared = list(
        EventResult.objects.filter(PUBLISHED, player=a, opponents__has_key=str(b.pk))
        .order_by()
        .values_list("event_id", "event__kind")
    )
    shared_events = [event_id for event_id, _kind in shared]
    duplicates = [event_id for event_id, kind in shared if kind == Event.Kind.DUPLICATE]
    hidden = hidden_hands(duplicates) if duplicates else set()
    rows = (
        HandScore.objects.filter(player_id__in=(a.pk, b.pk), event_id__in=shared_events)
        .exclude(hand_id__in=sorted(hidden))
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
        if shared_events
        else []
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
