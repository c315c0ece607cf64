"""What the entry of a hand (views.scorekeeping) and of a duplicate board's result
(views.duplicate_entry) share: who may enter at a table, the live scores' rows, and the
post sent to services.hand_entry.enter_hand with the fields it reads.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

import scoring

from ..errors import NotAllowed, NotFound
from ..models import ORIENTATIONS, Hand, Seat, Table
from ..rules import points as card_points
from ..selectors import access
from ..services import submissions
from ..services.hand_entry import Binding, Entry, EntryForm, Saved, enter_hand
from .errors import not_allowed, not_found
from .submissions import action_of, respond


def refusal(request: HttpRequest, table: Table) -> HttpResponse | None:
    """None when the user may enter hands at the table; else the page that says why
    (views.errors.not_allowed), or 403."""
    if access.can_score(request.user, table):
        return None
    return not_allowed(
        request, NotAllowed(_("You may not enter hands at this table."), target=table)
    )


def enter(
    request: HttpRequest,
    table_id: int,
    form_at: Callable[[Binding], EntryForm],
    *,
    editing: Hand | None = None,
    board_number: int | None = None,
) -> Entry:
    """The post, entered once for its submission key (services.hand_entry.enter_hand)."""
    return enter_hand(
        user=request.user,
        table_id=table_id,
        form_at=form_at,
        key=submissions.posted_key(request.POST),
        action=action_of(request),
        editing=editing,
        board_number=board_number,
    )


def answered(request: HttpRequest, entry: Entry) -> HttpResponse | None:
    """The answer to an entry that needs no form: saved (or replayed), not allowed, not
    found. None for a refusal or a conflict, which the hand's or the board's own page
    shows with what was typed."""
    outcome = entry.outcome
    if isinstance(outcome, Saved):
        return respond(request, outcome.answer)
    if isinstance(outcome, NotAllowed):
        return not_allowed(request, outcome)
    if isinstance(outcome, NotFound):
        return not_found(outcome)
    return None


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
