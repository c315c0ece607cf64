"""Builders shared by the whole suite: users, a club, players, events, rounds, tables, hands.

Plain typed functions rather than factory_boy: every object that matters is built the
way the site builds it (tables through `seat_table`, hands through `save_hand`, so score
rows, history and versions are real), which a model factory would bypass; and a reader
sees in one call what a test starts from. Fixtures in conftest files wrap these.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import Permission, User
from django.test import Client
from django.urls import reverse

from tournaments.models import Club, Event, Hand, Membership, Player, Round, Table
from tournaments.selectors.access import SYSTEM
from tournaments.services.events import preset_rules
from tournaments.services.hands import save_hand, seat_table

PASSWORD = "tarot-pass-2026"
PLAYER_NAMES = ["Anne", "Bruno", "Chloé", "David", "Emma", "Fabien", "Gaëlle", "Hugo", "Inès"]


# --- people ----------------------------------------------------------------------------


def make_user(username: str, *, federation: bool = False) -> User:
    """A user with the suite's password. `federation=True` gives the federation role,
    organiser of every club: only for tests that mean it (the default `organiser`
    fixture organises one club, so a page that forgets its club check fails a test).
    Per-club roles are built with make_member; tests/permissions sweeps them."""
    user = User.objects.create_user(username=username, password=PASSWORD)
    if federation:
        user.user_permissions.add(Permission.objects.get(codename="federation"))
    return user


def make_member(username: str, club: Club, role: str = "organiser") -> User:
    """A user with a role (organiser or scorekeeper) in one club."""
    user = User.objects.create_user(username=username, password=PASSWORD)
    Membership.objects.create(user=user, club=club, role=role)
    return user


def add_role(user: User, club: Club, role: str = "organiser") -> User:
    """`user` given a role in one more club."""
    Membership.objects.create(user=user, club=club, role=role)
    return user


def logged_in(user: User | None) -> Client:
    """A fresh client logged in as `user` (anonymous for None)."""
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def assert_denied(
    url: str, users: Sequence[User], method: str = "get", data: dict | None = None
) -> None:
    """An organisers' page: anonymous -> the login page, each of `users` -> 403.
    Uses its own clients, so the caller's clients keep their login."""
    response = getattr(Client(), method)(url, data or {})
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))
    for user in users:
        assert getattr(logged_in(user), method)(url, data or {}).status_code == 403


# --- a club and its events -------------------------------------------------------------


def make_club(name: str = "Tarot Club de Lyon", slug: str = "lyon") -> Club:
    return Club.objects.create(name=name, slug=slug)


def make_players(club: Club, names: Sequence[str] = PLAYER_NAMES) -> list[Player]:
    return [Player.objects.create(club=club, name=name) for name in names]


def make_event(
    club: Club,
    name: str = "Soirée du jeudi",
    date: datetime.date = datetime.date(2026, 11, 19),
    **fields: Any,
) -> Event:
    """A club night by default (FFT rules); pass `kind=Event.Kind.TOURNAMENT` etc. The
    preset's exact rules are stored with it, as the services creating events store them."""
    fields.setdefault("rules_name", "fft")
    fields.setdefault("rules_json", preset_rules(fields["rules_name"]))
    return Event.objects.create(club=club, name=name, date=date, **fields)


def make_round(event: Event, number: int = 1) -> Round:
    return Round.objects.create(event=event, number=number)


def make_table(
    round_: Round, players: Sequence[Player], *, number: int = 1, **options: Any
) -> Table:
    """A table seated in the given order (seat 1 deals first), through the service."""
    return seat_table(by=SYSTEM, round=round_, number=number, players=players, **options)


# --- hands -----------------------------------------------------------------------------


def seated(table: Table) -> list[Player]:
    """The table's players in seat order."""
    return [seat.player for seat in table.seats.select_related("player").order_by("position")]


def store_hand(table: Table, user: User, **fields: Any) -> Hand:
    """Store a hand through `save_hand`, as a scorekeeper would, and return it.

    Without fields: seat 1 deals, seat 2 takes a garde with 2 oudlers and 56 points.
    Any field given replaces its default; `contract=""` is a passed hand (no taker,
    oudlers or points). `points` may be an int, a float or a Decimal. To edit a stored
    hand, change it and call `save_hand` with its `expected_version`.
    """
    players = seated(table)
    values: dict[str, Any] = {"dealer": players[0]}
    if fields.get("contract", "garde"):
        values.update(contract="garde", taker=players[1], oudlers=2, points=56)
    values.update(fields)
    if "points" in values:
        values["points"] = Decimal(str(values["points"]))
    return save_hand(table=table, hand=Hand(**values), user=user).hand
