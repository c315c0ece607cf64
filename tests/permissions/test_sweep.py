"""The permission sweep: every URL of the site x eight kinds of visitor, each cell's
expected answer written down in EXPECTED below; the URLs that write have a POST row
with valid data, so an authorised cell proves the write is made and a refused one
that nothing changed.

The URL names come from the URL configuration itself: a new URL fails
`test_every_url_name_is_in_the_table` until it gets a row here (or, for Django's own
URLs, a line in EXEMPT). Each cell is a test of its own (Sweep.test_<row>__<visitor>),
so a failure names the URL and the visitor. The world is built once per test class
(setUpTestData) and each cell runs in a transaction rolled back after it, so POST
rows never see each other's writes.

The world (build_world): club A ("lyon") with a published club night (a table without
hands), a draft club night (two tables; table 1 has a hand and a validated sheet), a
published tournament (registrations; round 1: two tables, a hand at table 1; round 2:
two tables without hands; a guest scorekeeper and a guest organiser), a draft
tournament with a round, a draft tournament ready for its first draw, a published and
a draft season, and a player known only from the draft night; club B ("grenoble")
with a draft event of its own. Rows point at club A's objects: for public pages, the
draft object where publication matters, with a "(published)" row beside it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import pytest
from django.http import HttpResponse
from django.test import TestCase
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from ..factories import logged_in
from .snapshots import snapshot
from .sweep_requests import DATA, DONE, TARGETS
from .sweep_world import World, build_world

# Who may see and do what is decided by our code (the selectors' filters on club and
# role), the same on both databases: CI sweeps on PostgreSQL only (docs/TESTING.md).
# Every route as every visitor is a large part of the suite's time, each request cheap:
# out of the quick loop (slow), which the permission tests of each page and write
# (tests/permissions' other files) still cover; CI runs the sweep whole.
pytestmark = [pytest.mark.sweep, pytest.mark.slow]

# The visitors, left to right in the table:
#   anon       not signed in
#   no_role    signed in, no role anywhere (his account is player Inès's: /me/name/)
#   sk_other   scorekeeper (club A) of table 2 of the published tournament's round 1
#              (and of table 2 of the draft night)
#   sk_this    scorekeeper (club A) of table 1, "this table" of the scorekeeping rows
#              (and of the draft night's table 1, the "table_public (draft)" row)
#   guest      guest organiser of the published tournament, of no club: he runs that
#              tournament (its pages, its tables' sheets), nothing else of club A's
#   orga_b     organiser of club B, the other club
#   orga_a     organiser of club A, the club owning every object of the rows
#   fed        the federation role (every club)
#
# Cells:
#   200 403 404   that status exactly (and, on a POST row, nothing changed)
#   302           a redirect to the login page (and, on a POST row, nothing changed)
#   ok            a POST that succeeds: 200 or a redirect elsewhere than the login page,
#                 and the change it makes is made (DONE below)
#   form          a POST refused at the form (its page again, 200 or 400, with the
#                 error at the field): nothing changed
#   moved         a GET answered by a redirect elsewhere than the login page (the
#                 page leads on: the board to enter next)
#
# Method: GET, or POST with the row's data (DATA below; none for the buttons).
EXPECTED = """
url (variant)                        method anon no_role sk_other sk_this guest orga_b orga_a fed

home                                 GET    200  200     200      200     200   200    200    200
# the offline worker (/sw.js): the same script for everyone, naming no one's pages
service_worker                       GET    200  200     200      200     200   200    200    200
# the engine's Python for the browser (the scoring package): no one's data, the same for everyone
scoring_bundle                       GET    200  200     200      200     200   200    200    200

