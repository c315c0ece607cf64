"""Entering board results as the services do, for the duplicate tests."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from tournaments.models import Board, Hand, Table
from tournaments.services.duplicate_results import save_board_result
from tournaments.services.hands import table_seats


def enter_board(table: Table, number: int, user: Any, *, taker: int = 1, **fields: Any) -> Hand:
    """Board `number` at `table`: by default East takes a garde, 2 oudlers, 45 points."""
    seats = table_seats(table)
    values: dict[str, Any] = {
        "contract": "garde",
        "taker_id": seats[taker].player_id,
        "oudlers": 2,
        "points": Decimal(45),
    }
    values.update(fields)
    board = Board.objects.get(event=table.round.event, number=number)
    return save_board_result(table=table, board=board, hand=Hand(**values), user=user).hand


def play_everywhere(table: Table, number: int, user: Any) -> list[Table]:
    """Board `number` entered at every table that plays it, `table` first: complete, so
    that the public may see it (rules.board_visibility). The tables, in that order."""
    from tournaments.services.duplicate_results import plays_board

    board = Board.objects.get(event=table.round.event, number=number)
    others = Table.objects.filter(round__event=table.round.event).exclude(pk=table.pk)
    tables = [
        table,
        *(t for t in others.order_by("round__number", "number") if plays_board(t, board)),
    ]
    for each in tables:
        enter_board(each, number, user)
    return tables
