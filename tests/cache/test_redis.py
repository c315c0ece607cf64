"""The page cache on Redis, as in production (REDIS_URL): the same never-stale rule
through django.core.cache.backends.redis.RedisCache. Redis runs on 127.0.0.1:6379 here
and in CI; each test keys under a prefix of its own, so parallel runs never meet."""

from __future__ import annotations

import os
import socket
import uuid

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.models import Event
from tournaments.services import events as event_services
from tournaments.views.cached import HEADER

from ..factories import store_hand

REDIS = ("127.0.0.1", 6379)


def _reachable() -> bool:
    try:
        socket.create_connection(REDIS, timeout=0.5).close()
    except OSError:
        return False
    return True


# CI sets REQUIRE_REDIS=1 (.ci/run checks Redis first): there an unreachable Redis fails
# these tests instead of skipping them, so the production cache is never left untested.
REQUIRED = os.environ.get("REQUIRE_REDIS") == "1"
REACHABLE = _reachable()

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        not REACHABLE and not REQUIRED,
        reason="no Redis on 127.0.0.1:6379 (CI runs one and sets REQUIRE_REDIS=1)",
    ),
]


@pytest.fixture(autouse=True)
def _redis_is_there() -> None:
    if not REACHABLE:
        pytest.fail("REQUIRE_REDIS=1 but no Redis answers on 127.0.0.1:6379")


@pytest.fixture(autouse=True)
def redis_cache(_redis_is_there):
    prefix = f"test-{uuid.uuid4().hex}"
    settings = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:6379/1",
            "KEY_PREFIX": prefix,
        }
    }
    with override_settings(CACHES=settings):
        yield prefix
        # Only this test's keys (the database may be shared with other runs).
        client = cache._cache.get_client(write=True)
        keys = list(client.scan_iter(f"{prefix}:*"))
        if keys:
            client.delete(*keys)


def test_the_cache_is_redis(redis_cache):
    from django.core.cache import caches
    from django.core.cache.backends.redis import RedisCache

    assert isinstance(caches["default"], RedisCache)
    cache.set("probe", 1)
    client = cache._cache.get_client()
    assert client.exists(f"{redis_cache}:1:probe")


def test_a_hand_and_a_publication_show_on_the_next_request(
    client, club_night, table4, organiser, players
):
    Event.objects.filter(pk=club_night.pk).update(published=True)
    store_hand(table4, organiser)
    pages = [
        reverse("event_detail", args=[club_night.pk]),
        reverse("event_results", args=[club_night.pk]),
        reverse("player_public", args=[players[1].pk]),
    ]
    for url in pages:
        client.get(url)
        assert client.get(url)[HEADER] == "hit", url
    with CaptureQueriesContext(connection) as queries:
        assert client.get(pages[0])[HEADER] == "hit"
    assert len(queries) == 0

    hand = store_hand(table4, organiser, points=41)  # a second garde: 240 + 150
    assert hand.pk
    for url in pages:
        response = client.get(url)
        assert response[HEADER] == "miss", url
        assert "390" in response.content.decode(), url

    event_services.unpublish_event(by=organiser, event=club_night)
    for url in pages[:2]:
        assert client.get(url).status_code == 404
