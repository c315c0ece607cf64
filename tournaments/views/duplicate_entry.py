"""Duplicate events, the scorekeeper's side: the board to enter at his table this round,
on the phone form of a free deal with each player shown by orientation (N, E, S, W)
and each orientation's marque live, before saving.

Thin views as in views.scorekeeping: the services (duplicate_results.save_board_result
and, through it, hands.save_hand) check who may score, lock the table and refuse
what the engine or the board's cards refuse; the errors come back to the field.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import scoring

from ..forms.duplicate import BoardHandForm
from ..models import ORIENTATIONS, Board, Hand, Seat, Table
from ..rules.boards import first_after
from ..selectors import duplicate as selectors
from ..selectors import sheet as sheet_selectors
from ..selectors.board_visibility import may_enter_at
from ..services import duplicate_results as services
from ..services import hands as hand_services
from .hand_entry import add_errors, refusal, save_entry, scored
from .submissions import Outcome, replays_submission

TEMPLATES = "tournaments/duplicate/"


def _table(table_id: int) -> Table:
    table = sheet_selectors.table_for_scoring(table_id)
    if table.board_set is None:
        raise Http404
    return table


def _closed(request: HttpRequest, table: Table) -> HttpResponse | None:
    """None when the table's round is open (rules.board_visibility); else nothing of its
    boards is shown: back to the table's sheet with the reason when he followed a link,
    403 when he sent a result or asked for a preview (nothing is checked against the
    cards, whose messages would tell them)."""
    if may_enter_at(request.user, table):
        return None
    if request.method == "GET":
        messages.warning(request, services.round_not_open(table))
        return redirect(table.get_absolute_url())
    raise PermissionDenied(services.round_not_open(table))


def _board(table: Table, number: int) -> Board:
    board = selectors.board_of(table.round.event, number)
    if not services.plays_board(table, board):
        raise Http404
    return board


@login_required
def board_next(request: HttpRequest, table_id: int) -> HttpResponse:
    """The first board of the table's set still to enter, or the sheet once all are."""
    table = _table(table_id)
    if refused := refusal(request, table) or _closed(request, table):  # a locked sheet says why
        return refused
    board = selectors.next_board(table)
    if board is None:
        messages.info(request, _("Every board of this table is entered."))
        return redirect(table.get_absolute_url())
    return redirect("board_entry", table_id=table.pk, number=board.number)


def _form(table: Table, board: Board, hand: Hand | None, data: Any = None) -> BoardHandForm:
    return BoardHandForm(
        data,
        table=table,
        board=board,
        seats=hand_services.table_seats(table),
        rules=table.round.event.rules,
        instance=hand if hand is not None else Hand(table=table),
    )


def _preview(form: BoardHandForm) -> dict[str, Any]:
    """The engine's marque for each orientation, or the errors at their fields."""
    if not form.is_valid():
        return {"result": None}
    hand = form.build_hand(Hand(table=form.table))
    services.prepare_hand(table=form.table, board=form.board, hand=hand, seats=form.seats)
    try:
        services.check_board_result(table=form.table, board=form.board, hand=hand, seats=form.seats)
        result = hand_services.preview_hand(table=form.table, hand=hand)
    except scoring.HandError as error:
        add_errors(form, error)
        return {"result": None}
    return _scored(form, hand, result)


def _scored(form: BoardHandForm, hand: Hand, result: scoring.HandResult) -> dict[str, Any]:
    def role(seat: Seat) -> str:
        return _("taker") if seat.player_id == hand.taker_id else ""

    return scored(form.seats, hand, result, role, by_orientation=True)


def _render(
    request: HttpRequest,
    form: BoardHandForm,
    *,
    hand: Hand | None,
    preview: dict[str, Any] | None = None,
    conflict: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    table, board = form.table, form.board
    return render(
        request,
        TEMPLATES + "board_form.html",
        {
            "form": form,
            "table": table,
            "event": table.round.event,
            "board": board,
            "hand": hand,
            "dealer_letter": ORIENTATIONS[board.dealer],
            "first_letter": ORIENTATIONS[first_after(board.dealer)],
            "taker_letter": (
                ORIENTATIONS[board.named_taker] if board.named_taker is not None else None
            ),
            "orientations": [(ORIENTATIONS[s.position], s.player) for s in form.seats],
            "preview": preview or {"result": None},
            "conflict": conflict,
            "boards": selectors.table_boards(table),
            "entered": selectors.entered_boards(table),
        },
        status=status,
    )


def _after_save(table: Table, board: Board) -> str:
    following = selectors.next_board(table)
    if following is not None:
        return reverse("board_entry", args=[table.pk, following.number])
    return f"{table.get_absolute_url()}#hand-{board.number}"


def _save(request: HttpRequest, form: BoardHandForm, hand: Hand | None) -> HttpResponse:
    table, board = form.table, form.board

    def write(new_hand: Hand) -> Outcome:
        services.save_board_result(
            table=table,
            board=board,
            hand=new_hand,
            user=request.user,
            expected_version=form.cleaned_data.get("version"),
        )
        return Outcome(
            redirect_url=_after_save(table, board),
            message=_("Board %(number)s saved.") % {"number": board.number},
        )

    return save_entry(
        request,
        form,
        hand,
        write=write,
        render_page=_render,
        preview=_preview,
        rebuild=lambda current, data: _form(table, board, current, data),
        current=lambda conflict: (
            conflict.current or selectors.entered_boards(table).get(board.number)
        ),
        hand_if_deleted=None,
    )


@login_required
@replays_submission
def board_entry(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """The result of board `number` at this table: new, or the one entered to edit."""
    table = _table(table_id)
    if refused := refusal(request, table) or _closed(request, table):
        return refused
    board = _board(table, number)
    hand = selectors.entered_boards(table).get(number)
    if request.method == "POST":
        form = _form(table, board, hand, request.POST)
        if form.is_valid():
            return _save(request, form, hand)
        return _render(request, form, hand=hand)
    form = _form(table, board, hand)
    preview = None
    if hand is not None:
        try:
            preview = _scored(form, hand, hand_services.preview_hand(table=table, hand=hand))
        except scoring.HandError as error:
            form.add_hand_error(error)
    return _render(request, form, hand=hand, preview=preview)


@login_required
@require_POST
def board_preview(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """The htmx partial: each orientation's marque as the form is filled. Never writes."""
    table = _table(table_id)
    if refused := refusal(request, table) or _closed(request, table):
        return refused
    board = _board(table, number)
    form = _form(table, board, None, request.POST)
    return render(
        request,
        "tournaments/scorekeeping/_preview.html",
        {
            "form": form,
            "preview": _preview(form),
            "oob": True,
            "table": table,
            "by_orientation": True,
        },
    )
