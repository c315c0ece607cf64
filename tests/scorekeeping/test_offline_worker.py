"""/sw.js, the offline worker's script (tarot_club/offline.py, docs/OFFLINE.md): what it
keeps, which pages it may serve from its cache, and its version.

Its behaviour in a browser is tests/browser/test_offline.py."""

from __future__ import annotations

import json
import os
import re

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from tarot_club import offline

# What a phone downloads at the worker's install, at most: the static files of the
# scorekeeper's pages with the engine (Pyodide). More means a vendored file to leave out.
PRECACHE_BUDGET = 40 * 1024 * 1024


def config_of(response) -> dict:
    text = response.content.decode()
    match = re.search(r"self\.TAROT_OFFLINE = (\{.*\});", text)
    assert match, text
    return json.loads(match.group(1))


@pytest.fixture
def worker(client) -> dict:
    offline._release.cache_clear()
    response = client.get(reverse("service_worker"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"] and "no-store" in response["Cache-Control"]
    assert response["Service-Worker-Allowed"] == "/"
    assert "importScripts" in response.content.decode()
    return config_of(response)


def test_sw_js_is_at_the_root_in_every_language(client):
    assert reverse("service_worker") == "/sw.js"
    assert client.post("/sw.js").status_code == 405  # read only


def test_it_keeps_every_static_file_of_the_pages_and_no_licence(worker):
    kept = worker["precache"]
    for name in (
        "css/site.css",
        "js/offline.js",
        "js/offline-sw.js",
        "js/hand-form.js",
        "vendor/htmx/htmx.min.js",
        "vendor/bootstrap/bootstrap.min.css",
    ):
        assert "/static/" + name in kept
    assert not [url for url in kept if "LICENSE" in url]


def test_an_address_name_that_does_not_exist_yet_is_left_out(worker, monkeypatch):
    monkeypatch.setattr(offline, "PRECACHE_URL_NAMES", ("no_such_page", "my_tables"))
    assert reverse("my_tables") in offline.precache()  # a name that exists is kept


def test_it_may_serve_from_its_cache_only_the_scorekeepers_pages(worker, table4, club_night):
    def served(path: str) -> bool:
        return any(re.search(pattern, path) for pattern in worker["pages"])

    for name, args in (
        ("my_tables", []),
        ("table_sheet", [table4.pk]),
        ("hand_new", [table4.pk]),
        ("board_next", [table4.pk]),
        ("board_entry", [table4.pk, 3]),
    ):
        assert served(reverse(name, args=args)), name
        assert served("/en" + reverse(name, args=args)), name
    for name, args in (
        ("home", []),
        ("event_manage", [club_night.pk]),
        ("event_detail", [club_night.pk]),
        ("table_public", [table4.pk]),
        ("table_history", [table4.pk]),
        ("hand_preview", [table4.pk]),
        ("player_list", []),
    ):
        assert not served(reverse(name, args=args)), name

    # Queued when the post fails for want of network: the entry forms only.
    def queued(path: str) -> bool:
        return any(re.search(pattern, path) for pattern in worker["queued"])

    assert queued(reverse("hand_new", args=[table4.pk]))
    assert queued("/en" + reverse("board_entry", args=[table4.pk, 3]))
    assert not queued(reverse("table_sheet", args=[table4.pk]))
    assert not queued(reverse("hand_edit", args=[1]))


def test_a_new_release_is_a_new_version(client, worker, monkeypatch):
    monkeypatch.setattr(offline, "app_version", lambda: "next-release")
    again = config_of(client.get(reverse("service_worker")))
    assert again["version"] != worker["version"]
    assert again["precache"] == worker["precache"]


def test_what_a_phone_downloads_at_install_stays_within_its_budget(worker):
    sizes = {}
    for url in worker["precache"]:
        if not url.startswith("/static/"):
            continue  # a page's address (the engine's bundle): a few kilobytes
        name = url.removeprefix("/static/")
        path = finders.find(name)
        if isinstance(path, str):
            sizes[name] = os.path.getsize(path)
    total = sum(sizes.values())
    assert total < PRECACHE_BUDGET, sorted(sizes.items(), key=lambda item: -item[1])[:10]


def test_every_logout_forgets_the_kept_pages(worker):
    """Logging out through the admin's own page left a staff organiser's kept sheet on
    the phone for the next person, offline."""
    assert "/admin/logout/" in worker["forget"]
    assert reverse("logout") in worker["forget"] and reverse("login") in worker["forget"]
