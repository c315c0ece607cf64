"""Who may act on a sheet: pure predicates over facts (no ORM).

tournaments.selectors.access gathers the facts (is the user an organiser, a
scorekeeper of this table; is the sheet closed) and asks these; so the rule is
stated once, and the queries that feed it live in one module too.
"""

from __future__ import annotations


def sheet_closed(*, validated: bool, round_locked: bool) -> bool:
    """A validated sheet, or any sheet of a locked round, takes no more hands from
    its scorekeepers."""
    return validated or round_locked


def may_score(*, organiser: bool, scorekeeper: bool, sheet_closed: bool) -> bool:
    """Scorekeepers of the table while the sheet is open; organisers always."""
    return organiser or (scorekeeper and not sheet_closed)


def may_view_sheet(*, organiser: bool, scorekeeper: bool) -> bool:
    """The sheet (even a validated one) is for its scorekeepers and the organisers."""
    return organiser or scorekeeper


def may_reopen_sheet(*, organiser: bool) -> bool:
    """Only an organiser undoes a validation."""
    return organiser
