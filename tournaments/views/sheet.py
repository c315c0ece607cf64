"""The score sheet of a table: reading it, validating and reopening it, and the
history of its hands (for the organisers).

Thin views: permission check, service call, render; the services check again who
may press each button.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from ..models import Table
from ..selectors import access, locks
from ..selectors import sheet as sheet_selectors
from ..services import sheets as sheet_services
from ..tables import HistoryTable
from .submissions import (
    Outcome,
    View,
    carried_fields,
    replays_submission,
    respond,
    submit,
    submit_or_back,
)

TEMPLATES = "tournaments/scorekeeping/"


def _require_organiser(request: HttpRequest, table: Table | None) -> None:
    """The history is for the event's organisers (a deleted table's, the federation's)."""
    allowed = (
        access.organises_event(request.user, table.round.event)
        if table is not None
        else access.is_federation(request.user)
    )
    if not allowed:
        raise PermissionDenied(_("Only organisers may read the history of hands."))


# --- the score sheet ---------------------------------------------------------


@login_required
def table_sheet(request: HttpRequest, table_id: int) -> HttpResponse:
    table = sheet_selectors.table_for_scoring(table_id)
    if not access.can_view_sheet(request.user, table):
        raise PermissionDenied(_("Only the table's scorekeepers and the organisers see its sheet."))
    organiser = access.organises_event(request.user, table.round.event)
    can_edit = access.can_score(request.user, table)
    context = {
        "sheet": sheet_selectors.sheet(table),
        "table": table,
        "event": table.round.event,
        "can_edit": can_edit,
        "can_validate": not table.is_validated and (organiser or can_edit),
        "can_reopen": table.is_validated and organiser,
        "is_organiser": organiser,
        # Why its scorekeepers may no longer change it, and whom they ask.
        "lock": locks.sheet_lock(table),
    }
    return render(request, TEMPLATES + "table_sheet.html", context)


def _sheet_post(view: Callable[[HttpRequest, Table], HttpResponse]) -> View:
    """A button on the score sheet: a logged-in post, answered once, at one table (the
    services check who may press it)."""

    @login_required
    @require_POST
    @replays_submission
    @wraps(view)
    def wrapper(request: HttpRequest, table_id: int) -> HttpResponse:
        return view(request, sheet_selectors.table_for_scoring(table_id))

    return wrapper


@_sheet_post
def table_validate(request: HttpRequest, table: Table) -> HttpResponse:
    """The sheet's "Validate" button asks first, since validating locks the sheet: the
    confirmation says what validating does (the sheet locks; who may reopen it) and, for
    a tournament sheet with another number of deals than planned, that too. The
    confirmed post (it carries the button's one-time key) validates."""
    if request.POST.get("confirm") != "1":
        return _validation_question(request, table)

    def write() -> Outcome:
        sheet_services.validate_sheet(table=table, user=request.user, confirm=True)
        return Outcome(redirect_url=table.get_absolute_url(), message=_("Score sheet validated."))

    # Refused (an empty sheet: its last hand deleted since the question) says so on it.
    return submit_or_back(request, write, back=table.get_absolute_url())


def _validation_question(request: HttpRequest, table: Table) -> HttpResponse:
    if not access.can_view_sheet(request.user, table):  # as validate_sheet refuses
        raise PermissionDenied(_("Only the table's scorekeepers or an organiser may validate it."))
    if table.is_validated:  # validated meanwhile (another tap, another person)
        return redirect(table.get_absolute_url())
    preview = locks.validation_preview(table)
    if preview.empty:
        messages.error(request, sheet_services.empty_sheet().message)
        return redirect(table.get_absolute_url())
    mismatch = (
        sheet_services.deal_count_mismatch(planned=preview.planned, entered=preview.entered)
        if preview.unexpected_count and preview.planned is not None
        else None
    )
    context = {
        "table": table,
        "event": table.round.event,
        "preview": preview,
        "mismatch": mismatch,
        "carried": carried_fields(request),
    }
    return render(request, TEMPLATES + "table_validate_confirm.html", context)


@_sheet_post
def table_reopen(request: HttpRequest, table: Table) -> HttpResponse:

    def write() -> Outcome:
        sheet_services.reopen_sheet(table=table, user=request.user)
        return Outcome(redirect_url=table.get_absolute_url(), message=_("Score sheet reopened."))

    return respond(request, submit(request, write))


# --- history -----------------------------------------------------------------


@login_required
def hand_history(request: HttpRequest, hand_id: int) -> HttpResponse:
    history = sheet_selectors.hand_history(hand_id)
    _require_organiser(request, history.table)
    if not history.entries:
        raise Http404(_("No history for this hand."))
    return _history_page(request, history, single_hand=True)


@login_required
def table_history(request: HttpRequest, table_id: int) -> HttpResponse:
    table = sheet_selectors.table_for_scoring(table_id)
    _require_organiser(request, table)
    history = sheet_selectors.table_history(table)
    return _history_page(request, history, single_hand=False)


def _history_page(
    request: HttpRequest, history: sheet_selectors.History, *, single_hand: bool
) -> HttpResponse:
    context = {
        "history": history,
        "single_hand": single_hand,
        "changes": HistoryTable(history.entries, single_hand=single_hand),
    }
    return render(request, TEMPLATES + "history.html", context)
