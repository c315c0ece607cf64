"""The rule "one service owns a hand's write": a view posts a hand through
services.hand_entry.enter_hand, once, and maps its outcome (views.errors). The steps
enter_hand runs in its own transaction (the table's lock, the write, the key) are not
the views' to call: a view that calls one of them opens the write path again.

The back office (tournaments/admin) keeps save_hand and save_board_result, the
raising forms of the same write; the organiser's traveller goes through
services.duplicate_results.save_traveller."""

from __future__ import annotations

import ast
from pathlib import Path

VIEWS = Path(__file__).resolve().parents[2] / "tournaments" / "views"

# The write's steps, and the raising forms of the write, by name.
NOT_FOR_VIEWS = {
    "save_hand",
    "write_hand",
    "save_board_result",
    "check_board_entry",
    "delete_hand",
    "remove_hand",
    "lock_table",
    "locked_event",
}


def steps_called(source: str) -> list[str]:
    """Every name of NOT_FOR_VIEWS that `source` imports, names or reads as an attribute."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, ast.Name):
            names = [node.id]
        else:
            continue
        found += [name for name in names if name in NOT_FOR_VIEWS]
    return found


def test_views_enter_hands_through_enter_hand_only():
    found = {
        path.name: steps
        for path in sorted(VIEWS.glob("*.py"))
        if (steps := steps_called(path.read_text(encoding="utf-8")))
    }
    assert not found, f"views call enter_hand (views.hand_entry.enter), not: {found}"
    entry = (VIEWS / "hand_entry.py").read_text(encoding="utf-8")
    assert "enter_hand(" in entry


def test_the_check_sees_a_view_that_saves_a_hand_itself():
    """The check bites: each way a view could reach the write's steps is found."""
    assert steps_called("from ..services.hands import save_hand") == ["save_hand"]
    assert steps_called("hand_services.save_hand(table=t, hand=h, user=u)") == ["save_hand"]
    assert steps_called("services.save_board_result(table=t, board=b, hand=h, user=u)") == [
        "save_board_result"
    ]
    assert steps_called("from ..services.table_lock import lock_table") == ["lock_table"]
    assert steps_called("hand_entry.enter_hand(user=u)") == []
