"""A table's sheet once its hands are in: validated (locked) by its scorekeeper or an
organiser, reopened by an organiser, and its round's status, which follows its sheets.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..errors import Refused
from ..models import AuditEntry, Round, Table, audit_text
from ..selectors.access import Actor, can_reopen_sheet, can_view_sheet
from . import audit
from .cache import touch

EMPTY_SHEET = "empty_sheet"
DEAL_COUNT = "deal_count"


def empty_sheet() -> Refused:
    """A sheet without hands: validating it would lock the round on nothing."""
    return Refused(
        _("This sheet has no hand: enter the hands before validating it."), code=EMPTY_SHEET
    )


def deal_count_mismatch(*, planned: int, entered: int) -> Refused:
    """A tournament sheet with more or fewer deals than the format planned; validating it
    needs the organiser's or scorekeeper's explicit confirmation (`params`: planned,
    entered)."""
    message = ngettext(
        "%(planned)s deal was planned, %(entered)s were entered: validate anyway?",
        "%(planned)s deals were planned, %(entered)s were entered: validate anyway?",
        planned,
    ) % {"planned": planned, "entered": entered}
    return Refused(message, code=DEAL_COUNT, params={"planned": planned, "entered": entered})


def planned_deals(table: Table) -> int | None:
    """The deals this table plays in its round (rules.deals: a table of 5 where the
    dealer sits out plays 5 for every 4, so each player plays the format's number);
    None for a club night or a format without a set number."""
    from ..selectors.fairness import table_plan  # here: this helper is all hands.py needs

    if table.board_set is not None:  # a duplicate table plays its set's boards
        return table.round.event.deals_per_round
    plan = table_plan(table)
    return None if plan is None else plan.deals


@transaction.atomic
def validate_sheet(*, table: Table, user: Actor, confirm: bool = False) -> Table:
    """Lock the sheet: from now on only an organiser may change it.

    Refused for a sheet without hands (code EMPTY_SHEET); a tournament sheet whose
    number of deals differs from the format's is refused (code DEAL_COUNT) unless
    `confirm`.
    """
    table = (
        Table.objects.select_for_update(no_key=True, of=("self",))
        .select_related("round__event")
        .get(pk=table.pk)
    )
    if not can_view_sheet(user, table):
        raise PermissionDenied(_("Only the table's scorekeepers or an organiser may validate it."))
    if table.validated_at is None:
        entered = table.hands.count()
        if entered == 0:
            raise empty_sheet()
        planned = planned_deals(table)
        if planned is not None and entered != planned and not confirm:
            raise deal_count_mismatch(planned=planned, entered=entered)
        table.validated_at = timezone.now()
        # SYSTEM (the command line) is no user row.
        table.validated_by = user if getattr(user, "pk", None) is not None else None
        table.save(update_fields=["validated_at", "validated_by"])
        _audit_sheet(user, table, AuditEntry.Action.VALIDATE)
    touch(events=[table.round.event_id])
    refresh_round_status(table.round)
    return table


def _audit_sheet(user: Actor, table: Table, action: str) -> None:
    event = table.round.event
    target = [audit_text.event_part(event), audit_text.value("round", table.round.number)]
    target.append(audit_text.value("table", table.number))
    audit.record(by=user, club=event.club_id, event=event, action=action, target=target)


@transaction.atomic
def reopen_sheet(*, table: Table, user: Actor) -> Table:
    if not can_reopen_sheet(user, table):
        raise PermissionDenied(_("Only an organiser may reopen a validated sheet."))
    table = (
        Table.objects.select_for_update(no_key=True, of=("self",))
        .select_related("round__event")
        .get(pk=table.pk)
    )
    if table.validated_at is not None:  # reopening an open sheet changes nothing: no line
        table.validated_at = None
        table.validated_by = None
        table.save(update_fields=["validated_at", "validated_by"])
        _audit_sheet(user, table, AuditEntry.Action.REOPEN)
    touch(events=[table.round.event_id])
    refresh_round_status(table.round)
    return table


def refresh_round_status(round_: Round) -> Round:
    """A round locks once every table's sheet is validated, and reopens with any.

    The round row is locked first so two tables validated at once cannot both
    miss each other's validation.
    """
    round_ = Round.objects.select_for_update(no_key=True).get(pk=round_.pk)
    validated = list(round_.tables.values_list("validated_at", flat=True))
    locked = bool(validated) and all(v is not None for v in validated)
    status = Round.Status.LOCKED if locked else Round.Status.OPEN
    if round_.status != status:
        round_.status = status
        round_.save(update_fields=["status"])
    return round_
