"""Reads for head-to-head: what two players' shared hands add up to, published events only.

Summed by the database from the HandScore ledger, overall and table by table.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Q, Sum
from django.urls import reverse

from ..models import HandScore, Player
from .stats import PUBLISHED


def _together(a: int, b: int) -> Q:
    """Both players played the hand: neither sat it out."""
    return Q(hand__sitting_out__isnull=True) | (~Q(hand__sitting_out=a) & ~Q(hand__sitting_out=b))


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


def head_to_head(a: Player, b: Player) -> HeadToHead:
    """How two players fared at the same table; two aggregate queries.

    Each of a's score rows is joined to b's row of the same hand, so every figure is
    a sum over hands both had a row in; sums on `hand__scores__` are b's side.
    """
    shared = HandScore.objects.filter(PUBLISHED, player=a, hand__scores__player=b)
    together = _together(a.pk, b.pk)
    a_took = together & Q(is_taker=True) & ~Q(hand__partner_id=b.pk)
    b_took = together & Q(hand__taker_id=b.pk) & ~Q(hand__partner_id=a.pk)
    partners = together & (
        Q(is_taker=True, hand__partner_id=b.pk) | Q(hand__taker_id=b.pk, hand__partner_id=a.pk)
    )

    def encounter(prefix: str, condition: Q, made: Q) -> dict[str, Count | Sum]:
        return {
            f"{prefix}_hands": Count("id", filter=condition),
            f"{prefix}_made": Count("id", filter=condition & made),
            f"{prefix}_a": Sum("points", filter=condition, default=0),
            f"{prefix}_b": Sum("hand__scores__points", filter=condition, default=0),
        }

    a_made = Q(made=True)
    b_made = Q(hand__scores__made=True)
    data = shared.aggregate(
        tables=Count("table", distinct=True),
        hands=Count("id", filter=together),
        a_total=Sum("points", filter=together, default=0),
        b_total=Sum("hand__scores__points", filter=together, default=0),
        **encounter("a_took", a_took, a_made),
        **encounter("b_took", b_took, b_made),
        **encounter("partners", partners, a_made | b_made),
    )

    def pick(prefix: str) -> Encounter:
        return Encounter(
            hands=data[f"{prefix}_hands"],
            made=data[f"{prefix}_made"],
            a_points=data[f"{prefix}_a"],
            b_points=data[f"{prefix}_b"],
        )

    tables = (
        shared.values(
            "table_id", "table__number", "round__number", "event_id", "event__name", "event__date"
        )
        .annotate(
            hands=Count("id", filter=together),
            a_total=Sum("points", filter=together, default=0),
            b_total=Sum("hand__scores__points", filter=together, default=0),
        )
        .order_by("-event__date", "-event_id", "-round__number")
    )
    return HeadToHead(
        tables=data["tables"],
        hands=data["hands"],
        a_total=data["a_total"],
        b_total=data["b_total"],
        a_took=pick("a_took"),
        b_took=pick("b_took"),
        partners=pick("partners"),
        shared_tables=[
            SharedTable(
                table_id=item["table_id"],
                table_number=item["table__number"],
                round_number=item["round__number"],
                event_name=item["event__name"],
                date=item["event__date"],
                hands=item["hands"],
                a_total=item["a_total"],
                b_total=item["b_total"],
            )
            for item in tables
        ],
    )
