"""A user's roles are read by one query compiled once and run with each user's own id
(selectors.access.roles): each person gets his own roles, never the previous one's."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission

from tests.factories import (
    make_club,
    make_event,
    make_member,
    make_players,
    make_round,
    make_table,
    make_user,
)
from tournaments.models import EventGuest, Role
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
    # Twice round, so every user is also read after another one with the query compiled.
    for _ in range(2):
        for user, roles in expected.items():
            access.forget_roles(user)
            with django_assert_num_queries(1):
                assert access.viewer(user) == roles
