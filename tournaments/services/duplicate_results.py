"""Duplicate events: a board's result at a table, the organiser's traveller entry and
the arbiter's special results.

A board result is a Hand linked to its Board and written by services.hands.write_hand
(a scorekeeper's through services.hand_entry.enter_hand), so its ledger rows (the
marque of each orientation), version lock, history, submission key, sheet validation
and cache renewal are those of every hand. What duplicate adds is checked here first:
the table plays this board in this round, the dealer is the board's, and a board the
app dealt refuses a result its cards contradict (scoring.cards.contradictions), with
the engine's error at the field (check_board_entry, under the table's lock).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import transaction
from django.utils.translation import gettext as _

import scoring

from ..errors import Conflict, NotAllowed, NotFound, Refused
from ..models import AuditEntry, Board, Hand, Seat, SpecialResult, Table, audit_text
from ..models.duplicate import boards_of_set, orientation_letter
from ..rules import board_entry
from ..rules import boards as board_rules
from ..rules.board_entry import DealContradicted, NamedTakerRefused
from ..selectors import access
from ..selectors.access import Actor, can_score
from ..selectors.board_visibility import may_enter_at
from . import audit
from .cache import touch
from .hands import (
    REFUSALS,
    SavedHand,
    back_office_refusal,
    changed_meanwhile,
    engine_hand,
    table_seats,
    write_hand,
)
from .results import refresh_event_results
from .table_lock import LockedTable, lock_table

User = AbstractBaseUser | AnonymousUser


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


def deal_contradictions(
    board: Board, hand: Hand, seats: Sequence[Seat], rules: scoring.RuleSet = scoring.FFT
) -> list[scoring.HandError]:
    """Every fact of the result the board's cards contradict (rules.board_entry, the
    browser's code too); none for a board dealt by hand (its cards are unknown) or a
    passed hand. Ask once the engine accepts the hand."""
    if board.deal is None or hand.passed or len(seats) != 4:
        return []
    return board_entry.deal_contradictions(
        board.deal, engine_hand(hand, seats), _orientation_codes(seats), rules
    )


def _orientation_codes(seats: Sequence[Seat]) -> dict[int, str]:
    """Each player's orientation as the deal names it ("N", "E", "S", "W")."""
    return {seat.player_id: board_rules.letter(seat.position) for seat in seats}


def named_taker_error(board: Board, hand: Hand, seats: Sequence[Seat]) -> NamedTakerRefused | None:
    """Why the result does not follow the taker (and the contract, when the organiser
    fixed one) the board names; None when it does, or when the tables bid freely
    (rules.board_entry, the browser's code too)."""
    named = board.named_taker
    seat = seat_at(seats, named) if named is not None else None
    contract = board.named_contract
    return board_entry.named_taker_error(
        number=board.number,
        named_orientation=orientation_letter(named) if named is not None else None,
        named_player=seat.player_id if seat is not None else None,
        named_contract=contract,
        contract_label=Hand.Contract(contract).label if contract else "",
        passed=hand.passed,
        taker=hand.taker_id,
        contract=hand.contract,
    )


def check_board_result(
    *,
    table: Table,
    board: Board,
    hand: Hand,
    seats: Sequence[Seat],
    ruling: bool = False,
    cards: bool = True,
) -> None:
    """Raise scoring.HandError when the engine refuses the hand, NamedTakerRefused when
    the taker is not the board's (unless the organiser enters it as a `ruling`),
    DealContradicted when the board's cards contradict it. The live preview asks with
    `cards` False: its answers are not audited, and tried again and again they would
    tell a player the others' trumps and oudlers before play; the save checks the cards
    (and a refusal by them is audited: services.hand_entry)."""
    if not ruling and (refused := named_taker_error(board, hand, seats)) is not None:
        raise refused
    rules = table.round.event.rules
    scoring.validate(engine_hand(hand, seats), rules)
    errors = deal_contradictions(board, hand, seats, rules) if cards else []
    if errors:
        raise DealContradicted(errors)


