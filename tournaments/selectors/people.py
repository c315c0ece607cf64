"""Reads for the people pages: a club's people, an event's guests, the club's audit
trail, and the player a user account belongs to."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.db.models import Q, QuerySet

from ..models import AuditEntry, Club, Event, EventGuest, Membership, Player
from ..rules import permissions
from . import access
from .access import Actor


def club_members(club: Club) -> QuerySet[Membership]:
    """The club's organisers and scorekeepers, by user name."""
    return Membership.objects.filter(club=club).select_related("user").order_by("user__username")


def event_guests(event: Event) -> QuerySet[EventGuest]:
    """The people of other clubs lent to the event, by user name."""
    return EventGuest.objects.filter(event=event).select_related("user").order_by("user__username")


def club_audit(club: Club) -> QuerySet[AuditEntry]:
    """The club's audit trail, newest first (the table pages it: the index on
    (club, -at) serves each page)."""
    return AuditEntry.objects.filter(club=club).select_related("event").order_by("-at", "-pk")


def player_of(user: Actor) -> Player | None:
    """The player this account belongs to (Player.user), if any."""
    if not user.is_authenticated or user.pk is None:
        return None
    return Player.objects.filter(user_id=user.pk).first()


@dataclass(frozen=True)
class GuestsSection:
    """What the "Guests" section of an event's page shows: the guests, and whether
    this user may add and remove them (its club's organisers, not its guest
    organisers: a guest does not bring in more guests)."""

    guests: list[EventGuest]
    may_manage: bool


def guests_section(user: Actor, event: Event) -> GuestsSection:
    return GuestsSection(
        guests=list(event_guests(event)), may_manage=access.organises_club(user, event.club_id)
    )


def manageable(user: Actor, members: list[Membership]) -> set[int]:
    """The user ids among `members` whose roles and password this user may change
    (access.may_manage_person), in two queries for the whole list rather than two
    per person: the people's clubs, and which of them hold the federation role."""
    ids = [m.user_id for m in members]
    clubs: dict[int, set[int]] = {pk: set() for pk in ids}
    for user_id, club_id in Membership.objects.filter(user_id__in=ids).values_list(
        "user_id", "club_id"
    ):
        clubs[user_id].add(club_id)
    perm = Permission.objects.get(content_type__app_label="tournaments", codename="federation")
    federal = set(
        get_user_model()
        .objects.filter(
            Q(is_superuser=True) | Q(user_permissions=perm) | Q(groups__permissions=perm),
            pk__in=ids,
            is_active=True,
        )
        .values_list("pk", flat=True)
    )
    acting = access.viewer(user)
    return {
        pk
        for pk in ids
        if permissions.may_manage_person(
            acting_federation=acting.federation,
            acting_clubs=acting.clubs,
            target_clubs=frozenset(clubs[pk]),
            target_is_federation=pk in federal,
        )
    }
