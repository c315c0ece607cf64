"""Fast bulk writes for data at scale (manage.py generate_data), not for the web app.

Django's bulk_create compiles every value of every row through the ORM. These
helpers write the same model instances with COPY on PostgreSQL and
executemany on SQLite, and reserve primary keys up front so that rows can
point at rows of the same batch (a score row at its hand) without a round trip
per row, so the write phase of generate_data takes much less time than bulk_create's
on both databases (benchmarks/RESULTS.md).

Rules, as for bulk_create: no save(), no signals (so no django-simple-history
record), no validation. Values are converted by each field's
get_db_prep_save, except plain integers, booleans, strings and foreign keys,
which the database drivers take as they are. Fields with auto_now or
auto_now_add get one "now" per call unless the instance already holds a
value (generated data may date a hand from its event). Call inside a
transaction: on SQLite the reserved ids are safe because the transaction holds
the write lock (the project's SQLite settings BEGIN IMMEDIATE).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from django.db import connections, models
from django.utils import timezone

# Values the drivers adapt themselves: no per-value Python conversion needed.
_PLAIN = (
    models.AutoField,
    models.BigAutoField,
    models.IntegerField,  # and its subclasses (positive, small, big)
    models.BooleanField,
    models.CharField,
    models.ForeignKey,
)


def reserve_ids(model: type[models.Model], count: int, *, using: str = "default") -> list[int]:
    """`count` fresh primary keys for `model`, which no other insert will take."""
    if count <= 0:
        return []
    connection = connections[using]
    table = model._meta.db_table
    column = model._meta.pk.column
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                [connection.ops.quote_name(table), column, count],
            )
            return [row[0] for row in cursor.fetchall()]
        if connection.vendor == "sqlite":
            # AUTOINCREMENT keeps the highest id ever used in sqlite_sequence: never reuse
            # one a deleted row had.
            cursor.execute("SELECT seq FROM sqlite_sequence WHERE name = %s", [table])
            row = cursor.fetchone()
            cursor.execute(
                f"SELECT MAX({connection.ops.quote_name(column)}) FROM "
                f"{connection.ops.quote_name(table)}"
            )
            last = max(row[0] if row else 0, cursor.fetchone()[0] or 0)
            return list(range(last + 1, last + 1 + count))
    raise NotImplementedError(f"reserve_ids: unsupported database {connection.vendor}")


def _converter(field: models.Field, connection: Any, now: Any) -> Callable[[Any], Any]:
    attname = field.attname
    if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
        prep = field.get_db_prep_save

        def stamped(obj: Any) -> Any:
            value = getattr(obj, attname)
            return prep(now if value is None else value, connection)

        return stamped
    if isinstance(field, _PLAIN):
        return lambda obj: getattr(obj, attname)
    prep = field.get_db_prep_save
    return lambda obj: prep(getattr(obj, attname), connection)


def insert(
    model: type[models.Model],
    objs: Iterable[models.Model],
    *,
    with_pk: bool = False,
    using: str = "default",
    batch_size: int = 10_000,
) -> int:
    """Insert the instances' concrete fields; with `with_pk`, their primary keys too
    (from reserve_ids), otherwise the database numbers them. Returns the row count."""
    connection = connections[using]
    fields = [f for f in model._meta.concrete_fields if with_pk or not f.primary_key]
    now = timezone.now()
    convert = [_converter(f, connection, now) for f in fields]
    rows = ([c(obj) for c in convert] for obj in objs)
    table = connection.ops.quote_name(model._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    count = 0
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
                    count += 1
        else:
            sql = f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})"
            batch: list[Sequence[Any]] = []
            for row in rows:
                batch.append(row)
                if len(batch) >= batch_size:
                    cursor.executemany(sql, batch)
                    count += len(batch)
                    batch = []
            if batch:
                cursor.executemany(sql, batch)
                count += len(batch)
    return count
