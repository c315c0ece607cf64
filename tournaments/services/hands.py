"""Writes: every change to hands and scores goes through these functions.

The engine is the only place scores are computed; `score_stored_hand` is the
one adapter from a stored hand to the engine's input, and `write_hand` writes the
hand and its score rows under its table's and event's locks. A scorekeeper's post
goes through services.hand_entry.enter_hand (the submission key, the lock, the board's
checks, then write_hand), its deletion through hand_entry.delete_entered_hand
(remove_hand); `save_hand` and `delete_hand` are the same writes for the back office,
scripts and tests, each in a transaction of its own.

Validating and reopening a sheet are in sheets.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

import scoring

from ..errors import Conflict, NotAllowed, Refused
from ..models import Event, Hand, HandScore, Player, Round, Seat, Table
from ..selectors import access
from ..selectors.access import Actor, can_score
from .cache import touch
from .results import refresh_event_results
from .table_lock import LockedTable, lock_table, locked_event

User = AbstractBaseUser | AnonymousUser


def changed_meanwhile(current: Hand | None) -> Conflict:
    """The hand changed (or went) since the form was opened: somebody else saved first."""
    return Conflict(
        _("This hand was changed by someone else since you opened it."), current=current
    )


STORED_HAND = "stored_hand"


def stored_hand_refused(hand: Hand, error: scoring.HandError) -> Refused:
    """A stored hand the engine refuses (its rules changed, or it was saved before the
    engine learnt to refuse it): the engine's message and field, and which hand it is
    (`params["hand"]`)."""
    return Refused(
        error.message,
        field=error.field,
        code=STORED_HAND,
        params={**error.params, "engine_code": error.code, "hand": hand},
    )


# --- the adapter to the engine -----------------------------------------------


def engine_hand(hand: Hand, seats: Sequence[Seat]) -> scoring.Hand:
    """The engine's view of a (possibly unsaved) hand at a table: players by id."""
    players = tuple(seat.player_id for seat in seats)

    def entries(raw: Any, cls: type) -> tuple[Any, ...]:
        return tuple(cls(player=item.get("player"), size=item.get("size")) for item in raw or [])

    return scoring.Hand(
        players=players,
        taker=hand.taker_id,
        contract=hand.contract or None,
        partner=hand.partner_id,
        oudlers=hand.oudlers,
        points=Fraction(str(hand.points)),
        petit_au_bout=hand.petit_au_bout or None,
        poignees=entries(hand.poignees, scoring.Poignee),
        chelem=scoring.Chelem(announced=hand.chelem_announced, made_by=hand.chelem_made_by or None),
        miseres=entries(hand.miseres, scoring.Misere),
        sitting_out=hand.sitting_out_id,
    )


def score_stored_hand(
    hand: Hand, seats: Sequence[Seat], rules: scoring.RuleSet
) -> scoring.HandResult:
    """Score a hand; raises scoring.HandError naming the field at fault."""
    return scoring.score_hand(engine_hand(hand, seats), rules)


def apply_table_mode(hand: Hand, table: Table, seats: Sequence[Seat]) -> None:
    """At a table of 5 where the dealer sits out, the dealer scores 0 this hand."""
    if len(seats) == 5 and table.five_mode == Table.FiveMode.DEALER_OUT:
        hand.sitting_out_id = hand.dealer_id
    else:
        hand.sitting_out_id = None


def preview_hand(*, table: Table, hand: Hand) -> scoring.HandResult:
    """The scores a hand would get, without writing anything (live form preview)."""
    seats = table_seats(table)
    apply_table_mode(hand, table, seats)
    return score_stored_hand(hand, seats, table.round.event.rules)


def table_seats(table: Table) -> list[Seat]:
    return list(table.seats.select_related("player").order_by("position"))


# --- writes ------------------------------------------------------------------


@dataclass(frozen=True)
class SavedHand:
    hand: Hand
    result: scoring.HandResult


def score_rows(hand: Hand, table: Table, result: scoring.HandResult) -> list[HandScore]:
    """The ledger rows of a scored hand: one per player, checked to sum to zero."""
    if sum(result.scores.values()) != 0:  # the engine guarantees it; the ledger checks it
        raise AssertionError(f"hand {hand.pk} does not sum to zero: {result.scores}")
    return [
        HandScore(
            hand=hand,
            player_id=cast(int, player_id),  # the engine keys scores by the ids it was given
            event_id=table.round.event_id,
            round_id=table.round_id,
            table=table,
            points=points,
            is_taker=player_id == hand.taker_id,
            contract_made=result.made if player_id == hand.taker_id else None,
        )
        for player_id, points in result.scores.items()
    ]


# What write_hand raises instead of storing the hand: the engine's refusal, a conflict,
# or not allowed, each found before the first write.
REFUSALS = (scoring.HandError, Conflict, NotAllowed)


