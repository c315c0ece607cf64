"""Duplicate events built once for the tests of a class or a module, instead of once a
test: seating an event through the services, and above all playing every board at
every table, is costly, and most tests here start from one of those.

`built_once` (tests/worlds_shared.py) builds the world in a transaction of its own, kept
open while the tests of its scope run and rolled back after the last one. Each test's
own `db` transaction (pytest-django's TestCase atomics) nests inside it as a savepoint,
so a test that writes sees the world as built and leaves it so for the next test. Only
Python objects outlive a test's rollback: the function-scoped fixtures hand each test
rows fetched again (`refetched`), never the objects another test had in hand.

A world's rows are there for every test that runs while its scope is open, whether it
asks for them or not: a module-scoped world (`module_world`) only where every database
test of the module starts from it, a class (`SharedWorld`) otherwise; pytest ends a
class-scoped fixture after its class's last test. Never for transactional tests
(transaction=True): they commit, and flush the tables after.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, ClassVar, TypeVar

import pytest

from tournaments.selectors.access import SYSTEM
from tournaments.services import duplicate as services

from ..factories import make_club, make_member
from ..worlds_shared import built_once, refetched
from .conftest import make_duplicate

T = TypeVar("T")
World = dict[str, Any]


# --- the worlds ---------------------------------------------------------------------


def seated(**options: Any) -> World:
    """conftest.py's dup_club and seated_event (its duplicate_event, seated), built as
    those fixtures build them."""
    club = make_club("Tarot Club Duplicate", "dup")
    event = make_duplicate(club, **options)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    return {"dup_club": club, "event": event}


def with_organiser(world: World) -> World:
    """`world` and tests/conftest.py's organiser of its club, made as that fixture
    makes him: for a world whose building writes as the organiser."""
    world["organiser"] = make_member("orga", world["dup_club"])
    return world


# --- the fixtures -------------------------------------------------------------------


class SharedWorld:
    """Base of a test class whose tests share one world: `build` (by default the seated
    event) runs once for the class. The class's tests get conftest.py's fixtures from
    it, each its own copies: dup_club (so `club`), duplicate_event and seated_event
    (the same event, as in conftest.py), and `organiser`, the world's own where its
    building made one (with_organiser), else made for the test as tests/conftest.py
    makes him."""

    build: ClassVar[Callable[[], World]] = staticmethod(seated)

    @pytest.fixture(scope="class")
    @classmethod
    def world(cls, django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
        yield from built_once(django_db_blocker, cls.build)

    @pytest.fixture
    def dup_club(self, world: World, db: None) -> Any:
        return refetched(world["dup_club"])

    @pytest.fixture
    def duplicate_event(self, world: World, db: None) -> Any:
        return refetched(world["event"])

    @pytest.fixture
    def seated_event(self, duplicate_event: Any) -> Any:
        return duplicate_event

    @pytest.fixture
    def organiser(self, world: World, club: Any) -> Any:
        if "organiser" in world:
            return refetched(world["organiser"])
        return make_member("orga", club)


def module_world(build: Callable[[], World] = seated) -> tuple[Any, ...]:
    """SharedWorld's fixtures for a whole module, where every database test starts from
    the world: `world, dup_club, duplicate_event, seated_event, organiser =
    module_world(...)` at the module's top level."""

    @pytest.fixture(scope="module", name="world")
    def world(django_db_setup: None, django_db_blocker: Any) -> Iterator[World]:
        yield from built_once(django_db_blocker, build)

    @pytest.fixture(name="dup_club")
    def dup_club(world: World, db: None) -> Any:
        return refetched(world["dup_club"])

    @pytest.fixture(name="duplicate_event")
    def duplicate_event(world: World, db: None) -> Any:
        return refetched(world["event"])

    @pytest.fixture(name="seated_event")
    def seated_event(duplicate_event: Any) -> Any:
        return duplicate_event

    @pytest.fixture(name="organiser")
    def organiser(world: World, club: Any) -> Any:
        if "organiser" in world:
            return refetched(world["organiser"])
        return make_member("orga", club)

    return world, dup_club, duplicate_event, seated_event, organiser
