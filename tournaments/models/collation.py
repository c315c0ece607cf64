"""Names in French order in the database: the `COLLATION` of rules.collation applied to
a column (`by_name`), and its SQLite side, registered on every new connection.

PostgreSQL has the collation from migration 0010 (an ICU collation); SQLite knows
only the collations a connection registers, so `register_sqlite_collation` (connected
in TournamentsConfig.ready, before any connection is opened, migrations included)
gives each SQLite connection the same order through rules.collation.compare.
"""

from __future__ import annotations

from typing import Any

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models.functions import Collate

from ..rules.collation import COLLATION, compare


def by_name(field: str = "name") -> Collate:
    """`field` in French order, for order_by and Meta.ordering: `.order_by(by_name())`,
    `.order_by(by_name("player__name"), "pk")`."""
    return Collate(field, COLLATION)


def register_sqlite_collation(sender: Any, connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    """connection_created receiver: SQLite learns the collation on each connection."""
    if connection.vendor == "sqlite":
        connection.connection.create_collation(COLLATION, compare)
