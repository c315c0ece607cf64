"""A team holds the event's team size, whoever enters its players: register_player
checks it (the desk's form checked it alone before, so the admin and the command line
could overfill a team), with the message at the team field."""

from __future__ import annotations

import datetime

import pytest

from tournaments.errors import Refused
from tournaments.models import Event, Player, Registration, Team
from tournaments.selectors.access import SYSTEM
from tournaments.services import admin_writes
from tournaments.services.registrations import register_entrant, register_player

from ..factories import make_event

FULL = "L'équipe Les As a déjà 2 joueurs."  # French: the tests' language


@pytest.fixture
def doubles(club) -> Event:
    return make_event(
        club, name="Open en doublettes", date=datetime.date(2026, 12, 5),
        kind=Event.Kind.TOURNAMENT, team_size=2,
    )  # fmt: skip


@pytest.fixture
def full_team(doubles, players) -> Team:
    team = Team.objects.create(event=doubles, name="Les As")
    for player in players[:2]:
        register_player(by=SYSTEM, event=doubles, player=player, team=team)
    return team


def test_a_third_player_is_refused_at_the_team_field(doubles, full_team, players):
    with pytest.raises(Refused) as refused:
        register_player(by=SYSTEM, event=doubles, player=players[2], team=full_team)
    assert refused.value.field == "team"
    assert refused.value.message == FULL
    assert not Registration.objects.filter(player=players[2]).exists()
    assert full_team.members.count() == 2


def test_a_member_entered_again_keeps_his_place(doubles, full_team, players):
    again = register_player(by=SYSTEM, event=doubles, player=players[0], team=full_team)
    assert again.team == full_team and full_team.members.count() == 2


def test_a_new_player_for_a_full_team_is_not_created(doubles, full_team, club):
    before = Player.objects.count()
    with pytest.raises(Refused) as refused:
        register_entrant(
            by=SYSTEM, event=doubles, player=None, club=club, name="Zoé Nouvelle",
            licence="", team_name="les as",
        )  # fmt: skip
    assert refused.value.field == "team"
    assert Player.objects.count() == before  # the whole entry rolled back


def test_the_admin_cannot_move_a_player_into_a_full_team(doubles, full_team, players):
    other = Team.objects.create(event=doubles, name="Les Rois")
    entry = register_player(by=SYSTEM, event=doubles, player=players[2], team=other)
    entry.team = full_team
    with pytest.raises(Refused) as refused:
        admin_writes.save_registration(by=SYSTEM, registration=entry)
    assert refused.value.field == "team"
    assert Registration.objects.get(pk=entry.pk).team == other


def test_a_team_with_room_takes_the_player(doubles, players):
    team = Team.objects.create(event=doubles, name="Les As")
    register_player(by=SYSTEM, event=doubles, player=players[0], team=team)
    entry = register_player(by=SYSTEM, event=doubles, player=players[1], team=team)
    assert entry.team == team and team.members.count() == 2
