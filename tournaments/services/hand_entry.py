"""A scorekeeper's hand, from the parsed post to the stored scores, in one call:
enter_hand; and its deletion, delete_entered_hand.

The view parses the post first (forms.hand.HandForm, forms.duplicate.BoardHandForm: its
own errors and the chelem question never reach a transaction) and hands over what the
form produced (HandInput). A new hand, an edited hand and a duplicate board's result
then take the same route, in one transaction that starts here (services.submissions.once,
which runs it again when the database aborts it to break a deadlock):
  1. the table's row is locked and read with its seats and the scorekeeper's right
     (services.table_lock.lock_table: one query);
  2. who may enter here (and, for a board: the board played here, its round open);
  3. the hand is built afresh from the input at the locked table (a run again starts
     from the input, not from the first run's unsaved instance), checked against the
     seats it was parsed at and, for a board, its taker and cards;
  4. the hand is scored, stored and the results refreshed under the event's lock
     (services.hands.write_hand);
  5. the submission key is claimed with the answer (where to go next, what to say).
The answer is an Outcome (or the first post's, replayed); a refusal is raised before
anything is written, which leaves the key unclaimed (the same post, corrected, may be
sent again): Refused or the engine's scoring.HandError (the input at fault, at its
field), Conflict (what is stored beside what was typed), NotAllowed, NotFound. The view
maps each to its response (views.errors).
"""

from __future__ import annotations

import copy
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.urls import reverse
from django.utils.translation import gettext as _

from ..errors import NotAllowed, NotFound, Refused
from ..models import Board, Hand, Table
from ..rules.board_entry import DealContradicted
from ..selectors import duplicate as duplicate_selectors
from ..selectors.access import can_score
from . import submissions
from .duplicate_results import (
    check_board_entry,
    check_board_result,
    note_deal_refusal,
    prepare_hand,
)
from .hands import SavedHand, remove_hand, write_hand
from .submissions import Outcome
from .table_lock import LockedTable, lock_table

User = AbstractBaseUser | AnonymousUser

# The table was seated anew (its players, their order or its game mode) between the
# view's parse and the lock: the form is shown again at the table as it is now.
TABLE_CHANGED = "table_changed"

# A hand's input fields as the model stores them (dealer_id, taker_id...).
_INPUT_ATTNAMES = tuple(
    field.attname for field in Hand._meta.concrete_fields if field.name in Hand.INPUT_FIELDS
)


@dataclass(frozen=True)
class HandInput:
    """A hand as its form parsed it, valid and its chelem question answered: its input
    fields (Hand.INPUT_FIELDS, by attname), the table's seats it was parsed at (the
    players' ids in seat order) and game mode, the version an edit started from, and
    the number a new hand's form was opened for (None: stored as the next hand)."""

    fields: Mapping[str, Any]
    seats: tuple[int, ...]
    five_mode: str
    version: int | None = None
    opened_as: int | None = None

    @classmethod
    def of(
        cls,
        hand: Hand,
        *,
        seats: tuple[int, ...],
        five_mode: str,
        version: int | None = None,
        opened_as: int | None = None,
    ) -> HandInput:
        """The input of `hand`, an unsaved instance the form built."""
        fields = {name: copy.deepcopy(getattr(hand, name)) for name in _INPUT_ATTNAMES}
        return cls(fields, seats, five_mode, version, opened_as)

    def onto(self, hand: Hand) -> Hand:
        """`hand` with this input (each value a copy: a run again starts from the input)."""
        for name, value in self.fields.items():
            setattr(hand, name, copy.deepcopy(value))
        return hand


