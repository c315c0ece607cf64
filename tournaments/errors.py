"""Errors that cross layers: raised by services, placed at a field by forms.

Kept apart from the services so that forms (which validate and never write) can
name them without importing a service.
"""

from __future__ import annotations


class EventError(Exception):
    """A refused change. `field` names the input at fault (None: the whole form);
    `position` is the 1-based seat concerned when `field` is "players"; `code` says
    which refusal it is, where a form answers one differently (a look-alike name asks
    for a confirmation)."""

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        position: int | None = None,
        code: str | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.field = field
        self.position = position
        self.code = code
