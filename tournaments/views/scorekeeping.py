"""Scorekeeper pages: my tables, and hand entry (new, edit, delete) with live scores.
The score sheet, its validation and the history are in views/sheet.py.

Thin views: permission check, form, service call, render. Scores shown come from
the engine (services.hands.preview_hand / save_hand) or from HandScore rows.
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

from ..forms.hand import DeleteHandForm, HandForm
from ..models import Hand, Seat, Table
from ..selectors import access
from ..selectors import sheet as sheet_selectors
from ..services import hands as hand_services
from ..services.table_lock import lock_table
from .hand_entry import refusal, save_entry, scored, submit_at
from .submissions import Outcome, View, replays_submission, respond, submit

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


def _save(request: HttpRequest, form: HandForm, hand: Hand | None) -> HttpResponse:
    table = form.table

    def write(new_hand: Hand) -> Outcome:
        saved = hand_services.save_hand(
            table=table,
            hand=new_hand,
            user=request.user,
            expected_version=form.cleaned_data.get("version"),
        )
        number = saved.hand.number
        return Outcome(
            redirect_url=f"{table.get_absolute_url()}#hand-{number}",
            message=_("Hand %(number)s saved.") % {"number": number},
        )

    return save_entry(
        request,
        form,
        hand,
        write=write,
        render_page=_render_form,
        preview=_preview,
        rebuild=lambda current, data: _hand_form(request, table, current, data),
        current=lambda conflict: conflict.current,
        hand_if_deleted=hand,
    )


def _posted(request: HttpRequest, table: Table, hand: Hand | None) -> HttpResponse:
    """A new or edited hand as posted: saved when valid, else shown again with its errors."""
    form = _hand_form(request, table, hand, request.POST)
    if form.is_valid():
        return _save(request, form, hand)
    return _render_form(request, form, hand=hand)


@login_required
@replays_submission
def hand_new(request: HttpRequest, table_id: int) -> HttpResponse:
    if request.method == "POST":
        return _post_new_hand(request, table_id)
    table = sheet_selectors.table_for_scoring(table_id)
    if refused := refusal(request, table):
        return refused
    if table.board_set is not None:  # a duplicate table: board by board (views.duplicate_entry)
        return redirect("board_next", table_id=table.pk)
    return _render_form(request, _hand_form(request, table), hand=None)


class _NotSaved(Exception):
    """The posted form cannot be saved as it is (errors, or the chelem question): its
    transaction ends with nothing written and the form is shown again."""


class _Answered(Exception):
    """The post is answered without a write (a refusal, or a page elsewhere): the
    transaction rolls back and the response goes out as it is."""

    def __init__(self, response: HttpResponse) -> None:
        super().__init__()
        self.response = response


def _post_new_hand(request: HttpRequest, table_id: int) -> HttpResponse:
    """A new hand, posted: the table is locked and read once (services.table_lock), the
    form checked and the hand saved in one transaction with the submission key. The
    whole post costs 14 queries at a club night (tests/scorekeeping/
    test_hand_post_queries.py): session, user, the key's first look, the table's lock,
    the roles, the event's lock with the table's last hand number, the hand, its
    history, its score rows, the results (three), the page version and the key."""
    forms: list[HandForm] = []

    def write() -> Outcome:
        locked = lock_table(table_id=table_id, user=request.user)
        if refused := refusal(request, locked.table):
            raise _Answered(refused)  # nothing written, the key not claimed
        if locked.table.board_set is not None:  # a duplicate table: board by board
            raise _Answered(redirect("board_next", table_id=table_id))
        form = _hand_form(request, locked.table, None, request.POST, seats=locked.seats)
        forms.append(form)
        if not form.is_valid() or form.chelem_unanswered():
            raise _NotSaved
        saved = hand_services.save_hand(
            table=locked.table,
            hand=form.build_hand(),
            user=request.user,
            locked=locked,
            opened_as=form.cleaned_data.get("number"),
        )
        number = saved.hand.number
        return Outcome(
            redirect_url=f"{locked.table.get_absolute_url()}#hand-{number}",
            message=_("Hand %(number)s saved.") % {"number": number},
        )

    try:
        return respond(request, submit(request, write))
    except _Answered as answered:
        return answered.response
    except _NotSaved:
        form = forms[-1]
        if not form.is_valid():
            return _render_form(request, form, hand=None)
        # 91 or 0 points and no chelem: a forgotten chelem must not be saved unseen.
        preview = _preview(form)
        form.ask_chelem()
        return _render_form(request, form, hand=None, preview=preview)
    except scoring.HandError as error:
        form = forms[-1]
        form.add_hand_error(error)
        return _render_form(request, form, hand=None)
    except hand_services.NumberTaken as taken:
        return _number_taken(request, forms[-1], taken)


def _number_taken(
    request: HttpRequest, form: HandForm, taken: hand_services.NumberTaken
) -> HttpResponse:
    """The hand this form was opened for was stored meanwhile: what was typed is shown
    again beside the stored hand, nothing saved. The same deal: back to the sheet. The
    next deal: the form posts again with the next number (its button says which)."""
    data = request.POST.copy()
    data["number"] = str(taken.next_number)
    form = _hand_form(request, form.table, None, data, seats=form.seats)
    conflict: dict[str, Any] = {"taken": True, "next_number": taken.next_number}
    if taken.current is not None:
        conflict.update(current=taken.current, scores=sheet_selectors.hand_scores(taken.current))
    preview = _preview(form)
    return _render_form(request, form, hand=None, preview=preview, conflict=conflict, status=409)


def _at_hand(view: Callable[[HttpRequest, Hand], HttpResponse]) -> View:
    """A page on a stored hand: logged in, answered once, for who may score its table."""

    @login_required
    @replays_submission
    @wraps(view)
    def wrapper(request: HttpRequest, hand_id: int) -> HttpResponse:
        hand = sheet_selectors.hand_for_scoring(hand_id)
        return refusal(request, hand.table) or view(request, hand)

    return wrapper


@_at_hand
def hand_edit(request: HttpRequest, hand: Hand) -> HttpResponse:
    table = hand.table
    if hand.board_id is not None:  # a board's result: its own form checks the board's cards
        return redirect("board_entry", table_id=table.pk, number=hand.number)
    if request.method == "POST":
        return _posted(request, table, hand)
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

        def write() -> Outcome:
            hand_services.delete_hand(
                hand=hand, user=request.user, expected_version=form.cleaned_data["version"]
            )
            return Outcome(
                redirect_url=table.get_absolute_url(),
                message=_("Hand %(number)s deleted.") % {"number": hand.number},
            )

        try:
            outcome = submit_at(request, table, write)
        except hand_services.HandConflict as error:
            if error.current is None:
                messages.info(request, _("This hand had already been deleted."))
                return redirect(table.get_absolute_url())
            hand = error.current
            form = DeleteHandForm(initial={"version": hand.version})
            conflict = {"current": hand}
            status = 409
        else:
            return outcome if isinstance(outcome, HttpResponse) else respond(request, outcome)
    context = {
        "form": form,
        "hand": hand,
        "table": table,
        "event": table.round.event,
        "scores": sheet_selectors.hand_scores(hand),
        "conflict": conflict,
    }
    return render(request, TEMPLATES + "hand_confirm_delete.html", context, status=status)
