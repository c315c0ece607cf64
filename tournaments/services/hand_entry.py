"""A scorekeeper's hand, from the post to the stored scores, in one call: enter_hand.

A new hand, an edited hand and a duplicate board's result take the same route, in one
transaction that starts here (services.submissions.once, which runs it again when the
database aborts it to break a deadlock):
  1. the table's row is locked and read with its seats and the scorekeeper's right
     (services.table_lock.lock_table: one query);
  2. who may enter here (and, for a board: the board played here, its round open);
  3. the posted form, bound at the locked table (the view's `form_at`), is checked;
  4. the hand is scored, stored and the results refreshed under the event's lock
     (services.hands.write_hand);
  5. the submission key is claimed with the answer (where to go next, what to say).
Anything refused before the write leaves nothing written and the key unclaimed: the
same post, corrected, may be sent again. The view maps the outcome to a response
(views.errors): Saved (or the first post's answer replayed), Refused (the form again,
its errors at their fields), Conflict (409: what is stored beside what was typed),
NotAllowed (403, or the page that says why), NotFound (404).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.urls import reverse
from django.utils.translation import gettext as _

import scoring

from ..errors import Conflict, NotAllowed, NotFound, Refused
from ..models import Board, Hand, Seat, Table
from ..selectors import duplicate as duplicate_selectors
from ..selectors.access import can_score
from . import submissions
from .duplicate_results import (
    board_refusal,
    check_board_result,
    note_deal_refusal,
    prepare_hand,
)
from .hands import SavedHand, write_hand
from .submissions import Outcome
from .table_lock import LockedTable, lock_table

User = AbstractBaseUser | AnonymousUser

# A form valid as posted but with 91 or 0 points and no chelem said: asked before
# anything is saved (a forgotten chelem must not be saved unseen).
CHELEM_UNANSWERED = "chelem_unanswered"
# The form's own errors stand on it (a field left empty, a choice not offered).
FORM_INVALID = "invalid"


class EntryForm(Protocol):
    """A hand's entry form as posted (forms.hand.HandForm, forms.duplicate.BoardHandForm)."""

    cleaned_data: dict[str, Any]

    def is_valid(self) -> bool: ...
    def chelem_unanswered(self) -> bool: ...
    def build_hand(self, instance: Hand | None = None) -> Hand: ...


@dataclass(frozen=True)
class Binding:
    """What the posted form is bound at: the locked table and its seats, the stored hand
    it edits (None: a new one), and the board (None: a hand of a free deal)."""

    table: Table
    seats: list[Seat]
    stored: Hand | None
    board: Board | None


@dataclass(frozen=True)
class Saved:
    """Stored, or the first post's answer given again (`answer.replayed`)."""

    answer: Outcome


@dataclass(frozen=True)
class Entry:
    """enter_hand's answer: the outcome, and what the view shows it with: the form as
    bound at the locked table (None when refused before it was read), and what it
    was bound at."""

    outcome: Saved | Refused | Conflict | NotAllowed | NotFound
    form: EntryForm | None = None
    binding: Binding | None = None


class _NotWritten(Exception):
    """Ends the write's transaction with nothing written and the key unclaimed."""

    def __init__(self, outcome: Refused | Conflict | NotAllowed | NotFound) -> None:
        super().__init__()
        self.outcome = outcome


