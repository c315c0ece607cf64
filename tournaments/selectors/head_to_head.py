"""Reads for head-to-head: what two players' shared hands add up to, published events only.

Added up from the two players' HandScore rows in the events they met at (found in
their stored results), overall and table by table.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from ..models import Event, EventResult, HandScore, Player, Table
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
    contracts_made: int
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


def head_to_head(a: Player, b: Player) -> HeadToHead:
    """How two players fared at the same table; three queries, each bounded by the
    events the two of them played together.

    The events they met at come from the first player's stored results (EventResult
    keeps, per event, who he sat with: `opponents`), read by the (player, event) index;
    then his score rows in those events, each joined to the second player's row of the
    same hand and to the hand (one query; before, both players' rows and then their
    hands, each row joined to its table, round and event: 1,163 hands at 61 tables for
    the busiest pair at 1M hands); then the shared tables' numbers, rounds and events,
    once per table. A hand counts when both played it (neither sat it out); a table
    counts when both have a row in one of its hands. A duplicate board some table has
    still to play is left out (rules.board_visibility): who took and both scores would
    tell that table how it goes.
    """
    shared = list(
        EventResult.objects.filter(PUBLISHED, player=a, opponents__has_key=str(b.pk))
        .order_by()
        .values_list("event_id", "event__kind")
    )
    shared_events = [event_id for event_id, _kind in shared]
    duplicates = [event_id for event_id, kind in shared if kind == Event.Kind.DUPLICATE]
    hidden = hidden_hands(duplicates) if duplicates else set()
    rows = _shared_hands(a.pk, b.pk, shared_events, hidden) if shared_events else []
    a_took, b_took, partners = Encounter(0, 0, 0, 0), Encounter(0, 0, 0, 0), Encounter(0, 0, 0, 0)
    sums: dict[int, list[int]] = {}  # table id -> [hands, a's total, b's total]
    a_pk, b_pk = a.pk, b.pk  # read once: Model.pk is a property, 1,163 hands x 5 reads
    for table_id, a_points, a_made, b_points, b_made, taker, partner, sitting_out in rows:
        table = sums.setdefault(table_id, [0, 0, 0])
        if sitting_out in (a_pk, b_pk):
            continue  # one of them sat it out: the table counts, the hand does not
        table[0] += 1
        table[1] += a_points
        table[2] += b_points
        if taker == a_pk:
            if partner == b_pk:
                _add(partners, bool(a_made) or bool(b_made), a_points, b_points)
            else:
                _add(a_took, bool(a_made), a_points, b_points)
        elif taker == b_pk:
            if partner == a_pk:
                _add(partners, bool(a_made) or bool(b_made), a_points, b_points)
            else:
                _add(b_took, bool(b_made), a_points, b_points)
    places = _table_places(list(sums))
    tables = [
        SharedTable(table_id, number, round_number, name, date, *sums[table_id], event_id)
        for table_id, (number, round_number, event_id, name, date) in places.items()
    ]
    shown = sorted(tables, key=lambda t: (t.date, t.event_id, t.round_number), reverse=True)
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


def _add(encounter: Encounter, made: bool, a_points: int, b_points: int) -> None:
    encounter.hands += 1
    encounter.contracts_made += made
    encounter.a_points += a_points
    encounter.b_points += b_points


def _shared_hands(a: int, b: int, events: list[int], hidden: set[int]) -> list[tuple[Any, ...]]:
    """Each hand both have a row in: its table, each one's points and made, its taker,
    partner and player sitting out. `a`'s rows, each joined to `b`'s row of the same hand
    (hand__scores filtered on `b`: the columns read below are that same row's), without
    the tables', rounds' and events' columns (read once per table: _table_places)."""
    return list(
        HandScore.objects.filter(player_id=a, event_id__in=events, hand__scores__player_id=b)
        .exclude(hand_id__in=sorted(hidden))
        .order_by()
        .values_list(
            "table_id",
            "points",
            "contract_made",
            "hand__scores__points",
            "hand__scores__contract_made",
            "hand__taker_id",
            "hand__partner_id",
            "hand__sitting_out_id",
        )
    )


def _table_places(table_ids: list[int]) -> dict[int, tuple[int, int, int, str, datetime.date]]:
    """Each table's number, its round's number, its event's id, name and date; one
    query for the shared tables (read once per table rather than joined to each of the
    shared hands before they are added up)."""
    if not table_ids:
        return {}
    # No order (a dict follows, sorted by date): a table's default order walks its
    # round's and event's.
    rows = (
        Table.objects.filter(pk__in=table_ids)
        .order_by()
        .values_list(
            "pk",
            "number",
            "round__number",
            "round__event_id",
            "round__event__name",
            "round__event__date",
        )
    )
    return {pk: tuple(place) for pk, *place in rows}  # type: ignore[misc]  # values_list rows of the fields named
