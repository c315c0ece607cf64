"""Scorekeepers are named only from the event's candidates (a scorekeeper reads full
names, so a stranger may not be made one): the club's
people and the event's guests. A club night's table services refuse anyone else at
the field "scorekeepers" and change nothing; a guest of the event is accepted."""

from __future__ import annotations

import pytest

from tournaments.errors import Refused
from tournaments.models import AuditEntry, EventGuest, Seat, Table
from tournaments.models.people import Role
from tournaments.selectors.access import SYSTEM
from tournaments.services import tables

from ..factories import make_club, make_member, make_user


@pytest.fixture
def outsider(db):
    """A scorekeeper of another club, not lent to the event."""
    return make_member("marqueur_ailleurs", make_club("Tarot Club de Nice", "nice"), "scorekeeper")


def test_add_table_refuses_a_person_of_another_club(club_night, players, organiser, outsider):
    with pytest.raises(Refused) as refused:
        tables.add_table(
            by=organiser, event=club_night, number=1, players=players[:4], scorekeepers=[outsider]
        )
    assert refused.value.field == "scorekeepers"
    assert "marqueur_ailleurs" in refused.value.message
    assert not Table.objects.filter(round__event=club_night).exists()
    assert not Seat.objects.exists()
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.SEATING).exists()


def test_add_table_refuses_a_person_without_any_role(club_night, players, organiser):
    nobody = make_user("personne")
    with pytest.raises(Refused) as refused:
        tables.add_table(
            by=SYSTEM, event=club_night, number=1, players=players[:4], scorekeepers=[nobody]
        )
    assert refused.value.field == "scorekeepers"


def test_add_table_accepts_the_clubs_people_and_the_events_guests(
    club, club_night, players, organiser, outsider
):
    member = make_member("marqueuse", club, "scorekeeper")
    EventGuest.objects.create(event=club_night, user=outsider, role=Role.SCOREKEEPER)
    table = tables.add_table(
        by=organiser,
        event=club_night,
        number=1,
        players=players[:4],
        scorekeepers=[member, outsider],
    )
    assert set(table.scorekeepers.all()) == {member, outsider}


def test_edit_table_refuses_a_person_of_another_club(
    club, club_night, players, organiser, outsider
):
    member = make_member("marqueuse", club, "scorekeeper")
    table = tables.add_table(
        by=organiser, event=club_night, number=1, players=players[:4], scorekeepers=[member]
    )
    with pytest.raises(Refused) as refused:
        tables.edit_table(
            by=organiser,
            table=table,
            number=2,
            players=players[:4],
            scorekeepers=[member, outsider],
        )
    assert refused.value.field == "scorekeepers"
    table.refresh_from_db()
    assert table.number == 1
    assert list(table.scorekeepers.all()) == [member]
