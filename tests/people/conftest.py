"""Two clubs, each with its organiser, and a scorekeeper of the first."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tournaments.models import Club

from ..factories import logged_in, make_club, make_member


@pytest.fixture
def club_a(db) -> Club:
    return make_club("Tarot Club de Lyon", "lyon")


@pytest.fixture
def club_b(db) -> Club:
    return make_club("Tarot Club de Paris", "paris")


@pytest.fixture
def orga_a(club_a) -> User:
    return make_member("orga_a", club_a)


@pytest.fixture
def orga_b(club_b) -> User:
    return make_member("orga_b", club_b)


@pytest.fixture
def keeper_a(club_a) -> User:
    return make_member("keeper_a", club_a, role="scorekeeper")


@pytest.fixture
def client_a(orga_a) -> Client:
    return logged_in(orga_a)


@pytest.fixture
def client_b(orga_b) -> Client:
    return logged_in(orga_b)


def key() -> str:
    """A fresh one-time submission key, as {% submission_key %} puts in a form."""
    return str(uuid.uuid4())