def note_deal_refusal(
    *, by: User, table_id: int, board_number: int, refused: scoring.HandError
) -> None:
    """Write to the event's audit trail a scorekeeper's result refused by the board's
    cards (DealContradicted, once the write's transaction is undone): the table, the
    board, who, when and (for the arbiter, on the traveller) what the cards contradict.
    The scorekeeper was told only which entry does not match: a player trying results
    one after another to learn the others' cards leaves a line each time. Nothing for
    another refusal."""
    errors = getattr(refused, "errors", [refused])
    found = [e for e in errors if str(getattr(e, "code", "")).startswith("deal_")]
    if not found:
        return
    table = Table.objects.select_related("round__event").get(pk=table_id)
    board = Board.objects.filter(event_id=table.round.event_id, number=board_number).first()
    if board is None or board.deal is None:
        return
    event = table.round.event
    audit.record(
        by=by,
        club=event.club_id,
        event=event,
        action=AuditEntry.Action.DEAL_REFUSED,
        target=[
            event,
            audit_text.value("round", table.round.number),
            audit_text.value("table", table.number),
            audit_text.value("board", board.number),
        ],
        lines=[audit_text.line(error.code, **_arbiter_params(error.params)) for error in found],
    )


def _arbiter_params(params: dict[str, Any]) -> dict[str, Any]:
    """A contradiction's values as the trail stores them: JSON, the seats as codes."""
    kept: dict[str, Any] = {}
    for key, value in params.items():
        if key in ("orientation", "holder"):
            kept[key] = audit_text.value("holder", str(value))
        elif key == "value" and "orientation" in params:
            continue  # a poignée's player: named by his orientation
        else:
            plain = isinstance(value, int | str | bool) or value is None
            kept[key] = value if plain else str(value)
    return kept


def check_board_entry(
    *,
    locked: LockedTable,
    board: Board | None,
    user: User,
    hand: Hand | None = None,
    ruling: bool = False,
) -> None:
    """Raise why a result of `board` may not be entered at the table `locked` by the
    caller (services.table_lock.lock_table). In this order, so that nothing of the
    board is told to who may not see it: NotAllowed (not a scorekeeper here; the round
    not open yet), NotFound (`board` None: no such board; or one this table does not
    play); then, given the result
    `hand` (made the board's: prepare_hand), the engine's, the board's taker's or the
    board's cards' HandError;
    `ruling`: the organiser enters a taker other than the board's (save_board_result
    checks he organises the event)."""
    table, seats = locked.table, locked.seats
    if not can_score(user, table):  # before anything of the board is checked (or told)
        raise NotAllowed(_("You may not enter results at this table."), target=table)
    if not may_enter_at(user, table):
        raise NotAllowed(round_not_open(table), reason=NotAllowed.ROUND_NOT_OPEN, target=table)
    if board is None:  # no such board at the event
        raise NotFound()
    if not plays_board(table, board):
        raise NotFound(_("This table does not play board %(number)s.") % {"number": board.number})
    if hand is not None:
        prepare_hand(table=table, board=board, hand=hand, seats=seats)
        check_board_result(table=table, board=board, hand=hand, seats=seats, ruling=ruling)


def save_board_result(
    *,
    table: Table,
    board: Board,
    hand: Hand,
    user: User,
    expected_version: int | None = None,
    ruling: bool = False,
) -> SavedHand:
    """Enter (or edit, `hand` with a pk) the result of `board` at `table`, in the
    caller's transaction (the traveller's) or its own: check_board_entry then write_hand
    under the table's lock. Raises PermissionDenied (not allowed), NotFound,
    scoring.HandError or Conflict (changed meanwhile, or already entered by someone
    else) before writing anything."""
    if ruling:  # before the transaction: a refusal raised in it would break the caller's
        access.require_event(user, table.round.event)
    # Raised once the block is left, as save_hand does: the traveller goes on after one.
    with transaction.atomic(savepoint=False):
        locked = lock_table(table_id=table.pk, user=user)
        try:
            check_board_entry(locked=locked, board=board, user=user, hand=hand, ruling=ruling)
            return write_hand(
                locked=locked, hand=hand, user=user, expected_version=expected_version
            )
        except (*REFUSALS, NotFound) as error:
            refused = error
    raise back_office_refusal(refused)


