"""A club's people: its organisers' and scorekeepers' accounts and roles, a player's
public name, and one-time password links (no mail server needed).

Every function takes the acting person (`by`) and checks his role in the club first;
a refusal raises PermissionDenied and changes nothing.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext as _

from ..errors import NotAllowed, Refused
from ..models import AuditEntry, Club, Event, EventGuest, Membership, Player, Role, audit_text
from ..rules.names import NameStyle
from ..selectors import access
from ..selectors.access import Actor
from ..selectors.password_links import password_link_tokens
from . import audit
from .cache import touch_players

User = get_user_model()


def _check_person(by: Actor, club: Club, person: object) -> None:
    access.require_club(by, club)
    refusal = access.person_refusal(by, person)
    if refusal is not None:
        # Not this organiser's to make: the message says why and who makes it
        # (access.person_refusals).
        raise NotAllowed(refusal)


@transaction.atomic
def add_member(
    *, by: Actor, club: Club, username: str, role: str, first_name: str = "", last_name: str = ""
) -> tuple[Membership, bool]:
    """Give a person a role in the club, creating his account when the name is new
    (without a password: the organiser then makes him a password link). Returns the
    membership and whether the account was created.

    An existing account is given the role, but not the power over his password when he
    also acts elsewhere (password_link, access.person_refusals): naming someone one's
    club's scorekeeper must not hand over his account."""
    access.require_club(by, club)
    username = username.strip()
    if not username:
        raise Refused(_("Give a user name."), field="username")
    if role not in Role.values:
        raise Refused(_("Choose a role."), field="role")
    person = User.objects.filter(username__iexact=username).first()
    created = person is None
    if created:
        person = User(username=username, first_name=first_name, last_name=last_name)
        person.set_unusable_password()
        person.save()
    elif Membership.objects.filter(user=person, club=club).exists():
        raise Refused(_("This person is already one of the club's people."), field="username")
    membership = Membership.objects.create(user=person, club=club, role=role)
    audit.record(
        by=by,
        club=club,
        action=AuditEntry.Action.ROLE,
        target=person.get_username(),
        lines=[audit_text.line("member_added", role=audit_text.value("role", role))],
    )
    access.forget_roles(person)
    return membership, created


@transaction.atomic
def set_role(*, by: Actor, membership: Membership, role: str) -> Membership:
    club = membership.club
    # A role here changes nothing in his other clubs: this club's organisers decide.
    access.require_club(by, club)
    if role not in Role.values:
        raise Refused(_("Choose a role."), field="role")
    if membership.role == role:
        return membership
    _keep_an_organiser(membership, leaving=role != Role.ORGANISER)
    old = membership.role
    membership.role = role
    membership.save(update_fields=["role"])
    audit.record(
        by=by,
        club=club,
        action=AuditEntry.Action.ROLE,
        target=membership.user.get_username(),
        lines=[
            audit_text.line(
                "role_changed",
                old=audit_text.value("role", old),
                new=audit_text.value("role", role),
            )
        ],
    )
    access.forget_roles(membership.user)
    return membership


def _keep_an_organiser(membership: Membership, *, leaving: bool) -> None:
    """A club never loses its last organiser from its own pages: nobody could then
    manage it except the federation.

    The club row is locked first: two organisers demoting each other at the same
    moment would otherwise each see the other still there (PostgreSQL; SQLite's
    IMMEDIATE transactions already queue them)."""
    if not (leaving and membership.role == Role.ORGANISER):
        return
    list(
        Club.objects.select_for_update(no_key=True).filter(pk=membership.club_id).values_list("pk")
    )
    others = Membership.objects.filter(club_id=membership.club_id, role=Role.ORGANISER)
    if not others.exclude(pk=membership.pk).exists():
        raise Refused(_("The club must keep at least one organiser."), field="role")


