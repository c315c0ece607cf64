"""Duplicate events: a board's result at a table, the organiser's traveller entry and
the arbiter's special results.

A board result is a Hand linked to its Board and saved by services.hands.save_hand,
so its ledger rows (the marque of each orientation), version lock, history,
submission key, sheet validation and cache renewal are those of every hand. What
duplicate adds is checked here first: the table plays this board in this round, the
dealer is the board's, and a board the app dealt refuses a result its cards
contradict (scoring.cards.contradictions), with the engine's error at the field.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from scoring import deal_checks

from ..errors import EventError
from ..models import AuditEntry, Board, Hand, Seat, SpecialResult, Table
from ..models.duplicate import boards_of_set, orientation_letter
from ..rules import boards as board_rules
from ..selectors import access
from ..selectors.access import Actor, can_score
from ..selectors.board_visibility import may_enter_at
from . import audit
from .cache import touch
from .hands import HandConflict, SavedHand, SheetLocked, engine_hand, save_hand, table_seats
from .results import refresh_event_results

User = AbstractBaseUser | AnonymousUser


class WrongBoard(PermissionDenied):
    """The board is not one of the boards this table plays in its round."""


class RoundNotOpen(PermissionDenied):
    """The table's round is not open yet (rules.board_visibility): its boards are still
    being played at other tables."""


def plays_board(table: Table, board: Board) -> bool:
    event = table.round.event
    return (
        table.board_set is not None
        and board.event_id == event.pk
        and board.number in boards_of_set(table.board_set, event.deals_per_round or 1)
    )


def round_not_open(table: Table) -> str:
    return _(
        "Round %(number)s is not open yet: its boards are still being played at other "
        "tables. It opens once every board of the round before is entered (or settled by "
        "the organiser's ruling)."
    ) % {"number": table.round.number}


def seat_at(seats: Sequence[Seat], orientation: int) -> Seat | None:
    return next((seat for seat in seats if seat.position == orientation), None)


def prepare_hand(*, table: Table, board: Board, hand: Hand, seats: Sequence[Seat]) -> Hand:
    """The hand as a result of `board` at `table`: its board and the board's dealer."""
    hand.table = table
    hand.board = board
    dealer = seat_at(seats, board.dealer)
    hand.dealer_id = dealer.player_id if dealer is not None else None
    return hand


class DealContradicted(scoring.HandError):
    """A result the board's cards make impossible: the first contradiction, as the
    engine's errors are, and `errors`, every one (each shown at its own field)."""

    def __init__(self, errors: Sequence[scoring.HandError]) -> None:
        first = errors[0]
        super().__init__(first.field, first.code, first.message, **first.params)
        self.errors = list(errors)


def deal_contradictions(
    board: Board, hand: Hand, seats: Sequence[Seat], rules: scoring.RuleSet = scoring.FFT
) -> list[scoring.HandError]:
    """Every fact of the result the board's cards contradict (scoring.deal_checks);
    none for a board dealt by hand (its cards are unknown) or a passed hand. Ask once
    the engine accepts the hand."""
    if board.deal is None or hand.passed or len(seats) != 4:
        return []
    orientation_of = {seat.player_id: board_rules.letter(seat.position) for seat in seats}
    found = deal_checks.contradictions(
        board_rules.deal_from_json(board.deal), engine_hand(hand, seats), orientation_of, rules
    )
    return [contradiction.as_error() for contradiction in found]


def check_board_result(*, table: Table, board: Board, hand: Hand, seats: Sequence[Seat]) -> None:
    """Raise scoring.HandError when the engine refuses the hand, DealContradicted when
    the board's cards contradict it (the live preview and the save both ask)."""
    rules = table.round.event.rules
    scoring.validate(engine_hand(hand, seats), rules)
    errors = deal_contradictions(board, hand, seats, rules)
    if errors:
        raise DealContradicted(errors)


def save_board_result(
    *,
    table: Table,
    board: Board,
    hand: Hand,
    user: User,
    expected_version: int | None = None,
) -> SavedHand:
    """Enter (or edit, `hand` with a pk) the result of `board` at `table`.

    Raises WrongBoard, RoundNotOpen, scoring.HandError (the engine, or the board's cards) or
    HandConflict (changed meanwhile, or already entered by someone else), as save_hand
    does, before writing anything."""
    if not can_score(user, table):  # before anything of the board is checked (or told)
        raise SheetLocked(_("You may not enter results at this table."))
    if not plays_board(table, board):
        raise WrongBoard(_("This table does not play board %(number)s.") % {"number": board.number})
    if not may_enter_at(user, table):  # before the cards are checked: they would tell
        raise RoundNotOpen(round_not_open(table))
    seats = table_seats(table)
    prepare_hand(table=table, board=board, hand=hand, seats=seats)
    if hand.pk and hand.board_id != board.pk:
        raise HandConflict(None)
    check_board_result(table=table, board=board, hand=hand, seats=seats)
    return save_hand(table=table, hand=hand, user=user, expected_version=expected_version)