# public pages: published things for everyone, drafts for their club's organisers only
event_detail (draft)                 GET    404  404     404      404     404   404    200    200
event_detail (published)             GET    200  200     200      200     200   200    200    200
event_results (draft)                GET    404  404     404      404     404   404    200    200
event_results (published)            GET    200  200     200      200     200   200    200    200
event_screen (draft)                 GET    404  404     404      404     404   404    200    200
event_screen (published)             GET    200  200     200      200     200   200    200    200
event_chart (draft)                  GET    404  404     404      404     404   404    200    200
event_chart (published)              GET    200  200     200      200     200   200    200    200
table_public (draft)                 GET    404  404     404      404     404   404    200    200
table_public (published)             GET    200  200     200      200     200   200    200    200
player_public (draft only)           GET    404  404     404      404     404   404    200    200
player_public (published)            GET    200  200     200      200     200   200    200    200
head_to_head (draft only)            GET    404  404     404      404     404   404    200    200
head_to_head (published)             GET    200  200     200      200     200   200    200    200
tournament_ranking (draft)           GET    404  404     404      404     404   404    200    200
tournament_ranking (published)       GET    200  200     200      200     200   200    200    200
tournament_round_results (draft)     GET    404  404     404      404     404   404    200    200
tournament_round_results (published) GET    200  200     200      200     200   200    200    200
tournament_screen (draft)            GET    404  404     404      404     404   404    200    200
tournament_screen (published)        GET    200  200     200      200     200   200    200    200
season_detail (draft)                GET    404  404     404      404     404   404    200    200
season_detail (published)            GET    200  200     200      200     200   200    200    200
duplicate_ranking (draft)            GET    404  404     404      404     404   404    200    200
duplicate_ranking (published)        GET    200  200     200      200     200   200    200    200
duplicate_player (draft)             GET    404  404     404      404     404   404    200    200
duplicate_player (published)         GET    200  200     200      200     200   200    200    200
duplicate_board (draft)              GET    404  404     404      404     404   404    200    200
duplicate_board (published)          GET    200  200     200      200     200   200    200    200
# a team match's teams board by board: as its ranking; no such page for another event
duplicate_teams (draft)              GET    404  404     404      404     404   404    200    200
duplicate_teams (published)          GET    200  200     200      200     200   200    200    200
duplicate_teams (not a team match)   GET    404  404     404      404     404   404    404    404

# scorekeeping: table 1 of the published tournament (open sheet, one hand)
my_tables                            GET    302  200     200      200     200   200    200    200
table_sheet                          GET    302  403     403      200     200   403    200    200
hand_new                             GET    302  403     403      200     200   403    200    200
hand_new (post)                      POST   302  403     403      ok      ok    403    ok     ok
hand_preview                         POST   302  403     403      ok      ok    403    ok     ok
hand_edit                            GET    302  403     403      200     200   403    200    200
hand_edit (post)                     POST   302  403     403      ok      ok    403    ok     ok
hand_delete                          GET    302  403     403      200     200   403    200    200
hand_delete (post)                   POST   302  403     403      ok      ok    403    ok     ok
table_validate                       POST   302  403     403      ok      ok    403    ok     ok
# reopening a sheet and reading the history are for organisers, not scorekeepers;
# table_reopen: the draft night's validated table 1 (sk_this's)
table_reopen                         POST   302  403     403      403     403   403    ok     ok
table_history                        GET    302  403     403      403     200   403    200    200
hand_history                         GET    302  403     403      403     200   403    200    200
# a duplicate table: round 1's table playing board 1 of the published duplicate event
# (sk_this's in every round; the guest organises the tournament, not this event)
board_next                           GET    302  403     403      moved   403   403    moved  moved
board_entry                          GET    302  403     403      200     403   403    200    200
board_entry (post)                   POST   302  403     403      ok      403   403    ok     ok
board_preview                        POST   302  403     403      ok      403   403    ok     ok

