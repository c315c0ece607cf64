"""Shared fixtures: an organiser and two scorekeepers of the club, a stranger, the federation,
and a club night.

Every view test gets its permission checks from these (Healthchecks style).
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from hypothesis import settings as hypothesis_settings

from tournaments.models import Club, Event, Player, Round, Table

from . import factories
from .factories import PASSWORD, make_user

__all__ = ["PASSWORD", "make_user"]

# The quick loop's CPU budget a test (tests/budget.py).
pytest_plugins = ["tests.budget"]

# Hypothesis: no deadline anywhere (a busy machine is not a slow engine), and under CI a
# fixed budget: the same examples every run (derandomize), so a run takes the time the
# last one took and a failure is one the next run repeats. HYPOTHESIS_PROFILE=dev hunts
# with fresh random examples.
hypothesis_settings.register_profile(
    "ci", deadline=None, derandomize=True, database=None, print_blob=True
)
hypothesis_settings.register_profile("dev", deadline=None)
hypothesis_settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE")
    or ("ci" if os.environ.get("CI", "").lower() in ("1", "true") else "dev")
)

# Playwright's sync API runs an event loop in the test thread; Django refuses ORM
# calls from such a thread unless told it is safe (it is: one thread, no async code).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_configure(config: pytest.Config) -> None:
    from django.conf import settings

    # Real hashing is slow by design and would dominate the suite's time.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    if _on_redis(settings.CACHES["default"]):
        # A suite run with REDIS_URL set shares that Redis database with other runs (and
        # perhaps a server): its keys get a prefix of their own, and only they are ever
        # deleted (_empty_cache), never the whole database.
        settings.CACHES["default"]["KEY_PREFIX"] = f"test-{os.getpid()}-{uuid.uuid4().hex}"


# Fixtures that give a test the database (pytest-django's, and the live server's).
_DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
        "live_server",
        "django_db_setup",
    }
)


def uses_database(item: pytest.Item) -> bool:
    """Whether `item` is given the database: a django_db mark, a database fixture (or one
    that asks for it), or a Django TestCase. Any other test that touches the database
    fails on pytest-django's blocker, so the split below cannot be wrong silently."""
    if item.get_closest_marker("django_db"):
        return True
    if _DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ())):
        return True
    from django.test import SimpleTestCase, TransactionTestCase

    cls = getattr(item, "cls", None)
    return bool(cls and issubclass(cls, TransactionTestCase) and cls is not SimpleTestCase)


# The tests whose subject is the database itself, which CI runs on SQLite as well as on
# PostgreSQL (docs/TESTING.md, "Which tests run on which database"): the folders here are
# about the database as a whole (its backups, its French ordering, input the two engines
# store differently, constraints and lost connections, migrations, bulk writes); a test
# file elsewhere whose subject is the database (locks, concurrent saves, the ledger, SQL
# written per vendor, query counts) says so with `pytestmark = pytest.mark.both_databases`.
BOTH_DATABASES_FOLDERS = frozenset(
    {"backup", "collation", "hostile", "integrity", "migrations", "scale"}
)
_TESTS = Path(__file__).resolve().parent


def on_both_databases(item: pytest.Item) -> bool:
    """Whether CI runs `item` on SQLite as well as on PostgreSQL."""
    if item.get_closest_marker("both_databases"):
        return True
    try:
        folder = Path(item.path).resolve().relative_to(_TESTS).parts[0]
    except ValueError:
        return False
    return folder in BOTH_DATABASES_FOLDERS


