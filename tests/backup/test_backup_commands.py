"""The backup commands' refusals: clear messages, nothing changed."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from tournaments.management.commands import backup_db

from .conftest import snapshot


def test_missing_pg_dump_is_a_clear_error_that_names_the_json_dump(monkeypatch):
    monkeypatch.setattr(backup_db.shutil, "which", lambda name: None)
    with pytest.raises(CommandError) as error:
        backup_db.require_tool("pg_dump")
    message = str(error.value)
    assert "pg_dump was not found" in message
    assert "postgresql-client" in message
    assert "dumpdata --natural-foreign" in message


@pytest.mark.skipif(connection.vendor != "postgresql", reason="pg_dump is PostgreSQL's")
def test_backup_on_postgresql_without_pg_dump_fails_and_writes_nothing(db, monkeypatch, tmp_path):
    monkeypatch.setattr(backup_db.shutil, "which", lambda name: None)
    with pytest.raises(CommandError, match="pg_dump was not found"):
        call_command("backup_db", str(tmp_path / "tarot.dump"))
    assert list(tmp_path.iterdir()) == []


def test_backup_into_a_directory_is_refused(db, tmp_path):
    with pytest.raises(CommandError, match="is a directory"):
        call_command("backup_db", str(tmp_path))


def test_restore_asks_for_confirmation_and_stops_on_anything_but_yes(filled, tmp_path, monkeypatch):
    path = tmp_path / "backup"
    path.write_bytes(b"anything")
    monkeypatch.setattr("builtins.input", lambda prompt: "no")
    with pytest.raises(CommandError, match="cancelled"):
        call_command("restore_db", str(path))
    assert snapshot() == filled


def test_restore_of_a_missing_file_is_refused(db, tmp_path):
    with pytest.raises(CommandError, match="does not exist"):
        call_command("restore_db", str(tmp_path / "nothing.sqlite3"), "--yes")
