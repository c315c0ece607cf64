"""Whose password link an organiser may make: the facts about the people (their clubs
and privileges, two queries) and rules.permissions' answer, with the reason to show."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext_lazy

from ...models import EventGuest, Membership, Player, Table
from ...rules import permissions
from .roles import Actor, viewer

# What an organiser is told when a person's password link is not his to make.
PERSON_REFUSALS = {
    permissions.ELSEWHERE: gettext_lazy(
        "This person also acts for another club (a role, a guest role, a table or a "
        "player's account there): only the federation makes his password link."
    ),
    permissions.PRIVILEGED: gettext_lazy(
        "This person enters the back office or holds the federation role: only the "
        "federation makes his password link."
    ),
    permissions.SUPERUSER: gettext_lazy("Only a superuser makes a superuser's password link."),
}


def people_facts(ids: Iterable[int]) -> dict[int, permissions.Person]:
    """Each person's clubs (roles, guest roles, tables kept, linked players) and
    privileges, as rules.permissions.Person: two queries for any number of people."""
    ids = sorted(set(ids))
    through = Table.scorekeepers.through
    # Model orderings would put ORDER BY inside the UNION's parts, which SQLite refuses.
    clubs = (
        Membership.objects.filter(user_id__in=ids)
        .order_by()
        .values_list("user_id", "club_id")
        .union(
            EventGuest.objects.filter(user_id__in=ids)
            .order_by()
            .values_list("user_id", "event__club_id"),
            Player.objects.filter(user_id__in=ids).order_by().values_list("user_id", "club_id"),
            through.objects.filter(user_id__in=ids)
            .order_by()
            .values_list("user_id", "table__round__event__club_id"),
        )
    )
    found: dict[int, set[int]] = {pk: set() for pk in ids}
    for user_id, club_id in clubs:
        found[user_id].add(club_id)
    perm = {"codename": "federation", "content_type__app_label": "tournaments"}
    federal = Exists(
        Permission.objects.filter(
            Q(user__pk=OuterRef("pk")) | Q(group__user__pk=OuterRef("pk"))
        ).filter(**perm)
    )
    flags = (
        get_user_model()
        .objects.filter(pk__in=ids)
        .annotate(federal=federal)
        .values_list("pk", "is_staff", "is_superuser", "federal")
    )
    return {
        pk: permissions.Person(
            clubs=frozenset(found[pk]), staff=staff, superuser=superuser, federation=federal
        )
        for pk, staff, superuser, federal in flags
    }


def person_refusals(user: Actor, ids: Iterable[int]) -> dict[int, str]:
    """Among these people, those whose password link this user may not make, each with
    the message that says why (PERSON_REFUSALS). The one place that decides it: the
    services refuse with it, the people page shows it instead of the button."""
    acting = viewer(user)
    superuser = bool(getattr(user, "is_superuser", False))
    refusals = {}
    for pk, person in people_facts(ids).items():
        reason = permissions.person_refusal(
            acting=acting, acting_superuser=superuser, person=person
        )
        if reason is not None:
            refusals[pk] = str(PERSON_REFUSALS[reason])
    return refusals


def person_refusal(user: Actor, person: Any) -> str | None:
    """Why this user may not make this person's password link (None: he may)."""
    return person_refusals(user, [person.pk]).get(person.pk)


def may_manage_person(user: Actor, person: Any) -> bool:
    """Whether the user may make this person's password link."""
    return person_refusal(user, person) is None
