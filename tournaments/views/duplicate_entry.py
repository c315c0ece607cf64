"""Duplicate events, the scorekeeper's side: the board to enter at his table this round,
on the phone form of a free deal with each player shown by orientation (N, E, S, W)
and each orientation's marque live, before saving.

Thin views as in views.scorekeeping: a post is parsed by its form here, then goes to
services.hand_entry.enter_hand, which locks the table, checks again who may score, the
board and its round, and refuses what the engine or the board's cards refuse; the
errors come back to the field (views.errors).
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

import scoring

from ..errors import Conflict, NotAllowed, NotFound, Refused
from ..forms.duplicate import BoardHandForm
from ..models import ORIENTATIONS, Board, Hand, Seat, Table
from ..rules.boards import first_after
from ..selectors import duplicate as selectors
from ..selectors import sheet as sheet_selectors
from ..selectors.board_visibility import may_enter_at
from ..services import duplicate_results as services
from ..services import hands as hand_services
from ..services.hand_entry import TABLE_CHANGED
from .errors import not_allowed, not_found, place
from .hand_entry import enter, parsed, refusal, scored
from .submissions import replays_submission, respond

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


def _form(
    table: Table,
    board: Board,
    hand: Hand | None,
    data: Any = None,
    seats: list[Seat] | None = None,
) -> BoardHandForm:
    return BoardHandForm(
        data,
        table=table,
        board=board,
        seats=seats if seats is not None else hand_services.table_seats(table),
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
        # Not against the cards: the save does that, audited (check_board_result).
        services.check_board_result(
            table=form.table, board=form.board, hand=hand, seats=form.seats, cards=False
        )
        result = hand_services.preview_hand(table=form.table, hand=hand)
    except scoring.HandError as error:
        place(form, error)
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


def _posted(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """A board's result as posted: who may enter, the board and its round (nothing of
    the board told before), then the form parsed at the table as read (its errors and
    the chelem question answered here), then entered once (services.hand_entry.enter_hand
    checks them again under the table's lock, then the board's taker and cards, and
    stores it), and its answer or refusal shown."""
    table, seats = sheet_selectors.table_for_entry(table_id, request.user)
    if refused := refusal(request, table):
        return refused
    if table.board_set is None:
        raise Http404
    if closed := _closed(request, table):
        return closed
    board = _board(table, number)
    stored = selectors.entered_boards(table).get(number)
    form = _form(table, board, stored, request.POST, seats)
    if not form.is_valid():
        return _render(request, form, hand=stored)
    if form.chelem_unanswered():
        preview = _preview(form)
        form.ask_chelem()
        return _render(request, form, hand=stored, preview=preview)
    try:
        answer = enter(request, table.pk, parsed(form), board_number=number)
    except (Refused, scoring.HandError) as error:
        if getattr(error, "code", None) == TABLE_CHANGED:  # seated anew since it was read
            table, seats = sheet_selectors.table_for_entry(table.pk, request.user)
            form = _form(table, board, stored, request.POST, seats)
            form.is_valid()  # its errors at the table as it is now
        else:
            place(form, error)  # the engine's, the board's taker's or cards' refusal
        return _render(request, form, hand=stored)
    except Conflict as conflict:
        return _conflict(request, form, conflict)
    except NotAllowed as error:
        return not_allowed(request, error)
    except NotFound as error:
        return not_found(error)
    return respond(request, answer)


def _conflict(request: HttpRequest, form: BoardHandForm, conflict: Conflict) -> HttpResponse:
    """Saved or deleted by someone else meanwhile (409): what was typed is shown again,
    on top of the result saved meanwhile (with its scores), or as a new entry when it
    was deleted."""
    table, board = form.table, form.board
    current = conflict.current or selectors.entered_boards(table).get(board.number)
    if current is None:
        form = _form(table, board, None, request.POST, form.seats)
        return _render(
            request,
            form,
            hand=None,
            preview=_preview(form),
            conflict={"deleted": True},
            status=409,
        )
    data = request.POST.copy()
    data["version"] = str(current.version)
    form = _form(table, board, current, data, form.seats)
    return _render(
        request,
        form,
        hand=current,
        preview=_preview(form),
        conflict={"current": current, "scores": sheet_selectors.hand_scores(current)},
        status=409,
    )


@login_required
@replays_submission
def board_entry(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """The result of board `number` at this table: new, or the one entered to edit."""
    if request.method == "POST":
        return _posted(request, table_id, number)
    table = _table(table_id)
    if refused := refusal(request, table) or _closed(request, table):
        return refused
    board = _board(table, number)
    hand = selectors.entered_boards(table).get(number)
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
