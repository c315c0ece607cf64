"""Worlds built once for the tests of a module or a class, and seatings computed once.

`built_once` is for a module- or class-scoped fixture: it builds the world inside a
transaction of its own, kept open while the tests of its scope run and rolled back
after the last one. Each test's own `db` transaction (pytest-django's TestCase
atomics) nests inside it as a savepoint, so a test that writes sees the world as
built and leaves it so for the next test; only Python objects outlive a test's
rollback: a function-scoped fixture hands each test freshly fetched rows (ids are
stable, the world's rows are the same for every test of the scope).

    @pytest.fixture(scope="module")
    def _built(django_db_setup, django_db_blocker):
        yield from built_once(django_db_blocker, build_my_world)

The scope's tests must all expect that world: a class scope when only some tests of
a module do (pytest tears a class-scoped fixture down when its class's tests are done).

`shared_fixtures` makes, in one call, what tests/conftest.py's fixtures make (club,
players, organiser, scorekeepers, stranger, club night, tables), the same way, for a
world built once on them; `refetched` gives a test its own copies of a world's rows.

`remembered_seatings` is for tests that seat the same round of the same world again
and again (a permission test's set-up, each write of a parametrised list): the
seating search (tournaments.planning.seating.seat_round) is a pure function, the same
arguments always give the same tables (its docstring: all randomness comes from a
generator seeded with the seed and the number of previous rounds), so its answer is
kept by its exact arguments and given again. Everything around it (the services'
checks, the tables, seats, audit lines) runs as before; only the search's second
identical computation is skipped. Never for the tests of the seating itself (its
determinism, its quality): they must search each time.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar
from unittest import mock

from django.conf import settings
from django.db import models, transaction
from django.utils import translation

from tournaments.planning import seating

from . import factories

T = TypeVar("T")


def built_once(django_db_blocker: Any, build: Callable[[], T]) -> Iterator[T]:
    """Yield what `build()` returns, built in a transaction rolled back at the end."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        # As Django's TestCase marks its own class-wide atomic: a durable block inside
        # (there is none today) behaves as it does under setUpTestData.
        atomic._from_testcase = True
        atomic.__enter__()
        try:
            # In the site's default language, as a test's fixtures run (tests/conftest.py).
            with translation.override(settings.LANGUAGE_CODE):
                built = build()
        except BaseException:
            transaction.set_rollback(True)
            atomic.__exit__(*sys.exc_info())
            raise
    try:
        yield built
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


def shared_fixtures() -> dict[str, Any]:
    """tests/conftest.py's club, players, organiser, scorekeeper, other_scorekeeper,
    stranger, club_night, night_round, table4 and table5, made as those fixtures make
    them, by fixture name."""
    club = factories.make_club()
    players = factories.make_players(club)
    organiser = factories.make_member("orga", club)
    scorekeeper = factories.make_member("marqueur", club, role="scorekeeper")
    other_scorekeeper = factories.make_member("autre_marqueur", club, role="scorekeeper")
    stranger = factories.make_user("inconnu")
    club_night = factories.make_event(club)
    night_round = factories.make_round(club_night)
    table4 = factories.make_table(night_round, players[:4], scorekeepers=[scorekeeper])
    table5 = factories.make_table(
        night_round, players[4:9], number=2, scorekeepers=[other_scorekeeper]
    )
    return {
        "club": club,
        "players": players,
        "organiser": organiser,
        "scorekeeper": scorekeeper,
        "other_scorekeeper": other_scorekeeper,
        "stranger": stranger,
        "club_night": club_night,
        "night_round": night_round,
        "table4": table4,
        "table5": table5,
    }


def refetched(value: T) -> T:
    """`value` with every model instance in it (in a dataclass, list, tuple or dict)
    fetched again from the database: a test's own objects, whatever the last test did
    to its copies."""
    if isinstance(value, models.Model):
        return type(value)._default_manager.get(pk=value.pk)  # type: ignore[return-value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: refetched(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return dataclasses.replace(value, **changes)  # type: ignore[return-value]
    if isinstance(value, list | tuple):
        return type(value)(refetched(item) for item in value)  # type: ignore[return-value]
    if isinstance(value, dict):
        return {key: refetched(item) for key, item in value.items()}  # type: ignore[return-value]
    return value


def _key(
    players: Sequence[Hashable],
    previous: Sequence[Sequence[Sequence[Hashable]]],
    teams: Mapping[Hashable, Hashable] | None,
    **rest: Any,
) -> Hashable:
    return (
        tuple(players),
        tuple(tuple(tuple(table) for table in round_) for round_ in previous),
        None if teams is None else frozenset(teams.items()),
        tuple(sorted(rest.items())),
    )


@contextmanager
def remembered_seatings() -> Iterator[dict[Hashable, Any]]:
    """seating.seat_round answering a second call with the same arguments from memory
    (a copy: the caller may change its lists). Yields the memory."""
    original = seating.seat_round
    memory: dict[Hashable, Any] = {}

    def seat_round(
        players: Sequence[Hashable],
        *,
        previous: Sequence[Sequence[Sequence[Hashable]]] = (),
        teams: Mapping[Hashable, Hashable] | None = None,
        **rest: Any,
    ) -> list[list[Hashable]]:
        key = _key(players, previous, teams, **rest)
        if key not in memory:
            memory[key] = original(players, previous=previous, teams=teams, **rest)
        return [list(table) for table in memory[key]]

    with mock.patch.object(seating, "seat_round", seat_round):
        yield memory
