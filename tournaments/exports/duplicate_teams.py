"""The sheet of a team match's teams board by board in the duplicate workbook
(exports.duplicate appends it): one row per team and board, in the ranking's order,
with what selectors.duplicate_team_figures gives the team match page.

Every figure is a number, not text, so that an arbiter recomputes the ranking in the
spreadsheet: each member's marque in a column of its own (their sum is the team's
result on the board), the board's value on the team scale and the running total
unrounded (their mean, or their sum, rounded to two decimals, is the session result,
which the team's last row also holds as the ranking gives it).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

from ..models import Event
from ..rules import team_match as team_rules
from ..selectors.duplicate_penalties import PenaltyInfo
from ..selectors.duplicate_ranking import DuplicateRow
from ..selectors.duplicate_team_figures import session_is_mean, team_figures
from .writer import INTEGER, SCORE, Column, Sheet

PERCENT = "0.00"
SIGNED = "+0.00;-0.00;0.00"


def _exact(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def team_figures_sheets(
    event: Event, rows: list[DuplicateRow], penalties: list[PenaltyInfo] | None = None
) -> list[Sheet]:
    """The sheet « Teams by board » of a team match (none for another event), from the
    workbook's rows and penalties (those its teams sheet ranks on)."""
    if not event.team_match:
        return []
    teams = team_figures(rows, event, penalties)
    mean = session_is_mean(event)
    slots = max(
        [team_rules.players_per_board(event.team_size)]
        + [len(board.members) for team in teams for board in team.boards]
    )
    value_format = PERCENT if mean else SIGNED
    columns = [
        Column(_("Rank"), 7, INTEGER),
        Column(_("Team"), 20),
        Column(_("Board"), 7, INTEGER),
    ]
    for slot in range(1, slots + 1):
        columns += [
            Column(_("Player %(number)s") % {"number": slot}, 22),
            Column(_("Marque %(number)s") % {"number": slot}, 10, SCORE),
        ]
    columns += [
        Column(_("Sum"), 9, SCORE),
        Column(_("Percentage") if mean else _("Points"), 12, value_format),
        Column(_("Ruling"), 36),
        Column(_("Running total"), 12, value_format),
    ]
    if mean:
        columns.append(Column(_("Running mean"), 12, PERCENT))
    columns += [
        Column(_("Penalty"), 9, "0.##"),
        Column(_("Session result"), 12, value_format),
    ]

    def lines() -> Iterator[list[Any]]:
        for team in teams:
            for index, board in enumerate(team.boards):
                last = index == len(team.boards) - 1
                values: list[Any] = [team.rank or None, team.name, board.number]
                for slot in range(slots):
                    member = board.members[slot] if slot < len(board.members) else None
                    values += [member.name, member.marque] if member else [None, None]
                values += [
                    board.result,
                    _exact(board.exact),
                    board.ruling_words or board.pending_words,
                    _exact(board.running_exact),
                ]
                if mean:
                    values.append(_exact(board.running_mean_exact))
                values += [
                    float(team.penalty) if last and team.penalty is not None else None,
                    float(team.result) if last and team.result is not None else None,
                ]
                yield values

    return [Sheet(_("Teams by board"), columns, lines())]
