"""Fixtures for organiser page tests: a logged-in organiser, a hand at a table."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments.models import Hand, Table
from tournaments.services.hands import save_hand


@pytest.fixture
def organiser_client(client, organiser) -> Client:
    client.force_login(organiser)
    return client


@pytest.fixture
def play_garde(organiser) -> Callable[[Table], Hand]:
    """Store a garde made by the second seat (2 oudlers, 56 points)."""

    def play(table: Table, user: User | None = None) -> Hand:
        seats = list(table.seats.select_related("player").order_by("position"))
        hand = Hand(
            dealer=seats[0].player,
            taker=seats[1].player,
            contract="garde",
            oudlers=2,
            points=Decimal(56),
        )
        return save_hand(table=table, hand=hand, user=user or organiser).hand

    return play


@pytest.fixture
def assert_denied(scorekeeper, stranger) -> Callable[..., None]:
    """A page for organisers only: anonymous -> login, scorekeeper and stranger -> 403.
    Uses its own clients, so the test's `client` keeps its login."""

    def check(url: str, method: str = "get", data: dict | None = None) -> None:
        anonymous = Client()
        response = getattr(anonymous, method)(url, data or {})
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))
        for user in (scorekeeper, stranger):
            denied = Client()
            denied.force_login(user)
            assert getattr(denied, method)(url, data or {}).status_code == 403

    return check
