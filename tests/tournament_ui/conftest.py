"""Fixtures for the tournament and season pages: a tournament with 16 registered
players, helpers that play and lock a round through the services."""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from tournaments.demo import random_hand
from tournaments.models import Club, Event, Player, Registration, Round
from tournaments.selectors.access import SYSTEM
from tournaments.services.hands import save_hand, table_seats
from tournaments.services.rounds import generate_round
from tournaments.services.sheets import validate_sheet

from ..factories import store_hand

NAMES = [
    "Anne", "Bruno", "Chloé", "David", "Emma", "Fabien", "Gaëlle", "Hugo",
    "Inès", "Jules", "Karim", "Léa", "Marc", "Nadia", "Olivier", "Pauline",
    "Quentin", "Rose", "Simon", "Théo",
]  # fmt: skip


@pytest.fixture
def tournament(club) -> Event:
    return Event.objects.create(
        club=club,
        kind=Event.Kind.TOURNAMENT,
        name="Open de Lyon",
        date=datetime.date(2026, 12, 5),
        rules_name="fft",
        rounds_planned=3,
        deals_per_round=4,
        seed=2026,
    )


@pytest.fixture
def sixteen(club) -> list[Player]:
    return [Player.objects.create(club=club, name=name) for name in NAMES[:16]]


@pytest.fixture
def registered(tournament, sixteen) -> list[Player]:
    Registration.objects.bulk_create(Registration(event=tournament, player=p) for p in sixteen)
    return sixteen


@pytest.fixture
def other_club() -> Club:
    return Club.objects.create(name="Tarot Club de Grenoble", slug="grenoble")


def play_round(round_: Round, user: User, *, hands_per_table: int, seed: int = 3) -> None:
    """Store engine-scored hands at every table of the round."""
    rng = random.Random(seed)
    for table in round_.tables.all():
        seats = table_seats(table)
        for number in range(1, hands_per_table + 1):
            hand = random_hand(rng, seats, number, dealer_out=len(seats) == 5)
            save_hand(table=table, hand=hand, user=user)


def lock_round(round_: Round, user: User) -> Round:
    """Validate every sheet; an empty one first gets a garde by seat 2 (a sheet without
    hands cannot be validated). Tests play fewer deals than planned: the count is confirmed."""
    for table in round_.tables.all():
        if not table.hands.exists():
            store_hand(table, user)
        validate_sheet(table=table, user=user, confirm=True)
    round_.refresh_from_db()
    assert round_.status == Round.Status.LOCKED
    return round_


@pytest.fixture
def played(tournament, registered, organiser) -> Callable[[int], Event]:
    """play(hands_per_table): two rounds seated, played and locked."""

    def play(hands_per_table: int) -> Event:
        for number in (1, 2):
            round_ = generate_round(by=SYSTEM, event=tournament)
            play_round(round_, organiser, hands_per_table=hands_per_table, seed=number)
            lock_round(round_, organiser)
        return tournament

    return play
