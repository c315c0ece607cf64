"""The cache of public pages, for anonymous visitors only, and never stale.

`cached_page(subjects)` wraps a public view. For an anonymous GET whose query string
holds only the parameters the page reads, it builds a key from the address (its
language prefix included), the language, whether htmx asked for a fragment, those
parameters, the subjects the page shows and their current version, read from the
database in one query (selectors.page_versions), then serves the stored page or
renders and stores it. Every write that changes what a page shows raises the versions
of the subjects it touched, in its own transaction (services.cache.touch), so the next
request reads a new key: a page is never served after the data it shows changed, and
the pages of other subjects stay cached. The cache holds pages only: whatever it loses
or restores, a page under an old version is never asked for again.

Signed-in people are never served a cached page and their pages are never stored:
organisers see drafts and full names, scorekeepers their own menu. Nor is a request
with messages to show (they belong to that visitor).

Every page carries the visitor's CSRF token (base.html: the language form and the htmx
header): the stored copy has a placeholder instead, replaced on each hit by a token of
the visitor's own (which also sets his CSRF cookie, as a render would).

If the cache is unreachable, pages are rendered as if there were no cache: its backend
(tarot_club.cache) answers a miss and skips the store, without an error.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections.abc import Callable, Collection
from typing import Any

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.translation import get_language

from ..selectors import dependencies
from ..selectors import page_versions as versions

# Old keys are never read again (a write gives the page a new one): they only have to
# leave the cache some day. Redis evicts them sooner when full (maxmemory-policy).
PAGE_SECONDS = 3600

HEADER = "X-Page-Cache"  # "hit" or "miss" on a cacheable request: for tests and ops
PLACEHOLDER = b"\x00csrf-token\x00"  # no page can contain a NUL byte of its own
_TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]{32,128})"')
# Query values a page may be keyed on: page numbers, ids, column names, settings.
_VALUE = re.compile(r"[\w.-]{0,40}")

# The subjects of a page from its URL's arguments: version keys (selectors.page_versions), or
# None for "do not cache" (no such object: the view answers 404 itself).
Subjects = Callable[..., list[str] | None]
View = Callable[..., HttpResponse]


def enabled() -> bool:
    return bool(getattr(settings, "PAGE_CACHE", False))


def _query(request: HttpRequest, allowed: Collection[str]) -> list[tuple[str, str]] | None:
    """The query string's parameters, sorted, if all are among `allowed` (one value
    each, short); None otherwise (the request is not cached)."""
    items: list[tuple[str, str]] = []
    for name in request.GET:
        values = request.GET.getlist(name)
        if name not in allowed or len(values) != 1 or not _VALUE.fullmatch(values[0]):
            return None
        items.append((name, values[0]))
    return sorted(items)


def _cacheable(request: HttpRequest) -> bool:
    if request.method != "GET" or request.user.is_authenticated:
        return False
    return len(get_messages(request)) == 0  # len() reads them without consuming them


def _page_key(
    request: HttpRequest,
    query: list[tuple[str, str]],
    keys: list[str],
    version: versions.Version,
) -> str:
    material = [
        request.path,
        get_language(),
        bool(request.headers.get("HX-Request")),
        query,
        keys,  # the version is a sum over these: the same sum of other subjects differs
        version.site,
        version.subjects,
    ]
    digest = hashlib.sha256(json.dumps(material).encode()).hexdigest()
    return f"page:{digest}"


def _stored(response: HttpResponse) -> dict[str, Any] | None:
    """What to keep of a fresh response: a plain 200 page that sets no cookie."""
    if response.status_code != 200 or response.streaming or response.cookies:
        return None
    content = response.content
    found = _TOKEN.search(content)
    if found:
        content = content.replace(found.group(1), PLACEHOLDER)
    return {"content": content, "content_type": response["Content-Type"]}


def _served(request: HttpRequest, entry: dict[str, Any]) -> HttpResponse:
    content: bytes = entry["content"]
    if PLACEHOLDER in content:
        content = content.replace(PLACEHOLDER, get_token(request).encode())
    response = HttpResponse(content, content_type=entry["content_type"])
    response[HEADER] = "hit"
    return response


def cached_page(subjects: Subjects, *, query: Collection[str] = ()) -> Callable[[View], View]:
    """Cache the view's page for anonymous visitors, keyed on `subjects(**url_kwargs)`
    and on the query parameters named in `query` (any other parameter: not cached)."""

    def decorate(view: View) -> View:
        @functools.wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not enabled() or not _cacheable(request):
                return view(request, *args, **kwargs)
            params = _query(request, query)
            if params is None:
                return view(request, *args, **kwargs)
            keys = subjects(**kwargs)
            if keys is None:
                return view(request, *args, **kwargs)
            # The version first, the page's rows after: a page stored under a version
            # shows the data of that version or later (selectors.page_versions).
            key = _page_key(request, params, keys, versions.page_version(keys))
            entry = cache.get(key)
            if entry is not None:
                return _served(request, entry)
            response = view(request, *args, **kwargs)
            stored = _stored(response)
            if stored is not None:
                cache.set(key, stored, timeout=PAGE_SECONDS)
                response[HEADER] = "miss"
            return response

        return wrapper

    return decorate


# --- the subjects of each public page -----------------------------------------------


def event_page(pk: int, **_: object) -> list[str]:
    """An event's pages: detail, results, chart, tournament ranking and round results,
    hall screen. Players' names on them are touched through the event too."""
    return [versions.event_key(pk)]


def table_page(pk: int) -> list[str] | None:
    event_id = dependencies.table_event_id(pk)
    return None if event_id is None else [versions.event_key(event_id)]


def season_page(pk: int) -> list[str] | None:
    found = dependencies.season_subjects(pk)
    if found is None:
        return None
    return [
        versions.season_key(pk),
        versions.club_key(found.club_id),
        *(versions.event_key(event_id) for event_id in found.event_ids),
    ]


def _players_page(pks: list[int]) -> list[str] | None:
    """The players' own counters and their clubs': one indexed read whatever the number
    of events they played. A player's counter moves with every published event he is
    named in (services.cache), his name and his club. Whether the public may see him
    at all is read live (a player known only from unpublished events is a 404, never
    stored), so that no counter has to follow a seat or a registration removed."""
    clubs = dependencies.visible_player_clubs(pks)
    if len(clubs) != len(set(pks)):
        return None
    return [
        *(versions.player_key(pk) for pk in sorted(clubs)),
        *(versions.club_key(club_id) for club_id in sorted(set(clubs.values()))),
    ]


def player_page(pk: int) -> list[str] | None:
    """His page: his name and club, and every published event he is named in (its
    figures, the names of his partners and opponents there), through his counter."""
    return _players_page([pk])


def head_to_head_page(a: int, b: int) -> list[str] | None:
    if max(a, b) > 2**63 - 1:  # the view answers 404 before any lookup
        return None
    return _players_page([a, b])
