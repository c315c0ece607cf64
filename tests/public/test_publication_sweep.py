"""Every URL of the site, asked anonymously, keeps an unpublished event's results private.

The URL list comes from the URL configuration itself: a new page is swept without
anyone adding it here. Each integer parameter is filled with every id of every object
of the fixture (events, rounds, tables, hands, players, seasons, registrations), so
whatever a page takes as `pk`, it is asked about the unpublished tournament's objects
too. A parameter that cannot be filled so makes the sweep fail until the pattern is
listed in UNSWEPT with a reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.converters import IntConverter
from django.urls.resolvers import RoutePattern

from tournaments.models import Event, Hand, Player, Registration, Round, Season, Table

from .publication_world import (
    SECRET_DEFENCE_RE,
    SECRET_NAME,
    SECRET_SCORE_RE,
    build,
)

# What a draft leaves on a public page is decided by our code (the selectors' filters on
# publication), the same on both databases: CI sweeps on PostgreSQL only
# (docs/TESTING.md).
pytestmark = pytest.mark.sweep

# Whole includes left out, by namespace or module, and why.
UNSWEPT_INCLUDES = {
    "admin": "the back office: staff only, behind Django's own login",
}
# Single patterns whose parameters the sweep cannot fill, by route, and why.
UNSWEPT = {
    "accounts/reset/<uidb64>/<token>/": "Django's password reset confirmation: shows no results",
}


@dataclass
class Route:
    route: str
    params: dict[str, object]  # name -> converter
    name: str | None


def routes(patterns=None, prefix: str = "", params=None) -> Iterator[Route]:
    patterns = get_resolver().url_patterns if patterns is None else patterns
    for entry in patterns:
        pattern = entry.pattern
        if not isinstance(pattern, RoutePattern) and str(pattern) != "":
            # a regex pattern (the admin's) or a language prefix other than the default
            raise AssertionError(f"unexpected pattern {pattern!r} under {prefix!r}")
        here = {**(params or {}), **getattr(pattern, "converters", {})}
        if isinstance(entry, URLResolver):
            if entry.namespace in UNSWEPT_INCLUDES:
                continue
            yield from routes(entry.url_patterns, prefix + str(pattern), here)
        elif isinstance(entry, URLPattern):
            yield Route(prefix + str(pattern), here, entry.name)


def all_routes() -> list[Route]:
    return list(routes())


# Each sweep runs in shards, every route in exactly one (by its place in the URL
# configuration): the shards run side by side on the suite's workers instead of one
# test making the others wait (a sweep asks thousands of URLs).
SHARDS = 6


def routes_of_shard(shard: int) -> list[Route]:
    return [r for i, r in enumerate(all_routes()) if i % SHARDS == shard]


def test_the_shards_cover_every_route_once():
    sharded = [r.route for shard in range(SHARDS) for r in routes_of_shard(shard)]
    assert sorted(sharded) == sorted(r.route for r in all_routes())


def test_every_url_is_swept_or_excused():
    unfillable = [
        r.route
        for r in all_routes()
        if any(not isinstance(c, IntConverter) for c in r.params.values())
        and r.route not in UNSWEPT
    ]
    assert unfillable == []
    # An excuse for a pattern that is gone would hide nothing: drop it.
    assert set(UNSWEPT) <= {r.route for r in all_routes()}


def urls_of(route: Route, ids: list[int]) -> Iterator[str]:
    names = list(route.params)
    for values in product(ids, repeat=len(names)):
        url = route.route
        for name, value in zip(names, values, strict=True):
            url = url.replace(f"<int:{name}>", str(value))
        yield "/" + url


@pytest.fixture
def world(club, players, played_night, organiser):
    return build(club, players, played_night, organiser)


def all_ids() -> list[int]:
    ids: set[int] = set()
    # EventResult has no page of its own: its ids would only lengthen the sweep.
    for model in (Event, Round, Table, Hand, Player, Season, Registration):
        ids.update(model.objects.values_list("pk", flat=True))
    return sorted(ids)


def leaks(html: str) -> list[str]:
    """The secret name anywhere in the page; the secret scores in its text."""
    found = [SECRET_NAME] if SECRET_NAME in html else []
    text = re.sub(r"<[^>]*>", " ", html)
    found += SECRET_SCORE_RE.findall(text) + SECRET_DEFENCE_RE.findall(text)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("shard", range(SHARDS))
def test_no_public_url_shows_an_unpublished_events_results(world, organiser, shard):
    # The fixture does hold the secret: an organiser sees it where the public must not.
    insider = Client()
    insider.force_login(organiser)
    secret_page = insider.get(world.secret_tournament.get_absolute_url()).content.decode()
    assert SECRET_NAME in secret_page
    assert leaks(secret_page).count(SECRET_NAME) == 1
    assert any(SECRET_SCORE_RE.fullmatch(found) for found in leaks(secret_page))
    # The season's organisers are told the secret tournament does not count yet (its
    # results are in no season page, theirs included: the stored ranking is public).
    season_page = insider.get(world.season.get_absolute_url()).content.decode()
    assert 'id="unpublished-note"' in season_page and "Tournoi secret" in season_page

    ids = all_ids()
    # Round numbers are small ids too: make sure round 1 is among them.
    ids = sorted({*ids, 1})
    client = Client()
    asked, seen = 0, 0
    failures: list[tuple[str, int, list[str]]] = []
    for route in routes_of_shard(shard):
        if route.route in UNSWEPT:
            continue
        for url in urls_of(route, ids):
            response = client.get(url)
            asked += 1
            if response.status_code == 200:
                seen += 1
                # a page that shows something may also be asked about the secret event
                again = client.get(url, {"event": world.secret_tournament.pk, "page": 2})
                response_texts = [response, again]
            else:
                response_texts = [response]
            for each in response_texts:
                text = each.content.decode(errors="replace")
                # headers (a redirect's Location) hold ids: only the name is looked for
                found = leaks(text) + ([SECRET_NAME] if SECRET_NAME in str(each.headers) else [])
                if found:
                    failures.append((url, each.status_code, found))
    assert failures == []
    # The sweep did look at pages, not only at 404s and login redirects: every shard
    # holds public pages (2 to 77 of them answer here).
    assert seen > 0, (asked, seen)


# --- no peeking: a running duplicate event, one board played at one table only -----------


def _duplicate_values(name: str, ids: list[int], players: list[int]) -> list[int]:
    """What a parameter is filled with: board and round numbers are small, players are
    players; anything else takes every id of the fixture."""
    if name == "number":
        return list(range(1, 11))
    if name in ("a", "b", "player_id"):
        return players
    return ids


@pytest.mark.slow
@pytest.mark.parametrize("shard", range(SHARDS))
def test_no_public_url_shows_a_board_some_table_has_still_to_play(organiser, club, shard):
    """Board 1 played at one table of five (tests/duplicate_app/test_no_peeking.py's
    secret: a garde contre with petit au bout and poignée): no page asked anonymously
    (plain, ?event=, htmx) and no preview asked by another table's scorekeeper shows
    anything of it; the organiser does see it."""
    import uuid

    from tournaments.services.duplicate import seat_duplicate, set_table_scorekeepers

    from ..duplicate_app.conftest import make_duplicate
    from ..duplicate_app.test_no_peeking import play_secret, secret_in
    from ..factories import make_member

    dup_club = club  # the organiser's club
    event = make_duplicate(dup_club)
    seat_duplicate(by=organiser, event=event, draw=False)
    Event.objects.filter(pk=event.pk).update(published=True)
    played = Table.objects.get(round__event=event, round__number=1, board_set=1)
    play_secret(played, organiser)
    insider = Client()
    insider.force_login(organiser)
    assert secret_in(insider.get(f"/duplicate/{event.pk}/board/1/").content.decode())

    players = sorted(Player.objects.filter(club=dup_club).values_list("pk", flat=True))
    ids = sorted({*all_ids(), *range(1, 11)})
    client = Client()
    failures: list[tuple[str, list[str]]] = []
    seen = 0
    for route in routes_of_shard(shard):
        if route.route in UNSWEPT:
            continue
        names = list(route.params)
        for values in product(*(_duplicate_values(n, ids, players) for n in names)):
            url = "/" + route.route
            for name, value in zip(names, values, strict=True):
                url = url.replace(f"<int:{name}>", str(value))
            response = client.get(url)
            pages = [response]
            if response.status_code == 200:
                seen += 1
                pages += [
                    client.get(url, {"event": event.pk}),
                    client.get(url, {"event": event.pk}, HTTP_HX_REQUEST="true"),
                ]
            for page in pages:
                if found := secret_in(page.content.decode(errors="replace")):
                    failures.append((url, found))
    assert failures == []
    assert seen > 0, seen  # every shard holds pages that answer (2 to 406 of them)
    if shard:
        return  # the scorekeepers' previews below are asked once, by the first shard

    # Another table's scorekeeper previews and enters nothing of board 1 before his round.
    later = Table.objects.filter(round__event=event, board_set=1).exclude(pk=played.pk)
    for table in later:
        keeper = make_member(f"marqueur_{table.pk}", dup_club, role="scorekeeper")
        set_table_scorekeepers(by=organiser, event=event, number=table.number, users=[keeper])
        scorekeeper = Client()
        scorekeeper.force_login(keeper)
        seats = list(table.seats.order_by("position").values_list("player_id", flat=True))
        data = {"contract": "garde", "taker": seats[1], "oudlers": "2", "points": "50"}
        for path in ("", "preview/"):
            url = f"/score/table/{table.pk}/board/1/{path}"
            for response in (
                scorekeeper.get(url, follow=True),
                scorekeeper.post(url, {**data, "submission_key": str(uuid.uuid4())}),
            ):
                if found := secret_in(response.content.decode(errors="replace")):
                    failures.append((url, found))
                assert response.status_code in (200, 403, 405), (url, response.status_code)
    assert failures == []
