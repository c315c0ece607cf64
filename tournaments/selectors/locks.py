"""Why a score sheet is locked, and who may unlock it: what the sheet page, the
refused hand pages and the validation's confirmation say (a scorekeeper told only
"Not allowed" could not know whom to ask).

Who may do what stays with selectors.access and rules.permissions; this module reads
the facts they decide on (who validated, when, the event's organisers) and words them.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils.formats import date_format, time_format
from django.utils.timezone import localtime
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from ..models import Event, Role, Round, Table
from ..rules import permissions
from ..rules.collation import sort_key
from ..rules.typography import first_of_month
from . import access, fairness
from .access import Actor


def person_name(user: Any) -> str:
    """How a person of the site is named to the others: his full name, else his login."""
    return (user.get_full_name() or user.get_username()) if user is not None else ""


def event_organisers(event: Event) -> list[str]:
    """The names of the people who organise the event: its club's organisers and its
    guest organisers (the federation, which may too, is nobody to ask at a table)."""
    people = (
        get_user_model()
        .objects.filter(
            Q(memberships__club_id=event.club_id, memberships__role=Role.ORGANISER)
            | Q(guest_of__event_id=event.pk, guest_of__role=Role.ORGANISER),
            is_active=True,
        )
        .distinct()
    )
    return sorted((person_name(user) for user in people), key=sort_key)


def who_reopens(organisers: list[str], *, scorekeepers_may: bool) -> str:
    """Who may reopen a validated sheet (rules.permissions.may_reopen_sheet), by name."""
    if scorekeepers_may:
        return _("Its scorekeepers and the event's organisers may reopen it.")
    if not organisers:
        return _("To change a hand, ask an organiser of the event to reopen it.")
    return _("To change a hand, ask an organiser of the event to reopen it: %(names)s.") % {
        "names": ", ".join(organisers)
    }


@dataclass(frozen=True)
class SheetLock:
    """A sheet its scorekeepers may no longer change, and why."""

    validated_at: datetime | None
    validated_by: str  # "" when nobody is known (the command line, a person removed)
    organisers: list[str]  # who may reopen it (rules.permissions.may_reopen_sheet)
    scorekeepers_may_reopen: bool

    @property
    def reason(self) -> str:
        """ "This sheet was validated on 19 November 2026 at 22:40 by Marie: ..."."""
        if self.validated_at is None:
            return _("This sheet's round is locked: its scorekeepers can no longer change it.")
        when = localtime(self.validated_at)
        values = {
            "date": first_of_month(date_format(when, "DATE_FORMAT"), get_language()),
            "time": time_format(when, "TIME_FORMAT"),
            "who": self.validated_by,
        }
        if self.validated_by:
            return (
                _(
                    "This sheet was validated on %(date)s at %(time)s by %(who)s: "
                    "its scorekeepers can no longer change it."
                )
                % values
            )
        return (
            _(
                "This sheet was validated on %(date)s at %(time)s: "
                "its scorekeepers can no longer change it."
            )
            % values
        )

    @property
    def who_reopens(self) -> str:
        """Whom to ask: the event's organisers, by name."""
        return who_reopens(self.organisers, scorekeepers_may=self.scorekeepers_may_reopen)

    @property
    def explanation(self) -> str:
        return f"{self.reason} {self.who_reopens}"


def sheet_lock(table: Table) -> SheetLock | None:
    """Why the sheet takes no more hands from its scorekeepers; None while it does.

    `table` comes with its round and event (selectors.sheet.table_for_scoring); the
    names cost a query or two, only for a locked sheet."""
    round_locked = table.round.status == Round.Status.LOCKED
    if not permissions.sheet_closed(validated=table.is_validated, round_locked=round_locked):
        return None
    return SheetLock(
        validated_at=table.validated_at,
        validated_by=person_name(table.validated_by) if table.validated_by_id else "",
        organisers=event_organisers(table.round.event),
        scorekeepers_may_reopen=permissions.may_reopen_sheet(organiser=False),
    )


@dataclass(frozen=True)
class ValidationPreview:
    """What validating a sheet will do, for the confirmation asked before it."""

    entered: int  # hands on the sheet
    planned: int | None  # deals the format plans at this table (None: no set number)
    who_reopens: str

    @property
    def empty(self) -> bool:
        return self.entered == 0

    @property
    def unexpected_count(self) -> bool:
        """More or fewer deals than planned: the confirmation says so."""
        return self.planned is not None and self.entered != self.planned


def validation_preview(table: Table) -> ValidationPreview:
    """The facts the confirmation shows: the hands entered, the deals planned
    (selectors.fairness, as services.sheets.validate_sheet checks them) and who may
    reopen the sheet once validated."""
    plan = fairness.table_plan(table)
    return ValidationPreview(
        entered=table.hands.count(),
        planned=None if plan is None else plan.deals,
        who_reopens=who_reopens(
            event_organisers(table.round.event),
            scorekeepers_may=permissions.may_reopen_sheet(organiser=False),
        ),
    )


def refused_scorekeeper(user: Actor, table: Table) -> SheetLock | None:
    """The lock that stops one of the table's own scorekeepers (who would enter hands
    if the sheet were open); None for anybody else, who is simply not allowed."""
    if access.can_score(user, table) or not access.is_table_scorekeeper(user, table):
        return None
    return sheet_lock(table)
