"""An event's guests, and a player's public name."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from tournaments.models import AuditEntry, Event, EventGuest, Player, Role
from tournaments.services import people

from ..factories import logged_in, make_event, make_user
from .conftest import key

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club_a) -> Event:
    return make_event(club_a)


def test_club_organiser_adds_and_removes_a_guest(client_a, night, orga_b):
    response = client_a.post(
        reverse("event_guests", args=[night.pk]),
        {"username": "orga_b", "role": "scorekeeper", "submission_key": key()},
    )
    assert response.status_code == 302 and response.url == reverse("event_manage", args=[night.pk])
    guest = EventGuest.objects.get(event=night, user=orga_b)
    assert guest.role == Role.SCOREKEEPER
    page = client_a.get(reverse("event_manage", args=[night.pk])).content.decode()
    assert 'id="guests"' in page and "orga_b" in page
    assert reverse("guest_remove", args=[guest.pk]) in page

    response = client_a.post(reverse("guest_remove", args=[guest.pk]), {"submission_key": key()})
    assert response.status_code == 302
    assert not EventGuest.objects.filter(pk=guest.pk).exists()


def test_the_tournament_page_shows_the_guests(client_a, club_a, orga_b):
    tournament = make_event(club_a, "Open", kind=Event.Kind.TOURNAMENT)
    EventGuest.objects.create(event=tournament, user=orga_b, role=Role.SCOREKEEPER)
    page = client_a.get(reverse("tournament_manage", args=[tournament.pk]))
    assert page.status_code == 200
    assert "orga_b" in page.content.decode()


def test_an_unknown_guest_is_refused_at_the_field(client_a, night):
    response = client_a.post(
        reverse("event_guests", args=[night.pk]),
        {"username": "nobody", "role": "scorekeeper", "submission_key": key()},
    )
    assert response.status_code == 200
    assert response.context["form"].errors["username"]
    assert not EventGuest.objects.exists()


def test_a_guest_organiser_does_not_manage_guests(night, orga_b, client_b):
    EventGuest.objects.create(event=night, user=orga_b, role=Role.ORGANISER)
    other = make_user("other")
    response = client_b.post(
        reverse("event_guests", args=[night.pk]),
        {"username": "other", "role": "organiser", "submission_key": key()},
    )
    assert response.status_code == 403
    assert not EventGuest.objects.filter(user=other).exists()
    # He sees the event's page and its guests, without the forms.
    page = client_b.get(reverse("event_manage", args=[night.pk])).content.decode()
    assert 'id="guests"' in page and 'id="add-guest"' not in page


@pytest.fixture
def anne(club_a) -> Player:
    user = User.objects.create_user("anne")
    return Player.objects.create(club=club_a, name="Anne-Sophie de La Tour", user=user)


def test_a_player_chooses_his_public_name(anne):
    client = logged_in(anne.user)
    page = client.get(reverse("my_public_name"))
    assert page.status_code == 200
    content = page.content.decode()
    assert "Anne-Sophie T." in content and "A.-S. T." in content
    response = client.post(
        reverse("my_public_name"), {"public_name_style": "initials", "submission_key": key()}
    )
    assert response.status_code == 302
    anne.refresh_from_db()
    assert anne.public_name_style == "initials"
    assert AuditEntry.objects.get(action=AuditEntry.Action.PUBLIC_NAME).username == "anne"


def test_the_public_name_page_is_404_without_a_player(orga_a):
    assert logged_in(orga_a).get(reverse("my_public_name")).status_code == 404


def test_an_organiser_of_another_club_cannot_change_a_player_style(anne, orga_b, orga_a):
    with pytest.raises(PermissionDenied):
        people.set_public_name(by=orga_b, player=anne, style="initials")
    anne.refresh_from_db()
    assert anne.public_name_style == "full"
    # His own club's organiser may (on his request).
    people.set_public_name(by=orga_a, player=anne, style="first_initial")
    anne.refresh_from_db()
    assert anne.public_name_style == "first_initial"


def test_my_tables_links_to_the_public_name_page_for_players_only(anne, orga_a):
    link = reverse("my_public_name")
    assert link in logged_in(anne.user).get(reverse("my_tables")).content.decode()
    page = logged_in(orga_a).get(reverse("my_tables")).content.decode()
    assert link not in page
    assert reverse("club_people") in page  # the "Club" item of the organiser's menu
