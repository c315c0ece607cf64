"""A board saved at a table rewrites only what it changes (services.results): while some
table has still to play the board, nothing public changes and the stored results are
left alone; the result that completes it, and a correction after, bring them in step.
After any sequence of saves the stored results equal a rebuild from the ledger."""

from __future__ import annotations

from decimal import Decimal

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import Board, EventResult, Hand, Table
from tournaments.services.duplicate_results import save_board_result
from tournaments.services.results import stale_event_results

from .helpers import enter_board


def stored(event) -> dict:
    return {
        row.player_id: (row.total, row.hands, row.rank, row.running)
        for row in EventResult.objects.filter(event=event)
    }


def test_saves_at_a_board_still_to_play_leave_the_results_and_stay_cheap(seated_event, organiser):
    tables = list(
        Table.objects.filter(round__event=seated_event, board_set=1).order_by("round__number")
    )
    enter_board(tables[0], 1, organiser)
    before = stored(seated_event)
    with CaptureQueriesContext(connection) as mid_event:
        enter_board(tables[1], 1, organiser, points=Decimal(50))
    assert stored(seated_event) == before  # board 1 is still to play at 3 tables
    assert stale_event_results() == []
    for table in tables[2:-1]:
        enter_board(table, 1, organiser)
    with CaptureQueriesContext(connection) as completing:
        enter_board(tables[-1], 1, organiser, points=Decimal(61))
    assert stored(seated_event) != before
    assert stale_event_results() == []
    # A correction of the complete board: its table's players' figures, everybody's place.
    hand = Hand.objects.get(table=tables[0], board__number=1)
    hand.points = Decimal(70)
    save_board_result(
        table=tables[0],
        board=Board.objects.get(event=seated_event, number=1),
        hand=hand,
        user=organiser,
        expected_version=hand.version,
    )
    assert stale_event_results() == []
    # The write at a board still to play skips the whole event's comparison.
    assert len(mid_event) < len(completing) - 8, (len(mid_event), len(completing))