@transaction.atomic
def remove_member(*, by: Actor, membership: Membership) -> None:
    club = membership.club
    # A role here changes nothing in his other clubs: this club's organisers decide.
    access.require_club(by, club)
    _keep_an_organiser(membership, leaving=True)
    person = membership.user
    membership.delete()
    # He no longer keeps score at the club's tables that are still open.
    # (Events he is a guest of keep him: he was lent to them, not to the club.)
    tables = person.scored_tables.filter(
        round__event__club=club, validated_at__isnull=True
    ).exclude(round__event__guests__user=person)
    for table in tables:
        table.scorekeepers.remove(person)
    audit.record(
        by=by,
        club=club,
        action=AuditEntry.Action.ROLE,
        target=person.get_username(),
        lines=[audit_text.line("member_removed")],
    )
    access.forget_roles(person)


@transaction.atomic
def password_link(*, by: Actor, club: Club, person: object) -> str:
    """A one-time link (path) where the person sets his password: Django's reset
    token bound to his roles (selectors.password_links), which stops working once the
    password is set, he logs in, leaves the club or his roles change. Shown to the
    organiser, who hands it over; recorded in the audit trail (not the link).

    Only for one of the club's people whose every role and link is within the clubs
    `by` organises (else NotAllowed, saying why: the federation makes it)."""
    if not Membership.objects.filter(user=person, club=club).exists():
        raise PermissionDenied
    _check_person(by, club, person)
    audit.record(
        by=by,
        club=club,
        action=AuditEntry.Action.PASSWORD,
        target=person.get_username(),
    )
    uid = urlsafe_base64_encode(force_bytes(person.pk))
    token = password_link_tokens.make_token(person)
    return reverse("password_reset_confirm", kwargs={"uidb64": uid, "token": token})


@transaction.atomic
def add_guest(
    *, by: Actor, event: Event, username: str, role: str = Role.SCOREKEEPER
) -> EventGuest:
    """Lend a person of another club to this event (a guest scorekeeper, or a guest
    organiser of this event only)."""
    access.require_club(by, event.club_id)
    if role not in Role.values:
        raise Refused(_("Choose a role."), field="role")
    username = username.strip()
    person = User.objects.filter(username__iexact=username).first() if username else None
    if person is None:
        raise Refused(_("No account has this user name."), field="username")
    guest = EventGuest.objects.filter(event=event, user=person).first()
    if guest is not None and guest.role == role:
        return guest
    if guest is None:
        guest = EventGuest.objects.create(event=event, user=person, role=role)
    else:
        # Asked again with another role: he changes role rather than being refused.
        guest.role = role
        guest.save(update_fields=["role"])
    audit.record(
        by=by,
        club=event.club_id,
        event=event,
        action=AuditEntry.Action.ROLE,
        target=person.get_username(),
        lines=[
            audit_text.line(
                "guest_added", role=audit_text.value("role", guest.role), event=event.name
            )
        ],
    )
    access.forget_roles(person)
    return guest


@transaction.atomic
def remove_guest(*, by: Actor, guest: EventGuest) -> None:
    access.require_club(by, guest.event.club_id)
    event, person = guest.event, guest.user
    guest.delete()
    # A guest scorekeeper leaves the event's open tables, unless he is one of the
    # club's own people (who may keep score there anyway).
    if not Membership.objects.filter(user=person, club_id=event.club_id).exists():
        for table in person.scored_tables.filter(round__event=event, validated_at__isnull=True):
            table.scorekeepers.remove(person)
    audit.record(
        by=by,
        club=guest.event.club_id,
        event=guest.event,
        action=AuditEntry.Action.ROLE,
        target=guest.user.get_username(),
        lines=[audit_text.line("guest_removed", event=guest.event.name)],
    )
    access.forget_roles(person)


@transaction.atomic
def set_public_name(*, by: Actor, player: Player, style: str) -> Player:
    """How the player appears in public. His club's organisers set it (on his
    request); the player himself may, from his own account."""
    own = getattr(by, "pk", None) is not None and player.user_id == by.pk
    if not own:
        access.require_club(by, player.club_id)
    if style not in {s.value for s in NameStyle}:
        raise Refused(_("Choose how the name appears."), field="public_name_style")
    if player.public_name_style != style:
        player.public_name_style = style
        player.save(update_fields=["public_name_style"])
        touch_players([player])  # every page naming him
        audit.record(
            by=by,
            club=player.club_id,
            action=AuditEntry.Action.PUBLIC_NAME,
            target=player.name,
            lines=[audit_text.line("public_name", style=audit_text.value("name_style", style))],
        )
    return player
