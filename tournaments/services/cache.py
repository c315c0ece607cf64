"""Versions of what the public pages show: the one module that invalidates the page cache.

A cached public page (views.cached) is stored under a key that includes the current
*version* of every subject it shows: its event, its season, its player, their clubs,
and the events a season or a player page sums up. A write never deletes a page; it
calls `touch` with the subjects it changed, which gives each of them a new version
once the transaction commits, so every page that shows them gets a new key and is
rendered afresh on its next request, while the pages of every other subject stay
cached. Old entries are never read again and expire (views.cached.PAGE_SECONDS).

Versions are random tokens, not counters: a version key evicted from the cache (or
lost with a Redis restart) comes back as a token never used before, never as an
earlier number whose page may still be stored.

Bumping on commit: a reader who reads the versions after that bump reads the
committed rows (a reader who read them before stores his page under an old key,
which nobody reads any more). A write inside a transaction also bumps at once: a
rolled-back write then costs a few misses, never a stale page.
"""

from __future__ import annotations

import logging
import secrets
import threading
from collections.abc import Iterable

from django.core.cache import cache
from django.db import transaction

from ..models import Club, Event, Player, Season
from ..selectors.dependencies import player_event_ids

logger = logging.getLogger(__name__)

# Every page's key includes it: a write whose reach is unknown (the admin's bulk
# tools, repairs, generated data) bumps it and so renews every page at once.
SITE = "v:site"


def event_key(pk: int) -> str:
    return f"v:event:{pk}"


def season_key(pk: int) -> str:
    return f"v:season:{pk}"


def player_key(pk: int) -> str:
    return f"v:player:{pk}"


def club_key(pk: int) -> str:
    return f"v:club:{pk}"


def _ids(items: Iterable[object]) -> set[int]:
    """Primary keys of model instances or of plain ids (None skipped: an unsaved row)."""
    found: set[int] = set()
    for item in items:
        pk = getattr(item, "pk", item)
        if pk is not None:
            found.add(int(pk))  # type: ignore[call-overload]
    return found


def touch(
    *,
    events: Iterable[Event | int] = (),
    seasons: Iterable[Season | int] = (),
    players: Iterable[Player | int] = (),
    clubs: Iterable[Club | int] = (),
    everything: bool = False,
) -> None:
    """Renew, once the current transaction commits, the pages showing these subjects.

    `events`: the event's pages (detail, results, chart, tables' sheets, tournament
    ranking and round results, hall screen) and, through their lists of events, the
    season pages counting it and the player and head-to-head pages of everyone who
    played it. `players`: the player's page and head-to-heads (his name, his club);
    a change of name that other pages print also touches the events he played
    (selectors.dependencies.player_event_ids). `seasons`: the season's page. `clubs`:
    the club's own fields, printed on its season and player pages (its events' pages
    are touched by event). `everything`: every page.
    """
    keys = (
        [event_key(pk) for pk in _ids(events)]
        + [season_key(pk) for pk in _ids(seasons)]
        + [player_key(pk) for pk in _ids(players)]
        + [club_key(pk) for pk in _ids(clubs)]
        + ([SITE] if everything else [])
    )
    if not keys:
        return
    if transaction.get_connection().in_atomic_block:
        # Now as well as on commit: a page read in between may be stored under this
        # version with the rows before the write, but the bump on commit renews it; and
        # a test run inside one transaction (never committed) sees its writes at once.
        bump(keys)
    transaction.on_commit(lambda: bump(keys))


def _token() -> str:
    return secrets.token_hex(8)


# Versions this process could not renew (the cache was unreachable): renewed at its next
# use of the cache, before anything is read from it (retry_failed_bumps).
_failed: set[str] = set()
_failed_lock = threading.Lock()


def bump(keys: Iterable[str]) -> None:
    """Give each key a new version now (touch calls it on commit).

    A failed bump never fails the write: scores are kept with the cache down. The keys
    are kept and bumped again at this process's next use of the cache (the next
    cached page it serves or the next write), so that a page stored before the write
    is not served once the cache is back; should the process stop first, the page
    expires within views.cached.PAGE_SECONDS (an hour).
    """
    keys = list(keys)
    retry_failed_bumps()
    try:
        cache.set_many({key: _token() for key in keys}, timeout=None)
    except Exception:
        with _failed_lock:
            _failed.update(keys)
        logger.exception("Could not renew the page cache's versions %s", keys)


def retry_failed_bumps() -> bool:
    """Bump the versions an earlier bump of this process could not; False while the cache
    is still unreachable (nothing may then be read from it)."""
    with _failed_lock:
        pending = sorted(_failed)
    if not pending:
        return True
    try:
        cache.set_many({key: _token() for key in pending}, timeout=None)
    except Exception:
        logger.warning("The page cache is still unreachable: %s versions to renew", len(pending))
        return False
    with _failed_lock:
        _failed.difference_update(pending)
    logger.warning("Renewed %s page cache versions a failed bump had left", len(pending))
    return True


def versions(keys: list[str]) -> list[str] | None:
    """The current version of each key, in order; a key without one gets a new token
    (first read, or evicted). None if the cache would not keep one (nothing may then
    be cached under it), or while versions this process failed to renew are still
    pending (no page is read from the cache until they are renewed)."""
    if not retry_failed_bumps():
        return None
    found = cache.get_many(keys)
    missing = [key for key in keys if key not in found]
    if missing:
        for key in missing:
            cache.add(key, _token(), timeout=None)
        # Read back: a concurrent reader's add (or a writer's bump) may have won.
        found.update(cache.get_many(missing))
    if any(key not in found for key in keys):
        return None
    return [str(found[key]) for key in keys]


def touch_players(players: Iterable[Player | int]) -> None:
    """A change to players that every page naming them shows (name, public name style,
    club, deletion): their own pages and the events they are named in (whose pages,
    season pages and other players' pages print their names). One query."""
    pks = _ids(players)
    if pks:
        touch(players=pks, events=player_event_ids(pks))
