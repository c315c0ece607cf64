"""A small world to attack, clients for every role, and the checks every attack must pass.

The world: the shared club night (table4 scored by `scorekeeper`, table5 by
`other_scorekeeper`, hands on both), a tournament with a seated round, a season, and
another club with its own club night, players and a hand, whose ids are thrown at
every form.
"""

from __future__ import annotations

import datetime
import os
import string
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import pytest
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.models import Model
from django.test import Client
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from tournaments.models import (
    Club,
    Event,
    Hand,
    HandScore,
    Player,
    Registration,
    Round,
    Season,
    Seat,
    Table,
    Team,
)
from tournaments.selectors.access import SYSTEM
from tournaments.services.hands import seat_table
from tournaments.services.rounds import generate_round

from ..factories import make_member, store_hand

ROLES = ("organiser", "scorekeeper", "other_scorekeeper", "stranger", "anonymous")

# Hypothesis settings for the folder: enough examples to find the odd input, few
# enough that the whole folder stays under a minute. Derandomised so that CI runs are
# repeatable; HOSTILE_RANDOM=1 HOSTILE_EXAMPLES=500 hunts with fresh random inputs.
HOSTILE = settings(
    max_examples=int(os.environ.get("HOSTILE_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=os.environ.get("HOSTILE_RANDOM") != "1",
    database=None,
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Each attack replays dozens of generated requests against a full club: seconds each.
    for item in items:
        in_folder = "tests/hostile/" in str(item.fspath).replace(os.sep, "/")
        if in_folder and getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            item.add_marker(pytest.mark.slow)


# Values that broke web forms before: NUL bytes, numbers past every integer type,
# signs, exponents, non-ASCII digits, markup, SQL, right-to-left marks, huge strings.
NASTY = (
    "",
    " ",
    "\x00",
    "a\x00b",
    "-1",
    "0",
    "-0",
    "1e9",
    "9" * 30,
    "-" + "9" * 30,
    "2147483648",
    "9223372036854775808",
    "1" * 5000,
    "NaN",
    "Infinity",
    "1.5",
    "0,5",
    "٣",
    "１２",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "\u202eevil",
    "𝕏" * 300,
    "null",
    "[]",
    "{}",
    "true",
    "on",
)


def hostile_values() -> st.SearchStrategy[str]:
    return st.one_of(
        st.sampled_from(NASTY),
        st.text(max_size=40),
        st.integers(min_value=-(10**25), max_value=10**25).map(str),
    )


MISSING = object()


def form_data(fields: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """Each field valid, hostile, or missing; sometimes several values; plus stray fields."""

    def one(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
        return st.one_of(
            valid,
            valid,
            hostile_values(),
            st.just(MISSING),
            st.lists(st.one_of(valid, hostile_values()), min_size=2, max_size=3),
        )

    known = st.fixed_dictionaries({name: one(valid) for name, valid in fields.items()})
    names = st.text(
        alphabet=string.ascii_letters + string.digits + "_-[].", min_size=1, max_size=12
    )
    extra = st.dictionaries(names, hostile_values(), max_size=3)

    def merge(parts: tuple[dict[str, Any], dict[str, Any]]) -> dict[str, Any]:
        data = {k: v for k, v in parts[1].items() if k not in fields}
        data.update({k: v for k, v in parts[0].items() if v is not MISSING})
        return data

    return st.tuples(known, extra).map(merge)


@dataclass
class World:
    club: Club
    other_club: Club
    players: list[Player]
    other_players: list[Player]
    club_night: Event
    table4: Table
    table5: Table
    other_event: Event
    other_table: Table
    tournament: Event
    tournament_round: Round
    season: Season
    hands: list[Hand]
    other_hand: Hand
    users: dict[str, User]

    def ids(self, kind: str) -> list[int]:
        """Ids to try in a URL or a form: ours, another event's, and ones that exist nowhere."""
        nowhere = [0, 999_999, 2**31, 2**63, 10**20]
        mine = {
            "table": [self.table4.pk, self.table5.pk, self.other_table.pk],
            "hand": [h.pk for h in self.hands] + [self.other_hand.pk],
            "player": [p.pk for p in self.players[:3]] + [self.other_players[0].pk],
            "event": [self.club_night.pk, self.tournament.pk, self.other_event.pk],
            "tournament": [self.tournament.pk, self.club_night.pk],
            "round": [self.tournament_round.pk, self.table4.round_id],
            "registration": list(
                Registration.objects.filter(event=self.tournament).values_list("pk", flat=True)[:3]
            ),
            "season": [self.season.pk],
            "user": [u.pk for u in self.users.values()],
            "club": [self.club.pk, self.other_club.pk],
        }[kind]
        return mine + nowhere


@pytest.fixture
def world(club, players, organiser, scorekeeper, other_scorekeeper, stranger, table4, table5):
    return build_world(
        club, players, organiser, scorekeeper, other_scorekeeper, stranger, table4, table5
    )


def build_world(
    club: Club,
    players: list[Player],
    organiser: User,
    scorekeeper: User,
    other_scorekeeper: User,
    stranger: User,
    table4: Table,
    table5: Table,
) -> World:
    """The world around the shared fixtures' club night (tests/conftest.py): the
    `world` fixture's, and a module's built once (test_known_bugs.py)."""
    other_club = Club.objects.create(name="Tarot Club de Paris", slug="paris")
    other_players = [
        Player.objects.create(club=other_club, name=name, licence=f"P{i}")
        for i, name in enumerate(["Jules", "Katia", "Léo", "Maya", "Noé"])
    ]
    other_event = Event.objects.create(
        club=other_club, name="Paris night", date=datetime.date(2026, 11, 18)
    )
    other_table = seat_table(
        by=SYSTEM,
        round=Round.objects.create(event=other_event, number=1),
        number=1,
        players=other_players[:4],
    )
    hands = []
    for table in (table4, table5):
        seats = [s.player for s in table.seats.order_by("position")]
        hands += [store_hand(table, organiser, dealer=seats[n]) for n in range(2)]
    other_seats = [s.player for s in other_table.seats.order_by("position")]
    # Stored by an organiser of Paris: the default organiser organises Lyon only.
    other_hand = store_hand(
        other_table,
        make_member("orga_paris", other_club),
        contract="prise",
        taker=other_seats[0],
        oudlers=1,
        points=60,
    )
    tournament = Event.objects.create(
        club=club,
        kind=Event.Kind.TOURNAMENT,
        name="Open de Lyon",
        date=datetime.date(2026, 12, 5),
        rounds_planned=3,
        deals_per_round=4,
    )
    for player in players[:8]:
        Registration.objects.create(event=tournament, player=player)
    tournament_round = generate_round(by=organiser, event=tournament)
    season = Season.objects.create(
        club=club,
        name="Saison 2026-2027",
        start=datetime.date(2026, 9, 1),
        end=datetime.date(2027, 8, 31),
    )
    return World(
        club=club,
        other_club=other_club,
        players=players,
        other_players=other_players,
        club_night=table4.round.event,
        table4=table4,
        table5=table5,
        other_event=other_event,
        other_table=other_table,
        tournament=tournament,
        tournament_round=tournament_round,
        season=season,
        hands=hands,
        other_hand=other_hand,
        users={
            "organiser": organiser,
            "scorekeeper": scorekeeper,
            "other_scorekeeper": other_scorekeeper,
            "stranger": stranger,
        },
    )


@pytest.fixture
def clients(world) -> dict[str, Client]:
    result = {"anonymous": Client()}
    for role, user in world.users.items():
        client = Client()
        client.force_login(user)
        result[role] = client
    return result


@pytest.fixture(autouse=True)
def fresh_content_type_cache():
    ContentType.objects.clear_cache()
    yield
    ContentType.objects.clear_cache()


# --- what must hold after every request ---------------------------------------------

WATCHED: tuple[type[Model], ...] = (
    User,
    Club,
    Player,
    Event,
    Round,
    Table,
    Seat,
    Registration,
    Team,
    Season,
    Hand,
    HandScore,
    Hand.history.model,
)


def fingerprint() -> dict[str, list[tuple[Any, ...]]]:
    """Every stored value that a request could change (sessions and login logs aside)."""
    picture: dict[str, list[tuple[Any, ...]]] = {}
    for model in WATCHED:
        fields = [f.attname for f in model._meta.concrete_fields if f.attname != "last_login"]
        picture[model._meta.label] = list(
            model._default_manager.order_by("pk").values_list(*fields)
        )
    picture["scorekeepers"] = sorted(
        Table.scorekeepers.through.objects.values_list("table_id", "user_id")
    )
    return picture


def unbalanced_hands() -> list[tuple[Any, ...]]:
    """Hands whose score rows are missing or do not add up to zero (SQL on the ledger)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT h.id, COUNT(s.id), COALESCE(SUM(s.points), 0) "
            f"FROM {Hand._meta.db_table} h LEFT JOIN {HandScore._meta.db_table} s "
            "ON s.hand_id = h.id GROUP BY h.id "
            "HAVING COUNT(s.id) < 3 OR COALESCE(SUM(s.points), 0) <> 0"
        )
        return cursor.fetchall()


def assert_refused(response: Any, role: str) -> None:
    """A clear refusal: the login page for the anonymous, 403/404/405 for the others."""
    if role == "anonymous" and response.status_code == 302:
        assert response.url.startswith("/accounts/login/"), response.url
        return
    assert response.status_code in (403, 404, 405), response.status_code


def encode(data: dict[str, Any]) -> str:
    """The body a browser sends (application/x-www-form-urlencoded); a list gives one name
    several values."""
    pairs = []
    for key, value in data.items():
        for item in value if isinstance(value, list) else [value]:
            pairs.append((key, str(item)))
    return urlencode(pairs)


FORM = "application/x-www-form-urlencoded"


def post(client: Client, url: str, data: dict[str, Any]) -> Any:
    return client.post(url, encode(data), content_type=FORM)
