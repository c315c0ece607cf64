"""Hostile posts to every organiser page that writes: players, club nights, tables,
tournaments, registrations, rounds, seasons.

Only organisers may write there; whatever they send, the answer is a clear 2xx/3xx/4xx
and a refused form leaves the database as it was.
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

import pytest
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from tournaments.models import Table

from .conftest import (
    HOSTILE,
    ROLES,
    World,
    assert_refused,
    fingerprint,
    form_data,
    hostile_values,
    post,
    unbalanced_hands,
)

Fields = Callable[[World], dict[str, st.SearchStrategy[Any]]]

DATES = st.one_of(
    st.dates(min_value=datetime.date(1, 1, 1)).map(datetime.date.isoformat),
    st.sampled_from(["2026-11-20", "20/11/2026", "2026-02-30", "0000-01-01", "10000-01-01"]),
)
RULES = st.sampled_from([*scoring.PRESETS, "nope", "FFT"])
ON = st.sampled_from(["on", "", "1", "0", "false"])
NUMBERS = st.integers(min_value=-5, max_value=40_000).map(str)


def names() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(["Anne", "anne", "ANNE ", "Jules"]), st.text(max_size=130))


def ids(world: World, kind: str) -> st.SearchStrategy[int]:
    return st.sampled_from(world.ids(kind))


def player_fields(world: World) -> dict[str, st.SearchStrategy[Any]]:
    return {
        "name": names(),
        "licence": st.one_of(st.sampled_from(["P0", "P1", "12345", ""]), st.text(max_size=25)),
        "active": ON,
    }


def event_fields(world: World) -> dict[str, st.SearchStrategy[Any]]:
    return {"name": names(), "date": DATES, "rules_name": RULES, "rescore": ON}


def table_fields(world: World) -> dict[str, st.SearchStrategy[Any]]:
    fields: dict[str, st.SearchStrategy[Any]] = {
        "number": NUMBERS,
        "five_mode": st.sampled_from([*Table.FiveMode.values, "x"]),
        "scorekeepers": st.lists(ids(world, "user"), max_size=3),
    }
    for position in range(1, 7):
        fields[f"seat_{position}"] = st.one_of(st.just(""), ids(world, "player"))
    return fields


def tournament_fields(world: World) -> dict[str, st.SearchStrategy[Any]]:
    return {
        **event_fields(world),
        "club": ids(world, "club"),
        "rounds_planned": NUMBERS,
        "deals_per_round": NUMBERS,
        "team_size": st.sampled_from(["0", "2", "4", "3", "-2"]),
    }


def registration_fields(world: World) -> dict[str, st.SearchStrategy[Any]]:
    return {
        "player": st.one_of(st.just(""), ids(world, "player")),
        "name": names(),
        "licence": st.text(max_size=25),
        "club": st.one_of(st.just(""), ids(world, "club")),
        "team": names(),
    }


def swap_fields(world: World) -> dict[str, st.SearchStrategy[Any]]:
    return {"player_a": ids(world, "player"), "player_b": ids(world, "player")}


def round_scorekeeper_fields(world: World) -> dict[str, st.SearchStrategy[Any]]:
    tables = list(world.tournament_round.tables.values_list("pk", flat=True))
    return {
        f"table_{pk}": st.lists(ids(world, "user"), max_size=3) for pk in [*tables, world.table4.pk]
    }


def season_fields(world: World) -> dict[str, st.SearchStrategy[Any]]:
    return {
        "club": ids(world, "club"),
        "name": names(),
        "start": DATES,
        "end": DATES,
        "mode": st.sampled_from(["places", "totals", "x"]),
        "scale": st.one_of(
            st.sampled_from(["25,20,16", "1,2,3", "25;20 16", "", "0", "9" * 40]),
            st.text(max_size=60),
        ),
        "best_n": NUMBERS,
        "published": ON,
    }


def nothing(world: World) -> dict[str, st.SearchStrategy[Any]]:
    return {"present": st.sampled_from(["1", "0"])}


@dataclass(frozen=True)
class Endpoint:
    name: str
    arg: str | None  # the kind of id in the URL
    fields: Fields
    club_query: bool = False  # the page reads ?club=<slug>

    def __str__(self) -> str:
        return self.name


ENDPOINTS = [
    Endpoint("player_create", None, player_fields, club_query=True),
    Endpoint("player_edit", "player", player_fields),
    Endpoint("event_create", None, event_fields, club_query=True),
    Endpoint("event_edit", "event", event_fields),
    Endpoint("event_publish", "event", nothing),
    Endpoint("event_unpublish", "event", nothing),
    Endpoint("table_create", "event", table_fields),
    Endpoint("table_edit", "table", table_fields),
    Endpoint("table_delete", "table", nothing),
    Endpoint("tournament_create", None, tournament_fields, club_query=True),
    Endpoint("tournament_edit", "tournament", tournament_fields),
    Endpoint("tournament_registrations", "tournament", registration_fields),
    Endpoint("registration_present", "registration", nothing),
    Endpoint("round_generate", "tournament", nothing),
    Endpoint("round_redraw", "round", nothing),
    Endpoint("round_swap", "round", swap_fields),
    Endpoint("round_scorekeepers", "round", round_scorekeeper_fields),
    Endpoint("tournament_publish", "tournament", nothing),
    Endpoint("tournament_unpublish", "tournament", nothing),
    Endpoint("season_create", None, season_fields),
    Endpoint("season_edit", "season", season_fields),
]

# 21 pages: fewer examples each than the hand pages, so the folder stays under a minute.
PER_ENDPOINT = settings(HOSTILE, max_examples=int(os.environ.get("HOSTILE_EXAMPLES", "12")))


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=str)
@PER_ENDPOINT
@given(data=st.data())
def test_organiser_page_answers_every_post_clearly_and_only_organisers_write(
    endpoint, world, clients, data
):
    role = data.draw(st.sampled_from(ROLES), label="role")
    args = [data.draw(ids(world, endpoint.arg), label="id")] if endpoint.arg else []
    body = data.draw(form_data(endpoint.fields(world)), label="body")
    url = reverse(endpoint.name, args=args)
    if endpoint.club_query:
        slugs = hostile_values()
        slug = data.draw(st.one_of(st.sampled_from(["lyon", "paris"]), slugs))
        url += "?" + urlencode({"club": slug})
    before = fingerprint()

    response = post(clients[role], url, body)

    assert response.status_code < 500
    assert unbalanced_hands() == []
    if role != "organiser":
        assert_refused(response, role)
        assert fingerprint() == before
    elif response.status_code != 302:
        # A form shown again with its errors, an id that does not exist, or another
        # club's object (the organiser organises Lyon only): no change.
        assert response.status_code in (200, 403, 404)
        assert fingerprint() == before
