"""The lock a new hand is saved under: the table with its round and event, its seats,
its last hand number and the scorekeeper's right, read in one query."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, OuterRef, Subquery
from django.http import Http404

from ..models import Hand, Seat, Table
from ..selectors import access

User = AbstractBaseUser | AnonymousUser


@dataclass(frozen=True)
class LockedTable:
    """A table locked for a new hand, with what saving it needs (lock_table)."""

    table: Table
    seats: list[Seat]
    last_number: int  # the table's last hand number, 0 before the first


def lock_table(*, table_id: int, user: User) -> LockedTable:
    """Lock the table with its round and event for a write, and read its seats with their
    players, its last hand number and whether `user` keeps score there: one query, to
    be run inside the write's transaction (views.scorekeeping opens the hand form on it,
    save_hand then reads nothing of it again). Http404 for an unknown table.

    Every table has 3 to 5 seats (seat_table): the seats' rows carry the table."""
    if not 0 < table_id <= 2**63 - 1:  # no such row; SQLite would overflow on the lookup
        raise Http404
    keeps = Table.scorekeepers.through.objects.filter(
        table_id=OuterRef("table_id"), user_id=user.pk if user.is_authenticated else None
    )
    last = Hand.objects.filter(table_id=OuterRef("table_id")).order_by("-number")
    seats = list(
        Seat.objects.filter(table_id=table_id)
        .select_related("table__round__event", "player")
        .select_for_update(of=("table", "table__round", "table__round__event"))
        .annotate(keeps_score=Exists(keeps), last_number=Subquery(last.values("number")[:1]))
        .order_by("position")
    )
    if not seats:
        raise Http404
    table = seats[0].table
    for seat in seats:
        seat.table = table  # one instance, as table.seats would share it
    access.remember_scorekeeper(user, table.pk, seats[0].keeps_score)
    return LockedTable(table=table, seats=seats, last_number=seats[0].last_number or 0)
