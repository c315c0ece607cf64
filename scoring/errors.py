"""The one exception the engine raises for a hand it cannot score."""

from __future__ import annotations

from typing import Any


class HandError(ValueError):
    """An impossible or disallowed hand.

    `field` names the input field at fault (a JSON key such as "points" or
    "poignees"), `code` is a stable identifier the web app translates, and
    `params` carries the values the message mentions.
    """

    def __init__(self, field: str, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.field = field
        self.code = code
        self.message = message
        self.params = params

    def __repr__(self) -> str:
        return f"HandError({self.field!r}, {self.code!r}, {self.message!r})"