# Not trylast: pytest's own -m selection runs after this hook (built-in plugins are called
# last) and must see these marks; the folders' conftest hooks (registered later, called
# first) have marked their slow tests by then.
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test `database` or `pure` (docs/TESTING.md): CI runs the pure ones
    once, the database ones on PostgreSQL, and those of them whose subject is the
    database (`both_databases`) on SQLite too."""
    for item in items:
        item.add_marker(pytest.mark.database if uses_database(item) else pytest.mark.pure)
        if on_both_databases(item):
            item.add_marker(pytest.mark.both_databases)
    # The files holding slow tests first, each file's tests kept together and in order:
    # the parallel workers start on the long tests and end on short ones, instead of one
    # worker finishing a minute-long test while the other waits.
    slow_files = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow_files)


def _on_redis(cache_settings: dict) -> bool:
    return "redis" in cache_settings.get("BACKEND", "").lower()


@pytest.fixture
def organiser(club) -> User:
    """An organiser of `club`, the club of every object these fixtures build, and of no
    other: a page or service that forgot its club check lets him into another club's
    objects, and a test says so. Tests of the federation's rights use `federation`."""
    return factories.make_member("orga", club)


@pytest.fixture
def federation(db) -> User:
    """The federation: organiser of every club (the site's operators)."""
    return make_user("federation", federation=True)


@pytest.fixture
def scorekeeper(club) -> User:
    """A scorekeeper of `club`: only the club's people (and an event's guests) may be
    named at its tables."""
    return factories.make_member("marqueur", club, role="scorekeeper")


@pytest.fixture
def other_scorekeeper(club) -> User:
    return factories.make_member("autre_marqueur", club, role="scorekeeper")


@pytest.fixture
def stranger(db) -> User:
    return make_user("inconnu")


@pytest.fixture
def organiser_client(organiser) -> Client:
    """A client of its own, logged in as the organiser (the test's `client` stays anonymous)."""
    return factories.logged_in(organiser)


@pytest.fixture
def assert_denied(scorekeeper, stranger) -> Callable[..., None]:
    """assert_denied(url, method="get", data=None): anonymous -> login, the scorekeeper and
    the stranger -> 403."""

    def check(url: str, method: str = "get", data: dict | None = None) -> None:
        factories.assert_denied(url, [scorekeeper, stranger], method, data)

    return check


@pytest.fixture
def club(db) -> Club:
    return factories.make_club()


@pytest.fixture
def players(club) -> list[Player]:
    """Anne, Bruno, Chloé, David, Emma, Fabien, Gaëlle, Hugo, Inès."""
    return factories.make_players(club)


@pytest.fixture
def club_night(club) -> Event:
    return factories.make_event(club)


@pytest.fixture
def night_round(club_night) -> Round:
    return factories.make_round(club_night)


@pytest.fixture
def table4(night_round, players, scorekeeper) -> Table:
    """Anne, Bruno, Chloé, David; scored by `scorekeeper`."""
    return factories.make_table(night_round, players[:4], scorekeepers=[scorekeeper])


@pytest.fixture
def table5(night_round, players, other_scorekeeper) -> Table:
    """Emma, Fabien, Gaëlle, Hugo, Inès; called-king game; scored by `other_scorekeeper`."""
    return factories.make_table(
        night_round, players[4:9], number=2, scorekeepers=[other_scorekeeper]
    )


def _clear_cache() -> None:
    from django.conf import settings
    from django.core.cache import cache

    if not _on_redis(settings.CACHES["default"]):
        cache.clear()  # this process's own local memory
        return
    client = cache._cache.get_client(write=True)
    keys = list(client.scan_iter(f"{settings.CACHES['default']['KEY_PREFIX']}:*"))
    if keys:
        client.delete(*keys)


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    """Each test starts with an empty cache: public pages are cached (settings.PAGE_CACHE
    is on in tests), and a page stored by one test must not answer another's request.
    On Redis, only this run's keys go (pytest_configure), before and after the test."""
    _clear_cache()
    yield
    _clear_cache()


@pytest.fixture
def uncached(settings) -> None:
    """Public pages rendered every time: for tests that count a page's own queries or
    read its template context twice, or that write around the services (which renew
    the cached pages: tests/cache)."""
    settings.PAGE_CACHE = False


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """Each test starts in the site's default language (French). A request leaves its
    language active in the thread, as a server's next request would reset it: an English
    page requested by one test made the next test's reverse() build English addresses."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)
