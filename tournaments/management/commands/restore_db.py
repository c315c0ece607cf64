"""Replace the whole database with a backup made by backup_db.

Everything stored since the backup is lost, so the command asks for confirmation
(or --yes). Stop the site first (docs/BACKUPS.md): a scorekeeper saving during the
restore would either wait or have the save overwritten.

- SQLite: the file is checked (SQLite header, integrity check) and then copied in
  with the online backup API, which replaces the pages of the live database in one
  step: no connection ever sees half a restore.
- PostgreSQL: pg_restore --clean --if-exists --single-transaction: all or nothing.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS, connections

from tournaments.models import PageVersion
from tournaments.services.cache import touch

from .backup_db import require_tool, run_pg_tool

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_CUSTOM_MAGIC = b"PGDMP"
# All or nothing: one transaction, stopped at the first error.
RESTORE_OPTIONS = [
    "--clean",
    "--if-exists",
    "--no-owner",
    "--no-privileges",
    "--single-transaction",
    "--exit-on-error",
]


def read_magic(path: Path, size: int) -> bytes:
    with path.open("rb") as handle:
        return handle.read(size)


def check_sqlite_file(path: Path) -> None:
    if read_magic(path, len(SQLITE_MAGIC)) != SQLITE_MAGIC:
        raise CommandError(f"{path} is not an SQLite database (made by backup_db?)")
    # Read-only: checking a backup must never change it.
    backup = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        status = backup.execute("PRAGMA integrity_check").fetchone()[0]
        tables = {
            row[0] for row in backup.execute("SELECT name FROM sqlite_master WHERE type='table'")
        }
    finally:
        backup.close()
    if status != "ok":
        raise CommandError(f"{path} failed its integrity check: {status}")
    if "django_migrations" not in tables:
        raise CommandError(f"{path} is an SQLite database, but not one of this site")


class Command(BaseCommand):
    help = "Replace the database with a backup made by backup_db (SQLite file or pg_dump file)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a file written by backup_db")
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS)
        parser.add_argument(
            "--yes", action="store_true", help="do not ask for confirmation (scripts)"
        )

    def handle(self, *args: Any, file: str, database: str, yes: bool, **options: Any) -> None:
        source = Path(file).expanduser().resolve()
        if not source.is_file():
            raise CommandError(f"{source} does not exist or is not a file")
        connection = connections[database]
        if connection.vendor not in ("sqlite", "postgresql"):
            raise CommandError(
                f"restore_db knows SQLite and PostgreSQL, not {connection.vendor}; "
                "use manage.py loaddata (docs/BACKUPS.md)"
            )
        name = connection.settings_dict["NAME"]
        if not yes:
            answer = input(
                f"This replaces EVERYTHING in the {connection.vendor} database {name} with "
                f"{source}. Type 'yes' to continue: "
            )
            if answer.strip().lower() != "yes":
                raise CommandError("Restore cancelled.")
        if connection.vendor == "sqlite":
            check_sqlite_file(source)
            connection.ensure_connection()
            if connection.in_atomic_block:
                raise CommandError("restore_db cannot run inside a transaction")
            backup = sqlite3.connect(f"{source.as_uri()}?mode=ro", uri=True)
            try:
                backup.backup(connection.connection, pages=-1)
            finally:
                backup.close()
        else:
            self.pg_restore(connection, source)
        self.stdout.write(f"Restored the {connection.vendor} database {name} from {source}.")
        if PageVersion._meta.db_table in connection.introspection.table_names():
            touch(everything=True)  # cached pages showed the other database
        else:
            # A backup from before the page versions were stored: migrate creates them,
            # with a site counter that renews every cached page (migration 0015).
            self.stdout.write("Run manage.py migrate now: this backup predates the code.")

    def pg_restore(self, connection: Any, source: Path) -> None:
        if read_magic(source, len(PG_CUSTOM_MAGIC)) != PG_CUSTOM_MAGIC:
            raise CommandError(
                f"{source} is not a pg_dump custom-format file (made by backup_db?); "
                "a JSON dump is restored with manage.py loaddata"
            )
        pg_restore = require_tool("pg_restore")
        settings = connection.settings_dict
        # Our own idle connection would not block the restore, but an open
        # transaction would hold locks on the tables pg_restore drops.
        connection.close()
        run_pg_tool(
            pg_restore,
            settings,
            ["--dbname", str(settings["NAME"]), *RESTORE_OPTIONS, str(source)],
            failed="pg_restore failed (nothing was changed)",
        )
