"""The outside services the tests talk to, from the environment.

TEST_REDIS_URL points a run at its own Redis (default the machine's, database 1): the
cache tests and the two-server tests key under prefixes of their own and delete only
their keys, so runs sharing one Redis never meet.
"""

from __future__ import annotations

import os
import socket
from urllib.parse import urlsplit

REDIS_URL = os.environ.get("TEST_REDIS_URL") or "redis://127.0.0.1:6379/1"
_parts = urlsplit(REDIS_URL)
REDIS = (_parts.hostname or "127.0.0.1", _parts.port or 6379)
REDIS_DB = int((_parts.path or "/0").strip("/") or 0)
# CI sets REQUIRE_REDIS=1 (.ci/run checks Redis first): there an unreachable Redis fails
# the tests that need it instead of skipping them.
REQUIRE_REDIS = os.environ.get("REQUIRE_REDIS") == "1"


def redis_answers() -> bool:
    """Whether something accepts connections at the tests' Redis address."""
    try:
        socket.create_connection(REDIS, timeout=0.5).close()
    except OSError:
        return False
    return True