def enter_hand(
    *,
    user: User,
    table_id: int,
    entered: HandInput,
    key: uuid.UUID | None,
    action: str,
    editing: Hand | None = None,
    board_number: int | None = None,
) -> Outcome:
    """Enter the hand `entered` at table `table_id`: a new hand, `editing` a stored one
    (as the view read it: its version is checked under the lock, the instance is left
    as it was), or the result of board `board_number` (new, or the one stored at this
    table). `key`/`action`: the post's submission key and its form (services.submissions).

    Returns where to go next and what to say there (the first post's answer when the key
    was answered already); raises NotAllowed, NotFound, Refused (TABLE_CHANGED),
    scoring.HandError (the engine's, the board's taker's or cards') or Conflict, with
    nothing written. The table's lock is the first statement of the transaction."""

    def write() -> Outcome:
        locked = lock_table(table_id=table_id, user=user)
        board, stored = _bound(locked, user=user, editing=editing, board_number=board_number)
        table = locked.table
        if entered.seats != tuple(seat.player_id for seat in locked.seats) or (
            entered.five_mode != table.five_mode
        ):
            raise Refused(_("Correct the errors below."), code=TABLE_CHANGED)
        # Built afresh at each run: write_hand numbers and saves the instance it is given.
        hand = entered.onto(copy.copy(stored) if stored is not None else Hand(table=table))
        if board is not None:
            prepare_hand(table=table, board=board, hand=hand, seats=locked.seats)
            check_board_result(table=table, board=board, hand=hand, seats=locked.seats)
        saved = write_hand(
            locked=locked,
            hand=hand,
            user=user,
            expected_version=entered.version,
            opened_as=entered.opened_as if stored is None else None,
        )
        return _answer(table, board, saved)

    try:
        return submissions.once(key, user=user, action=action, write=write)
    except DealContradicted as refused:
        if board_number is not None:
            # After the write's transaction, which a refusal undoes: the line stays.
            note_deal_refusal(
                by=user, table_id=table_id, board_number=board_number, refused=refused
            )
        raise


def delete_entered_hand(
    *, user: User, hand: Hand, expected_version: int, key: uuid.UUID | None, action: str
) -> Outcome:
    """Delete `hand` (as the view read it) from its table's sheet, once for the post's
    submission key, in one transaction (services.hands.remove_hand). Returns the sheet to
    go back to and what to say there; raises NotAllowed (its target: the table) or
    Conflict (changed or deleted since `expected_version`), with nothing deleted."""
    number = hand.number
    message = (
        _("Board %(number)s deleted.")
        if hand.board_id is not None
        else _("Hand %(number)s deleted.")
    )

    def write() -> Outcome:
        table = remove_hand(hand=hand, user=user, expected_version=expected_version)
        return Outcome(redirect_url=table.get_absolute_url(), message=message % {"number": number})

    return submissions.once(key, user=user, action=action, write=write)


def _bound(
    locked: LockedTable, *, user: User, editing: Hand | None, board_number: int | None
) -> tuple[Board | None, Hand | None]:
    """The board and the stored hand the post is about, read under the table's lock;
    raises where the table takes no such entry, or not from `user`."""
    table = locked.table
    if not can_score(user, table):  # before anything of the hand or a board is read
        raise NotAllowed(_("You may not enter hands at this table."), target=table)
    if board_number is None:
        if table.board_set is not None:  # a duplicate table: board by board
            raise NotAllowed(
                _("At this table results are entered board by board."),
                reason=NotAllowed.BOARD_BY_BOARD,
                target=table,
            )
        if editing is not None and editing.table_id != table.pk:
            raise NotFound()
        return None, editing
    if table.board_set is None:
        raise NotFound()
    board = Board.objects.filter(event_id=table.round.event_id, number=board_number).first()
    # The round open and the board played here, before the stored result (or anything
    # of the board) is read; the result's own checks once it is built (write).
    check_board_entry(locked=locked, board=board, user=user)
    assert board is not None  # check_board_entry: NotFound when there is no such board
    return board, table.hands.filter(board=board).first()


def _answer(table: Table, board: Board | None, saved: SavedHand) -> Outcome:
    """Where the scorekeeper goes once saved, and what he is told there: the sheet at
    the hand; at a duplicate table the next board still to enter, or the sheet."""
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
