"""Who may act on what: the one module that asks the database for the facts and
tournaments.rules.permissions for the answer.

Selectors, services and views all import these checks from here.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from ..models import Round, Table
from ..rules import permissions

User = AbstractBaseUser | AnonymousUser


def is_organiser(user: User) -> bool:
    return bool(user.is_authenticated and user.has_perm("tournaments.organise"))


def is_table_scorekeeper(user: User, table: Table) -> bool:
    return bool(user.is_authenticated and table.scorekeepers.filter(pk=user.pk).exists())


def can_score(user: User, table: Table, *, scorekeeper: bool | None = None) -> bool:
    """Scorekeepers of the table, and organisers; nobody once the sheet is validated,
    except an organiser.

    `scorekeeper=True` when the caller already knows the user keeps score at the
    table (a list filtered on it): it saves one query per table.
    """
    if not user.is_authenticated:
        return False
    # An organiser may always: skip the table's and round's queries.
    if is_organiser(user):
        return permissions.may_score(organiser=True, scorekeeper=False, sheet_closed=False)
    closed = permissions.sheet_closed(
        validated=table.is_validated, round_locked=table.round.status == Round.Status.LOCKED
    )
    # The scorekeeper query only when its answer can change the outcome.
    keeps_score = not closed and (
        scorekeeper if scorekeeper is not None else is_table_scorekeeper(user, table)
    )
    return permissions.may_score(organiser=False, scorekeeper=keeps_score, sheet_closed=closed)


def can_view_sheet(user: User, table: Table) -> bool:
    """The sheet (even a validated one) is for its scorekeepers and the organisers."""
    organiser = is_organiser(user)
    return permissions.may_view_sheet(
        organiser=organiser, scorekeeper=not organiser and is_table_scorekeeper(user, table)
    )


def can_reopen_sheet(user: User) -> bool:
    return permissions.may_reopen_sheet(organiser=is_organiser(user))
