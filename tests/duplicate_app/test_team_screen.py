"""A team duplicate event early on (one board played at every table that plays it, so
that the public may see it: rules.board_visibility): the hall screen ranks its teams
too, and leaves the place of a player without a result blank; the public ranking
counts the boards a result is computed on for every reader, and a team lists all its
members."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.urls import reverse

from tournaments.models import Board, Event, Registration, Table, Team
from tournaments.selectors.access import SYSTEM
from tournaments.services import duplicate as services
from tournaments.services.duplicate_results import plays_board

from ..factories import logged_in, make_club, make_member
from .conftest import make_duplicate
from .helpers import enter_board
from .worlds import World, built_once, refetched

pytestmark = pytest.mark.django_db


def tables_of_first_board(event: Event) -> list[Table]:
    """The tables that play the first board round 1's first table plays."""
    first = Table.objects.filter(round__event=event, round__number=1).order_by("number")[0]
    board = Board.objects.get(event=event, number=first.board_set * 2 - 1)
    tables = Table.objects.filter(round__event=event).select_related("round__event")
    return [table for table in tables if plays_board(table, board)]


def team_world(team_size: int, players: int) -> World:
    """`team_event`, its club and organiser, built as conftest.py's fixtures build them."""
    dup_club = make_club("Tarot Club Duplicate", "dup")
    organiser = make_member("orga", dup_club)
    event = make_event(dup_club, organiser, team_size, players)
    return {"dup_club": dup_club, "organiser": organiser, "event": event}


@pytest.fixture(
    scope="module", params=[(3, 24), (4, 20), (5, 20)], ids=["triplettes", "quadrettes", "fives"]
)
def world(request, django_db_setup, django_db_blocker) -> Iterator[World]:
    """Each team form's event built once for the module (pytest runs the tests of one
    form together), rolled back after them (worlds.built_once)."""
    yield from built_once(django_db_blocker, lambda: team_world(*request.param))


@pytest.fixture
def dup_club(world, db):
    return refetched(world["dup_club"])


@pytest.fixture
def organiser(world, db):
    return refetched(world["organiser"])


@pytest.fixture
def team_event(world, db) -> Event:
    return refetched(world["event"])


def make_event(dup_club, organiser, team_size: int, players: int) -> Event:
    """Published, seated, teams of `team_size`; one board entered at every table that
    plays it (the organiser may enter any round's board)."""
    event = make_duplicate(dup_club, players=players, rounds=2, team_size=team_size)
    for index, registration in enumerate(Registration.objects.filter(event=event).order_by("pk")):
        name = f"Équipe {index // team_size + 1}"
        registration.team = Team.objects.get_or_create(event=event, name=name)[0]
        registration.save()
    services.seat_duplicate(by=SYSTEM, event=event)
    Event.objects.filter(pk=event.pk).update(published=True)
    first = Table.objects.filter(round__event=event, round__number=1).order_by("number")[0]
    for table in tables_of_first_board(event):
        enter_board(table, first.board_set * 2 - 1, organiser)
    return event


def test_the_hall_screen_ranks_the_teams_with_all_their_members(team_event, client):
    response = client.get(reverse("event_screen", args=[team_event.pk]))
    assert response.status_code == 200
    screens = response.context["screens"]
    teams = [line for screen in screens if screen.title == "Classement par équipes"
             for line in screen.lines]  # fmt: skip
    assert len(teams) == Team.objects.filter(event=team_event).count()
    for line in teams:
        members = Registration.objects.filter(event=team_event, team__name=line.name).count()
        assert len(line.detail.split(", ")) == members == team_event.team_size
    # The teams with a member at a table that played are ranked; the others have no place.
    seated = [seat.player_id for t in tables_of_first_board(team_event) for seat in t.seats.all()]
    played = set(
        Registration.objects.filter(event=team_event, player__in=seated).values_list(
            "team__name", flat=True
        )
    )
    assert {line.name for line in teams if line.rank is not None} == played
    assert all(line.total == "—" for line in teams if line.rank is None)
    assert "Classement par équipes" in response.content.decode()


def test_the_hall_screen_gives_no_place_to_a_player_without_a_result(team_event, client):
    response = client.get(reverse("event_screen", args=[team_event.pk]))
    lines = response.context["screens"][0].lines
    assert any(line.rank is None for line in lines)
    html = response.content.decode()
    ranks = re.findall(r'<td class="hall-rank">([^<]*)</td>', html)
    assert "0" not in ranks and "" in ranks


def _boards_and_results(html: str) -> dict[str, tuple[str, str]]:
    """Player id -> (result, boards) as the ranking table shows them."""
    found = {}
    for player, row in re.findall(r'<tr[^>]*data-player="(\d+)"[^>]*>(.*?)</tr>', html, re.S):
        cells = re.findall(r"<td[^>]*>\s*(?:<a[^>]*>)?([^<]*?)\s*(?:</a>)?</td>", row)
        found[player] = (cells[3], cells[-1])  # rank, player, team, result, boards
    return found


def test_the_board_count_is_the_results_basis_for_every_reader(team_event, client, organiser):
    url = reverse("duplicate_ranking", args=[team_event.pk])
    public = _boards_and_results(client.get(url).content.decode())
    organisers = _boards_and_results(logged_in(organiser).get(url).content.decode())
    assert public == organisers
    played = [shown for shown in public.values() if shown[0] not in ("", "—")]
    assert played and all(boards == "1" for _result, boards in played)


def test_the_team_ranking_lists_every_member(team_event, client):
    html = client.get(reverse("duplicate_ranking", args=[team_event.pk])).content.decode()
    table = html[html.index('id="team-ranking"') :]
    members = re.findall(r'<td class="small">([^<]*)</td>', table)
    assert len(members) == Team.objects.filter(event=team_event).count()
    assert all(len(cell.split(", ")) == team_event.team_size for cell in members)
