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
