"""Fixtures for organiser page tests: a hand at a table.

`organiser_client` and `assert_denied` come from tests/conftest.py."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from tournaments.models import Hand, Table

from ..factories import store_hand


@pytest.fixture
def play_garde(organiser) -> Callable[[Table], Hand]:
    """Store a garde made by the second seat (2 oudlers, 56 points)."""

    def play(table: Table, user: User | None = None) -> Hand:
        return store_hand(table, user or organiser)

    return play
