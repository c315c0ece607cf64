"""The Redis cache as an accelerator, never a dependency: Django's RedisCache behind a
circuit breaker.

The cache only ever holds copies (public pages, tournaments/views/cached.py): a read
that fails is a miss and a write that fails is skipped, and the caller never sees an
error. Short socket timeouts (settings: CACHE_CONNECT_TIMEOUT_MS, CACHE_TIMEOUT_MS)
bound what one failed call costs; the breaker bounds how many calls pay it: after a
failure, this process leaves Redis alone for CACHE_RETRY_SECONDS (every call a miss at
once), then tries again. A Redis that hangs (accepts connections, never answers) thus
costs one short wait every few seconds per process, not one per request.

One warning when an outage starts and one when the cache answers again, without a
traceback: an outage is an event for the operator, not a bug in each request.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar, cast

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache

logger = logging.getLogger(__name__)

T = TypeVar("T")
Version = int | None

# OPTIONS entry read here, not passed on to redis-py's connection pool.
RETRY_OPTION = "retry_after"
DEFAULT_RETRY_SECONDS = 5.0


class Breaker:
    """Whether a cache server is to be left alone for now; shared by every thread of the
    process (Django builds one cache object per thread)."""

    def __init__(self, name: str, retry_after: float) -> None:
        self.name = name
        self.retry_after = retry_after
        self._lock = threading.Lock()
        self._closed_at = 0.0  # monotonic time before which no call is tried
        self._down = False  # an outage has been logged and has not ended yet

    def allows(self) -> bool:
        return time.monotonic() >= self._closed_at

    def failed(self, error: BaseException) -> None:
        with self._lock:
            self._closed_at = time.monotonic() + self.retry_after
            started, self._down = not self._down, True
        if started:
            logger.warning(
                "Cache %s unreachable (%s: %s): skipped for %s s at a time until it answers",
                self.name,
                type(error).__name__,
                error,
                self.retry_after,
            )

    def succeeded(self) -> None:
        if not self._down:  # the common case: no lock taken
            return
        with self._lock:
            ended, self._down = self._down, False
        if ended:
            logger.warning("Cache %s answers again", self.name)


_breakers: dict[tuple[str, float], Breaker] = {}
_breakers_lock = threading.Lock()


def breaker_for(name: str, retry_after: float) -> Breaker:
    with _breakers_lock:
        return _breakers.setdefault((name, retry_after), Breaker(name, retry_after))


def reset_breakers() -> None:
    """Forget every outage (tests: each starts with the cache believed up)."""
    with _breakers_lock:
        _breakers.clear()


def _failures() -> tuple[type[BaseException], ...]:
    import redis

    # RedisError covers redis-py's ConnectionError and TimeoutError (and a server that
    # answers with an error, e.g. while loading its snapshot); OSError what a socket
    # raises before redis-py wraps it.
    return (redis.RedisError, OSError)


class FailSafeRedisCache(RedisCache):
    """Django's RedisCache whose calls never raise for an unreachable or failing Redis:
    reads answer a miss, writes are skipped, while the breaker is open and on the call
    that opens it. OPTIONS[`retry_after`]: seconds the breaker stays open (5)."""

    def __init__(self, server: str | list[str], params: dict[str, Any]) -> None:
        params = dict(params)
        options = dict(params.get("OPTIONS") or {})
        retry_after = float(options.pop(RETRY_OPTION, DEFAULT_RETRY_SECONDS))
        params["OPTIONS"] = options
        super().__init__(server, params)
        name = server if isinstance(server, str) else ",".join(server)
        self._breaker = breaker_for(name, retry_after)
        self._failures = _failures()

    def _call(self, fallback: T, method: Callable[..., T], *args: Any) -> T:
        if not self._breaker.allows():
            return fallback
        try:
            result = method(*args)
        except self._failures as error:
            self._breaker.failed(error)
            return fallback
        self._breaker.succeeded()
        return result

    def add(
        self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Version = None
    ) -> bool:
        return self._call(False, super().add, key, value, timeout, version)

    def get(self, key: str, default: Any = None, version: Version = None) -> Any:
        return self._call(default, super().get, key, default, version)

    def set(
        self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Version = None
    ) -> None:
        self._call(None, super().set, key, value, timeout, version)

    def touch(self, key: str, timeout: Any = DEFAULT_TIMEOUT, version: Version = None) -> bool:
        return self._call(False, super().touch, key, timeout, version)

    def delete(self, key: str, version: Version = None) -> bool:
        return self._call(False, super().delete, key, version)

    def get_many(self, keys: Iterable[str], version: Version = None) -> dict[str, Any]:
        return self._call({}, super().get_many, list(keys), version)

    def has_key(self, key: str, version: Version = None) -> bool:
        return self._call(False, super().has_key, key, version)

    def incr(self, key: str, delta: int = 1, version: Version = None) -> int:
        found = self._call(None, super().incr, key, delta, version)
        if found is None:
            # What Django's incr raises for a key it does not have: the cache is a miss.
            raise ValueError(f"Key '{key}' not found (the cache is unreachable)")
        return found

    def set_many(
        self, data: dict[str, Any], timeout: Any = DEFAULT_TIMEOUT, version: Version = None
    ) -> list[str]:
        # Django's contract: the keys that were not stored.
        return self._call(list(data), super().set_many, data, timeout, version)

    def delete_many(self, keys: Iterable[str], version: Version = None) -> None:
        self._call(None, super().delete_many, list(keys), version)

    # Django's RedisCache.clear answers flushdb's bool, which django-stubs types as None.
    def clear(self) -> bool:  # type: ignore[override]  # answers a bool, as Django's
        return self._call(False, cast("Callable[[], bool]", super().clear))
