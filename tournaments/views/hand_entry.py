"""What the entry of a hand (views.scorekeeping) and of a duplicate board's result
(views.duplicate_entry) share: who may enter at a table, the engine's errors at their
fields, the live scores' rows, and a save that answers a sheet locked or a result
changed meanwhile (services.hands.SheetLocked, HandConflict).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

import scoring

from ..models import ORIENTATIONS, Hand, Seat, Table
from ..rules import points as card_points
from ..selectors import access, locks
from ..selectors import sheet as sheet_selectors
from ..services import hands as hand_services
from .submissions import Outcome, respond, submit

TEMPLATES = "tournaments/scorekeeping/"


class EntryForm(Protocol):
    """A hand's entry form (forms.hand.HandForm and its duplicate BoardHandForm)."""

    table: Table

    def add_hand_error(self, error: scoring.HandError) -> None: ...
    def chelem_unanswered(self) -> bool: ...
    def ask_chelem(self) -> None: ...
    def build_hand(self, instance: Hand | None = None) -> Hand: ...


# render(request, form, *, hand, preview=None, conflict=None, status=200): the page.
RenderPage = Callable[..., HttpResponse]


def refusal(request: HttpRequest, table: Table) -> HttpResponse | None:
    """None when the user may enter hands at the table. A scorekeeper of the table
    whose sheet is locked learns why and whom to ask: back on the sheet (which says it)
    when he followed a link, on a page of its own when he sent a hand (nothing was
    saved; his browser's back button still holds what he typed). Anybody else: 403."""
    if access.can_score(request.user, table):
        return None
    lock = locks.refused_scorekeeper(request.user, table)
    if lock is None:
        raise PermissionDenied(_("You may not enter hands at this table."))
    if request.method == "GET":
        # The sheet itself says why and whom to ask (lock.explanation), under this.
        messages.warning(
            request,
            _("This sheet is locked: its hands can no longer be added, changed or deleted."),
        )
        return redirect(table.get_absolute_url())
    return render(
        request,
        TEMPLATES + "sheet_locked.html",
        {"table": table, "event": table.round.event, "lock": lock},
        status=403,
    )


def submit_at(
    request: HttpRequest, table: Table, write: Callable[[], Outcome]
) -> Outcome | HttpResponse:
    """`submit` a write at the table once; a sheet locked between the page's check and
    the write answers as the page would have (the refusal page), instead of an Outcome."""
    try:
        return submit(request, write)
    except hand_services.SheetLocked:
        if refused := refusal(request, table):
            return refused
        raise


def add_errors(form: EntryForm, error: scoring.HandError) -> None:
    """The engine's error at its field, or each contradiction of a board's cards."""
    for one in getattr(error, "errors", [error]):
        form.add_hand_error(one)


def scored(
    seats: Iterable[Seat],
    hand: Hand,
    result: scoring.HandResult,
    role: Callable[[Seat], str],
    *,
    by_orientation: bool = False,
) -> dict[str, Any]:
    """The live scores' context: each seat's score and role (with its orientation's
    letter on a duplicate board), and both camps' card points."""
    rows = []
    for seat in seats:
        row = {"player": seat.player, "score": result.scores.get(seat.player_id, 0)}
        if by_orientation:
            row["letter"] = ORIENTATIONS[seat.position]
        rows.append({**row, "role": role(seat)})
    defence_points = None if hand.passed else card_points.other_camp(hand.points)
    return {"result": result, "rows": rows, "hand": hand, "defence_points": defence_points}


def save_entry(
    request: HttpRequest,
    form: Any,
    hand: Hand | None,
    *,
    write: Callable[[Hand], Outcome],
    render_page: RenderPage,
    preview: Callable[[Any], dict[str, Any]],
    rebuild: Callable[[Hand | None, Any], Any],
    current: Callable[[hand_services.HandConflict], Hand | None],
    hand_if_deleted: Hand | None,
) -> HttpResponse:
    """Save a valid entry form once (`write` the hand it builds) and follow the outcome.

    A forgotten chelem (91 or 0 points, no chelem said) is asked before anything is
    saved; the engine's refusal goes back to its field; a sheet locked meanwhile says
    why; a result saved or deleted by someone else meanwhile (409) shows what was typed,
    `rebuild` on the saved version (`current`), or as a new entry when it was deleted."""
    if form.chelem_unanswered():
        shown = preview(form)
        form.ask_chelem()
        return render_page(request, form, hand=hand, preview=shown)
    new_hand = form.build_hand()
    # A repeated key (double tap, re-sent form) gets the first save's answer, before
    # the version check: the second tap of an edit is no conflict.
    try:
        outcome = submit_at(request, form.table, lambda: write(new_hand))
    except scoring.HandError as error:
        add_errors(form, error)
        return render_page(request, form, hand=hand)
    except hand_services.HandConflict as conflict:
        saved = current(conflict)
        if saved is None:
            # Deleted meanwhile: offer to save what was typed as a new entry.
            form = rebuild(None, request.POST)
            return render_page(
                request,
                form,
                hand=hand_if_deleted,
                preview=preview(form),
                conflict={"deleted": True},
                status=409,
            )
        data = request.POST.copy()
        data["version"] = str(saved.version)
        form = rebuild(saved, data)
        return render_page(
            request,
            form,
            hand=saved,
            preview=preview(form),
            conflict={"current": saved, "scores": sheet_selectors.hand_scores(saved)},
            status=409,
        )
    if isinstance(outcome, HttpResponse):
        return outcome
    return respond(request, outcome)
