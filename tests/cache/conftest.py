"""The cache tests' Redis: the production backend (settings: tarot_club.cache) on the
Redis at 127.0.0.1:6379, under a prefix of each test's own, so parallel runs never
meet; and every test starts with the cache believed up (no outage left open)."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterator

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.test import override_settings

from tarot_club.cache import reset_breakers

REDIS = ("127.0.0.1", 6379)
REDIS_LOCATION = "redis://127.0.0.1:6379/1"


def _reachable() -> bool:
    try:
        socket.create_connection(REDIS, timeout=0.5).close()
    except OSError:
        return False
    return True


# CI sets REQUIRE_REDIS=1 (.ci/run checks Redis first): there an unreachable Redis fails
# the tests that need it instead of skipping them, so the production cache is never
# left untested.
REQUIRED = os.environ.get("REQUIRE_REDIS") == "1"
REACHABLE = _reachable()

needs_redis = pytest.mark.skipif(
    not REACHABLE and not REQUIRED,
    reason="no Redis on 127.0.0.1:6379 (CI runs one and sets REQUIRE_REDIS=1)",
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
        pytest.fail("REQUIRE_REDIS=1 but no Redis answers on 127.0.0.1:6379")
    prefix = f"test-{uuid.uuid4().hex}"
    with override_settings(CACHES=redis_caches(REDIS_LOCATION, prefix)):
        yield prefix
        # Only this test's keys (the database may be shared with other runs).
        client = cache._cache.get_client(write=True)
        keys = list(client.scan_iter(f"{prefix}:*"))
        if keys:
            client.delete(*keys)
