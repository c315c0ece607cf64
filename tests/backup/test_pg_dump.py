"""backup_db / restore_db on PostgreSQL: pg_dump --format=custom and pg_restore."""

from __future__ import annotations

import shutil

import pytest
from django.core.management import call_command
from django.db import connection

from tournaments.models import Hand, HandScore

from ..factories import store_hand
from .conftest import snapshot, unbalanced_hands

pytestmark = [
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="the pg_dump path is PostgreSQL's"
    ),
    pytest.mark.skipif(
        shutil.which("pg_dump") is None or shutil.which("pg_restore") is None,
        reason="pg_dump / pg_restore are not installed",
    ),
]


def test_pg_dump_then_restore_brings_back_every_row_exactly(live, filled, tmp_path):
    path = tmp_path / "tarot.dump"
    call_command("backup_db", str(path), verbosity=0)
    assert path.read_bytes()[:5] == b"PGDMP"

    call_command("flush", interactive=False, verbosity=0)
    assert Hand.objects.count() == HandScore.objects.count() == 0
    call_command("restore_db", str(path), "--yes", verbosity=0)

    assert snapshot() == filled
    assert unbalanced_hands() == []
    # Sequences come back too: the next hand gets a fresh primary key.
    last = max(row[0] for row in filled["tournaments.Hand"])
    table = Hand.objects.get(pk=last).table
    organiser = Hand.objects.get(pk=last).entered_by
    assert store_hand(table, organiser, contract="").pk > last


def test_restore_refuses_a_file_that_is_not_a_pg_dump_and_changes_nothing(live, filled, tmp_path):
    path = tmp_path / "backup.json"
    path.write_text("[]")
    with pytest.raises(Exception, match="not a pg_dump custom-format file"):
        call_command("restore_db", str(path), "--yes", verbosity=0)
    assert snapshot() == filled
