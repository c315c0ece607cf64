"""What the entry of a hand (views.scorekeeping) and of a duplicate board's result
(views.duplicate_entry) share: who may enter at a table, the live scores' rows, the
parsed form as services.hand_entry.enter_hand takes it, and the post sent there (or to
delete_entered_hand) with its submission key.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

import scoring

from ..errors import NotAllowed
from ..forms.hand import HandForm
from ..models import ORIENTATIONS, Hand, Seat, Table
from ..rules import points as card_points
from ..selectors import access
from ..services import submissions
from ..services.hand_entry import HandInput, delete_entered_hand, enter_hand
from ..services.submissions import Outcome
from .errors import not_allowed
from .submissions import action_of


def refusal(request: HttpRequest, table: Table) -> HttpResponse | None:
    """None when the user may enter hands at the table; else the page that says why
    (views.errors.not_allowed), or 403."""
    if access.can_score(request.user, table):
        return None
    return not_allowed(
        request, NotAllowed(_("You may not enter hands at this table."), target=table)
    )


def parsed(form: HandForm) -> HandInput:
    """What a valid form (HandForm, BoardHandForm) produced, as enter_hand takes it: the
    hand's inputs, the seats and game mode it was parsed at, the version an edit started
    from and the number a new hand's form was opened for."""
    data = form.cleaned_data
    return HandInput.of(
        form.build_hand(Hand(table=form.table)),  # a throwaway instance: the input only
        seats=tuple(seat.player_id for seat in form.seats),
        five_mode=form.table.five_mode,
        version=data.get("version"),
        opened_as=data.get("number"),
    )


def enter(
    request: HttpRequest,
    table_id: int,
    entered: HandInput,
    *,
    editing: Hand | None = None,
    board_number: int | None = None,
) -> Outcome:
    """The parsed post, entered once for its submission key (services.hand_entry.enter_hand):
    its answer, or the error it raised."""
    return enter_hand(
        user=request.user,
        table_id=table_id,
        entered=entered,
        key=submissions.posted_key(request.POST),
        action=action_of(request),
        editing=editing,
        board_number=board_number,
    )


def delete(request: HttpRequest, hand: Hand, expected_version: int) -> Outcome:
    """The delete post, once for its submission key (services.hand_entry.delete_entered_hand):
    its answer, or the error it raised."""
    return delete_entered_hand(
        user=request.user,
        hand=hand,
        expected_version=expected_version,
        key=submissions.posted_key(request.POST),
        action=action_of(request),
    )


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
