"""Scorekeeper pages: my tables, and hand entry (new, edit, delete) with live scores.
The score sheet, its validation and the history are in views/sheet.py.

Thin views: a post is parsed by its form here, then goes to services.hand_entry
(enter_hand, delete_entered_hand) once, and its answer or the error it raised is
answered (views.errors); a page checks who may see it, fills its form and renders.
Scores shown come from the engine (services.hands.preview_hand) or from HandScore rows.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import scoring

from ..errors import Conflict, NotAllowed, NotFound, Refused
from ..forms.hand import DeleteHandForm, HandForm
from ..models import Hand, Seat, Table
from ..selectors import access
from ..selectors import sheet as sheet_selectors
from ..services import hands as hand_services
from ..services.hand_entry import TABLE_CHANGED
from .errors import not_allowed, not_found, place
from .hand_entry import delete, enter, parsed, refusal, scored
from .submissions import View, replays_submission, respond

TEMPLATES = "tournaments/scorekeeping/"


# --- my tables ---------------------------------------------------------------


@login_required
def my_tables(request: HttpRequest) -> HttpResponse:
    tables = sheet_selectors.tables_for_user(request.user)
    # The list holds only tables the user keeps score at (every open one for an organiser).
    scorable = {t.pk for t in tables if access.can_score(request.user, t, scorekeeper=True)}
    return render(
        request,
        TEMPLATES + "my_tables.html",
        {"tables": tables, "scorable": scorable, "is_organiser": access.is_organiser(request.user)},
    )


# --- hand entry --------------------------------------------------------------


def _hand_form(
    request: HttpRequest,
    table: Table,
    hand: Hand | None = None,
    data: Any = None,
    seats: list[Seat] | None = None,
) -> HandForm:
    if seats is None:
        seats = hand_services.table_seats(table)
    # The dealer suggested and the number of the hand the form is opened for are its
    # initial values: a posted form has its own.
    opening = None if hand or data is not None else sheet_selectors.next_hand(table, seats)
    return HandForm(
        data,
        table=table,
        seats=seats,
        rules=table.round.event.rules,
        instance=hand if hand is not None else Hand(table=table),
        suggested_dealer=opening.dealer if opening else None,
        number=opening.number if opening else None,
    )


def _preview(form: HandForm) -> dict[str, Any]:
    """The engine's scores for the form's current inputs, or the errors at their fields."""
    if not form.is_valid():
        return {"result": None}
    # A throwaway instance: the preview must not touch the hand being edited.
    hand = form.build_hand(Hand(table=form.table))
    try:
        return _scored(form, hand)
    except scoring.HandError as error:
        form.add_hand_error(error)
        return {"result": None}


def _role(hand: Hand) -> Callable[[Seat], str]:
    def role(seat: Seat) -> str:
        if seat.player_id == hand.sitting_out_id:
            return _("sits out")
        if seat.player_id == hand.taker_id:
            return _("taker")
        if seat.player_id == hand.partner_id:
            return _("partner")
        return ""

    return role


def _scored(form: HandForm, hand: Hand) -> dict[str, Any]:
    """Each seated player's score for `hand`, from the engine (raises HandError)."""
    result = hand_services.preview_hand(table=form.table, hand=hand)
    return scored(form.seats, hand, result, _role(hand))


