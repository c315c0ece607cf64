"""The errors every layer speaks: a write is refused (the input at fault), conflicts
(someone else changed it first), is not allowed (who asks may not), or finds nothing.

Services raise them (a hand's write with the engine's scoring.HandError beside them);
forms place a Refused at its field; views.errors maps each one to its response (403, 404,
409, or the form again), in one place. Kept apart from the services so that forms
(which validate and never write) can name them without importing a service, and free
of Django and of the engine (an import contract).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class Refused(Exception):
    """Refused input. `field` names the input at fault (None: the whole form);
    `position` is the 1-based seat concerned when `field` is "players"; `code` says
    which refusal it is, where a form answers one differently (a look-alike name asks
    for a confirmation; the engine's codes, which forms translate at their field);
    `params` the values its message names; `errors` every refusal when there are several
    (the board's cards contradict a result on more than one count), each with its own
    field and code."""

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        position: int | None = None,
        code: str | None = None,
        params: dict[str, Any] | None = None,
        errors: Sequence[Any] = (),
    ):
        super().__init__(message)
        self.message = message
        self.field = field
        self.position = position
        self.code = code
        self.params = params or {}
        self.errors = list(errors) or [self]


class Conflict(Exception):
    """Someone else changed it first: `current` is what is stored now (None: deleted
    meanwhile). `next_number`: a new hand's form was opened for hand `current.number`,
    stored meanwhile (most often the same deal entered on another phone at the table);
    nothing is stored, the scorekeeper says whether it was the same deal or the next one,
    to be stored as `next_number`."""

    def __init__(self, message: str, *, current: Any = None, next_number: int | None = None):
        super().__init__(message)
        self.message = message
        self.current = current
        self.next_number = next_number


class NotAllowed(Exception):
    """Who asks may not do this (here, or not yet). `reason` tells the cases a page
    answers apart (BOARD_BY_BOARD: a hand posted at a duplicate table, whose results are
    entered board by board; ROUND_NOT_OPEN: a duplicate round whose boards are still
    being played); None for a plain refusal, where the page says why a scorekeeper of a
    locked sheet may not. `target`: what was refused (the table), for that page.

    Raised where a page answers it (services.hand_entry, services.hands.write_hand);
    where the services' callers expect Django's PermissionDenied (the access checks, the
    back office's save_hand, save_board_result and delete_hand) that is raised instead:
    views.errors answers both alike, 403."""

    BOARD_BY_BOARD = "board_by_board"
    ROUND_NOT_OPEN = "round_not_open"

    def __init__(self, message: str, *, reason: str | None = None, target: Any = None):
        super().__init__(message)
        self.message = message
        self.reason = reason
        self.target = target


class NotFound(Exception):
    """Nothing of that name here (an unknown table, a board this table does not play)."""