def save_hand(
    *,
    table: Table,
    hand: Hand,
    user: User,
    expected_version: int | None = None,
    opened_as: int | None = None,
) -> SavedHand:
    """Create or update a hand and rewrite its score rows, all or nothing: write_hand in
    a transaction of its own (or the caller's), for the back office, scripts and tests.
    Raises scoring.HandError, Conflict, or PermissionDenied (not allowed)."""
    # No savepoint (two statements of the fourteen a save may cost): the refusals all
    # come before the first write and are raised once the block is left (an error that
    # leaves a block without a savepoint breaks the caller's transaction), so a caller
    # inside a transaction can go on after one; any other failure undoes the caller's
    # transaction, as it would anyway.
    with transaction.atomic(savepoint=False):
        locked = lock_table(table_id=table.pk, user=user)
        try:
            return write_hand(
                locked=locked,
                hand=hand,
                user=user,
                expected_version=expected_version,
                opened_as=opened_as,
            )
        except REFUSALS as error:
            refused = error
    raise back_office_refusal(refused)


def back_office_refusal(error: Exception) -> Exception:
    """A refusal as the back office, scripts and tests are answered: not allowed as
    Django's PermissionDenied (the access checks' error), the others as raised."""
    if isinstance(error, NotAllowed):
        return PermissionDenied(error.message)
    return error


def write_hand(
    *,
    locked: LockedTable,
    hand: Hand,
    user: User,
    expected_version: int | None = None,
    opened_as: int | None = None,
) -> SavedHand:
    """Check, score and store a hand at a table `locked` in the caller's transaction
    (services.table_lock.lock_table), with its score rows, results and pages' version.

    `hand` carries the new inputs (unsaved instance, or an instance with pk for an
    edit); `expected_version` is the version the editor started from. Locks: the
    table's row (the caller's) for the checks and the engine, the event's row from the
    writes to the commit (services.table_lock). `opened_as`: the number a new hand's
    form was opened for; a Conflict with `next_number` when that hand has been stored
    since (None: stored as the next hand, as a script posts it). Refusals are raised
    before anything is written: NotAllowed, Conflict, or the engine's scoring.HandError."""
    table, seats = locked.table, locked.seats
    if not can_score(user, table):
        raise NotAllowed(_("You may not enter hands at this table."), target=table)
    apply_table_mode(hand, table, seats)
    result = score_stored_hand(hand, seats, table.round.event.rules)

    if (table.board_set is None) != (hand.board_id is None):
        # A duplicate table takes board results only (services.duplicate_results), and
        # a board result goes to a duplicate table only.
        raise NotAllowed(
            _("At this table results are entered board by board."),
            reason=NotAllowed.BOARD_BY_BOARD,
            target=table,
        )
    if hand.pk:
        current = (
            Hand.objects.select_for_update(no_key=True).filter(pk=hand.pk, table=table).first()
        )
        if current is None or current.version != expected_version:
            raise changed_meanwhile(current)
        if current.board_id != hand.board_id:
            raise changed_meanwhile(current)
        hand.version = current.version + 1
        hand.number = current.number
    elif hand.board_id is not None:
        # One result per board and table: a second scorekeeper entering the same board
        # sees the result saved first, as after any concurrent edit.
        current = table.hands.filter(board_id=hand.board_id).first()
        if current is not None:
            raise changed_meanwhile(current)
        hand.number = hand.board.number  # the sheet lists a duplicate table's boards
        hand.version = 1
    # Only now the event's row: every save at an event rewrites its places, so saves at
    # one event queue here, and what came before (the checks, the engine, the board's
    # in enter_hand) ran beside other tables' saves under their own table's lock (issue
    # 21: the event was locked for the whole save). Lock order, as every writer takes
    # them: table, then round, then event.
    # A round cannot lock meanwhile: it locks once every sheet is validated, and this
    # table's (its lock is held) was not (can_score above).
    event = locked_event(event_id=table.round.event_id, table_id=table.pk)
    if event.rules_json != table.round.event.rules_json:
        # The rule set changed while this hand was scored (services.events.update_event
        # rescored every stored hand, not this one, still uncommitted): scored again.
        result = score_stored_hand(hand, seats, event.rules)
    if hand.pk is None and hand.board_id is None:
        last = event.last_number or 0
        if opened_as is not None and opened_as <= last:
            taken = changed_meanwhile(table.hands.filter(number=opened_as).first())
            taken.next_number = last + 1
            raise taken
        hand.number = last + 1
        hand.version = 1
    table.round.event = event
    hand.table = table
    hand.entered_by = user if user.is_authenticated else None
    new = hand.pk is None
    hand.save()
    if not new:  # a new hand has no rows yet: one DELETE fewer
        HandScore.objects.filter(hand=hand).delete()
    HandScore.objects.bulk_create(score_rows(hand, table, result))
    # The event's row is locked above: the refresh need not lock it again.
    refresh_event_results(
        event_id=table.round.event_id,
        player_ids=[seat.player_id for seat in seats],
        event=table.round.event,
        saved_board=hand.board_id,
        new_result=new,
    )
    touch(events=[table.round.event])  # its public pages, on commit (services.cache)
    return SavedHand(hand=hand, result=result)


