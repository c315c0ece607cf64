"""backup_db / restore_db on SQLite: the online backup API, exact to the microsecond."""

from __future__ import annotations

import sqlite3
import threading

import pytest
from django.core.management import call_command
from django.db import connection, connections

from tournaments.models import Club, Hand, HandScore

from ..waiting import START, ceiling
from .conftest import snapshot, unbalanced_hands

pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="the online backup path is SQLite's"
)


def test_backup_then_restore_brings_back_every_row_exactly(live, filled, tmp_path):
    path = tmp_path / "tarot.sqlite3"
    call_command("backup_db", str(path), verbosity=0)

    call_command("flush", interactive=False, verbosity=0)
    assert Hand.objects.count() == HandScore.objects.count() == 0
    call_command("restore_db", str(path), "--yes", verbosity=0)

    assert snapshot() == filled
    assert unbalanced_hands() == []


def test_backup_is_one_self_contained_checked_file(live, filled, tmp_path):
    path = tmp_path / "tarot.sqlite3"
    call_command("backup_db", str(path), verbosity=0)

    copy = sqlite3.connect(path)
    try:
        assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        hands = copy.execute(f"SELECT COUNT(*) FROM {Hand._meta.db_table}").fetchone()[0]
    finally:
        copy.close()
    assert hands == len(filled["tournaments.Hand"])
    assert not path.with_name(path.name + "-wal").exists()
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temporary file left


def test_backup_runs_while_another_connection_is_writing(live, filled, tmp_path):
    """The site keeps saving hands during a backup: a writer holding the write lock
    neither blocks the backup nor gets half its transaction copied."""
    writer = sqlite3.connect(connection.settings_dict["NAME"], timeout=1, isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")
        writer.execute(
            f"INSERT INTO {Club._meta.db_table} (name, slug) VALUES ('Pendant', 'pendant')"
        )
        # The backup finishes while the writer still holds its lock: not blocked by it
        # (a blocked one would still be waiting when the writer commits below).
        failed: list[BaseException] = []

        def back_up() -> None:
            try:
                call_command("backup_db", str(tmp_path / "during.sqlite3"), verbosity=0)
            except BaseException as error:  # reported below
                failed.append(error)
            finally:
                connections.close_all()

        backup = threading.Thread(target=back_up)
        backup.start()
        backup.join(ceiling(START))
        assert not backup.is_alive(), "the backup waited for the writer"
        assert failed == []
        writer.execute("COMMIT")
    finally:
        writer.close()

    copy = sqlite3.connect(tmp_path / "during.sqlite3")
    try:
        clubs = [r[0] for r in copy.execute(f"SELECT slug FROM {Club._meta.db_table}")]
        hands = copy.execute(f"SELECT COUNT(*) FROM {Hand._meta.db_table}").fetchone()[0]
    finally:
        copy.close()
    assert "pendant" not in clubs
    assert hands == len(filled["tournaments.Hand"])
    assert Club.objects.filter(slug="pendant").exists()


def test_restore_refuses_a_file_that_is_not_a_backup_and_changes_nothing(live, filled, tmp_path):
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"name;licence\nAnne;123\n")
    with pytest.raises(Exception, match="not an SQLite database"):
        call_command("restore_db", str(path), "--yes", verbosity=0)
    assert snapshot() == filled


def test_restore_refuses_an_sqlite_file_of_another_application(live, filled, tmp_path):
    path = tmp_path / "other.sqlite3"
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE notes (text TEXT)")
    other.commit()
    other.close()
    with pytest.raises(Exception, match="not one of this site"):
        call_command("restore_db", str(path), "--yes", verbosity=0)
    assert snapshot() == filled
