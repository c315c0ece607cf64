"""Offline hand entry (docs/OFFLINE.md): the service worker's script, /sw.js, and what
the pages' script (static/js/offline.js) is told.

The worker is served from the site's root so that its scope covers every language's
pages; its text names the release, so that a new release is a new worker, which
takes over at the next load and drops the old one's caches. Its logic is a static file
(js/offline-sw.js) that the rendered script imports; the rendered part only says which
files to keep, which pages are the scorekeeper's, and the release.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import re
from collections.abc import Iterable
from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import NoReverseMatch, reverse
from django.utils import translation
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

# The static files the scorekeeper's pages need offline: every file under these
# folders, whatever is added there later (the engine's Pyodide under vendor/pyodide/).
PRECACHE_PREFIXES = ("css/", "js/", "vendor/")
# Files fetched under their plain names, never their hashed ones: Pyodide makes the
# addresses of its own files from its folder's (the page's data-index, "vendor/pyodide/"),
# so the engine asks for "vendor/pyodide/pyodide.asm.wasm" whatever collectstatic named
# it. Kept under that name, it is found offline, and downloaded once (whitenoise serves
# the plain names too).
PLAIN_PREFIXES = ("vendor/pyodide/",)
# Files under those folders no page loads.
SKIPPED = re.compile(r"(^|/)(LICEN[CS]E[^/]*|README[^/]*|[^/]*\.map|[^/]*\.md|[^/]*\.txt)$")
# Address names of other files to keep, when they exist (a name that does not, yet,
# is left out): the engine's scoring bundle (offline previews) and a JavaScript catalogue.
PRECACHE_URL_NAMES = ("scoring_bundle", "engine_bundle", "javascript-catalog")
# The scorekeeper's pages, kept for when the signal goes (network first, the kept copy
# only without signal). Never an organiser's page or a public one.
PAGE_URL_NAMES = ("my_tables", "table_sheet", "hand_new", "board_next", "board_entry")
# The entry forms whose posts are queued without signal.
QUEUED_URL_NAMES = ("hand_new", "board_entry")
# A value no real id takes, replaced by a pattern in the addresses above.
_SENTINEL = 987654321


# The Python code the browser runs (the engine's bundle): a change to it is a
# new release even when the app's version and the static files stay the same.
BROWSER_CODE = ("scoring", "tournaments/rules")


@lru_cache(maxsize=1)
def browser_code() -> str:
    """A hash of the code the engine's bundle is made of (read once per process: the
    code changes only with a deployment, which restarts it)."""
    digest = hashlib.sha256()
    for folder in BROWSER_CODE:
        for path in sorted((settings.BASE_DIR / folder).rglob("*.py")):
            digest.update(str(path.relative_to(settings.BASE_DIR)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def app_version() -> str:
    try:
        return importlib.metadata.version("tarot-club")
    except importlib.metadata.PackageNotFoundError:
        return "0"


def _static_names() -> list[str]:
    """The static files under PRECACHE_PREFIXES, found as collectstatic finds them."""
    names: set[str] = set()
    for finder in finders.get_finders():
        for path, storage in finder.list(["CVS", ".*", "*~"]):
            # A finder's storage may serve its files under a prefix (STATICFILES_DIRS'
            # ("prefix", dir), the engine's "vendor/pyodide"), as collectstatic puts them.
            prefix = getattr(storage, "prefix", None)
            name = (f"{prefix}/{path}" if prefix else path).replace("\\", "/")
            if name.startswith(PRECACHE_PREFIXES) and not SKIPPED.search(name):
                names.add(name)
    return sorted(names)


def _static_url(name: str) -> str | None:
    if name.startswith(PLAIN_PREFIXES):
        return _static_prefix() + name
    try:
        return static(name)
    except ValueError:  # not in the manifest (collectstatic not run for it): not served
        return None


def _hashed_addresses() -> bool:
    """Whether a static file's address changes with its content (the manifest storage
    of production): then the addresses alone tell one release from another."""
    return isinstance(staticfiles_storage, ManifestFilesMixin)


def _fingerprint(name: str) -> str:
    """What changes when a file without hashed address does: its size and time."""
    path = finders.find(name)
    if not isinstance(path, str):
        return ""
    info = os.stat(path)
    return f"{info.st_size}:{info.st_mtime_ns}"


def _named_urls(names: Iterable[str]) -> list[str]:
    urls = []
    for name in names:
        try:
            urls.append(reverse(name))
        except NoReverseMatch:
            continue  # not there yet (another part of the work adds it)
    return urls


def precache() -> list[str]:
    """The addresses the worker keeps at install: the static files and the named ones."""
    urls = [url for name in _static_names() if (url := _static_url(name))]
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            urls += _named_urls(PRECACHE_URL_NAMES)
    return sorted(set(urls))


def _pattern(name: str) -> str | None:
    """A regular expression for the addresses of `name` in the current language; the
    ids in it match any number."""
    for args in ((), (_SENTINEL,), (_SENTINEL, _SENTINEL)):
        try:
            path = reverse(name, args=args)
        except NoReverseMatch:
            continue
        return "^" + re.escape(path).replace(str(_SENTINEL), r"\d+") + "$"
    return None


def _patterns(names: Iterable[str]) -> list[str]:
    found: set[str] = set()
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            found |= {p for name in names if (p := _pattern(name))}
    return sorted(found)


def _paths(names: Iterable[str]) -> list[str]:
    found: set[str] = set()
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            found |= set(_named_urls(names))
    return sorted(found)


def _static_prefix() -> str:
    """STATIC_URL as the browser asks for it (from the site's root)."""
    return settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/" + settings.STATIC_URL


@lru_cache(maxsize=4)
def _release(version: str, fingerprints: str) -> dict[str, object]:
    files = precache()
    config: dict[str, object] = {
        "precache": files,
        "static": _static_prefix(),
        "pages": _patterns(PAGE_URL_NAMES),
        "queued": _patterns(QUEUED_URL_NAMES),
        # Kept afresh each time a page links to them: they carry the next hand's number.
        "fresh": _patterns(("hand_new",)),
        # A login or a logout changes whose pages these are: the kept copies go. The
        # admin's logout too: a staff organiser's kept sheet must not outlive him.
        "forget": _paths(("login", "logout", "admin:logout")),
    }
    digest = hashlib.sha256(
        json.dumps([version, config, fingerprints], sort_keys=True).encode()
    ).hexdigest()[:16]
    return {**config, "version": digest}


def release() -> dict[str, object]:
    """The worker's configuration and its version: a hash of the app's version, of the
    code the engine's bundle holds, of the files kept (their hashed addresses in
    production) and of the page patterns."""
    # Hashed addresses tell a release by themselves, but those kept under their plain
    # names (PLAIN_PREFIXES): their size and time do.
    fingerprints = "|".join(
        f"{name}={_fingerprint(name)}"
        for name in _static_names()
        if not _hashed_addresses() or name.startswith(PLAIN_PREFIXES)
    )
    return _release(f"{app_version()}+{browser_code()}", fingerprints)


@require_safe
@never_cache
def service_worker(request: HttpRequest) -> HttpResponse:
    """/sw.js: the release's configuration, then the worker's code (js/offline-sw.js).
    Never cached by the browser, so that a new release is seen at the next load."""
    response = render(
        request,
        "offline/sw.js",
        {
            "config": json.dumps(release()),
            # The queue's code is shared with the pages (js/offline.js), then the worker's.
            "scripts": [static("js/offline.js"), static("js/offline-sw.js")],
        },
        content_type="text/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = "/"
    return response


def page_config() -> dict[str, object]:
    """What static/js/offline.js needs on every page: where the worker is, and the
    addresses of the entry forms and sheets in the current language."""
    return {
        "sw": reverse("service_worker"),
        "pages": [p for name in PAGE_URL_NAMES if (p := _pattern(name))],
        "queued": [p for name in QUEUED_URL_NAMES if (p := _pattern(name))],
        # The new-hand form: its number follows the last hand stored (js/offline.js).
        "fresh": [p for name in ("hand_new",) if (p := _pattern(name))],
        "login": reverse("login"),
    }