def enter_hand(
    *,
    user: User,
    table_id: int,
    form_at: Callable[[Binding], EntryForm],
    key: uuid.UUID | None,
    action: str,
    editing: Hand | None = None,
    board_number: int | None = None,
) -> Entry:
    """Enter a hand at table `table_id` as `form_at` binds the posted form: a new hand,
    `editing` a stored one (as the view read it: its version is checked under the lock),
    or the result of board `board_number` (new, or the one stored at this table).
    `key`/`action`: the post's submission key and its form (services.submissions).

    The table's lock is the first statement: a new hand costs the 14 queries of
    tests/scorekeeping/test_hand_post_queries.py with the view's own."""
    seen: dict[str, Any] = {}

    def write() -> Outcome:
        locked = lock_table(table_id=table_id, user=user)
        binding = _bind(locked, user=user, editing=editing, board_number=board_number)
        seen["binding"] = binding
        form = form_at(binding)
        seen["form"] = form
        if not form.is_valid():
            raise _NotWritten(Refused(_("Correct the errors below."), code=FORM_INVALID))
        if form.chelem_unanswered():
            raise _NotWritten(Refused(_("Chelem?"), field="chelem", code=CHELEM_UNANSWERED))
        hand = form.build_hand(binding.stored)
        if binding.board is not None:
            _check_result(binding, binding.board, hand)
        saved = write_hand(
            locked=locked,
            hand=hand,
            user=user,
            expected_version=form.cleaned_data.get("version"),
            opened_as=form.cleaned_data.get("number") if binding.stored is None else None,
        )
        if not isinstance(saved, SavedHand):
            raise _NotWritten(_as_outcome(saved))
        return _answer(binding, saved)

    try:
        answer = submissions.once(key, user=user, action=action, write=write)
    except _NotWritten as refused:
        binding = seen.get("binding")
        if isinstance(refused.outcome, Refused) and binding is not None and binding.board:
            # After the write's transaction, which a refusal undoes: the line stays.
            note_deal_refusal(
                by=user, table=binding.table, board=binding.board, refused=refused.outcome
            )
        return Entry(refused.outcome, seen.get("form"), seen.get("binding"))
    return Entry(Saved(answer), seen.get("form"), seen.get("binding"))


def _bind(
    locked: LockedTable, *, user: User, editing: Hand | None, board_number: int | None
) -> Binding:
    """The board and the stored hand the post is about, read under the table's lock;
    a refusal (_NotWritten) where the table takes no such entry, or not from `user`."""
    table = locked.table
    if not can_score(user, table):  # before the form, or anything of a board, is read
        raise _NotWritten(NotAllowed(_("You may not enter hands at this table."), target=table))
    if board_number is None:
        if table.board_set is not None:  # a duplicate table: board by board
            raise _NotWritten(
                NotAllowed(
                    _("At this table results are entered board by board."),
                    reason=NotAllowed.BOARD_BY_BOARD,
                    target=table,
                )
            )
        if editing is not None and editing.table_id != table.pk:
            raise _NotWritten(NotFound())
        return Binding(table=table, seats=locked.seats, stored=editing, board=None)
    if table.board_set is None:
        raise _NotWritten(NotFound())
    board = Board.objects.filter(event_id=table.round.event_id, number=board_number).first()
    # The round open and the board played here, before the stored result (or anything
    # of the board) is read; the result's own checks once the form has built it (write).
    if refused := board_refusal(locked=locked, board=board, user=user):
        raise _NotWritten(_as_outcome(refused))
    assert board is not None  # board_refusal: NotFound when there is no such board
    stored = table.hands.filter(board=board).first()
    return Binding(table=table, seats=locked.seats, stored=stored, board=board)


def _check_result(binding: Binding, board: Board, hand: Hand) -> None:
    """The result as the board's (its dealer), refused when the engine, the board's
    taker or its cards refuse it."""
    prepare_hand(table=binding.table, board=board, hand=hand, seats=binding.seats)
    try:
        check_board_result(table=binding.table, board=board, hand=hand, seats=binding.seats)
    except scoring.HandError as error:
        raise _NotWritten(_as_outcome(error)) from error


def _as_outcome(error: Exception) -> Refused | Conflict | NotAllowed | NotFound:
    """A refusal as the error model's: the engine's (one or several) is refused input."""
    if isinstance(error, Refused | Conflict | NotAllowed | NotFound):
        return error
    if isinstance(error, scoring.HandError):
        return Refused(
            error.message,
            field=error.field,
            code=error.code,
            params=error.params,
            errors=getattr(error, "errors", [error]),
        )
    raise error  # not a refusal: the transaction is undone as for any failure


def _answer(binding: Binding, saved: SavedHand) -> Outcome:
    """Where the scorekeeper goes once saved, and what he is told there: the sheet at
    the hand; at a duplicate table the next board still to enter, or the sheet."""
    table, board = binding.table, binding.board
    if board is None:
        number = saved.hand.number
        return Outcome(
            redirect_url=f"{table.get_absolute_url()}#hand-{number}",
            message=_("Hand %(number)s saved.") % {"number": number},
        )
    following = duplicate_selectors.next_board(table)
    url = (
        reverse("board_entry", args=[table.pk, following.number])
        if following is not None
        else f"{table.get_absolute_url()}#hand-{board.number}"
    )
    return Outcome(
        redirect_url=url, message=_("Board %(number)s saved.") % {"number": board.number}
    )