def _render_form(
    request: HttpRequest,
    form: HandForm,
    *,
    hand: Hand | None,
    preview: dict[str, Any] | None = None,
    conflict: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    table = form.table
    action = (
        reverse("hand_edit", args=[hand.pk])
        if hand is not None and hand.pk and not (conflict and conflict.get("deleted"))
        else reverse("hand_new", args=[table.pk])
    )
    context = {
        "form": form,
        "table": table,
        "event": table.round.event,
        "hand": hand,
        "action": action,
        "preview": preview or {"result": None},
        "conflict": conflict,
    }
    return render(request, TEMPLATES + "hand_form.html", context, status=status)


def _posted(request: HttpRequest, table_id: int, hand: Hand | None) -> HttpResponse:
    """A new or edited (`hand`) hand as posted: who may enter here, then the form parsed
    at the table as read (its errors and the chelem question answered here, nothing
    written), then entered once (services.hand_entry.enter_hand: the table locked and
    read again, the hand checked at it, scored and stored with the submission key, one
    transaction), and its answer or refusal shown. A new hand's whole post costs 15
    queries at a club night (tests/scorekeeping/test_hand_post_queries.py): session,
    user, the key's first look, the table read for the form, the roles, the table's
    lock, the event's lock with the table's last hand number, the hand, its history,
    its score rows, the results (three), the page version and the key."""
    table, seats = sheet_selectors.table_for_entry(table_id, request.user)
    if refused := refusal(request, table):  # before the form: nothing told, 403
        return refused
    if table.board_set is not None:  # a duplicate table: board by board
        return redirect("board_next", table_id=table.pk)
    form = _hand_form(request, table, hand, request.POST, seats=seats)
    if not form.is_valid():
        return _render_form(request, form, hand=hand)
    if form.chelem_unanswered():  # 91 or 0 points, no chelem: not saved unseen
        preview = _preview(form)
        form.ask_chelem()
        return _render_form(request, form, hand=hand, preview=preview)
    try:
        answer = enter(request, table.pk, parsed(form), editing=hand)
    except (Refused, scoring.HandError) as error:
        if getattr(error, "code", None) == TABLE_CHANGED:  # seated anew since it was read
            table, seats = sheet_selectors.table_for_entry(table.pk, request.user)
            form = _hand_form(request, table, hand, request.POST, seats=seats)
            form.is_valid()  # its errors at the table as it is now
        else:
            place(form, error)  # the engine's refusal at its field
        return _render_form(request, form, hand=hand)
    except Conflict as conflict:
        return _conflict(request, form, hand, conflict)
    except NotAllowed as error:
        return not_allowed(request, error)
    except NotFound as error:
        return not_found(error)
    return respond(request, answer)


def _conflict(
    request: HttpRequest, form: HandForm, hand: Hand | None, conflict: Conflict
) -> HttpResponse:
    """Saved or deleted by someone else meanwhile (409): what was typed is shown again,
    nothing saved. A new hand's number taken: the same deal (back to the sheet) or the
    next one (the form posts again with the next number, its button says which). An
    edit of a hand deleted meanwhile: offered as a new hand. An edit of a hand changed
    meanwhile: on top of the saved version, shown with its scores."""
    table = form.table
    data = request.POST.copy()
    current = conflict.current
    if conflict.next_number is not None:
        data["number"] = str(conflict.next_number)
        form = _hand_form(request, table, None, data, seats=form.seats)
        shown: dict[str, Any] = {"taken": True, "next_number": conflict.next_number}
        if current is not None:
            shown.update(current=current, scores=sheet_selectors.hand_scores(current))
        preview = _preview(form)
        return _render_form(request, form, hand=None, preview=preview, conflict=shown, status=409)
    if current is None:
        form = _hand_form(request, table, None, request.POST, seats=form.seats)
        return _render_form(
            request,
            form,
            hand=hand,
            preview=_preview(form),
            conflict={"deleted": True},
            status=409,
        )
    data["version"] = str(current.version)
    form = _hand_form(request, table, current, data, seats=form.seats)
    return _render_form(
        request,
        form,
        hand=current,
        preview=_preview(form),
        conflict={"current": current, "scores": sheet_selectors.hand_scores(current)},
        status=409,
    )


@login_required
@replays_submission
def hand_new(request: HttpRequest, table_id: int) -> HttpResponse:
    if request.method == "POST":
        return _posted(request, table_id, None)
    table = sheet_selectors.table_for_scoring(table_id)
    if refused := refusal(request, table):
        return refused
    if table.board_set is not None:  # a duplicate table: board by board (views.duplicate_entry)
        return redirect("board_next", table_id=table.pk)
    return _render_form(request, _hand_form(request, table), hand=None)


def _at_hand(view: Callable[[HttpRequest, Hand], HttpResponse]) -> View:
    """A page on a stored hand: logged in, answered once, shown to who may score its
    table (a post is checked by the service it goes to)."""

    @login_required
    @replays_submission
    @wraps(view)
    def wrapper(request: HttpRequest, hand_id: int) -> HttpResponse:
        hand = sheet_selectors.hand_for_scoring(hand_id)
        if request.method != "POST" and (refused := refusal(request, hand.table)):
            return refused
        return view(request, hand)

    return wrapper


@_at_hand
def hand_edit(request: HttpRequest, hand: Hand) -> HttpResponse:
    table = hand.table
    if hand.board_id is not None:  # a board's result: its own form checks the board's cards
        return redirect("board_entry", table_id=table.pk, number=hand.number)
    if request.method == "POST":
        return _posted(request, table.pk, hand)
    form = _hand_form(request, table, hand)
    try:
        # The stored inputs scored again by the engine, so the edit starts with its scores.
        preview = _scored(form, hand)
    except scoring.HandError as error:
        form.add_hand_error(error)
        preview = None
    return _render_form(request, form, hand=hand, preview=preview)


@login_required
@require_POST
def hand_preview(request: HttpRequest, table_id: int) -> HttpResponse:
    """The htmx partial: scores as the form is filled. Never writes."""
    table = sheet_selectors.table_for_scoring(table_id)
    if refused := refusal(request, table):
        return refused
    form = _hand_form(request, table, Hand(table=table), request.POST)
    preview = _preview(form)
    return render(
        request,
        TEMPLATES + "_preview.html",
        {"form": form, "preview": preview, "oob": True, "table": table},
    )


@_at_hand
def hand_delete(request: HttpRequest, hand: Hand) -> HttpResponse:
    table = hand.table
    data = request.POST if request.method == "POST" else None
    form = DeleteHandForm(data, initial={"version": hand.version})
    conflict = None
    status = 200
    if request.method == "POST" and form.is_valid():
        try:
            return respond(request, delete(request, hand, form.cleaned_data["version"]))
        except NotAllowed as error:  # the sheet locked since the page: it says why
            return not_allowed(request, error)
        except Conflict as error:
            if error.current is None:
                messages.info(request, _("This hand had already been deleted."))
                return redirect(table.get_absolute_url())
            hand = error.current
            form = DeleteHandForm(initial={"version": hand.version})
            conflict = {"current": hand}
            status = 409
    context = {
        "form": form,
        "hand": hand,
        "table": table,
        "event": table.round.event,
        "scores": sheet_selectors.hand_scores(hand),
        "conflict": conflict,
    }
    return render(request, TEMPLATES + "hand_confirm_delete.html", context, status=status)