@transaction.atomic
def delete_hand(*, hand: Hand, user: User, expected_version: int) -> None:
    """Delete a hand (remove_hand) in a transaction of its own (a savepoint in the
    caller's), for the back office, scripts and tests. Raises Conflict, or
    PermissionDenied (not allowed)."""
    try:
        remove_hand(hand=hand, user=user, expected_version=expected_version)
    except NotAllowed as refused:
        raise back_office_refusal(refused) from refused


def remove_hand(*, hand: Hand, user: User, expected_version: int) -> Table:
    """Delete a hand in the caller's transaction, its table's row locked here, with its
    score rows, and number the table's later hands down; returns the table. Raises
    NotAllowed (its target: the table) or Conflict (changed or deleted since
    `expected_version`) before anything is deleted."""
    table = (
        Table.objects.select_for_update(no_key=True).select_related("round").get(pk=hand.table_id)
    )
    if not can_score(user, table):
        raise NotAllowed(_("You may not change hands at this table."), target=table)
    current = Hand.objects.select_for_update(no_key=True).filter(pk=hand.pk).first()
    if current is None or current.version != expected_version:
        raise changed_meanwhile(current)
    current._change_reason = Hand.ChangeReason.DELETED.value  # kept by django-simple-history
    current.delete()
    if current.board_id is None:
        # A board's result is numbered by its board (write_hand), never renumbered:
        # board 32 stays 32 when board 7 is deleted, and board 7 can be entered again.
        _close_the_gap(table, after=current.number)
    refresh_event_results(
        event_id=table.round.event_id,
        player_ids=list(table.seats.values_list("player_id", flat=True)),
        # A duplicate board's result: that board's stored comparison only.
        boards=None if current.board_id is None else [current.board_id],
    )
    touch(events=[table.round.event_id])
    return table


def _close_the_gap(table: Table, *, after: int) -> None:
    """Number the table's later hands down by one, so the sheet, the history and the
    charts count 1, 2, 3... alike after a deletion.

    One save per hand, lowest first: each takes the number just freed, so the unique
    (table, number) is never broken, and each renumbering is a history record of its
    own (reason RENUMBERED). Only the number changes: the dealer (and so who sat out)
    is stored with each hand and stays; the version does not change either, because
    it guards what the scorekeeper typed: a form still open on a renumbered hand saves
    onto the same hand, which keeps its new number (write_hand reads it from the row).
    The table's row is locked by the caller, as write_hand's caller locks it, so no hand is
    numbered meanwhile."""
    for hand in table.hands.filter(number__gt=after).order_by("number"):
        hand.number -= 1
        hand._change_reason = Hand.ChangeReason.RENUMBERED.value
        hand.save(update_fields=["number"])


@transaction.atomic
def rescore_event(*, event: Event) -> int:
    """Recompute every score row of an event from the stored inputs and rules; all or
    nothing: Refused (code STORED_HAND) names the first hand the engine refuses."""
    rules = event.rules
    tables = (
        Table.objects.filter(round__event=event)
        .select_related("round")
        .prefetch_related("seats", "hands")
    )
    rows: list[HandScore] = []
    count = 0
    for table in tables:
        seats = sorted(table.seats.all(), key=lambda s: s.position)
        for hand in table.hands.all():
            try:
                result = score_stored_hand(hand, seats, rules)
            except scoring.HandError as error:
                # All or nothing: the event keeps its scores, and the caller learns
                # which hand to correct.
                raise stored_hand_refused(hand, error) from error
            rows.extend(score_rows(hand, table, result))
            count += 1
    HandScore.objects.filter(event=event).delete()
    HandScore.objects.bulk_create(rows, batch_size=2000)
    refresh_event_results(event_id=event.pk)
    touch(events=[event])
    return count


@transaction.atomic
def seat_table(
    *,
    by: Actor,
    round: Round,
    number: int,
    players: Sequence[Player],
    five_mode: str = Table.FiveMode.CALLED_KING,
    scorekeepers: Sequence[Any] = (),
) -> Table:
    """Create a table with its seats in the given order (position 1 deals first).

    The building block of add_table and of a tournament round's draw, which audit the
    seating; `by` must organise the round's event."""
    access.require_event(by, round.event)
    if not 3 <= len(players) <= 5:
        raise ValueError(_("A table seats 3, 4 or 5 players."))
    table = Table.objects.create(round=round, number=number, five_mode=five_mode)
    Seat.objects.bulk_create(
        Seat(table=table, player=player, position=i) for i, player in enumerate(players, 1)
    )
    if scorekeepers:
        table.scorekeepers.set(scorekeepers)
    touch(events=[round.event_id])
    return table
