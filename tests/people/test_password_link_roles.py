"""A one-time password link is made for the person as he is then: it dies when he
leaves the club or his roles change, and works as long as nothing did."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client
from django.urls import reverse

from tournaments.models import Membership
from tournaments.services import people

from ..factories import PASSWORD, make_event
from .conftest import key

pytestmark = pytest.mark.django_db

NEW = {"new_password1": "Une-nouvelle-clé-42", "new_password2": "Une-nouvelle-clé-42"}


def make_link(client: Client, person: User) -> str:
    membership = Membership.objects.get(user=person)
    response = client.post(
        reverse("member_password", args=[membership.pk]), {"submission_key": key()}
    )
    assert response.status_code == 200
    return response.context["link"]


def remove(client: Client, person: User) -> None:
    membership = Membership.objects.get(user=person)
    response = client.post(
        reverse("member_remove", args=[membership.pk]), {"submission_key": key()}
    )
    assert response.status_code == 302


def set_role(client: Client, person: User, role: str) -> None:
    membership = Membership.objects.get(user=person)
    response = client.post(
        reverse("member_role", args=[membership.pk]), {"role": role, "submission_key": key()}
    )
    assert response.status_code == 302


def assert_link_dead(link: str, person: User) -> None:
    """The link page says the link no longer works, and posting a password to it
    (a page left open, a script) stores nothing."""
    visitor = Client()
    opened = visitor.get(link, follow=True)
    assert opened.context["validlink"] is False
    assert 'id="link-used"' in opened.content.decode()
    posted = visitor.post(link, NEW, follow=True)
    assert posted.context["validlink"] is False
    person.refresh_from_db()
    assert person.check_password(PASSWORD)
    assert not person.check_password(NEW["new_password1"])


def test_an_unchanged_link_still_sets_the_password(client_a, keeper_a):
    link = make_link(client_a, keeper_a)
    visitor = Client()
    opened = visitor.get(link, follow=True)
    assert opened.context["validlink"] is True
    done = visitor.post(opened.redirect_chain[-1][0], NEW)
    assert done.status_code == 302
    keeper_a.refresh_from_db()
    assert keeper_a.check_password(NEW["new_password1"])


def test_the_link_dies_when_the_person_leaves_the_club(client_a, keeper_a):
    link = make_link(client_a, keeper_a)
    remove(client_a, keeper_a)
    assert_link_dead(link, keeper_a)


def test_the_link_dies_when_his_role_changes(client_a, keeper_a):
    link = make_link(client_a, keeper_a)
    set_role(client_a, keeper_a, "organiser")
    assert_link_dead(link, keeper_a)


def test_a_link_opened_before_the_removal_cannot_set_the_password(client_a, keeper_a):
    """Django keeps an opened link's token in the session and checks it again when the
    password is posted: the removal in between must still count."""
    link = make_link(client_a, keeper_a)
    visitor = Client()
    opened = visitor.get(link, follow=True)
    assert opened.context["validlink"] is True
    remove(client_a, keeper_a)
    refused = visitor.post(opened.redirect_chain[-1][0], NEW)
    assert refused.status_code == 200
    assert refused.context["validlink"] is False
    keeper_a.refresh_from_db()
    assert keeper_a.check_password(PASSWORD)


def test_the_link_dies_when_he_becomes_a_guest_elsewhere(client_a, keeper_a, club_b, orga_b):
    link = make_link(client_a, keeper_a)
    people.add_guest(by=orga_b, event=make_event(club_b), username="keeper_a")
    assert_link_dead(link, keeper_a)


def test_the_link_dies_when_he_is_given_the_federation_role(client_a, keeper_a):
    link = make_link(client_a, keeper_a)
    keeper_a.user_permissions.add(Permission.objects.get(codename="federation"))
    assert_link_dead(link, keeper_a)
