"""The lock a new hand is saved under: the table with its round and event, its seats
and the scorekeeper's right, read in the locking query; its last hand number read once
the lock is held."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, Max, OuterRef
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
    players and whether `user` keeps score there (one query), then its last hand number
    (a second one): to be run inside the write's transaction (views.scorekeeping opens
    the hand form on it, save_hand then reads nothing of it again). Http404 for an
    unknown table.

    The last number is read in a statement of its own, after the lock is held. Read in
    the locking statement, PostgreSQL computed it from the snapshot taken before that
    statement waited for the lock: a second scorekeeper's save, released when the first
    one committed, took the number the first had just stored and broke the unique
    (table, number) with a 500 (issue 21). SQLite begins every write IMMEDIATE, so it
    never read a stale number, but one rule for both is simpler to trust.

    Every table has 3 to 5 seats (seat_table): the seats' rows carry the table."""
    if not 0 < table_id <= 2**63 - 1:  # no such row; SQLite would overflow on the lookup
        raise Http404
    keeps = Table.scorekeepers.through.objects.filter(
        table_id=OuterRef("table_id"), user_id=user.pk if user.is_authenticated else None
    )
    seats = list(
        Seat.objects.filter(table_id=table_id)
        .select_related("table__round__event", "player")
        .select_for_update(of=("table", "table__round", "table__round__event"))
        .annotate(keeps_score=Exists(keeps))
        .order_by("position")
    )
    if not seats:
        raise Http404
    table = seats[0].table
    for seat in seats:
        seat.table = table  # one instance, as table.seats would share it
    access.remember_scorekeeper(user, table.pk, seats[0].keeps_score)
    return LockedTable(table=table, seats=seats, last_number=last_number(table_id))


def last_number(table_id: int) -> int:
    """The table's last hand number (0 before the first). Inside a write, call it only
    once the table's row is locked (see lock_table)."""
    last = Hand.objects.filter(table_id=table_id).aggregate(n=Max("number"))["n"]
    return last or 0
