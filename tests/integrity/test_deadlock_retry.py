"""A write PostgreSQL aborts to break a deadlock is run again, not answered with a 500
(services.submissions.once: a scorekeeper's save never fails on the database's choice).

Every writer locks a table's row before its event's, but an organiser's change and a
save may still wait for each other's rows in some order nobody foresaw: PostgreSQL then
aborts one transaction (deadlock_detected). The aborted write was undone whole, so
running it again is what the scorekeeper's second tap would do anyway."""

from __future__ import annotations

import threading
import uuid

import pytest
from django.db import OperationalError, connection, transaction
from django.urls import reverse

from tournaments.models import Hand, HandScore, Submission, Table
from tournaments.services import hand_entry
from tournaments.services.submissions import Outcome, once

from ..factories import logged_in, seated, store_hand
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


def _aborted_once(monkeypatch) -> list[int]:
    """The write of enter_hand aborted by the database once, after it stored the hand
    (as PostgreSQL aborts a deadlock's victim): the run again starts from the parsed
    post, not from the hand the aborted run numbered and saved."""
    runs: list[int] = []
    real_write = hand_entry.write_hand

    def write_hand(**kwargs):
        saved = real_write(**kwargs)
        runs.append(saved.hand.pk)
        if len(runs) == 1:
            deadlock = type("Deadlock", (Exception,), {"sqlstate": "40P01"})()
            raise OperationalError("deadlock detected") from deadlock
        return saved

    monkeypatch.setattr(hand_entry, "write_hand", write_hand)
    return runs


def _posted(table, **changes):
    players = seated(table)
    return {
        "dealer": players[0].pk,
        "contract": "garde",
        "taker": players[1].pk,
        "oudlers": "2",
        "points": "45",
        "points_camp": "taker",
        "submission_key": str(uuid.uuid4()),
        **changes,
    }


@pytest.mark.django_db(transaction=True)  # the request's own transaction, as in production
def test_a_new_hand_aborted_once_is_stored_once_by_the_run_again(table4, scorekeeper, monkeypatch):
    runs = _aborted_once(monkeypatch)
    response = logged_in(scorekeeper).post(
        reverse("hand_new", args=[table4.pk]), _posted(table4, number="1")
    )
    assert response.status_code == 302, response.content[:300]
    assert len(runs) == 2
    hand = Hand.objects.get(table=table4)
    assert (hand.number, hand.version, hand.taker_id) == (1, 1, seated(table4)[1].pk)
    assert HandScore.objects.filter(hand=hand).count() == 4
    assert Submission.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_an_edit_aborted_once_is_stored_once_by_the_run_again(table4, scorekeeper, monkeypatch):
    stored = store_hand(table4, scorekeeper)
    runs = _aborted_once(monkeypatch)
    response = logged_in(scorekeeper).post(
        reverse("hand_edit", args=[stored.pk]), _posted(table4, points="60", version="1")
    )
    assert response.status_code == 302, response.content[:300]
    assert runs == [stored.pk, stored.pk]
    stored.refresh_from_db()
    assert (stored.version, stored.points) == (2, 60)
    assert Hand.objects.filter(table=table4).count() == 1
