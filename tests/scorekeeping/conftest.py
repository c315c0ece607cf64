"""Fixtures for the scorekeeper pages: logged-in clients, stored hands, form data."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tournaments.models import Hand, Table

from ..factories import logged_in, seated, store_hand

__all__ = ["hand_data", "seated"]


def hand_data(table: Table, **changes: Any) -> dict[str, Any]:
    """POST data of the hand form: a garde by the first seat, 2 oudlers, 56 points."""
    players = seated(table)
    data: dict[str, Any] = {
        "dealer": players[0].pk,
        "contract": "garde",
        "taker": players[0].pk,
        "oudlers": "2",
        "points": "56",
        "points_camp": "taker",
        "petit_au_bout": "",
        "chelem_made_by": "",
    }
    data.update({k: v for k, v in changes.items()})
    return {k: v for k, v in data.items() if v is not None}


@pytest.fixture
def login() -> Callable[[User | None], Client]:
    """A fresh client logged in as `user` (anonymous for None)."""

    return logged_in


@pytest.fixture
def play(organiser) -> Callable[..., Hand]:
    """Store a hand through the service (default: garde by seat 2, 2 oudlers, 56 points)."""

    def store(table: Table, user: User | None = None, **changes: Any) -> Hand:
        return store_hand(table, user or organiser, **changes)

    return store


def assert_login_redirect(response: Any) -> None:
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.fixture(autouse=True)
def fast_password_hashing(settings) -> None:
    """The user fixtures hash a password each; a slow hasher proves nothing here."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
