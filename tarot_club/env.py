"""Typed readers of environment variables that fail loudly on bad values.

A typo in a production variable must stop the server at start, not surface
as odd behaviour weeks later.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse


class EnvError(RuntimeError):
    pass


_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None) -> str:
    value = os.environ.get(name)
    if value is None:
        if default is None:
            raise EnvError(f"environment variable {name} is required")
        return default
    return value


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    lowered = value.strip().lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise EnvError(f"{name}={value!r} is not a boolean (use 1/0, true/false, yes/no, on/off)")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None:
        return default
    try:
        return int(value)
    except ValueError:
        raise EnvError(f"{name}={value!r} is not an integer") from None


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def database_from_url(url: str) -> dict[str, Any]:
    """sqlite:///path/to.db or postgres://user:pass@host:port/name?options."""
    parsed = urlparse(url)
    if parsed.scheme == "sqlite":
        path = unquote(parsed.path)
        if path.startswith("//"):
            path = path[1:]
        elif path.startswith("/"):
            path = path[1:] or ":memory:"
        return sqlite_database(path)
    if parsed.scheme in ("postgres", "postgresql", "pgsql"):
        name = unquote(parsed.path.lstrip("/"))
        if not name:
            raise EnvError("DATABASE_URL: a PostgreSQL URL needs a database name")
        options: dict[str, object] = {k: v[-1] for k, v in parse_qs(parsed.query).items()}
        settings_: list[str] = []
        # JIT compilation costs more than it saves on a big player-page aggregate and
        # saves nothing on our short queries (benchmarks/RESULTS.md); PG_JIT=1 restores it.
        if not env_bool("PG_JIT", False):
            settings_.append("-c jit=off")
        # The planner's default random_page_cost (4) prices an index lookup for a disk
        # that seeks; a club's database is small enough to sit in memory (on SSD at
        # worst), where PostgreSQL's docs advise about 1.1. With 4, the busiest player's
        # page hash-joined all 8,428 events to date his 600 results, slower than 600
        # index lookups (benchmarks/RESULTS.md). PG_RANDOM_PAGE_COST sets it.
        cost = env_str("PG_RANDOM_PAGE_COST", "1.1")
        if cost:
            settings_.append(f"-c random_page_cost={float(cost)}")
        if settings_:
            options.setdefault("options", " ".join(settings_))
        # Prepared statements: a public page's few queries are the same text at every
        # request (the values travel apart with server-side binding), so PostgreSQL
        # plans each once per connection instead of at every request: planning cost
        # more than running on these short reads (benchmarks/RESULTS.md). PG_PREPARE=0
        # turns it off, as a connection pooler in transaction mode (PgBouncer) requires.
        # Prepared from a query's second run (psycopg's default waits for the fifth): a
        # connection lives CONN_MAX_AGE seconds, and a club's quiet evening would rarely
        # run one page five times on one connection. psycopg keeps 100 a connection.
        if env_bool("PG_PREPARE", True):
            options.setdefault("server_side_binding", True)
            options.setdefault("prepare_threshold", 1)
        config: dict[str, object] = {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": name,
            "USER": unquote(parsed.username or ""),
            "PASSWORD": unquote(parsed.password or ""),
            "HOST": parsed.hostname or "",
            "PORT": str(parsed.port or ""),
            "CONN_MAX_AGE": env_int("CONN_MAX_AGE", 60),
            "CONN_HEALTH_CHECKS": True,
            "OPTIONS": options,
        }
        return config
    raise EnvError(f"DATABASE_URL: unsupported scheme {parsed.scheme!r} (sqlite or postgres)")


def sqlite_database(path: str) -> dict[str, Any]:
    # WAL lets readers work during a write; IMMEDIATE takes the write lock at
    # BEGIN so two writers queue on the busy timeout instead of failing with
    # "database is locked" when one upgrades its read lock.
    # The test database is a file too: the in-memory shared cache has table locks
    # that ignore the busy timeout, so concurrency tests would fail for the wrong reason.
    # Named per process so that test runs side by side never share a database.
    test_name = os.path.join(tempfile.gettempdir(), f"tarot_club-test-{os.getpid()}.sqlite3")
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": path,
        "TEST": {"NAME": test_name},
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": (
                "PRAGMA journal_mode=WAL;"
                "PRAGMA synchronous=NORMAL;"
                "PRAGMA busy_timeout=20000;"
                "PRAGMA foreign_keys=ON;"
            ),
        },
    }
