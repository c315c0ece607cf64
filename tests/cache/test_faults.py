"""The cache is an accelerator, never a dependency, and never makes a page older than
the database:

- a Redis that accepts connections and never answers costs one short wait per
  process, not one per request: pages answer in about their uncached time, a hand is
  saved as usual, and the outage is one warning, not a traceback per request
  (tarot_club.cache);
- a Redis restored from an older snapshot (its pages and whatever else it held go
  back together) never serves a page older than the database: pages are keyed by
  versions kept in the database (services.cache, selectors.page_versions).
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Iterator

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse

from tarot_club import cache as breaker_module
from tournaments.models import Event, Hand
from tournaments.views.cached import HEADER

from ..factories import logged_in, store_hand
from ..scorekeeping.test_hand_post_queries import posted
from ..waiting import until
from .conftest import REDIS_LOCATION, needs_redis, redis_caches
from .test_invalidation import fill, get, shows

pytestmark = pytest.mark.django_db

ROUNDS = 10


class _Clock:
    """A monotonic clock that moves only when the test says."""

    def __init__(self) -> None:
        # Starts at the real time: what the breaker stores outlives the test.
        self.now = time.monotonic()

    def monotonic(self) -> float:
        return self.now


class SilentServer:
    """A hung Redis: accepts connections on an ephemeral port of 127.0.0.1 and never
    answers a byte."""

    def __init__(self) -> None:
        self._listener = socket.create_server(("127.0.0.1", 0), backlog=64)
        self.port: int = self._listener.getsockname()[1]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._held: list[socket.socket] = []
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self._listener.accept()
            except OSError:  # closed
                return
            self._held.append(connection)  # kept open, never read nor written

    @property
    def accepted(self) -> int:
        """Connections made to it: redis-py drops a connection whose read timed out, so
        each call that waited for it came on a connection of its own."""
        return len(self._held)

    def close(self) -> None:
        self._listener.close()
        for connection in self._held:
            connection.close()
        self._thread.join(timeout=2)


@pytest.fixture
def silent_redis() -> Iterator[SilentServer]:
    server = SilentServer()
    yield server
    server.close()


@pytest.fixture
def night(club_night) -> Event:
    Event.objects.filter(pk=club_night.pk).update(published=True)
    club_night.refresh_from_db()
    return club_night


def public_pages(night: Event, table, players) -> list[str]:
    return [
        reverse("event_detail", args=[night.pk]),
        reverse("table_public", args=[table.pk]),
        reverse("player_public", args=[players[1].pk]),
    ]


def requests(client: Client, urls: list[str]) -> None:
    """ROUNDS requests of each page (each must answer 200)."""
    for _ in range(ROUNDS):
        for url in urls:
            assert client.get(url).status_code == 200, url


def test_a_hung_redis_costs_one_short_wait_and_one_warning(
    client,
    settings,
    night,
    table4,
    players,
    organiser,
    scorekeeper,
    silent_redis,
    caplog,
    monkeypatch,
):
    # The breaker's clock stands still: however slow the machine, its retry_after does
    # not run out during the test, so exactly one call waits.
    monkeypatch.setattr(breaker_module, "time", _Clock())
    store_hand(table4, organiser)
    pages = public_pages(night, table4, players)
    settings.PAGE_CACHE = False
    requests(client, pages)  # the templates compiled first
    settings.PAGE_CACHE = True

    caplog.set_level(logging.INFO)
    with override_settings(CACHES=redis_caches(silent_redis.url, "hung")):
        # A save first, while the process still believes the cache up: unaffected.
        keeper = logged_in(scorekeeper)
        response = keeper.post(reverse("hand_new", args=[table4.pk]), posted(table4))
        assert response.status_code == 302, response.content[:500]
        assert table4.hands.count() == 2 and Hand.objects.count() == 2

        requests(client, pages)
        assert cache.get("anything", "miss") == "miss"  # a read is a miss, no error
        cache.set("anything", 1)  # a write is skipped, no error
    # One short wait (the save's call), not one a request: the pages' calls were not
    # sent, so no connection but the save's. Counted, never timed (a wait a request would
    # be a connection a request).
    until(lambda: silent_redis.accepted >= 1, "the hung server's one connection")
    assert silent_redis.accepted == 1, silent_redis.accepted

    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1, [r.getMessage() for r in warnings]
    assert warnings[0].name == "tarot_club.cache"
    assert warnings[0].exc_info is None  # one line, not a traceback
    assert "unreachable" in warnings[0].getMessage()


@needs_redis
def test_a_cache_restored_from_an_older_snapshot_never_serves_an_older_page(
    client, night, table4, players, organiser, redis_cache
):
    store_hand(table4, organiser)  # Bruno's garde, made by 15: +240
    pages = public_pages(night, table4, players)
    fill(client, pages)
    for url in pages:
        assert not shows(get(client, url).content.decode(), "390"), url

    redis = cache._cache.get_client(write=True)
    pattern = f"{redis_cache}:*"
    snapshot = {key: redis.dump(key) for key in redis.scan_iter(pattern)}
    assert snapshot  # the pages (and, when the cache held them, their versions) were stored

    store_hand(table4, organiser, points=41)  # a second garde, made by 0: 240 + 150

    # Redis restarts from the snapshot taken before the hand: every key goes back.
    redis.delete(*redis.scan_iter(pattern))
    for key, value in snapshot.items():
        redis.restore(key, 0, value, replace=True)

    for url in pages:
        response = get(client, url)
        assert shows(response.content.decode(), "390"), (url, response.get(HEADER))


@needs_redis
def test_an_outage_is_one_warning_its_end_another_and_calls_wait_in_between(
    redis_cache, monkeypatch, caplog
):
    import redis
    from django.core.cache.backends.redis import RedisCacheClient

    caches = redis_caches(REDIS_LOCATION, redis_cache)
    caches["default"]["OPTIONS"]["retry_after"] = 0.3
    tried: list[str] = []

    def down(self: object, key: str, default: object) -> object:
        tried.append(key)
        raise redis.ConnectionError("Connection refused")

    # The breaker's clock, moved on by the test: the wait is the subject, not a pause.
    clock = _Clock()
    monkeypatch.setattr(breaker_module, "time", clock)
    caplog.set_level(logging.INFO, logger="tarot_club.cache")
    with override_settings(CACHES=caches):
        cache.set("page", "stored")
        with monkeypatch.context() as patched:
            patched.setattr(RedisCacheClient, "get", down)
            for _ in range(5):
                assert cache.get("page") is None  # a miss, without an error
            assert len(tried) == 1  # the breaker opened: Redis left alone
            clock.now += 0.2
            assert cache.get("page") is None
            assert len(tried) == 1  # still within retry_after
            clock.now += 0.15
            assert cache.get("page") is None
            assert len(tried) == 2  # tried again after retry_after, still down
        clock.now += 0.35
        assert cache.get("page") == "stored"  # back

    messages = [r.getMessage() for r in caplog.records if r.name == "tarot_club.cache"]
    assert len(messages) == 2, messages
    assert "unreachable" in messages[0] and "answers again" in messages[1]
