"""A tournament's entries: registering players (stored or new), teams, presence.

Every write takes the acting person (`by`) and checks first that he organises the
event (its club's organisers, its guest organisers, the federation; SYSTEM for the
command line): a refusal raises PermissionDenied and changes nothing.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..errors import Refused
from ..models import Club, Event, Player, Registration, Team
from ..selectors import access
from ..selectors.access import SYSTEM, Actor
from .cache import touch
from .players import create_player


@transaction.atomic
def set_registration_present(
    *, by: Actor, registration: Registration, present: bool
) -> Registration:
    """A withdrawal or a (late) arrival; takes effect from the next round seated."""
    access.require_event(by, registration.event)
    registration.present = present
    registration.save(update_fields=["present"])
    touch(events=[registration.event_id])
    return registration


def check_team_room(*, event: Event, team: Team, player: Player) -> None:
    """Refuse (Refused at "team") a player joining a team that already has the
    event's team size, however he comes (the desk's form, the admin, the command
    line). The team's row is locked first: two desks entering its last member at once
    take turns, and the second one sees the team full."""
    Team.objects.select_for_update(no_key=True).filter(pk=team.pk).first()
    members = team.members.exclude(player=player).count()
    if event.team_size and members >= event.team_size:
        raise Refused(
            ngettext(
                "The team %(team)s already has %(count)s player.",
                "The team %(team)s already has %(count)s players.",
                members,
            )
            % {"team": team.name, "count": members},
            field="team",
        )


@transaction.atomic
def register_player(*, by: Actor, event: Event, player: Player, team: Any = None) -> Registration:
    """Register a stored player (of any club: registering changes nothing of the player).
    A player already entered keeps his entry and his team; a new one joins `team` if it
    has room (check_team_room)."""
    access.require_event(by, event)
    if team is not None and team.event_id != event.pk:
        raise Refused(_("This team belongs to another event."), field="team")
    if team is not None and not Registration.objects.filter(event=event, player=player).exists():
        check_team_room(event=event, team=team, player=player)
    registration, _created = Registration.objects.get_or_create(
        event=event, player=player, defaults={"team": team}
    )
    if not registration.present:
        registration.present = True
        registration.save(update_fields=["present"])
    touch(events=[event])
    return registration


def team_named(*, by: Actor, event: Event, name: str) -> Team:
    """The event's team of that name (case-insensitive), created if new."""
    access.require_event(by, event)
    team = Team.objects.filter(event=event, name__iexact=name).first()
    if team is None:
        team = Team.objects.create(event=event, name=name)
        touch(events=[event])
    return team


@transaction.atomic
def register_entrant(
    *,
    by: Actor,
    event: Event,
    player: Player | None,
    club: Club | None,
    name: str,
    licence: str,
    team_name: str,
) -> Registration:
    """Register a stored player, or a new one (`player` None: created in `club`, the
    event's club when None); `team_name` joins (or creates) that team. Raises Refused
    for a new player who clashes with one stored.

    A new player is created in the event's club (any of the event's organisers, its
    guest organisers included, runs its registration desk) or in a club the person
    organises; never in another club (PermissionDenied)."""
    access.require_event(by, event)
    if player is None:
        home = club or event.club
        if access.organises_club(by, home):
            creator: Actor = by
        elif home.pk == event.club_id:
            # A guest organiser adding a walk-in to the event's club: allowed by the
            # check above (he organises the event), which create_player cannot know.
            creator = SYSTEM
        else:
            raise PermissionDenied
        player = create_player(by=creator, club=home, name=name, licence=licence)
    team = team_named(by=by, event=event, name=team_name) if team_name else None
    return register_player(by=by, event=event, player=player, team=team)
