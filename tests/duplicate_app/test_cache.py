"""A duplicate event's public pages are cached like the others and never stale: a board
result, a ruling, a change of comparison and an unpublication are visible on the next
anonymous request, while another event's pages stay cached (views.cached,
services.cache; the page cache is on in tests and emptied before each)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Board, Event, Table
from tournaments.selectors.access import SYSTEM
from tournaments.services import duplicate as services
from tournaments.services.duplicate_results import set_special_result
from tournaments.services.events import publish_event, unpublish_event
from tournaments.views.cached import HEADER

from ..cache.test_invalidation import fill, fresh, get
from ..factories import make_club
from .conftest import make_duplicate
from .helpers import enter_board
from .test_ranking import play_everything
from .worlds import SharedWorld, World, seated, with_organiser

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(seated_event, organiser) -> Event:
    return publish_event(by=organiser, event=seated_event)


def ranking_url(event: Event) -> str:
    return reverse("duplicate_ranking", args=[event.pk])


def test_a_board_result_shows_on_the_next_request_and_spares_other_events(
    published, organiser, client
):
    other = make_duplicate(make_club("Tarot Club Voisin", "voisin"))
    other = publish_event(by=SYSTEM, event=other)  # another club's: not the organiser's
    table = Table.objects.get(round__event=published, round__number=1, board_set=1)
    north = table.seats.get(position=0).player_id
    player_url = reverse("duplicate_player", args=[published.pk, north])
    board_url = reverse("duplicate_board", args=[published.pk, 1])
    fill(client, [ranking_url(published), player_url, ranking_url(other)])
    get(client, board_url, status=404)  # not played anywhere yet
    assert 'id="player-board-' not in get(client, player_url).content.decode()

    # Board 1 at every table that plays it: it becomes public.
    for table in Table.objects.filter(round__event=published, board_set=1):
        enter_board(table, 1, organiser)

    assert 'id="player-board-' in fresh(client, player_url)
    assert fresh(client, ranking_url(published)) != ""
    get(client, board_url)
    assert get(client, ranking_url(other)).get(HEADER) == "hit"


def published_and_played() -> World:
    """The seated event published by its organiser, then every board played at every
    table by him (`published` and play_everything, as the tests below began): built once
    for their class."""
    world = with_organiser(seated())
    publish_event(by=world["organiser"], event=world["event"])
    play_everything(world["event"], world["organiser"])
    return world


class TestPublishedAndPlayed(SharedWorld):
    build = staticmethod(published_and_played)

    @pytest.fixture
    def published(self, seated_event) -> Event:
        return seated_event

    def test_rulings_and_the_comparison_change_the_ranking_at_once(
        self, published, organiser, client
    ):
        url = ranking_url(published)
        fill(client, [url])
        tables = Table.objects.filter(round__event=published, board_set=1)
        table = tables.order_by("round__number")[0]
        board = Board.objects.get(event=published, number=1)

        set_special_result(
            by=organiser, board=board, table=table, kind="average_plus", orientation=0
        )
        after_ruling = fresh(client, url)
        assert get(client, url).get(HEADER) == "hit"

        services.update_duplicate(
            by=organiser,
            event=published,
            name=published.name,
            date=published.date,
            rules_name=published.rules_name,
            rounds_planned=published.rounds_planned,
            boards_per_round=published.deals_per_round,
            comparison="difference",
            team_size=0,
            app_deals=published.app_deals,
        )
        after_comparison = fresh(client, url)
        assert after_comparison != after_ruling
        assert "%" in after_ruling

    def test_unpublishing_hides_every_page_at_once(self, published, organiser, client):
        table = Table.objects.get(round__event=published, round__number=1, board_set=1)
        north = table.seats.get(position=0).player_id
        urls = [
            ranking_url(published),
            reverse("duplicate_player", args=[published.pk, north]),
            reverse("duplicate_board", args=[published.pk, 1]),
        ]
        fill(client, urls)
        unpublish_event(by=organiser, event=published)
        for url in urls:
            get(client, url, status=404)
