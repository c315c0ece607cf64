"""The page cache on Redis, as in production (REDIS_URL): the same never-stale rule
through the production backend (tarot_club.cache.FailSafeRedisCache: Django's RedisCache
behind a circuit breaker). Redis runs at TEST_REDIS_URL (default 127.0.0.1:6379/1) here
and in CI; each test keys under a prefix of its own, so parallel runs never meet
(conftest.redis_cache)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.models import Event
from tournaments.services import events as event_services
from tournaments.views.cached import HEADER

from ..factories import store_hand
from .conftest import needs_redis

pytestmark = [pytest.mark.django_db, needs_redis]


@pytest.fixture(autouse=True)
def _on_redis(redis_cache: str) -> str:
    return redis_cache


def test_the_cache_is_redis(redis_cache):
    from django.core.cache import caches

    from tarot_club.cache import FailSafeRedisCache

    assert isinstance(caches["default"], FailSafeRedisCache)
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
    # The page's version only (selectors.page_versions): the page itself from Redis.
    assert ["pageversion" in q["sql"] for q in queries] == [True]

    hand = store_hand(table4, organiser, points=41)  # a second garde: 240 + 150
    assert hand.pk
    for url in pages:
        response = client.get(url)
        assert response[HEADER] == "miss", url
        assert "390" in response.content.decode(), url

    event_services.unpublish_event(by=organiser, event=club_night)
    for url in pages[:2]:
        assert client.get(url).status_code == 404
