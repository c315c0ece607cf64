"""Back up the database to one file, while the site keeps running.

- SQLite: Python's sqlite3 online backup API. It copies the pages of a consistent
  snapshot (in WAL mode readers never block the writers, so scorekeepers keep
  saving hands meanwhile), into a temporary file that is checked and then renamed,
  so a crash never leaves a half-written backup under the final name.
- PostgreSQL: `pg_dump --format=custom` (a consistent snapshot too), restored with
  `restore_db` (pg_restore). Without pg_dump installed the command fails with a
  clear message rather than writing something else.

The portable alternative for any database is the JSON dump (docs/BACKUPS.md).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DEFAULT_DB_ALIAS, connections

DUMP_OPTIONS = ["--format=custom", "--no-owner", "--no-privileges"]
PG_TIMEOUT = 6 * 3600  # a dump of a club's data takes seconds; this only bounds a hang


def postgres_command_env(settings: dict[str, Any]) -> tuple[list[str], dict[str, str]]:
    """Connection arguments and environment for pg_dump / pg_restore.

    The password goes through PGPASSWORD, never the command line (visible in `ps`).
    """
    args = []
    if settings.get("HOST"):
        args += ["--host", str(settings["HOST"])]
    if settings.get("PORT"):
        args += ["--port", str(settings["PORT"])]
    if settings.get("USER"):
        args += ["--username", str(settings["USER"])]
    env = dict(os.environ)
    if settings.get("PASSWORD"):
        env["PGPASSWORD"] = str(settings["PASSWORD"])
    sslmode = (settings.get("OPTIONS") or {}).get("sslmode")
    if sslmode:
        env["PGSSLMODE"] = str(sslmode)
    return args, env


def require_tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        raise CommandError(
            f"{name} was not found on PATH. Install the PostgreSQL client tools of the "
            "server's version (Debian/Ubuntu: apt install postgresql-client), or make a "
            "portable JSON dump instead: manage.py dumpdata --natural-foreign "
            "--exclude contenttypes --exclude auth.permission --output backup.json"
        )
    return path


def run_pg_tool(tool: str, settings: dict[str, Any], options: list[str], *, failed: str) -> None:
    """Run pg_dump or pg_restore (`tool`, found by require_tool) with `options` on the
    database of `settings`; a failure is a CommandError that starts with `failed`."""
    args, env = postgres_command_env(settings)
    result = subprocess.run(
        [tool, *args, *options],
        env=env,
        capture_output=True,
        text=True,
        timeout=PG_TIMEOUT,
    )
    if result.returncode != 0:
        raise CommandError(f"{failed}: {result.stderr.strip()}")


def sqlite_backup(source: sqlite3.Connection, target: Path) -> None:
    """Copy the live database into `target` atomically (temporary file, then rename)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    os.close(handle)
    try:
        copy = sqlite3.connect(temporary)
        try:
            # pages=-1: one step, so the copy is one snapshot even while others write.
            source.backup(copy, pages=-1)
            # A backup is one self-contained file: no -wal file beside it.
            copy.execute("PRAGMA journal_mode=DELETE")
            status = copy.execute("PRAGMA integrity_check").fetchone()[0]
        finally:
            copy.close()
        if status != "ok":
            raise CommandError(f"the backup copy failed its integrity check: {status}")
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


class Command(BaseCommand):
    help = (
        "Back up the database into FILE while the site runs: SQLite online backup, "
        "or pg_dump --format=custom for PostgreSQL. Restore with restore_db."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the backup file to write (replaced if it exists)")
        parser.add_argument("--database", default=DEFAULT_DB_ALIAS)

    def handle(self, *args: Any, file: str, database: str, **options: Any) -> None:
        connection = connections[database]
        target = Path(file).expanduser().resolve()
        if target.is_dir():
            raise CommandError(f"{target} is a directory: give a file name")
        if connection.vendor == "sqlite":
            connection.ensure_connection()
            sqlite_backup(connection.connection, target)
        elif connection.vendor == "postgresql":
            self.pg_dump(connection.settings_dict, target)
        else:
            raise CommandError(
                f"backup_db knows SQLite and PostgreSQL, not {connection.vendor}; "
                "use manage.py dumpdata (docs/BACKUPS.md)"
            )
        size = target.stat().st_size
        self.stdout.write(f"Backed up the {connection.vendor} database to {target} ({size} bytes).")

    def pg_dump(self, settings: dict[str, Any], target: Path) -> None:
        pg_dump = require_tool("pg_dump")
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
        os.close(handle)
        try:
            run_pg_tool(
                pg_dump,
                settings,
                # The database's name last: pg_dump's one positional argument.
                [*DUMP_OPTIONS, "--file", temporary, str(settings["NAME"])],
                failed="pg_dump failed",
            )
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
