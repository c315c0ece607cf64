"""Reads for head-to-head: what two players' shared hands add up to, published events only.

Added up from the two players' HandScore rows in the events they met at (found in
their stored results), overall and table by table.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, F, Q, Sum
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


def head_to_head(a: Player, b: Player) -> HeadToHead:
    """How two players fared at the same table; three queries, each bounded by the
    events the two of them played together.

    The events they met at come from the first player's stored results (EventResult
    keeps, per event, who he sat with: `opponents`), read by the (player, event) index;
    then his score rows in those events joined to the second player's row of the same
    hand, added up table by table in the database (the busiest pair at 1M hands shares
    1,163 hands at 61 tables: their rows and hands read into Python and added up there
    took most of the page). A hand
    counts when both played it (neither sat it out); a table counts when both have a
    row in one of its hands. A duplicate board some table has still to play is left
    out (rules.board_visibility): who took and both scores would tell that table how
    it goes. The shared tables' numbers, rounds and events are read last, once each.
    """
    shared = list(
        EventResult.objects.filter(PUBLISHED, player=a, opponents__has_key=str(b.pk))
        .order_by()
        .values_list("event_id", "event__kind")
    )
    shared_events = [event_id for event_id, _kind in shared]
    duplicates = [event_id for event_id, kind in shared if kind == Event.Kind.DUPLICATE]
    hidden = hidden_hands(duplicates) if duplicates else set()
    rows = _table_sums(a.pk, b.pk, shared_events, hidden) if shared_events else []
    places = _table_places([row["table_id"] for row in rows])
    encounters = [Encounter(0, 0, 0, 0) for _ in range(3)]  # a took, b took, partners
    tables: list[SharedTable] = []
    for row in rows:
        number, round_number, event_id, name, date = places[row["table_id"]]
        tables.append(
            SharedTable(
                row["table_id"],
                number,
                round_number,
                name,
                date,
                row["hands"],
                row["a_total"] or 0,
                row["b_total"] or 0,
                event_id,
            )
        )
        for encounter, name in zip(encounters, _ENCOUNTERS, strict=True):
            encounter.hands += row[f"{name}_hands"]
            encounter.made += row[f"{name}_made"]
            encounter.a_points += row[f"{name}_a"] or 0
            encounter.b_points += row[f"{name}_b"] or 0
    shown = sorted(tables, key=lambda t: (t.date, t.event_id, t.round_number), reverse=True)
    a_took, b_took, partners = encounters
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


_ENCOUNTERS = ("a_took", "b_took", "partners")


def _table_sums(a: int, b: int, events: list[int], hidden: set[int]) -> list[dict[str, Any]]:
    """Per table where both have a row in a hand: the hands both played, each one's
    total, and each kind of encounter's hands, made, and both players' points. `a`'s
    rows, each joined to `b`'s row of the same hand (hand__scores, filtered on `b`:
    the annotations below read that same row)."""
    b_points, b_made = F("hand__scores__points"), Q(hand__scores__made=True)
    taker, partner = "hand__taker_id", "hand__partner_id"
    played = ~Q(hand__sitting_out_id__in=[a, b])
    a_took = played & Q(**{taker: a}) & ~Q(**{partner: b})
    b_took = played & Q(**{taker: b}) & ~Q(**{partner: a})
    partners = played & (Q(**{taker: a, partner: b}) | Q(**{taker: b, partner: a}))
    kinds = {
        "a_took": (a_took, Q(made=True)),
        "b_took": (b_took, b_made),
        "partners": (partners, Q(made=True) | b_made),
    }
    sums: dict[str, Any] = {
        "hands": Count("hand_id", filter=played),
        "a_total": Sum("points", filter=played),
        "b_total": Sum(b_points, filter=played),
    }
    for name, (where, made) in kinds.items():
        sums[f"{name}_hands"] = Count("hand_id", filter=where)
        sums[f"{name}_made"] = Count("hand_id", filter=where & made)
        sums[f"{name}_a"] = Sum("points", filter=where)
        sums[f"{name}_b"] = Sum(b_points, filter=where)
    return list(
        HandScore.objects.filter(player_id=a, event_id__in=events, hand__scores__player_id=b)
        .exclude(hand_id__in=sorted(hidden))
        .order_by()
        .values("table_id")
        .annotate(**sums)
    )


def _table_places(table_ids: list[int]) -> dict[int, tuple[int, int, int, str, datetime.date]]:
    """Each table's number, its round's number, its event's id, name and date; one
    query for the shared tables (read once per table rather than joined to each of the
    shared hands before they are added up)."""
    if not table_ids:
        return {}
    rows = Table.objects.filter(pk__in=table_ids).values_list(
        "pk",
        "number",
        "round__number",
        "round__event_id",
        "round__event__name",
        "round__event__date",
    )
    return {pk: tuple(place) for pk, *place in rows}  # type: ignore[misc]