# --- the traveller, entered from paper --------------------------------------------------


@dataclass
class TravellerLine:
    """One table's line of a traveller to save: `hand` None leaves the line as it is."""

    table: Table
    hand: Hand | None
    expected_version: int | None = None


class TravellerRefused(Exception):
    """Some lines were refused; nothing of the traveller was saved. `errors` maps a
    table's id to the engine's error, or to a conflict."""

    def __init__(self, errors: dict[int, Exception]) -> None:
        super().__init__(_("Some lines could not be saved."))
        self.errors = errors


class _Refused(Exception):
    pass


def _onto_stored(hand: Hand, board: Board) -> Hand:
    """A correction as the stored row with the line's input fields (Hand.INPUT_FIELDS).

    The traveller builds each line on a bare Hand(pk=...), which has nothing but those
    fields: saved as it was, its number, timestamps and history went as NULL, an
    IntegrityError answered 500 at every correction of an entered line. A line whose
    result was deleted meanwhile is a conflict, as on the phone."""
    if hand.pk is None:
        return hand
    stored = Hand.objects.filter(pk=hand.pk, board=board).first()
    if stored is None:
        raise HandConflict(None)
    for name in Hand.INPUT_FIELDS:
        attname = Hand._meta.get_field(name).attname
        setattr(stored, attname, getattr(hand, attname))
    return stored


def save_traveller(*, by: Actor, board: Board, lines: Sequence[TravellerLine]) -> int:
    """Save every changed line of a board's traveller, all or nothing; returns how many
    were saved. Raises TravellerRefused with every line's error (the others are checked
    too, so that one pass shows every mistake)."""
    access.require_event(by, board.event)
    errors: dict[int, Exception] = {}
    saved = 0
    try:
        with transaction.atomic():
            for line in lines:
                if line.hand is None:
                    continue
                try:
                    save_board_result(
                        table=line.table,
                        board=board,
                        hand=_onto_stored(line.hand, board),
                        user=by,  # type: ignore[arg-type]
                        expected_version=line.expected_version,
                    )
                    saved += 1
                except (scoring.HandError, HandConflict, WrongBoard) as error:
                    errors[line.table.pk] = error
            if errors:
                raise _Refused
    except _Refused:
        raise TravellerRefused(errors) from None
    return saved


# --- special results --------------------------------------------------------------------


def _special_target(board: Board, table: Table, orientation: int | None) -> str:
    where = f"{board} · {table.round} · {table}"
    return where if orientation is None else f"{where} · {orientation_letter(orientation)}"


@transaction.atomic
def set_special_result(
    *, by: Actor, board: Board, table: Table, kind: str, orientation: int | None = None
) -> SpecialResult:
    """The arbiter's ruling on `board` at `table`, for one orientation or (None) the
    whole table; replaces the ruling given before for the same place."""
    event = board.event
    access.require_event(by, event)
    table = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__event")
        .get(pk=table.pk)
    )
    if not plays_board(table, board):
        raise EventError(
            _("This table does not play board %(number)s.") % {"number": board.number},
            field="table",
        )
    if kind not in SpecialResult.Kind.values:
        raise EventError(_("Choose a ruling."), field="kind")
    if orientation is not None and orientation not in range(4):
        raise EventError(_("Choose an orientation."), field="orientation")
    if kind == SpecialResult.Kind.FOULED and orientation is not None:
        raise EventError(
            _("A fouled board concerns the whole table: choose no orientation."),
            field="orientation",
        )
    SpecialResult.objects.filter(board=board, table=table, orientation=orientation).delete()
    special = SpecialResult.objects.create(
        board=board,
        table=table,
        kind=kind,
        orientation=orientation,
        set_by=by if getattr(by, "pk", None) is not None else None,
    )
    audit.record_event(
        by=by,
        event=event,
        action=AuditEntry.Action.RULING,
        target=_special_target(board, table, orientation),
        detail=str(special.get_kind_display()),
    )
    _changed(event.pk)
    return special


@transaction.atomic
def clear_special_result(*, by: Actor, special: SpecialResult) -> None:
    board = special.board
    access.require_event(by, board.event)
    target = _special_target(board, special.table, special.orientation)
    deleted, _count = SpecialResult.objects.filter(pk=special.pk).delete()
    if deleted:
        audit.record_event(
            by=by,
            event=board.event,
            action=AuditEntry.Action.RULING,
            target=target,
            detail=_("Ruling withdrawn: %(kind)s") % {"kind": special.get_kind_display()},
        )
    _changed(board.event_id)


def _changed(event_id: int) -> None:
    # No marque changed, but every percentage of the board may have: the places too.
    refresh_event_results(event_id=event_id, player_ids=())
    touch(events=[event_id])
