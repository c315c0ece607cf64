"""A duplicate event of 20 players (5 tables, 5 rounds of 2 boards), built through the
services as an organiser would: created, registered, seated from the movement."""

from __future__ import annotations

import datetime

import pytest

from tournaments.models import Event, Player, Registration
from tournaments.selectors.access import SYSTEM
from tournaments.services import duplicate as services

from ..factories import make_club

NAMES = [
    "Anne", "Bruno", "Chloé", "David", "Emma", "Fabien", "Gaëlle", "Hugo", "Inès", "Jules",
    "Karim", "Léa", "Marc", "Nadia", "Olivier", "Pauline", "Quentin", "Rose", "Samuel", "Tina",
]  # fmt: skip


def make_duplicate(club, *, players: int = 20, rounds: int = 5, boards: int = 2, **options):
    event = services.create_duplicate(
        by=SYSTEM,
        club=club,
        name="Duplicate du vendredi",
        date=datetime.date(2026, 11, 20),
        rounds_planned=rounds,
        boards_per_round=boards,
        **options,
    )
    for name in NAMES[:players]:
        player = Player.objects.create(club=club, name=f"{name} Duplicate")
        Registration.objects.create(event=event, player=player)
    return event


@pytest.fixture
def dup_club(db):
    return make_club("Tarot Club Duplicate", "dup")


@pytest.fixture
def duplicate_event(dup_club) -> Event:
    return make_duplicate(dup_club)


@pytest.fixture
def seated_event(duplicate_event) -> Event:
    services.seat_duplicate(by=SYSTEM, event=duplicate_event, draw=False)
    return duplicate_event
