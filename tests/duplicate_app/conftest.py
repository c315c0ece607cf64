"""A duplicate event of 20 players (5 tables, 5 rounds of 2 boards), built through the
services as an organiser would: created, registered, seated from the movement.

`seated_event`'s boards are dealt by hand (only numbered): any possible result may be
entered, so tests choose their marques freely; both bid freely unless a test asks for
the board's taker (free_bidding=False, test_named_taker.py). `dealt_event`'s boards are dealt by the
app from its seed: a result its cards contradict is refused."""

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


def make_duplicate(
    club, *, players: int = 20, rounds: int = 5, boards: int = 2, app_deals: bool = False, **options
):
    options.setdefault("free_bidding", True)
    event = services.create_duplicate(
        by=SYSTEM,
        club=club,
        name="Duplicate du vendredi",
        date=datetime.date(2026, 11, 20),
        rounds_planned=rounds,
        boards_per_round=boards,
        app_deals=app_deals,
        **options,
    )
    for index in range(players):
        # Past the twenty first names, the same names again with a number.
        suffix = f" {index // len(NAMES) + 1}" if index >= len(NAMES) else ""
        player = Player.objects.create(
            club=club, name=f"{NAMES[index % len(NAMES)]} Duplicate{suffix}"
        )
        Registration.objects.create(event=event, player=player)
    return event


@pytest.fixture
def dup_club(db):
    return make_club("Tarot Club Duplicate", "dup")


@pytest.fixture
def club(dup_club):
    """The suite's `club` is the duplicate club here: the default organiser (and the
    scorekeepers) organise it, and no other."""
    return dup_club


@pytest.fixture
def duplicate_event(dup_club) -> Event:
    return make_duplicate(dup_club)


@pytest.fixture
def seated_event(duplicate_event) -> Event:
    services.seat_duplicate(by=SYSTEM, event=duplicate_event, draw=False)
    return duplicate_event


@pytest.fixture
def dealt_event(dup_club) -> Event:
    event = make_duplicate(dup_club, app_deals=True)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    return event
