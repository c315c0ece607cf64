"""Shared fixtures: an organiser, a scorekeeper, a stranger, and a club night.

Every view test gets its permission checks from these (Healthchecks style).
"""

from __future__ import annotations

import datetime
import os

import pytest
from django.contrib.auth.models import Permission, User

from tournaments.models import Club, Event, Player, Round, Table
from tournaments.services.hands import seat_table

# Playwright's sync API runs an event loop in the test thread; Django refuses ORM
# calls from such a thread unless told it is safe (it is: one thread, no async code).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PASSWORD = "tarot-pass-2026"


def pytest_configure(config: pytest.Config) -> None:
    from django.conf import settings

    # Real hashing costs ~0.2 s per user and would dominate the suite's time.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def make_user(username: str, *, organiser: bool = False) -> User:
    user = User.objects.create_user(username=username, password=PASSWORD)
    if organiser:
        user.user_permissions.add(Permission.objects.get(codename="organise"))
    return user


@pytest.fixture
def organiser(db) -> User:
    return make_user("orga", organiser=True)


@pytest.fixture
def scorekeeper(db) -> User:
    return make_user("marqueur")


@pytest.fixture
def other_scorekeeper(db) -> User:
    return make_user("autre_marqueur")


@pytest.fixture
def stranger(db) -> User:
    return make_user("inconnu")


@pytest.fixture
def club(db) -> Club:
    return Club.objects.create(name="Tarot Club de Lyon", slug="lyon")


@pytest.fixture
def players(club) -> list[Player]:
    names = ["Anne", "Bruno", "Chloé", "David", "Emma", "Fabien", "Gaëlle", "Hugo", "Inès"]
    return [Player.objects.create(club=club, name=name) for name in names]


@pytest.fixture
def club_night(club) -> Event:
    return Event.objects.create(
        club=club, name="Soirée du jeudi", date=datetime.date(2026, 11, 19), rules_name="fft"
    )


@pytest.fixture
def night_round(club_night) -> Round:
    return Round.objects.create(event=club_night, number=1)


@pytest.fixture
def table4(night_round, players, scorekeeper) -> Table:
    """Anne, Bruno, Chloé, David; scored by `scorekeeper`."""
    return seat_table(round=night_round, number=1, players=players[:4], scorekeepers=[scorekeeper])


@pytest.fixture
def table5(night_round, players, other_scorekeeper) -> Table:
    """Emma, Fabien, Gaëlle, Hugo, Inès; called-king game; scored by `other_scorekeeper`."""
    return seat_table(
        round=night_round, number=2, players=players[4:9], scorekeepers=[other_scorekeeper]
    )
