"""The cache tests' Redis: the production backend (settings: tarot_club.cache) on the
Redis of TEST_REDIS_URL (tests/outside.py; default 127.0.0.1:6379/1), under a prefix of
each test's own, so parallel runs never meet; and every test starts with the cache
believed up (no outage left open)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.test import override_settings

from tarot_club.cache import reset_breakers

from ..outside import REDIS_URL, REQUIRE_REDIS, redis_answers

REDIS_LOCATION = REDIS_URL
REQUIRED = REQUIRE_REDIS
REACHABLE = redis_answers()

needs_redis = pytest.mark.skipif(
    not REACHABLE and not REQUIRED,
    reason=f"no Redis at {REDIS_URL} (CI runs one and sets REQUIRE_REDIS=1)",
)


def redis_caches(location: str, prefix: str) -> dict[str, dict[str, object]]:
    """CACHES as settings.py builds them from REDIS_URL (the same backend, timeouts
    and breaker), on `location`."""
    return {
        "default": {
            "BACKEND": "tarot_club.cache.FailSafeRedisCache",
            "LOCATION": location,
            "KEY_PREFIX": prefix,
            "OPTIONS": dict(django_settings.REDIS_OPTIONS),
        }
    }


@pytest.fixture(autouse=True)
def _no_outage_left_open() -> Iterator[None]:
    reset_breakers()
    yield
    reset_breakers()


@pytest.fixture
def redis_cache() -> Iterator[str]:
    """The cache on the real Redis, under this test's own key prefix (returned)."""
    if not REACHABLE:
        pytest.fail(f"REQUIRE_REDIS=1 but no Redis answers at {REDIS_URL}")
    prefix = f"test-{uuid.uuid4().hex}"
    with override_settings(CACHES=redis_caches(REDIS_LOCATION, prefix)):
        yield prefix
        # Only this test's keys (the database may be shared with other runs).
        client = cache._cache.get_client(write=True)
        keys = list(client.scan_iter(f"{prefix}:*"))
        if keys:
            client.delete(*keys)
