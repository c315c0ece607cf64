"""The permission sweep: every URL of the site x seven kinds of visitor, each cell's
expected answer written down in EXPECTED below.

The URL names come from the URL configuration itself: a new URL fails
`test_every_url_name_is_in_the_table` until it gets a row here (or, for Django's own
URLs, a line in EXEMPT). Each cell is a test of its own, on a fresh world (POST
rows change it), so a failure names the URL and the visitor.

The world (build_world): club A ("lyon") with a published club night, a draft club
night, a published tournament (one round, two tables, registrations, a hand at table
1, a guest), a draft tournament with a round, a published and a draft season, and a
player known only from the draft night; club B ("grenoble") with a draft event of its
own. Rows point at club A's objects: for public pages, the draft object where
publication matters, with a "(published)" row beside it.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from tournaments.models import (
    Club,
    Event,
    EventGuest,
    Hand,
    Membership,
    Player,
    Registration,
    Role,
    Round,
    Season,
    Table,
)

from ..factories import (
    PLAYER_NAMES,
    logged_in,
    make_club,
    make_event,
    make_member,
    make_round,
    make_table,
    make_user,
    store_hand,
)

# The visitors, left to right in the table:
#   anon       not signed in
#   no_role    signed in, no role anywhere (his account is player Inès's: /me/name/)
#   sk_other   scorekeeper (club A) of table 2 of the published tournament (and of
#              table 2 of the draft night)
#   sk_this    scorekeeper (club A) of table 1, "this table" of the scorekeeping rows
#              (and of the draft night's table 1, the "table_public (draft)" row)
#   orga_b     organiser of club B, the other club
#   orga_a     organiser of club A, the club owning every object of the rows
#   federation the federation role (every club)
#
# Cells:
#   200 403 404 405   that status exactly
#   302               a redirect to the login page
#   ok                a POST accepted, or refused for its (empty) content, not for who
#                     sends it: 200, 302 elsewhere than the login page, 400 or 409
#
# Method: GET, or POST with an empty body for the POST-only endpoints and the
# buttons (publish, present, remove...).
EXPECTED = """
url (variant)                        method anon no_role sk_other sk_this orga_b orga_a federation

home                                 GET    200  200     200      200     200    200    200

# public pages: published things for everyone, drafts for their club's organisers only
event_detail (draft)                 GET    404  404     404      404     404    200    200
event_detail (published)             GET    200  200     200      200     200    200    200
event_results (draft)                GET    404  404     404      404     404    200    200
event_results (published)            GET    200  200     200      200     200    200    200
event_screen (draft)                 GET    404  404     404      404     404    200    200
event_screen (published)             GET    200  200     200      200     200    200    200
event_chart (draft)                  GET    404  404     404      404     404    200    200
event_chart (published)              GET    200  200     200      200     200    200    200
table_public (draft)                 GET    404  404     404      404     404    200    200
table_public (published)             GET    200  200     200      200     200    200    200
player_public (draft only)           GET    404  404     404      404     404    200    200
player_public (published)            GET    200  200     200      200     200    200    200
head_to_head (draft only)            GET    404  404     404      404     404    200    200
head_to_head (published)             GET    200  200     200      200     200    200    200
tournament_ranking (draft)           GET    404  404     404      404     404    200    200
tournament_ranking (published)       GET    200  200     200      200     200    200    200
tournament_round_results (draft)     GET    404  404     404      404     404    200    200
tournament_round_results (published) GET    200  200     200      200     200    200    200
tournament_screen (draft)            GET    404  404     404      404     404    200    200
tournament_screen (published)        GET    200  200     200      200     200    200    200
season_detail (draft)                GET    404  404     404      404     404    200    200
season_detail (published)            GET    200  200     200      200     200    200    200

# scorekeeping: table 1 of the published tournament (open sheet, one hand)
my_tables                            GET    302  200     200      200     200    200    200
table_sheet                          GET    302  403     403      200     403    200    200
hand_new                             GET    302  403     403      200     403    200    200
hand_preview                         POST   302  403     403      ok      403    ok     ok
hand_edit                            GET    302  403     403      200     403    200    200
hand_delete                          GET    302  403     403      200     403    200    200
table_validate                       POST   302  403     403      ok      403    ok     ok
# reopening a sheet and reading the history are for organisers, not scorekeepers
table_reopen                         POST   302  403     403      403     403    ok     ok
table_history                        GET    302  403     403      403     403    200    200
hand_history                         GET    302  403     403      403     403    200    200

