"""Each duplicate board's comparison, stored (models.BoardResult): one row per orientation
of every line compared, as rules.duplicate.compare_board gives it.

A board's comparison depends on its own traveller only (its lines' marques and
rulings), so a result saved, corrected or deleted, or a ruling set or withdrawn,
rewrites the rows of that board alone: one read of the board's lines (selectors.duplicate
with `numbers`), one comparison, one DELETE and one INSERT. The pages and the places
services.results stores then add up the stored rows instead of comparing the whole
event again (selectors.duplicate_stored). A change that may move every board (the
comparison method, a rescore, a deletion whose board the caller does not name) rewrites
them all, board by board in one pass.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import cast

from django.db.models import Case, Value, When

from ..models import ORIENTATIONS, Board, BoardResult, Event
from ..selectors.board_visibility import complete_boards
from ..selectors.duplicate import DuplicateData, duplicate_data
from ..selectors.duplicate_ranking import compare_board, method_of


def refresh_board_results(event: Event, board_ids: Collection[int] | None = None) -> int:
    """Bring the stored comparison of these boards of `event` (None: every board) in
    step with their travellers, and their Board.complete (rules.board_visibility,
    through selectors.board_visibility.complete_boards: the lines just read); returns
    how many rows it holds now. Runs inside the caller's transaction (the write that
    changed the boards)."""
    if board_ids is not None and not board_ids:
        return 0
    data = duplicate_data(event, board_ids=board_ids)
    _store_completion(event, board_ids, data)
    method = method_of(event)
    rows = [
        BoardResult(
            board_id=board.pk,
            # The comparison answers with the ids it was given: tables' and players' pks.
            table_id=cast(int, score.table),
            orientation=ORIENTATIONS.index(score.orientation),
            player_id=cast(int, score.player),
            marque=score.marque,
            special=score.special or "",
            compared=score.compared,
            rank=score.rank,
            matchpoints=score.matchpoints,
            exact_num=score.exact.numerator,
            exact_den=score.exact.denominator,
        )
        for board in data.boards.values()
        for score in compare_board(board, method)
    ]
    stored = BoardResult.objects.filter(board__event=event)
    if board_ids is not None:
        stored = BoardResult.objects.filter(board_id__in=sorted(board_ids))
    stored.delete()
    BoardResult.objects.bulk_create(rows, batch_size=2000)
    return len(rows)


def _store_completion(event: Event, board_ids: Collection[int] | None, data: DuplicateData) -> None:
    """Board.complete of the boards read, in one UPDATE (every board of the event when
    `board_ids` is None: a board without a table is not complete)."""
    complete = sorted(data.boards[number].pk for number in complete_boards(data))
    boards = Board.objects.filter(event=event)
    if board_ids is not None:
        boards = boards.filter(pk__in=sorted(board_ids))
    if complete:
        boards.update(complete=Case(When(pk__in=complete, then=Value(True)), default=Value(False)))
    else:
        boards.update(complete=False)
