"""The error model's responses, in one place (tournaments.errors).

Every refusal a service makes is one of four errors:

- Refused (the input at fault: its `field`, None for the whole form, and a `code` where
  a caller tells refusals apart: the engine's codes, "lookalike", services.sheets'
  EMPTY_SHEET and DEAL_COUNT, services.hands' STORED_HAND, the planners' codes). The
  form again with the refusal at its field, 200 (a hand's form: `place` puts each
  there; a traveller's line: `place_line`; the organiser's and people's forms:
  views.submissions.submit_form, through the form's one hook,
  ServiceErrorMixin.add_service_error); a button without a form says it as a message
  on the page it was on (views.submissions.submit_or_back).
- Conflict: 409, what is stored beside what was typed (the page's own template: the
  hand's and the board's form, the delete page; the traveller's line says it).
- NotAllowed: 403 (Django's PermissionDenied, its 403 page), except where a page says
  why: a scorekeeper of a locked sheet is told so and whom to ask; a hand posted at a
  duplicate table goes to its next board; a person's password link that is not this
  organiser's to make is refused in his row of the people page (views.people).
- NotFound: 404 (Django's Http404).

The layers that may not import tournaments.errors (an import contract) keep their own
pure-Python errors with codes, and the services turn them into Refused at one place
each: the planners' (SeatingError, TeamMatchImpossible, TeamsApart) in
services.planning_refusals; the engine's scoring.HandError, for a stored hand rescored,
in services.hands.stored_hand_refused; a hand's write (services.hand_entry) raises it
as it is (every contradiction of a board's cards in its `errors`), and `place` puts it
at its field as it puts a Refused (the engine's codes, which the hand form words).
rules.duplicate.TravellerError is no refusal: only a read raises it
(selectors.duplicate_ranking), on stored lines the services checked when they were
written, so it is a bug if it escapes (a 500). The admin answers Refused and Conflict in
its own one place (admin.scope.ScopedAdmin).

Outside the model: the access checks (selectors.access) raise Django's
PermissionDenied, which Django answers 403 as NotAllowed is.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

import scoring

from ..errors import Conflict, NotAllowed, NotFound, Refused
from ..models import Table
from ..selectors import locks


def not_allowed(request: HttpRequest, error: NotAllowed) -> HttpResponse:
    """403, or the page that says why. A scorekeeper of the table whose sheet is locked
    learns why and whom to ask: back on the sheet (which says it) when he followed a
    link, on a page of its own when he sent a hand (nothing was saved; his browser's
    back button still holds what he typed). Anybody else: 403."""
    table = error.target
    if error.reason == NotAllowed.BOARD_BY_BOARD and isinstance(table, Table):
        return redirect("board_next", table_id=table.pk)
    if error.reason is None and isinstance(table, Table):
        lock = locks.refused_scorekeeper(request.user, table)
        if lock is not None and request.method == "GET":
            # The sheet itself says why and whom to ask (lock.explanation), under this.
            messages.warning(
                request,
                _("This sheet is locked: its hands can no longer be added, changed or deleted."),
            )
            return redirect(table.get_absolute_url())
        if lock is not None:
            return render(
                request,
                "tournaments/scorekeeping/sheet_locked.html",
                {"table": table, "event": table.round.event, "lock": lock},
                status=403,
            )
    raise PermissionDenied(error.message)


def not_found(error: NotFound) -> HttpResponse:
    raise Http404(str(error))


def place_line(form: Any, error: Exception) -> None:
    """One refused line of a board's traveller (services.duplicate_results.TravellerRefused),
    on its line's form: a conflict or a result gone meanwhile said on the line, the
    engine's refusal at its field."""
    if isinstance(error, Conflict):
        form.add_error(None, _("This line was changed by someone else meanwhile: reload the page."))
    elif isinstance(error, NotFound):
        form.add_error(None, str(error))
    else:
        place(form, error)  # type: ignore[arg-type]  # else a Refused or a HandError


def place(form: Any, error: Refused | scoring.HandError) -> None:
    """Each refusal at its field of a hand's form (the engine's codes, which the form
    words in the reader's language): every contradiction of a board's cards, or one."""
    for one in getattr(error, "errors", [error]):
        form.add_hand_error(one)