# organiser pages of club A (?club=lyon names the club on the pages that take it)
player_list                          GET    302  403     403      403     403    200    200
player_create                        GET    302  403     403      403     403    200    200
player_edit                          GET    302  403     403      403     403    200    200
event_create                         GET    302  403     403      403     403    200    200
event_manage                         GET    302  403     403      403     403    200    200
event_edit                           GET    302  403     403      403     403    200    200
club_night_export                    GET    302  403     403      403     403    200    200
event_publish                        POST   302  403     403      403     403    ok     ok
event_unpublish                      POST   302  403     403      403     403    ok     ok
table_create                         GET    302  403     403      403     403    200    200
table_edit                           GET    302  403     403      403     403    200    200
table_delete                         GET    302  403     403      403     403    200    200
tournament_manage                    GET    302  403     403      403     403    200    200
tournament_edit                      GET    302  403     403      403     403    200    200
tournament_registrations             GET    302  403     403      403     403    200    200
tournament_import                    GET    302  403     403      403     403    200    200
tournament_export                    GET    302  403     403      403     403    200    200
tournament_publish                   POST   302  403     403      403     403    ok     ok
tournament_unpublish                 POST   302  403     403      403     403    ok     ok
registration_present                 POST   302  403     403      403     403    ok     ok
round_generate                       POST   302  403     403      403     403    ok     ok
round_manage                         GET    302  403     403      403     403    200    200
round_swap                           POST   302  403     403      403     403    ok     ok
round_redraw                         POST   302  403     403      403     403    ok     ok
round_scorekeepers                   POST   302  403     403      403     403    ok     ok
round_print                          GET    302  403     403      403     403    200    200
round_sheets                         GET    302  403     403      403     403    200    200
season_edit                          GET    302  403     403      403     403    200    200
season_export                        GET    302  403     403      403     403    200    200
event_guests                         GET    302  403     403      403     403    200    200
guest_remove                         POST   302  403     403      403     403    ok     ok

# the club's people and audit trail (?club=lyon): its organisers and the federation
club_people                          GET    302  403     403      403     403    200    200
club_audit                           GET    302  403     403      403     403    200    200
member_role                          POST   302  403     403      403     403    ok     ok
member_remove                        POST   302  403     403      403     403    ok     ok
member_password                      POST   302  403     403      403     403    ok     ok

# organiser pages of no club in particular: each organiser sees or creates his own
tournament_list                      GET    302  403     403      403     200    200    200
tournament_create                    GET    302  403     403      403     200    200    200
season_create                        GET    302  403     403      403     200    200    200

# a player's own page: only an account linked to a player has one
my_public_name                       GET    302  200     404      404     404    404    404
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

ROLES = ["anon", "no_role", "sk_other", "sk_this", "orga_b", "orga_a", "federation"]
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


# --- the world ------------------------------------------------------------------


@dataclass
class World:
    club_a: Club
    users: dict[str, User | None]
    draft_night: Event
    draft_table: Table
    draft_only: Player  # seated only at the draft night
    night: Event  # published
    tournament: Event  # published
    round: Round
    table: Table  # table 1: sk_this's
    hand: Hand
    registration: Registration
    guest: EventGuest
    draft_tournament: Event
    season: Season  # published
    draft_season: Season
    member: Membership  # a scorekeeper of club A with no table: the people rows' target
    players: list[Player]


