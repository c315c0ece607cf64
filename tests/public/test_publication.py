"""The publication boundary: what the public sees of a season, of players known only
from unpublished events, and the provisional notice of published events."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.rules import publication
from tournaments.rules.permissions import PUBLIC, Viewer
from tournaments.services.events import publish_event, unpublish_event
from tournaments.services.sheets import validate_sheet

from .publication_world import SECRET_NAME, SECRET_SCORE, build


@pytest.fixture
def world(club, players, played_night, organiser):
    return build(club, players, played_night, organiser)


def season_totals(html: str) -> dict[str, str]:
    """Player name -> the season total shown in his row (bold cell)."""
    # django-tables2 writes a cell's classes in alphabetical order.
    rows = re.findall(r'>([^<>]+)</a></td>.*?<td class="fw-bold text-end">([^<]*)</td>', html, re.S)
    return dict(rows)


# --- rules -------------------------------------------------------------------


class Flag:
    def __init__(self, published: bool, club_id: int = 1, pk: int = 10) -> None:
        self.published = published
        self.club_id = club_id
        self.pk = pk


def test_the_public_sees_published_events_only_and_their_organisers_the_drafts():
    club_1 = Viewer(clubs=frozenset({1}))
    assert publication.may_see_event(Flag(True), PUBLIC)
    assert not publication.may_see_event(Flag(False), PUBLIC)
    assert publication.may_see_event(Flag(False), club_1)
    assert publication.may_see_event(Flag(False), Viewer(federation=True))
    # An organiser of another club does not see this club's draft...
    assert not publication.may_see_event(Flag(False, club_id=2), club_1)
    # ...unless he is a guest organiser of that very event.
    assert publication.may_see_event(Flag(False, club_id=2), Viewer(events=frozenset({10})))
    assert not publication.may_see_event(
        Flag(False, club_id=2, pk=11), Viewer(events=frozenset({10}))
    )
    assert not publication.may_see_season(Flag(False), PUBLIC)
    assert publication.may_see_season(Flag(False), club_1)
    assert not publication.may_see_season(Flag(False, club_id=2), club_1)


def test_only_a_published_event_with_open_sheets_is_provisional():
    assert publication.is_provisional(Flag(True), open_sheets=True)
    assert not publication.is_provisional(Flag(True), open_sheets=False)
    assert not publication.is_provisional(Flag(False), open_sheets=True)


# --- the season page -----------------------------------------------------------


def test_public_season_counts_only_published_events(client, world):
    html = client.get(world.season.get_absolute_url()).content.decode()
    assert "Tournoi secret" not in html and SECRET_NAME not in html
    assert "Open public" in html and world.night.name in html
    # Anne: 5 at the night, 204 at the open; the secret tournament's -396 does not count.
    assert season_totals(html)["Anne"] == "209"
    assert 'id="unpublished-note"' not in html


def test_organiser_sees_unpublished_events_named_and_not_counted(organiser_client, world):
    html = organiser_client.get(world.season.get_absolute_url()).content.decode()
    note = html[html.index('id="unpublished-note"') :]
    assert "Tournoi secret" in note[: note.index("</div>")]
    totals = season_totals(html)
    assert totals["Anne"] == "209"  # the public ranking, unchanged
    # The secret player played only the unpublished event: not in the ranking.
    assert SECRET_NAME not in totals


def test_unpublishing_an_event_removes_it_from_the_season_at_once(client, world, organiser):
    unpublish_event(by=organiser, event=world.open_tournament)
    html = client.get(world.season.get_absolute_url()).content.decode()
    assert "Open public" not in html
    assert season_totals(html)["Anne"] == "5"
    publish_event(by=organiser, event=world.secret_tournament)
    html = client.get(world.season.get_absolute_url()).content.decode()
    assert season_totals(html)[SECRET_NAME] == str(SECRET_SCORE)


def test_unpublished_season_is_404_for_the_public_only(client, organiser_client, world):
    url = world.draft_season.get_absolute_url()
    assert client.get(url).status_code == 404
    assert organiser_client.get(url).status_code == 200


# --- players known only from unpublished events --------------------------------


def test_a_player_of_unpublished_events_only_has_no_public_page(client, organiser_client, world):
    url = world.secret.get_absolute_url()
    assert client.get(url).status_code == 404
    assert organiser_client.get(url).status_code == 200
    anne, bruno = world.players[:2]
    assert client.get(reverse("head_to_head", args=[anne.pk, world.secret.pk])).status_code == 404
    assert client.get(reverse("head_to_head", args=[anne.pk, bruno.pk])).status_code == 200


def test_a_player_shows_once_an_event_of_his_is_published(client, world, organiser):
    publish_event(by=organiser, event=world.secret_tournament)
    assert client.get(world.secret.get_absolute_url()).status_code == 200


# --- provisional results ---------------------------------------------------------


def provisional(client: Client, url: str) -> bool:
    response = client.get(url)
    assert response.status_code == 200
    return 'id="provisional-notice"' in response.content.decode()


def test_published_event_with_open_sheets_is_marked_provisional(client, world, organiser):
    night = world.night
    pages = [
        night.get_absolute_url(),
        reverse("event_results", args=[night.pk]),
        reverse("event_chart", args=[night.pk]),
    ]
    tables = [t for r in night.rounds.all() for t in r.tables.all()]
    assert all(provisional(client, url) for url in pages)
    assert provisional(client, reverse("table_public", args=[tables[0].pk]))
    validate_sheet(table=tables[0], user=organiser)
    assert not provisional(client, reverse("table_public", args=[tables[0].pk]))
    assert provisional(client, night.get_absolute_url())  # the other sheet is still open
    validate_sheet(table=tables[1], user=organiser)
    assert not any(provisional(client, url) for url in pages)


def test_tournament_pages_are_provisional_until_every_sheet_is_validated(
    uncached, client, world, organiser
):
    event = world.open_tournament
    pages = [
        reverse("tournament_ranking", args=[event.pk]),
        reverse("tournament_round_results", args=[event.pk, 1]),
        reverse("event_detail", args=[event.pk]),
    ]
    assert not any(provisional(client, url) for url in pages)  # its one sheet is validated
    round_ = event.rounds.create(number=2)
    round_.tables.create(number=1)
    assert all(provisional(client, url) for url in pages)


def test_an_unpublished_event_is_not_called_provisional(organiser_client, world):
    assert not provisional(organiser_client, world.secret_tournament.get_absolute_url())
