"""A user's roles are read by one query (selectors.access.roles), built for each user:
each person gets his own roles, never the previous one's; some kinds need no query."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser, Group, Permission, User
from django.db import connection

from tests.factories import (
    make_club,
    make_event,
    make_member,
    make_players,
    make_round,
    make_table,
    make_user,
)
from tournaments.models import EventGuest, Membership, Role
from tournaments.rules.permissions import Viewer
from tournaments.selectors import access

pytestmark = pytest.mark.django_db


def test_each_user_reads_his_own_roles_one_query_each(django_assert_num_queries) -> None:
    lyon, paris = make_club(), make_club("Tarot Club de Paris", "paris")
    night = make_event(paris)
    table = make_table(make_round(night), make_players(paris)[:4])
    organiser = make_member("organiser", lyon)
    guest = make_user("guest")
    EventGuest.objects.create(event=night, user=guest, role=Role.ORGANISER)
    keeper = make_user("keeper")
    table.scorekeepers.add(keeper)
    grouped = make_user("grouped")
    group = Group.objects.create(name="Fédération")
    group.permissions.add(Permission.objects.get(codename="federation"))
    grouped.groups.add(group)
    nobody = make_user("nobody")
    expected = {
        organiser: Viewer(clubs=frozenset({lyon.pk})),
        guest: Viewer(events=frozenset({night.pk})),
        keeper: Viewer(scored_events=frozenset({night.pk})),
        grouped: Viewer(federation=True),
        make_user("federation", federation=True): Viewer(federation=True),
        nobody: Viewer(),
    }
    # Twice round, so every user is also read after another one.
    for _ in range(2):
        for user, roles in expected.items():
            access.forget_roles(user)
            with django_assert_num_queries(1):
                assert access.viewer(user) == roles


def test_kinds_read_without_a_query(django_assert_num_queries) -> None:
    """The anonymous, an active superuser and an inactive user: no query; staff alone
    is no role, nor a scorekeeper's membership without a table to keep."""
    club = make_club()
    superuser = User.objects.create_superuser("root", password="x")
    inactive_organiser = make_member("gone", club)
    inactive_organiser.is_active = False
    inactive_superuser = User.objects.create_superuser("retired", password="x", is_active=False)
    staff = make_user("staff")
    staff.is_staff = True
    for user, roles, queries in [
        (AnonymousUser(), Viewer(), 0),
        (superuser, Viewer(federation=True), 0),
        (inactive_organiser, Viewer(), 0),
        (inactive_superuser, Viewer(), 0),
        (staff, Viewer(), 1),
        (make_member("member", club, role=Role.SCOREKEEPER), Viewer(), 1),
    ]:
        access.forget_roles(user)
        with django_assert_num_queries(queries):
            assert access.viewer(user) == roles


def test_the_largest_user_ids_keep_every_role(django_assert_num_queries) -> None:
    """Ids up to the largest the user table holds (2**31 - 1 on PostgreSQL, 2**63 - 1
    on SQLite): no part of the query is dropped, the group's federation included."""
    largest = connection.ops.integer_field_range(User._meta.pk.get_internal_type())[1]
    club, paris = make_club(), make_club("Tarot Club de Paris", "paris")
    night = make_event(paris)
    table = make_table(make_round(night), make_players(paris)[:4])
    group = Group.objects.create(name="Fédération")
    group.permissions.add(Permission.objects.get(codename="federation"))
    # Created last: on SQLite no user id comes after the largest one.
    organiser = User.objects.create_user("organiser", id=largest - 1)
    grouped = User.objects.create_user("grouped", id=largest)
    Membership.objects.create(user=organiser, club=club, role=Role.ORGANISER)
    EventGuest.objects.create(event=night, user=organiser, role=Role.ORGANISER)
    table.scorekeepers.add(organiser)
    grouped.groups.add(group)
    expected = {
        organiser: Viewer(
            clubs=frozenset({club.pk}),
            events=frozenset({night.pk}),
            scored_events=frozenset({night.pk}),
        ),
        grouped: Viewer(federation=True),
    }
    for user, roles in expected.items():
        access.forget_roles(user)
        with django_assert_num_queries(1):
            assert access.viewer(user) == roles
