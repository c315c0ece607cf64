"""A write PostgreSQL aborts to break a deadlock is run again, not answered with a 500
(services.submissions.once; issue 21: a save never fails).

Every writer locks a table's row before its event's, but an organiser's change and a
save may still wait for each other's rows in some order nobody foresaw: PostgreSQL then
aborts one transaction (deadlock_detected). The aborted write was undone whole, so
running it again is what the scorekeeper's second tap would do anyway."""

from __future__ import annotations

import threading

import pytest
from django.db import OperationalError, connection, transaction

from tournaments.models import Table
from tournaments.services.submissions import Outcome, once

from ..waiting import ceiling, until


def _waiting_for_a_lock() -> bool:
    """Some other backend of this database waits for a row lock."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE NOT l.granted AND a.datname = current_database()"
            " AND l.pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0] > 0


@pytest.mark.django_db(transaction=True)
def test_a_write_aborted_to_break_a_deadlock_runs_again(table4, table5, scorekeeper):
    if connection.vendor != "postgresql":
        pytest.skip("SQLite runs one write at a time: no deadlock to break")
    holds_first, holds_second = threading.Event(), threading.Event()
    runs: list[int] = []
    errors: list[BaseException] = []

    def write() -> Outcome:
        runs.append(1)
        Table.objects.select_for_update().get(pk=table4.pk)
        if len(runs) == 1:
            holds_first.set()
            assert holds_second.wait(ceiling())
        # The first run waits here for the other transaction, which then waits for
        # table4: a deadlock. This run started waiting first, so its deadlock check
        # (after deadlock_timeout) fires first and PostgreSQL aborts it.
        Table.objects.select_for_update().get(pk=table5.pk)
        return Outcome(redirect_url="/done/")

    def other() -> None:
        try:
            with transaction.atomic():
                assert holds_first.wait(ceiling())
                Table.objects.select_for_update().get(pk=table5.pk)
                holds_second.set()
                # Once the first run waits for table5's row (a lock not granted), this
                # transaction's wait for table4 closes the cycle.
                until(lambda: _waiting_for_a_lock(), "the first run to wait for table5")
                Table.objects.select_for_update().get(pk=table4.pk)
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    thread = threading.Thread(target=other)
    thread.start()
    try:
        outcome = once(None, user=scorekeeper, action="test", write=write)
    finally:
        holds_first.set()
        thread.join(30)
    assert errors == []
    assert outcome.redirect_url == "/done/"
    assert len(runs) == 2  # aborted once, then written


@pytest.mark.django_db(transaction=True)  # outside a caller's transaction, as a view runs
def test_other_database_errors_are_not_run_again(scorekeeper):
    runs: list[int] = []

    def write() -> Outcome:
        runs.append(1)
        raise OperationalError("disk I/O error")

    with pytest.raises(OperationalError):
        once(None, user=scorekeeper, action="test", write=write)
    assert len(runs) == 1
