"""Reads for the people pages: a club's people, an event's guests, the club's audit
trail, and the player a user account belongs to."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from ..models import AuditEntry, Club, Event, EventGuest, Membership, Player
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


def password_refusals(user: Actor, members: list[Membership]) -> dict[int, str]:
    """The user ids among `members` whose password link this user may not make, each
    with the reason (access.person_refusals), in two queries for the whole list."""
    return access.person_refusals(user, [m.user_id for m in members])
