"""No peeking: who may read what of a duplicate board, and when a table may play it.

The one place that decides it. A board travels from table to table: until every table
that plays it has played it (its result entered, or a ruling for the whole table),
anything derived from its results or from its cards (marques, percentages, running
totals, places, who took, the bonuses, a trump count or oudler bound in a preview or
an error message) would tell a table still to play it how it goes. So, until then, it
reaches only the event's organisers and the table entering it; once the board is
complete, its traveller (bonuses included) and its deal are public.

A table may preview or enter a board only once its round is open. Rounds are all
seated at once and have no "not started" state of their own (Round.Status is open or
locked, "locked" meaning every sheet of the round is validated), so a round is open to
its tables when it is the first, or when the round before it is over: every board of
every table of that round done (a result, or the arbiter's ruling for the whole table:
the organiser's way to open the next round while a table's paper is missing), or every
sheet of that round validated. Organisers enter any board at any time: they key in
paper travellers after the event.

Pure predicates (no Django): selectors.board_visibility feeds them.
"""

from __future__ import annotations

from collections.abc import Iterable


def board_complete(lines_done: Iterable[bool]) -> bool:
    """Every table that plays the board has played it (or had a ruling for the whole
    table); a board that no table plays yet is not complete."""
    done = list(lines_done)
    return bool(done) and all(done)


def may_read_board(*, complete: bool, organiser: bool, at_table: bool = False) -> bool:
    """Whether a viewer may read a board's results and cards: anyone once it is complete;
    before, the event's organisers and the table entering it (it holds the cards)."""
    return complete or organiser or at_table


def round_open(*, first: bool, previous_locked: bool, previous_done: bool) -> bool:
    """Whether a round's tables may play their boards (see the module's docstring)."""
    return first or previous_locked or previous_done


def may_enter_board(*, round_is_open: bool, organiser: bool) -> bool:
    """Whether a board may be previewed or entered at a table: organisers always (paper
    travellers), a table's scorekeeper once its round is open."""
    return organiser or round_is_open
