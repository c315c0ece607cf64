"""Who may make a person's password link: an organiser only for a person whose every
role and link is within the clubs he organises (memberships, guest roles of other
clubs' events, tables he keeps score at, players linked to his account), never for
the staff, a superuser or the federation; the federation for everyone but a
superuser. Adding an existing account that acts elsewhere gives a role, never the
power over his password.

Each path: club A's organiser adds the person to club A (allowed: a role in A), then
asks his password link: refused with a message that says why, no audit line, no link;
the people page offers no button and says why."""

from __future__ import annotations

import datetime
import html
from collections.abc import Callable

import pytest
from django.contrib.auth.models import Group, Permission, User
from django.urls import reverse

from tournaments.errors import NotAllowed
from tournaments.models import AuditEntry, Club, Event, EventGuest, Membership, Player, Role
from tournaments.rules import permissions
from tournaments.selectors import access
from tournaments.services import people

from ..factories import make_member, make_round, make_table, make_user
from .conftest import key

DAY = datetime.date(2026, 11, 19)


def people_url(club: Club) -> str:
    return reverse("club_people") + f"?club={club.slug}"


def b_event(club_b: Club) -> Event:
    return Event.objects.create(club=club_b, name="Soirée de Paris", date=DAY)


def organiser_of_b(club_a: Club, club_b: Club) -> User:
    return make_member("victim", club_b)


def scorekeeper_of_b(club_a: Club, club_b: Club) -> User:
    return make_member("victim", club_b, role=Role.SCOREKEEPER)


def guest_organiser_of_b_event(club_a: Club, club_b: Club) -> User:
    victim = make_user("victim")
    EventGuest.objects.create(event=b_event(club_b), user=victim, role=Role.ORGANISER)
    return victim


def guest_scorekeeper_of_b_event(club_a: Club, club_b: Club) -> User:
    victim = make_user("victim")
    EventGuest.objects.create(event=b_event(club_b), user=victim, role=Role.SCOREKEEPER)
    return victim


def linked_player_of_b(club_a: Club, club_b: Club) -> User:
    victim = make_user("victim")
    Player.objects.create(club=club_b, name="Paul Parisien", user=victim)
    return victim


def scorekeeper_at_a_table_of_b(club_a: Club, club_b: Club) -> User:
    """Named at a table of B's event (kept there after leaving B's people)."""
    victim = make_user("victim")
    players = [Player.objects.create(club=club_b, name=n) for n in ("P1", "P2", "P3", "P4")]
    make_table(make_round(b_event(club_b)), players, scorekeepers=[victim])
    return victim


def staff(club_a: Club, club_b: Club) -> User:
    victim = make_user("victim")
    User.objects.filter(pk=victim.pk).update(is_staff=True)
    return User.objects.get(pk=victim.pk)


def superuser(club_a: Club, club_b: Club) -> User:
    victim = make_user("victim")
    User.objects.filter(pk=victim.pk).update(is_superuser=True)
    return User.objects.get(pk=victim.pk)


def federation(club_a: Club, club_b: Club) -> User:
    return make_user("victim", federation=True)  # the federation permission


def federation_by_group(club_a: Club, club_b: Club) -> User:
    victim = make_user("victim")
    group = Group.objects.create(name="Fédération")
    group.permissions.add(Permission.objects.get(codename="federation"))
    victim.groups.add(group)
    return victim


ACTS_ELSEWHERE: dict[str, Callable[[Club, Club], User]] = {
    "organiser of B": organiser_of_b,
    "scorekeeper of B": scorekeeper_of_b,
    "guest organiser of B's event": guest_organiser_of_b_event,
    "guest scorekeeper of B's event": guest_scorekeeper_of_b_event,
    "account of B's player": linked_player_of_b,
    "scorekeeper at B's table": scorekeeper_at_a_table_of_b,
}
PRIVILEGED: dict[str, Callable[[Club, Club], User]] = {
    "staff": staff,
    "superuser": superuser,
    "federation": federation,
    "federation through a group": federation_by_group,
}