# organiser pages of club A (?club=lyon names the club on the pages that take it)
player_list                          GET    302  403     403      403     403   403    200    200
player_create                        GET    302  403     403      403     403   403    200    200
player_create (post)                 POST   302  403     403      403     403   403    ok     ok
player_edit                          GET    302  403     403      403     403   403    200    200
player_edit (post)                   POST   302  403     403      403     403   403    ok     ok
event_create                         GET    302  403     403      403     403   403    200    200
event_create (post)                  POST   302  403     403      403     403   403    ok     ok
event_manage                         GET    302  403     403      403     403   403    200    200
event_edit                           GET    302  403     403      403     403   403    200    200
event_edit (post)                    POST   302  403     403      403     403   403    ok     ok
club_night_export                    GET    302  403     403      403     403   403    200    200
event_publish                        POST   302  403     403      403     403   403    ok     ok
event_unpublish                      POST   302  403     403      403     403   403    ok     ok
table_create                         GET    302  403     403      403     403   403    200    200
table_create (post)                  POST   302  403     403      403     403   403    ok     ok
table_edit                           GET    302  403     403      403     403   403    200    200
table_edit (post)                    POST   302  403     403      403     403   403    ok     ok
table_delete                         GET    302  403     403      403     403   403    200    200
table_delete (post)                  POST   302  403     403      403     403   403    ok     ok
event_guests                         GET    302  403     403      403     403   403    200    200
event_guests (post)                  POST   302  403     403      403     403   403    ok     ok
# the guest organiser runs the published tournament but not its guests
guest_remove                         POST   302  403     403      403     403   403    ok     ok

# the published tournament (the guest's): its pages; round 2 has no hand yet
tournament_manage                    GET    302  403     403      403     200   403    200    200
tournament_edit                      GET    302  403     403      403     200   403    200    200
tournament_edit (post)               POST   302  403     403      403     ok    403    ok     ok
tournament_registrations             GET    302  403     403      403     200   403    200    200
tournament_registrations (post)      POST   302  403     403      403     ok    403    ok     ok
tournament_import                    GET    302  403     403      403     200   403    200    200
tournament_import (post)             POST   302  403     403      403     ok    403    ok     ok
tournament_export                    GET    302  403     403      403     200   403    200    200
tournament_unpublish                 POST   302  403     403      403     ok    403    ok     ok
registration_present                 POST   302  403     403      403     ok    403    ok     ok
round_manage                         GET    302  403     403      403     200   403    200    200
round_swap                           POST   302  403     403      403     ok    403    ok     ok
round_redraw                         POST   302  403     403      403     ok    403    ok     ok
round_scorekeepers                   POST   302  403     403      403     ok    403    ok     ok
round_print                          GET    302  403     403      403     200   403    200    200
round_sheets                         GET    302  403     403      403     200   403    200    200
# the draft tournaments of club A: not the guest's
tournament_publish                   POST   302  403     403      403     403   403    ok     ok
round_generate                       POST   302  403     403      403     403   403    ok     ok

# seasons of club A
season_edit                          GET    302  403     403      403     403   403    200    200
season_edit (post)                   POST   302  403     403      403     403   403    ok     ok
season_export                        GET    302  403     403      403     403   403    200    200

# duplicate events of club A: the published one (board 2 unplayed), the drafts
duplicate_manage                     GET    302  403     403      403     403   403    200    200
duplicate_edit                       GET    302  403     403      403     403   403    200    200
duplicate_edit (post)                POST   302  403     403      403     403   403    ok     ok
duplicate_seat                       POST   302  403     403      403     403   403    ok     ok
duplicate_unseat                     POST   302  403     403      403     403   403    ok     ok
duplicate_scorekeepers               GET    302  403     403      403     403   403    200    200
duplicate_scorekeepers (post)        POST   302  403     403      403     403   403    ok     ok
duplicate_publish                    POST   302  403     403      403     403   403    ok     ok
duplicate_unpublish                  POST   302  403     403      403     403   403    ok     ok
duplicate_export                     GET    302  403     403      403     403   403    200    200
duplicate_boards_print               GET    302  403     403      403     403   403    200    200
duplicate_cards                      GET    302  403     403      403     403   403    200    200
duplicate_diagrams                   GET    302  403     403      403     403   403    200    200
duplicate_traveller                  GET    302  403     403      403     403   403    200    200
duplicate_traveller (post)           POST   302  403     403      403     403   403    ok     ok
duplicate_special                    POST   302  403     403      403     403   403    ok     ok
duplicate_special_clear              POST   302  403     403      403     403   403    ok     ok
duplicate_board_roles                POST   302  403     403      403     403   403    ok     ok
duplicate_penalties                  GET    302  403     403      403     403   403    200    200
duplicate_penalties (post)           POST   302  403     403      403     403   403    ok     ok
duplicate_penalty_withdraw           POST   302  403     403      403     403   403    ok     ok

