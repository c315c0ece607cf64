"""The hall screen: the live ranking in large type, paged, with the open round's
tables; public exactly like the ranking page, public names included, and a bounded
number of queries whatever the number of players.

The tests of one tournament of 8 players (TestATournamentOfEight) share it: built once
for the class, each test rolled back after it (tests/worlds_shared.py)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.models import Club, Event, Player, Registration, Round
from tournaments.rules.names import public_name
from tournaments.rules.screen import screen_settings, split_pages
from tournaments.selectors.access import SYSTEM
from tournaments.selectors.ranking import tournament_ranking
from tournaments.services.rounds import generate_round

from ..factories import logged_in, make_club, make_event, make_round, make_table, store_hand
from ..worlds_shared import built_once

FIRST = ["Anne", "Bruno", "Chloé", "David", "Emma", "Fabien", "Gaëlle", "Hugo", "Inès"]
LAST = ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit"]


def tournament_with(club, count: int, *, published: bool = True, suffix: str = "") -> Event:
    """A tournament of `count` registered players, round 1 seated and open."""
    event = Event.objects.create(
        club=club,
        kind=Event.Kind.TOURNAMENT,
        name="Open de Lyon",
        date=datetime.date(2026, 12, 5),
        rules_name="fft",
        rounds_planned=3,
        deals_per_round=4,
        seed=2026,
        published=published,
    )
    players = [
        Player.objects.create(club=club, name=f"{FIRST[i % 9]} {LAST[i // 9 % 7]} {i:02d}{suffix}")
        for i in range(count)
    ]
    Registration.objects.bulk_create(Registration(event=event, player=p) for p in players)
    generate_round(by=SYSTEM, event=event)
    return event


def screen_url(event: Event, **params: object) -> str:
    query = "&".join(f"{k}={v}" for k, v in params.items())
    return reverse("tournament_screen", args=[event.pk]) + (f"?{query}" if query else "")


def test_settings_are_bounded_and_pages_split():
    assert screen_settings() == screen_settings("20", "15", "30")
    assert screen_settings("1", "0", "x").lines == 5
    assert screen_settings("1", "0", "x").seconds == 2
    assert screen_settings("1", "0", "x").refresh == 30
    assert screen_settings("500").lines == 60
    assert [len(p) for p in split_pages(list(range(45)), 20)] == [20, 20, 5]
    assert split_pages([], 20) == []


@pytest.mark.django_db
def test_45_players_page_through_three_screens_then_the_tables(client, club):
    event = tournament_with(club, 45)
    response = client.get(screen_url(event))
    screens = response.context["screens"]
    ranking = [s for s in screens if s.lines is not None]
    tables = [s for s in screens if s.tables is not None]
    assert [len(s.lines) for s in ranking] == [20, 20, 5]
    assert [(s.number, s.count) for s in ranking] == [(1, 3), (2, 3), (3, 3)]
    table_count = event.rounds.get().tables.count()
    assert sum(len(s.tables) for s in tables) == table_count
    assert all(len(s.tables) <= 12 for s in tables)
    content = response.content.decode()
    assert '<span class="hall-page-number">1/3</span>' in content
    assert '<span class="hall-page-number">3/3</span>' in content
    # Only the first screen shows; the others wait their turn.
    assert content.count("is-current") == 1
    # The URL sets lines per screen, seconds per screen and the refresh.
    response = client.get(screen_url(event, lines=10, seconds=7, refresh=45))
    assert [len(s.lines) for s in response.context["screens"] if s.lines is not None] == [
        10, 10, 10, 10, 5,
    ]  # fmt: skip
    content = response.content.decode()
    assert 'data-seconds="7"' in content
    assert 'data-refresh="45"' in content
    # Without script, the meta refresh turns to the next screen.
    assert 'content="7;url=/tournament/' in content
    assert "page=2" in content


@pytest.mark.django_db
def test_the_live_part_and_the_next_page_without_script(client, club):
    event = tournament_with(club, 45)
    live = client.get(screen_url(event, part="live")).content.decode()
    assert "<html" not in live
    assert live.count('<section class="hall-page') == len(
        client.get(screen_url(event)).context["screens"]
    )
    third = client.get(screen_url(event, page=3))
    assert third.context["current"] == 3
    assert 'data-screen="3">' in third.content.decode().split("is-current", 1)[1][:40]
    # Past the last screen, back to the first.
    last = len(third.context["screens"])
    assert client.get(screen_url(event, page=last + 1)).context["current"] == 1


@pytest.mark.django_db
def test_a_club_night_has_its_screen(uncached, client, club, organiser):
    players = [Player.objects.create(club=club, name=n) for n in FIRST[:5]]
    night = make_event(club, published=True)
    table = make_table(make_round(night), players[:4])
    store_hand(table, organiser)
    response = client.get(reverse("event_screen", args=[night.pk]))
    assert response.status_code == 200
    content = response.content.decode()
    assert '<td class="hall-name">Bruno</td>' in content  # the taker, first
    assert "hall-detail" not in content  # no club column at a club night
    assert "<li>Anne</li>" in content
    night.published = False
    night.save()
    assert client.get(reverse("event_screen", args=[night.pk])).status_code == 404


def _queries(client, event: Event) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(screen_url(event)).status_code == 200
    return len(captured)


def build_tournament_of_eight() -> dict[str, int]:
    """The shared fixtures' club and tournament_with(club, 8): round 1 seated and open.
    Their ids."""
    club = make_club()
    return {"club": club.pk, "event": tournament_with(club, 8).pk}


@pytest.fixture(scope="class")
def tournament_of_eight(django_db_setup, django_db_blocker):
    yield from built_once(django_db_blocker, build_tournament_of_eight)


class TestATournamentOfEight:
    """A published tournament of 8 players, round 1 seated and open
    (build_tournament_of_eight): the rows fetched afresh for each test, which may
    change them."""

    @pytest.fixture
    def club(self, tournament_of_eight, db) -> Club:
        return Club.objects.get(pk=tournament_of_eight["club"])

    @pytest.fixture
    def event(self, tournament_of_eight, db) -> Event:
        return Event.objects.get(pk=tournament_of_eight["event"])

    @pytest.mark.django_db
    def test_ranking_lines_and_table_assignments_appear(self, client, event, organiser):
        round_ = event.rounds.get()
        table = round_.tables.order_by("number").first()
        store_hand(table, organiser)
        response = client.get(screen_url(event))
        assert response.status_code == 200
        content = response.content.decode()
        ranking = tournament_ranking(event)
        # Each line, in the ranking's order, with its total.
        positions = [content.index(f'<td class="hall-name">{row.name}</td>') for row in ranking]
        assert positions == sorted(positions)
        leader = ranking[0]
        assert (
            f'<td class="hall-name">{leader.name}</td><td class="hall-detail">{leader.club}</td>'
            in content
        )
        assert re.search(
            rf"{re.escape(leader.name)}</td>.*?<td class=\"hall-total\">{leader.total}<", content
        )
        assert leader.total > 0
        # The round's tables and who sits there.
        assert "Tables de la séance 1" in content or "Tables of round 1" in content
        for seat in table.seats.select_related("player"):
            assert f"<li>{seat.player.name}</li>" in content
        assert content.count('class="hall-table"') == round_.tables.count()
        # The provisional notice: the sheets are not validated.
        assert 'id="provisional-notice"' in content
        # A full-screen page of its own: no site navigation, no inline script or style.
        assert "navbar" not in content
        assert "<style" not in content
        assert re.search(r"<script(?![^>]*\bsrc=)", content) is None
        assert "js/hall-screen.js" in content

    @pytest.mark.django_db
    def test_public_names_apply(self, client, event):
        player = Player.objects.get(name="Chloé Martin 02")
        player.public_name_style = "initials"
        player.save()
        content = client.get(screen_url(event)).content.decode()
        shown = public_name(player.name, "initials")
        assert shown != player.name
        assert "Chloé Martin 02" not in content
        assert f'<td class="hall-name">{shown}</td>' in content
        assert f"<li>{shown}</li>" in content

    @pytest.mark.django_db
    def test_a_draft_is_404_for_the_public_and_a_preview_for_its_organisers(
        self, client, event, organiser_client, stranger
    ):
        # A draft: the shared tournament (built published) unpublished before anyone
        # opens its screen.
        Event.objects.filter(pk=event.pk).update(published=False)
        assert client.get(screen_url(event)).status_code == 404
        assert client.get(screen_url(event, part="live")).status_code == 404
        client.force_login(stranger)
        assert client.get(screen_url(event)).status_code == 404
        response = organiser_client.get(screen_url(event))
        assert response.status_code == 200
        assert 'id="preview-banner"' in response.content.decode()

    @pytest.mark.django_db
    def test_between_rounds_no_tables_show(self, client, event, organiser):
        event.rounds.update(status=Round.Status.LOCKED)
        screens = client.get(screen_url(event)).context["screens"]
        assert all(s.tables is None for s in screens)

    @pytest.mark.django_db
    def test_the_ranking_page_links_to_the_screen(self, client, event):
        content = client.get(reverse("tournament_ranking", args=[event.pk])).content.decode()
        assert f'href="{reverse("tournament_screen", args=[event.pk])}"' in content

    @pytest.mark.django_db
    def test_queries_are_bounded_and_do_not_grow_with_players(
        self, uncached, client, club, event, django_assert_max_num_queries
    ):
        small = event
        large = tournament_with(club, 40, suffix="b")
        with django_assert_max_num_queries(5):
            client.get(screen_url(large))
        with django_assert_max_num_queries(5):
            client.get(screen_url(large, part="live"))
        assert _queries(client, small) == _queries(client, large)

    @pytest.mark.django_db
    def test_a_team_tournament_screen_ranks_its_teams_too(self, client, event):
        from tournaments.models import Team

        Event.objects.filter(pk=event.pk).update(team_size=2)
        registrations = Registration.objects.filter(event=event).order_by("pk")
        for index, registration in enumerate(registrations):
            name = f"Paire {index // 2}"
            registration.team = Team.objects.get_or_create(event=event, name=name)[0]
            registration.save()
        response = client.get(screen_url(event))
        teams = [s for s in response.context["screens"] if s.title == "Classement par équipes"]
        assert teams and [len(line.detail.split(", ")) for line in teams[0].lines] == [2] * 4

    @pytest.mark.django_db
    @pytest.mark.parametrize("viewer", ["organiser", "scorekeeper"])
    def test_the_screen_shows_public_names_whoever_opened_it(
        self, event, organiser, scorekeeper, viewer
    ):
        """The screen is projected for the hall: the organiser's or the event's
        scorekeeper's login must not name in full a player who chose initials."""
        event.rounds.get().tables.order_by("number").first().scorekeepers.add(scorekeeper)
        player = Player.objects.get(name="Chloé Martin 02")
        player.public_name_style = "initials"
        player.save()
        user = organiser if viewer == "organiser" else scorekeeper
        shown = public_name(player.name, "initials")
        for part in ({}, {"part": "live"}):
            content = logged_in(user).get(screen_url(event, **part)).content.decode()
            assert "Chloé Martin 02" not in content
            assert f'<td class="hall-name">{shown}</td>' in content
            assert f"<li>{shown}</li>" in content
