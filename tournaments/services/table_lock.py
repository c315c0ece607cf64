"""The locks a hand is saved under, in the order every writer takes them: the table's
row first (lock_table, with its seats and the scorekeeper's right), its event's row
last (locked_event, with the table's last hand number), held only for the work that
needs the whole event."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Exists, IntegerField, OuterRef, Subquery
from django.http import Http404

from ..models import Event, Hand, Seat, Table
from ..selectors import access

User = AbstractBaseUser | AnonymousUser


@dataclass(frozen=True)
class LockedTable:
    """A table locked for a new hand, with what saving it needs (lock_table)."""

    table: Table
    seats: list[Seat]


def lock_table(*, table_id: int, user: User) -> LockedTable:
    """Lock the table's row for a write and read its seats with their players, its round
    and event (read, not locked: write_hand locks the event only for the work that needs
    it) and whether `user` keeps score there: one query, to be run inside the write's
    transaction (services.hand_entry binds the posted form at it, write_hand then reads
    nothing of it again). Http404 for an unknown table.

    Every table has 3 to 5 seats (seat_table): the seats' rows carry the table."""
    if not 0 < table_id <= 2**63 - 1:  # no such row; SQLite would overflow on the lookup
        raise Http404
    keeps = Table.scorekeepers.through.objects.filter(
        table_id=OuterRef("table_id"), user_id=user.pk if user.is_authenticated else None
    )
    seats = list(
        Seat.objects.filter(table_id=table_id)
        .select_related("table__round__event", "player")
        .select_for_update(of=("table",))
        .annotate(keeps_score=Exists(keeps))
        .order_by("position")
    )
    if not seats:
        raise Http404
    table = seats[0].table
    for seat in seats:
        seat.table = table  # one instance, as table.seats would share it
    access.remember_scorekeeper(user, table.pk, seats[0].keeps_score)
    return LockedTable(table=table, seats=seats)


def locked_event(*, event_id: int, table_id: int) -> Event:
    """Lock the event's row, and read with it the last hand number of a table whose row
    the caller's transaction has already locked (`last_number`, 0 before the first hand).

    The number is read in this statement on purpose, and only because the table's lock
    is held: PostgreSQL evaluates the statement on the snapshot taken when it starts,
    before it waits for the event's lock, and every hand of this table committed before
    that start is in it, while none can be committed after it (a hand is only stored
    under its table's lock). Read in the table's own locking statement (until issue 21),
    the number came from before the wait for that lock: a second scorekeeper's save took
    the number the first had just stored, and broke the unique (table, number) with a 500.
    SQLite begins every write IMMEDIATE: one writer at a time, nothing stale to read."""
    last = Hand.objects.filter(table_id=table_id).order_by("-number").values("number")[:1]
    return (
        Event.objects.select_for_update()
        .annotate(last_number=Subquery(last, output_field=IntegerField()))
        .get(pk=event_id)
    )
