"""Fixtures for the integrity tests, borrowed from the scorekeeping and tournament pages."""

from __future__ import annotations

from tests.scorekeeping.conftest import login, play  # noqa: F401
from tests.tournament_ui.conftest import registered, sixteen, tournament  # noqa: F401
