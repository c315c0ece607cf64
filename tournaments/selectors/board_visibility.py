"""No peeking, as reads: tournaments.rules.board_visibility decides, this module asks it
about stored boards, rounds and hands.

- `public_view`: a duplicate event's data as anyone but its organisers may read it,
  the boards still to be played somewhere emptied of their results (compare it for the
  public ranking: percentages, places and board details then come from complete boards
  only).
- `hidden_hands`: the board results of some events that the public may not read yet
  (head-to-head, and the player pages' figures stored by services.results).
- `round_is_open`, `may_enter_at`: whether a round's tables may preview or enter their
  boards.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from ..models import Board, Event, Hand, Round, SpecialResult, Table
from ..models.duplicate import boards_of_set
from ..rules import board_visibility as rule
from . import access
from .access import Actor
from .duplicate import BoardInfo, DuplicateData, Line


def complete_boards(data: DuplicateData) -> set[int]:
    """The numbers of the boards every table that plays them has played (or had a
    ruling on): those anyone may read."""
    return {
        number
        for number, board in data.boards.items()
        if rule.board_complete(line.done for line in board.lines)
    }


def hidden_results(data: DuplicateData) -> set[int]:
    """The ids of the results (hands) entered on boards some table has still to play:
    hidden_hands for one event already read."""
    complete = complete_boards(data)
    return {
        line.result.hand_id
        for number, board in data.boards.items()
        if not rule.may_read_board(complete=number in complete, organiser=False)
        for line in board.lines
        if line.result is not None
    }


def _emptied(line: Line) -> Line:
    """The line without anything its result would tell (its players stay: the seating is
    public)."""
    return replace(
        line, result=None, marques=[None] * 4, specials={}, special_ids={}, scores=[None] * 4
    )


def _copied(line: Line) -> Line:
    # Copies of the lists a comparison writes on: the organiser's data stays as it was.
    return replace(
        line,
        marques=list(line.marques),
        specials=dict(line.specials),
        special_ids=dict(line.special_ids),
        scores=[None] * 4,
    )


def public_view(data: DuplicateData) -> DuplicateData:
    """The event's boards as the public may read them: complete boards whole, the others
    with no result on any line. Call on data not yet compared; compare the copy."""
    complete = complete_boards(data)
    boards: dict[int, BoardInfo] = {}
    for number, board in data.boards.items():
        keep = rule.may_read_board(complete=number in complete, organiser=False)
        lines = [_copied(line) if keep else _emptied(line) for line in board.lines]
        boards[number] = replace(board, lines=lines)
    return replace(data, boards=boards, scores=[])


def hidden_hands(event_ids: Iterable[int]) -> set[int]:
    """The ids of the board results, in these events, of boards some table has still to
    play: three queries for all the events (one when no duplicate event is among them;
    none for no event)."""
    ids = sorted(set(event_ids))
    if not ids:
        return set()
    # (event, board number) -> whether each line is done
    lines: dict[tuple[int, int], dict[int, bool]] = defaultdict(dict)
    tables = list(
        Table.objects.filter(
            round__event_id__in=ids,
            round__event__kind=Event.Kind.DUPLICATE,
            board_set__isnull=False,
        ).values_list("pk", "board_set", "round__event_id", "round__event__deals_per_round")
    )
    if not tables:
        return set()
    for table_id, board_set, event_id, per_round in tables:
        for number in boards_of_set(board_set, per_round or 1):
            lines[(event_id, number)][table_id] = False
    results: dict[tuple[int, int], list[int]] = defaultdict(list)
    hands = Hand.objects.filter(table__round__event_id__in=ids, board__isnull=False).values_list(
        "pk", "table_id", "board__event_id", "board__number"
    )
    for hand_id, table_id, event_id, number in hands:
        results[(event_id, number)].append(hand_id)
        if table_id in lines[(event_id, number)]:
            lines[(event_id, number)][table_id] = True
    rulings = SpecialResult.objects.filter(
        board__event_id__in=ids, orientation__isnull=True
    ).values_list("table_id", "board__event_id", "board__number")
    for table_id, event_id, number in rulings:
        if table_id in lines[(event_id, number)]:
            lines[(event_id, number)][table_id] = True
    return {
        hand_id
        for key, hand_ids in results.items()
        if not rule.may_read_board(
            complete=rule.board_complete(lines[key].values()), organiser=False
        )
        for hand_id in hand_ids
    }


def round_is_open(round_: Round) -> bool:
    """Whether the tables of this round of a duplicate event may preview and enter their
    boards (rules.board_visibility.round_open); three queries at most."""
    previous = (
        Round.objects.filter(event_id=round_.event_id, number__lt=round_.number)
        .order_by("-number")
        .first()
    )
    if previous is None:
        return rule.round_open(first=True, previous_locked=False, previous_done=False)
    if previous.status == Round.Status.LOCKED:
        return rule.round_open(first=False, previous_locked=True, previous_done=False)
    per_round = (
        Event.objects.filter(pk=round_.event_id).values_list("deals_per_round", flat=True).first()
    )
    expected = {
        (table_id, number)
        for table_id, board_set in previous.tables.filter(board_set__isnull=False).values_list(
            "pk", "board_set"
        )
        for number in boards_of_set(board_set, per_round or 1)
    }
    done = _played(table__round=previous)
    return rule.round_open(first=False, previous_locked=False, previous_done=expected <= done)


def _played(**where: Any) -> set[tuple[int, int]]:
    """The (table id, board number) played at the tables `where` selects (a lookup from
    a result, such as table__round=...): a result entered, or a ruling for the whole
    table. Two queries."""
    entered = Hand.objects.filter(board__isnull=False, **where)
    settled = SpecialResult.objects.filter(orientation__isnull=True, **where)
    return set(entered.values_list("table_id", "board__number")) | set(
        settled.values_list("table_id", "board__number")
    )


def playing_round(event: Event) -> int | None:
    """The number of the round a duplicate event is playing: the first round not locked
    with a board still to play at one of its tables (a result, or a ruling for the
    whole table, plays it), as round_is_open counts them; None once every board of every
    round is played. Three queries."""
    tables = Table.objects.filter(round__event=event, board_set__isnull=False).exclude(
        round__status=Round.Status.LOCKED
    )
    per_round = event.deals_per_round or 1
    expected = [
        (round_number, table_id, number)
        for round_number, table_id, board_set in tables.values_list(
            "round__number", "pk", "board_set"
        )
        for number in boards_of_set(board_set, per_round)
    ]
    done = _played(table__round__event=event)
    waiting = [number for number, table_id, board in expected if (table_id, board) not in done]
    return min(waiting, default=None)


def may_enter_at(user: Actor, table: Table) -> bool:
    """Whether `user` may preview or enter the boards of this duplicate table now
    (rules.board_visibility.may_enter_board); his right to score at the table is
    access.can_score's, asked first."""
    organiser = access.organises_event(user, table.round.event)
    if organiser:
        return True
    return rule.may_enter_board(round_is_open=round_is_open(table.round), organiser=False)


def board_is_complete(board_id: int) -> bool:
    """Whether every table that plays this board has played it (a result, or a ruling for
    the whole table), as stored by services.board_results (Board.complete: the rule
    over its lines, in the write that changed them); one query."""
    return bool(Board.objects.filter(pk=board_id).values_list("complete", flat=True).first())