@pytest.mark.parametrize("path", sorted({**ACTS_ELSEWHERE, **PRIVILEGED}))
def test_an_added_account_that_acts_elsewhere_gets_a_role_but_no_password_link(
    path, club_a, club_b, orga_a, client_a
):
    victim = {**ACTS_ELSEWHERE, **PRIVILEGED}[path](club_a, club_b)
    membership, created = people.add_member(
        by=orga_a, club=club_a, username="victim", role=Role.SCOREKEEPER
    )
    assert not created and membership.user == victim  # the role is given
    lines = AuditEntry.objects.count()

    with pytest.raises(NotAllowed) as refused:
        people.password_link(by=orga_a, club=club_a, person=victim)
    reason = str(refused.value)
    # Says why, and that the federation makes it instead.
    why = permissions.PRIVILEGED if path in PRIVILEGED else permissions.ELSEWHERE
    assert reason == str(access.PERSON_REFUSALS[why])
    assert AuditEntry.objects.count() == lines
    assert not access.may_manage_person(orga_a, victim)

    # The page: a 403 that says why in his row, no link; the list offers no button.
    url = reverse("member_password", args=[membership.pk])
    response = client_a.post(url, {"submission_key": key()})
    assert response.status_code == 403
    page = response.content.decode()
    shown = html.escape(reason)
    assert shown in page and "/reset/" not in page
    listing = client_a.get(people_url(club_a)).content.decode()
    assert url not in listing and shown in listing


@pytest.mark.parametrize("path", sorted(ACTS_ELSEWHERE))
def test_removing_him_from_the_club_does_not_free_his_account(path, club_a, club_b, orga_a):
    victim = ACTS_ELSEWHERE[path](club_a, club_b)
    membership, _created = people.add_member(
        by=orga_a, club=club_a, username="victim", role=Role.ORGANISER
    )
    people.remove_member(by=orga_a, membership=membership)
    Membership.objects.create(user=victim, club=club_a, role=Role.SCOREKEEPER)
    with pytest.raises(NotAllowed):
        people.password_link(by=orga_a, club=club_a, person=victim)


@pytest.mark.parametrize("path", sorted(ACTS_ELSEWHERE))
def test_the_federation_makes_the_link_of_someone_acting_in_two_clubs(path, club_a, club_b):
    victim = ACTS_ELSEWHERE[path](club_a, club_b)
    Membership.objects.create(user=victim, club=club_a, role=Role.SCOREKEEPER)
    fed = make_user("fed", federation=True)
    assert people.password_link(by=fed, club=club_a, person=victim).startswith("/")


def test_an_organiser_of_both_clubs_may(club_a, club_b, orga_a):
    victim = linked_player_of_b(club_a, club_b)
    Membership.objects.create(user=orga_a, club=club_b, role=Role.ORGANISER)
    people.add_member(by=orga_a, club=club_a, username="victim", role=Role.SCOREKEEPER)
    assert people.password_link(by=orga_a, club=club_a, person=victim)


def test_only_a_superuser_makes_a_superusers_link(club_a, club_b):
    victim = superuser(club_a, club_b)
    Membership.objects.create(user=victim, club=club_a, role=Role.ORGANISER)
    with pytest.raises(NotAllowed) as refused:
        people.password_link(by=make_user("fed", federation=True), club=club_a, person=victim)
    assert str(refused.value) == str(access.PERSON_REFUSALS[permissions.SUPERUSER])
    boss = make_user("boss")
    User.objects.filter(pk=boss.pk).update(is_superuser=True)
    assert people.password_link(by=User.objects.get(pk=boss.pk), club=club_a, person=victim)


def test_the_legit_cases_still_work(club_a, club_b, orga_a, client_a):
    """A new account; an account of club A only (a role, a guest role of A's own event,
    a player of A, a table of A); the people page offers the button."""
    people.add_member(by=orga_a, club=club_a, username="nouveau", role=Role.SCOREKEEPER)
    assert people.password_link(by=orga_a, club=club_a, person=User.objects.get(username="nouveau"))

    local = make_member("local", club_a, role=Role.SCOREKEEPER)
    event = Event.objects.create(club=club_a, name="Soirée de Lyon", date=DAY)
    EventGuest.objects.create(event=event, user=local, role=Role.ORGANISER)
    players = [Player.objects.create(club=club_a, name=n) for n in ("A1", "A2", "A3", "A4")]
    players[0].user = local
    players[0].save()
    make_table(make_round(event), players, scorekeepers=[local])
    assert people.password_link(by=orga_a, club=club_a, person=local)

    membership = Membership.objects.get(user=local)
    listing = client_a.get(people_url(club_a)).content.decode()
    assert reverse("member_password", args=[membership.pk]) in listing
    response = client_a.post(
        reverse("member_password", args=[membership.pk]), {"submission_key": key()}
    )
    assert response.status_code == 200 and "/reset/" in response.content.decode()