def build_world() -> World:
    club_a = make_club()
    club_b = make_club("Tarot Club de Grenoble", "grenoble")
    players = Player.objects.bulk_create(Player(club=club_a, name=name) for name in PLAYER_NAMES)
    draft_only = Player.objects.create(club=club_a, name="Dora Brouillon")
    Player.objects.create(club=club_b, name="Zoé")

    federation = make_user("federation", organiser=True)
    no_role = make_user("sans_role")
    Player.objects.filter(pk=players[8].pk).update(user=no_role)
    users: dict[str, User | None] = {
        "anon": None,
        "no_role": no_role,
        "sk_other": make_member("marqueur_autre", club_a, Role.SCOREKEEPER),
        "sk_this": make_member("marqueur", club_a, Role.SCOREKEEPER),
        "orga_b": make_member("orga_b", club_b),
        "orga_a": make_member("orga_a", club_a),
        "federation": federation,
    }
    member = Membership.objects.get(user=make_member("membre_a", club_a, Role.SCOREKEEPER))
    make_event(club_b, "Soirée de Grenoble")

    # Club nights: a published one, and a draft with a table and a hand.
    night = make_event(club_a, "Soirée publiée", datetime.date(2026, 11, 12), published=True)
    make_table(make_round(night), players[:4])
    draft_night = make_event(club_a, "Soirée brouillon")
    # Its scorekeepers are the tournament's: keeping score at a draft's table shows
    # none of it on the public pages.
    draft_round = make_round(draft_night)
    draft_table = make_table(
        draft_round, [draft_only, *players[:3]], scorekeepers=[users["sk_this"]]
    )
    make_table(draft_round, players[3:7], number=2, scorekeepers=[users["sk_other"]])
    store_hand(draft_table, federation)

    tournament = make_event(
        club_a,
        "Open de Lyon",
        datetime.date(2026, 11, 21),
        kind=Event.Kind.TOURNAMENT,
        published=True,
        rounds_planned=3,
        deals_per_round=5,
    )
    registrations = Registration.objects.bulk_create(
        Registration(event=tournament, player=p) for p in players[:8]
    )
    round_ = make_round(tournament)
    table = make_table(round_, players[:4], scorekeepers=[users["sk_this"]])
    make_table(round_, players[4:8], number=2, scorekeepers=[users["sk_other"]])
    hand = store_hand(table, federation)
    guest = EventGuest.objects.create(
        event=tournament, user=make_user("invite"), role=Role.SCOREKEEPER
    )

    draft_tournament = make_event(
        club_a, "Tournoi brouillon", datetime.date(2026, 12, 5), kind=Event.Kind.TOURNAMENT
    )
    make_round(draft_tournament)

    season, draft_season = Season.objects.bulk_create(
        Season(
            club=club_a,
            name=name,
            start=datetime.date(2026, 9, 1),
            end=datetime.date(2027, 8, 31),
            published=published,
        )
        for name, published in (("Saison publique", True), ("Saison brouillon", False))
    )
    return World(
        club_a=club_a,
        users=users,
        draft_night=draft_night,
        draft_table=draft_table,
        draft_only=draft_only,
        night=night,
        tournament=tournament,
        round=round_,
        table=table,
        hand=hand,
        registration=registrations[0],
        guest=guest,
        draft_tournament=draft_tournament,
        season=season,
        draft_season=draft_season,
        member=member,
        players=players,
    )


# --- each row's object: URL kwargs and query string -------------------------------

Target = Callable[[World], tuple[dict[str, int], dict[str, str]]]


def pk(get: Callable[[World], Any]) -> Target:
    return lambda w: ({"pk": get(w).pk}, {})


def table_id(w: World) -> tuple[dict[str, int], dict[str, str]]:
    return {"table_id": w.table.pk}, {}


def hand_id(w: World) -> tuple[dict[str, int], dict[str, str]]:
    return {"hand_id": w.hand.pk}, {}


def of_club_a(w: World) -> tuple[dict[str, int], dict[str, str]]:
    return {}, {"club": w.club_a.slug}


def nothing(w: World) -> tuple[dict[str, int], dict[str, str]]:
    return {}, {}