# the club's people and audit trail (?club=lyon): its organisers and the federation
club_people                          GET    302  403     403      403     403   403    200    200
club_people (post)                   POST   302  403     403      403     403   403    ok     ok
club_audit                           GET    302  403     403      403     403   403    200    200
member_role                          POST   302  403     403      403     403   403    ok     ok
member_remove                        POST   302  403     403      403     403   403    ok     ok
member_password                      POST   302  403     403      403     403   403    ok     ok

# organiser pages of no club in particular: each organiser sees or creates his own;
# the POST rows name club A, which only its organisers and the federation may choose
tournament_list                      GET    302  403     403      403     200   200    200    200
tournament_create                    GET    302  403     403      403     403   200    200    200
tournament_create (post)             POST   302  403     403      403     403   form   ok     ok
season_create                        GET    302  403     403      403     403   200    200    200
duplicate_create                     GET    302  403     403      403     403   200    200    200
duplicate_create (post)              POST   302  403     403      403     403   form   ok     ok
season_create (post)                 POST   302  403     403      403     403   form   ok     ok

# a player's own page: only an account linked to a player has one
my_public_name                       GET    302  200     404      404     404   404    404    404
my_public_name (post)                POST   302  ok      404      404     404   404    404    404
"""

# Django's own URLs, left out of the table, and why.
EXEMPT_NAMESPACES = {
    "admin": "Django's admin; its per-club scoping is tests/permissions/test_admin_per_club.py",
}
EXEMPT = {
    "login": "Django's auth: open to everyone by design",
    "logout": "Django's auth: ends one's own session only",
    "password_change": "Django's auth: one's own password, login required by Django",
    "password_change_done": "Django's auth: a confirmation page, shows nothing",
    "password_reset": "Django's auth: the public reset form",
    "password_reset_done": "Django's auth: a confirmation page, shows nothing",
    "password_reset_confirm": "Django's auth: guarded by its one-time token",
    "password_reset_complete": "Django's auth: a confirmation page, shows nothing",
    "set_language": "Django's i18n view: sets the visitor's language only",
}

ROLES = ["anon", "no_role", "sk_other", "sk_this", "guest", "orga_b", "orga_a", "fed"]
METHODS = ("GET", "POST")


@dataclass(frozen=True)
class Row:
    label: str  # "event_detail (draft)"
    name: str  # the URL name, "event_detail"
    method: str
    cells: dict[str, str]  # role -> expected


def parse(table: str) -> list[Row]:
    rows: list[Row] = []
    header: list[str] | None = None
    for line in table.splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        if header is None:
            header = words[words.index("method") + 1 :]
            assert header == ROLES, header
            continue
        at = next(i for i, word in enumerate(words) if word in METHODS)
        label, cells = " ".join(words[:at]), words[at + 1 :]
        assert len(cells) == len(ROLES), f"{label}: {len(cells)} cells"
        rows.append(Row(label, words[0], words[at], dict(zip(ROLES, cells, strict=True))))
    labels = [row.label for row in rows]
    assert len(labels) == len(set(labels)), "a row is listed twice"
    return rows


ROWS = parse(EXPECTED)


# --- the URL configuration ------------------------------------------------------


def url_names(patterns: list[Any] | None = None, namespace: str = "") -> set[str]:
    """Every named URL (namespaced as "ns:name"); an unnamed one as its pattern."""
    patterns = get_resolver().url_patterns if patterns is None else patterns
    found: set[str] = set()
    for entry in patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            if entry.namespace in EXEMPT_NAMESPACES:
                continue
            found |= url_names(entry.url_patterns, inner)
        elif isinstance(entry, URLPattern):
            found.add(f"{namespace}{entry.name}" if entry.name else f"<unnamed {entry.pattern}>")
    return found


def test_every_url_name_is_in_the_table():
    found = url_names()
    listed = {row.name for row in ROWS} | set(EXEMPT)
    missing = sorted(found - listed)
    assert not missing, f"URLs missing from the permission sweep's table: {missing}"
    gone = sorted(listed - found)
    assert not gone, f"rows or exemptions for URLs that no longer exist: {gone}"
    assert set(TARGETS) == {row.label for row in ROWS}
    posts = {row.label for row in ROWS if row.method == "POST"}
    assert set(DONE) == {
        row.label for row in ROWS if row.method == "POST" and "ok" in row.cells.values()
    }
    assert set(DATA) <= posts


def test_every_form_page_has_its_post_row():
    """A page that shows a form that writes (its GET row) has a POST row beside it, so
    the sweep proves who may send it, not only who may read it."""
    forms = {
        "hand_new", "hand_edit", "hand_delete", "player_create", "player_edit",
        "event_create", "event_edit", "table_create", "table_edit", "table_delete",
        "event_guests", "tournament_edit", "tournament_registrations", "tournament_import",
        "season_edit", "club_people", "tournament_create", "season_create", "my_public_name",
        "duplicate_create", "duplicate_edit", "duplicate_traveller", "board_entry",
    }  # fmt: skip
    posted = {row.name for row in ROWS if row.method == "POST"}
    assert sorted(forms - posted) == []


# --- the sweep ------------------------------------------------------------------


def answer(response: HttpResponse) -> str:
    """The cell's value for a response: its status, "302" only for the login page."""
    code = response.status_code
    if code == 302:
        login = reverse("login")
        return "302" if response.url.startswith(login) else f"302 to {response.url}"
    return str(code)