# --- the traveller, entered from paper --------------------------------------------------


@dataclass
class TravellerLine:
    """One table's line of a traveller to save: `hand` None leaves the line as it is."""

    table: Table
    hand: Hand | None
    expected_version: int | None = None
    # The organiser's ruling: the line may name a taker other than the board's.
    ruling: bool = False


class TravellerRefused(Refused):
    """Some lines were refused; nothing of the traveller was saved. `lines` maps a
    table's id to the engine's error, a conflict, or a result not found."""

    def __init__(self, errors: dict[int, Exception]) -> None:
        super().__init__(_("Some lines could not be saved."), code="traveller")
        self.lines = errors


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
        raise changed_meanwhile(None)
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
                        user=by,  # type: ignore[arg-type]  # the SystemActor writes demo data too
                        expected_version=line.expected_version,
                        ruling=line.ruling,
                    )
                    saved += 1
                    _audit_taker_ruling(by, board, line)
                except (scoring.HandError, Conflict, NotFound) as error:
                    errors[line.table.pk] = error
            if errors:
                raise _Refused
    except _Refused:
        raise TravellerRefused(errors) from None
    return saved


def _audit_taker_ruling(by: Actor, board: Board, line: TravellerLine) -> None:
    """A line that departs from the board's taker is the organiser's ruling: said in
    the event's trail (who, when, which table, which taker)."""
    hand = line.hand
    if (
        not line.ruling
        or hand is None
        or named_taker_error(board, hand, table_seats(line.table)) is None
    ):
        return
    seats = {seat.player_id: seat.position for seat in table_seats(line.table)}
    taker = seats.get(hand.taker_id) if hand.taker_id else None
    named = board.named_taker
    audit.record_event(
        by=by,
        event=board.event,
        action=AuditEntry.Action.RULING,
        target=_special_target(board, line.table, None),
        lines=[
            audit_text.line(
                "taker_ruling",
                taker=audit_text.value("taker", taker),
                contract=audit_text.value("contract", hand.contract),
                named=audit_text.value("taker", named),
            )
        ],
    )


# --- special results --------------------------------------------------------------------


def _special_target(board: Board, table: Table, orientation: int | None) -> list[Any]:
    where = [
        audit_text.value("board", board.number),
        audit_text.value("round", table.round.number),
        audit_text.value("table", table.number),
    ]
    return where if orientation is None else [*where, audit_text.value("orientation", orientation)]


@transaction.atomic
def set_special_result(
    *, by: Actor, board: Board, table: Table, kind: str, orientation: int | None = None
) -> SpecialResult:
    """The arbiter's ruling on `board` at `table`, for one orientation or (None) the
    whole table; replaces the ruling given before for the same place."""
    event = board.event
    access.require_event(by, event)
    table = (
        Table.objects.select_for_update(no_key=True, of=("self",))
        .select_related("round__event")
        .get(pk=table.pk)
    )
    if not plays_board(table, board):
        raise Refused(
            _("This table does not play board %(number)s.") % {"number": board.number},
            field="table",
        )
    if kind not in SpecialResult.Kind.values:
        raise Refused(_("Choose a ruling."), field="kind")
    if orientation is not None and orientation not in range(4):
        raise Refused(_("Choose an orientation."), field="orientation")
    if kind == SpecialResult.Kind.FOULED and orientation is not None:
        raise Refused(
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
        lines=[audit_text.line("ruling", kind=audit_text.value("ruling", special.kind))],
    )
    _changed(event.pk, board.pk)
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
            lines=[
                audit_text.line("ruling_withdrawn", kind=audit_text.value("ruling", special.kind))
            ],
        )
    _changed(board.event_id, board.pk)


def _changed(event_id: int, board_id: int) -> None:
    # No marque changed, but every percentage of the board may have (its stored
    # comparison, services.board_results, is the only one rewritten), and so every
    # place; a ruling for a whole table may complete the board or stop it being
    # complete, so every player's public figures are worked out again.
    refresh_event_results(event_id=event_id, player_ids=(), boards=[board_id])
    touch(events=[event_id])
