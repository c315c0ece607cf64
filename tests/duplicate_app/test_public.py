"""What the public reads of a duplicate event: nothing before publication, the ranking
after, and each board (its traveller, a player's line on it, a table's sheet) only once
every table that plays the board has played it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Seat, Table

from ..factories import logged_in
from .helpers import enter_board
from .test_ranking import play_everything
from .worlds import SharedWorld, World, seated, with_organiser


@pytest.fixture
def published(seated_event):
    seated_event.published = True
    seated_event.save()
    return seated_event


def test_an_unpublished_event_does_not_exist_for_the_public(seated_event, client, organiser_client):
    url = reverse("duplicate_ranking", args=[seated_event.pk])
    assert client.get(url).status_code == 404
    assert organiser_client.get(url).status_code == 200
    assert client.get(reverse("duplicate_board", args=[seated_event.pk, 1])).status_code == 404


def test_a_board_is_public_once_every_table_has_played_it(published, organiser, client):
    round1 = Table.objects.filter(round__event=published, round__number=1)
    table = round1.get(board_set=1)
    enter_board(table, 1, organiser)
    board_url = reverse("duplicate_board", args=[published.pk, 1])
    north = table.seats.get(position=0).player_id
    player_url = reverse("duplicate_player", args=[published.pk, north])
    # Played at one table of five: other tables have it still to play.
    assert client.get(board_url).status_code == 404
    page = client.get(player_url)
    assert page.status_code == 200 and page.context["row"].boards == []
    sheet = client.get(reverse("table_public", args=[table.pk]))
    assert b'id="sheet-hidden"' in sheet.content
    for later in Table.objects.filter(round__event=published, board_set=1).exclude(pk=table.pk):
        enter_board(later, 1, organiser)
    page = client.get(board_url)
    assert page.status_code == 200
    assert page.content.count(b'id="line-table-') == 5
    assert [d.board_number for d in client.get(player_url).context["row"].boards] == [1]


def published_and_played() -> World:
    """The seated event published (as `published` publishes it), then every board played
    at every table by its organiser, as the tests below began: built once for their
    class."""
    world = seated()
    world["event"].published = True
    world["event"].save()
    with_organiser(world)
    play_everything(world["event"], world["organiser"])
    return world


class TestPublishedAndPlayed(SharedWorld):
    build = staticmethod(published_and_played)

    @pytest.fixture
    def published(self, seated_event):
        return seated_event

    def test_a_published_finished_event_shows_everything_under_public_names(
        self, published, organiser, client
    ):
        seat = Seat.objects.filter(table__round__event=published).select_related("player").first()
        player = seat.player
        player.public_name_style = "initials"
        player.save()
        response = client.get(reverse("duplicate_ranking", args=[published.pk]))
        assert response.status_code == 200
        html = response.content.decode()
        assert player.name not in html
        assert len(response.context["shown_boards"]) == 10
        detail = client.get(reverse("duplicate_player", args=[published.pk, player.pk]))
        assert detail.status_code == 200 and len(detail.context["row"].boards) == 10
        assert detail.content.count(b'id="player-board-') == 10

    def test_the_hall_screen_shows_the_percentages(self, published, organiser, client):
        response = client.get(reverse("event_screen", args=[published.pk]))
        assert response.status_code == 200
        lines = response.context["screens"][0].lines
        assert lines[0].total == max(line.total for line in lines)


def test_the_club_night_pages_of_a_duplicate_event_lead_to_its_ranking(published, client):
    ranking = reverse("duplicate_ranking", args=[published.pk])
    for name in ("event_detail", "event_results", "event_chart"):
        response = client.get(reverse(name, args=[published.pk]))
        assert response.status_code == 302 and response.url == ranking


def test_scorekeepers_do_not_read_other_tables_results_early(published, organiser, dup_club):
    from ..factories import make_member

    keeper = make_member("marqueur_pub", dup_club, role="scorekeeper")
    table = Table.objects.get(round__event=published, round__number=1, board_set=1)
    enter_board(table, 1, organiser)
    client = logged_in(keeper)
    assert client.get(reverse("duplicate_board", args=[published.pk, 1])).status_code == 404


@pytest.mark.slow  # enters every board of the event through the services
def test_the_hall_screen_shows_the_round_being_played(published, organiser, client):
    """The tables of the round in play: round 2's once round 1 is played (it showed the
    oldest round not locked: round 1, to the end of the event), none once every board
    is played; the ranking from the stored comparison, as the ranking page reads it."""
    from tournaments.selectors.duplicate_ranking import duplicate_ranking
    from tournaments.selectors.screen import hall_screen

    def shown() -> tuple[int | None, list[int]]:
        screen = hall_screen(published)
        return screen.round_number, [table.number for table in screen.tables]

    assert shown() == (1, [1, 2, 3, 4, 5])
    tables = Table.objects.filter(round__event=published).select_related("round")
    for table in tables.order_by("round__number", "number"):
        for number in (table.board_set * 2 - 1, table.board_set * 2):
            enter_board(table, number, organiser)
        if table.round.number == 1 and table.number == 4:
            assert shown()[0] == 1  # table 5 still plays round 1
    # ...checked after round 1 and round 2 too, as the loop went: now all played.
    assert shown() == (None, [])
    screen = hall_screen(published)
    expected = duplicate_ranking(published)
    assert [(line.name, line.total) for line in screen.lines] == [
        (row.name, row.result) for row in expected
    ]


def test_the_hall_screen_moves_to_round_2_once_round_1_is_played(published, organiser, client):
    for table in Table.objects.filter(round__event=published, round__number=1):
        for number in (table.board_set * 2 - 1, table.board_set * 2):
            enter_board(table, number, organiser)
    page = client.get(reverse("event_screen", args=[published.pk]))
    titles = [screen.title for screen in page.context["screens"]]
    assert any("séance 2" in title for title in titles), titles
    assert not any("séance 1" in title for title in titles), titles
