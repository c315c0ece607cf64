"""The locks a hand is saved under, in the order every writer takes them: the table's
row first (lock_table, with its seats and the scorekeeper's right), its event's row
last (locked_event, with the table's last hand number), held only for the work that
needs the whole event."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import IntegerField, Subquery
from django.http import Http404

from ..models import Event, Hand, Seat, Table
from ..selectors.sheet import entry_seats, seated_table

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
    transaction (services.hand_entry checks the posted hand against it, write_hand then
    reads nothing of it again): the statement of selectors.sheet.entry_seats, which the
    view read unlocked to parse the form, taken with the table's lock. Http404 for an
    unknown table.

    Every table has 3 to 5 seats (seat_table): the seats' rows carry the table."""
    if not 0 < table_id <= 2**63 - 1:  # no such row; SQLite would overflow on the lookup
        raise Http404
    seats = list(entry_seats(table_id, user).select_for_update(no_key=True, of=("table",)))
    if not seats:
        raise Http404
    return LockedTable(table=seated_table(seats, user), seats=seats)


def locked_event(*, event_id: int, table_id: int) -> Event:
    """Lock the event's row, and read with it the last hand number of a table whose row
    the caller's transaction has already locked (`last_number`, 0 before the first hand).

    The number is read in this statement on purpose, and only because the table's lock
    is held: PostgreSQL evaluates the statement on the snapshot taken when it starts,
    before it waits for the event's lock, and every hand of this table committed before
    that start is in it, while none can be committed after it (a hand is only stored
    under its table's lock). Read in the table's own locking statement, as it once was,
    the number came from before the wait for that lock: a second scorekeeper's save took
    the number the first had just stored, and broke the unique (table, number) with a 500.
    SQLite begins every write IMMEDIATE: one writer at a time, nothing stale to read."""
    last = Hand.objects.filter(table_id=table_id).order_by("-number").values("number")[:1]
    return (
        Event.objects.select_for_update(no_key=True)
        .annotate(last_number=Subquery(last, output_field=IntegerField()))
        .get(pk=event_id)
    )