def check_cell(world: World, row: Row, role: str) -> None:
    kwargs, query = TARGETS[row.label](world)
    url = reverse(row.name, kwargs=kwargs)
    client = logged_in(world.users[role])
    expected = row.cells[role]
    if row.method == "GET":
        got = answer(client.get(url, query))
        if expected == "moved":
            assert got.startswith("302 to "), f"GET {url} as {role}: expected moved, got {got}"
            return
        assert got == expected, f"GET {url} {query} as {role}: expected {expected}, got {got}"
        return
    before = snapshot()
    data = DATA.get(row.label, lambda w: {})(world)
    response = client.post(f"{url}?{urlencode(query)}" if query else url, data)
    got = answer(response)
    where = f"POST {url} {query} as {role}"
    if expected == "ok":
        assert got == "200" or got.startswith("302 to "), f"{where}: expected ok, got {got}"
        assert DONE[row.label](world, response), f"{where}: answered {got} but wrote nothing"
        return
    if expected == "form":
        assert got in ("200", "400"), f"{where}: expected the form again, got {got}"
        assert response.context["form"].errors, f"{where}: no error on the form"
    else:
        assert got == expected, f"{where}: expected {expected}, got {got}"
    assert snapshot() == before, f"{where}: refused ({got}) but something changed"


class Sweep(TestCase):
    """One test per cell, test_<row>__<visitor>: the world is built once for them all
    and each cell's transaction is rolled back after it."""

    world: World

    @classmethod
    def setUpTestData(cls) -> None:
        cls.world = build_world()


def _cell(row: Row, role: str) -> Callable[[Sweep], None]:
    def test(self: Sweep) -> None:
        check_cell(self.world, row, role)

    return test


for _row in ROWS:
    for _role in ROLES:
        _name = f"test_{re.sub(r'[^a-z0-9]+', '_', _row.label.lower()).strip('_')}__{_role}"
        setattr(Sweep, _name, _cell(_row, _role))