TARGETS: dict[str, Target] = {
    "home": nothing,
    "event_detail (draft)": pk(lambda w: w.draft_night),
    "event_detail (published)": pk(lambda w: w.night),
    "event_results (draft)": pk(lambda w: w.draft_night),
    "event_results (published)": pk(lambda w: w.night),
    "event_screen (draft)": pk(lambda w: w.draft_night),
    "event_screen (published)": pk(lambda w: w.night),
    "event_chart (draft)": pk(lambda w: w.draft_night),
    "event_chart (published)": pk(lambda w: w.tournament),
    "table_public (draft)": pk(lambda w: w.draft_table),
    "table_public (published)": pk(lambda w: w.table),
    "player_public (draft only)": pk(lambda w: w.draft_only),
    "player_public (published)": pk(lambda w: w.players[0]),
    "head_to_head (draft only)": lambda w: ({"a": w.draft_only.pk, "b": w.players[0].pk}, {}),
    "head_to_head (published)": lambda w: ({"a": w.players[0].pk, "b": w.players[1].pk}, {}),
    "tournament_ranking (draft)": pk(lambda w: w.draft_tournament),
    "tournament_ranking (published)": pk(lambda w: w.tournament),
    "tournament_round_results (draft)": lambda w: ({"pk": w.draft_tournament.pk, "number": 1}, {}),
    "tournament_round_results (published)": lambda w: ({"pk": w.tournament.pk, "number": 1}, {}),
    "tournament_screen (draft)": pk(lambda w: w.draft_tournament),
    "tournament_screen (published)": pk(lambda w: w.tournament),
    "season_detail (draft)": pk(lambda w: w.draft_season),
    "season_detail (published)": pk(lambda w: w.season),
    "my_tables": nothing,
    "table_sheet": table_id,
    "hand_new": table_id,
    "hand_preview": table_id,
    "hand_edit": hand_id,
    "hand_delete": hand_id,
    "table_validate": table_id,
    "table_reopen": table_id,
    "table_history": table_id,
    "hand_history": hand_id,
    "player_list": of_club_a,
    "player_create": of_club_a,
    "player_edit": pk(lambda w: w.players[0]),
    "event_create": of_club_a,
    "event_manage": pk(lambda w: w.draft_night),
    "event_edit": pk(lambda w: w.draft_night),
    "club_night_export": pk(lambda w: w.draft_night),
    "event_publish": pk(lambda w: w.draft_night),
    "event_unpublish": pk(lambda w: w.night),
    "table_create": pk(lambda w: w.draft_night),
    "table_edit": pk(lambda w: w.draft_table),
    "table_delete": pk(lambda w: w.draft_table),
    "tournament_manage": pk(lambda w: w.tournament),
    "tournament_edit": pk(lambda w: w.tournament),
    "tournament_registrations": pk(lambda w: w.tournament),
    "tournament_import": pk(lambda w: w.tournament),
    "tournament_export": pk(lambda w: w.tournament),
    "tournament_publish": pk(lambda w: w.draft_tournament),
    "tournament_unpublish": pk(lambda w: w.tournament),
    "registration_present": pk(lambda w: w.registration),
    "round_generate": pk(lambda w: w.tournament),
    "round_manage": pk(lambda w: w.round),
    "round_swap": pk(lambda w: w.round),
    "round_redraw": pk(lambda w: w.round),
    "round_scorekeepers": pk(lambda w: w.round),
    "round_print": pk(lambda w: w.round),
    "round_sheets": pk(lambda w: w.round),
    "season_edit": pk(lambda w: w.draft_season),
    "season_export": pk(lambda w: w.draft_season),
    "event_guests": pk(lambda w: w.draft_night),
    "guest_remove": pk(lambda w: w.guest),
    "club_people": of_club_a,
    "club_audit": of_club_a,
    "member_role": pk(lambda w: w.member),
    "member_remove": pk(lambda w: w.member),
    "member_password": pk(lambda w: w.member),
    "tournament_list": nothing,
    "tournament_create": nothing,
    "season_create": nothing,
    "my_public_name": nothing,
}


# --- the sweep ------------------------------------------------------------------


def answer(response: HttpResponse) -> str:
    """The cell's value for a response: its status, "302" only for the login page."""
    code = response.status_code
    if code == 302:
        login = reverse("login")
        return "302" if response.url.startswith(login) else f"302 to {response.url}"
    return str(code)


def agrees(expected: str, got: str) -> bool:
    if expected == "ok":
        return got in ("200", "400", "409") or got.startswith("302 to ")
    return got == expected


@pytest.fixture
def world(db) -> World:
    return build_world()


CELLS = [pytest.param(row, role, id=f"{row.label}|{role}") for row in ROWS for role in ROLES]


@pytest.mark.parametrize(("row", "role"), CELLS)
def test_cell(world, row, role):
    kwargs, query = TARGETS[row.label](world)
    url = reverse(row.name, kwargs=kwargs)
    client = logged_in(world.users[role])
    if row.method == "POST":
        response = client.post(f"{url}?{urlencode(query)}" if query else url)
    else:
        response = client.get(url, query)
    got = answer(response)
    expected = row.cells[role]
    assert agrees(expected, got), (
        f"{row.method} {url} {query} as {role}: expected {expected}, got {got}"
    )
