"""The back office's writes that no other service makes: clubs, rounds, seats, teams,
registrations, a player's account link and the deletions.

The admin calls these (and the other services) from its save_model/delete_model, so
the Django admin is no side door: every function takes the acting person (`by`) and
checks his role in the club that owns the object first (access.require_club /
require_event), raising PermissionDenied before any write; a change the house rules
refuse (seats of a table with hands, a round with hands deleted) raises EventError.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from ..errors import EventError
from ..models import Club, Event, Hand, Player, Registration, Round, Season, Seat, Table, Team
from ..selectors import access
from ..selectors.access import Actor
from ..selectors.dependencies import club_event_ids
from . import registrations as registration_services
from . import tables as table_services
from .cache import touch, touch_players
from .hands import refresh_round_status
from .standings import refresh_seasons_of


def _require_event_id(by: Actor, event_id: int | None) -> None:
    if event_id is not None:
        access.require_event(by, Event.objects.get(pk=event_id))


def _stored(obj: Any, field: str) -> Any:
    """The value of `field` as stored (None for a new object): a change that moves an
    object to another club or event needs the role in both."""
    if obj.pk is None:
        return None
    return type(obj).objects.filter(pk=obj.pk).values_list(field, flat=True).first()


# --- clubs and players -----------------------------------------------------------------


@transaction.atomic
def save_club(*, by: Actor, club: Club) -> Club:
    """Only the federation creates a club; a club's organiser may rename his own."""
    if club.pk is None:
        if not access.is_federation(by):
            raise PermissionDenied
    else:
        access.require_club(by, club.pk)
        touch(clubs=[club], events=club_event_ids(club.pk))  # its name is on their pages
    club.save()
    return club


@transaction.atomic
def delete_club(*, by: Actor, club: Club) -> None:
    """The federation only: a club's organisers cannot remove the club itself."""
    if not access.is_federation(by):
        raise PermissionDenied
    touch(everything=True)  # its events, seasons and players go with it
    club.delete()


@transaction.atomic
def delete_event(*, by: Actor, event: Event) -> None:
    """An event with everything in it (rounds, tables, hands, results). Its pages are
    renewed; the season and player pages that listed it key on their lists of events
    (views.cached), which no longer hold it; the seasons that counted it are counted
    again."""
    access.require_club(by, event.club_id)
    event = Event.objects.select_for_update().get(pk=event.pk)
    touch(events=[event])
    event.delete()
    if event.published:
        refresh_seasons_of(event.club_id, [event.date])


@transaction.atomic
def set_player_account(*, by: Actor, player: Player, user: Any) -> Player:
    """Link (or unlink, `user` None) the account through which the player sets his
    public name himself."""
    access.require_club(by, player.club_id)
    if player.user_id != (user.pk if user is not None else None):
        player.user = user
        player.save(update_fields=["user"])
    return player


@transaction.atomic
def _delete(by: Actor, obj: Player | Season | Team | Registration) -> None:
    """Delete `obj` once `by` organises its club (a player, a season) or its event."""
    if isinstance(obj, (Player, Season)):
        access.require_club(by, obj.club_id)
    else:
        access.require_event(by, obj.event)
    if isinstance(obj, Player):
        touch_players([obj])
    else:
        touch(seasons=[obj] if isinstance(obj, Season) else [], events=_event_ids(obj))
    obj.delete()


def _event_ids(obj: Any) -> list[int]:
    """The events whose pages show `obj` (a team, a registration, a round, a table)."""
    stored = _stored(obj, "event_id") if hasattr(obj, "event_id") else None
    return [pk for pk in {getattr(obj, "event_id", None), stored} if pk is not None]


def delete_player(*, by: Actor, player: Player) -> None:
    # Seats and registrations protect a player who has played (ProtectedError).
    _delete(by, player)


def delete_season(*, by: Actor, season: Season) -> None:
    _delete(by, season)


# --- rounds, seats -----------------------------------------------------------------------


def _round_has_hands(round_: Round) -> bool:
    return round_.pk is not None and Hand.objects.filter(table__round=round_).exists()


@transaction.atomic
def save_round(*, by: Actor, round: Round) -> Round:
    """A round's number (its status follows its sheets: refreshed, never set)."""
    access.require_event(by, round.event)
    _require_event_id(by, _stored(round, "event_id"))
    moved = round.pk is not None and round.event_id != _stored(round, "event_id")
    if moved and _round_has_hands(round):
        raise EventError(_("This round has hands: it cannot move to another event."))
    touch(events=_event_ids(round))
    round.save()
    refresh_round_status(round)
    return round


@transaction.atomic
def delete_round(*, by: Actor, round: Round) -> None:
    access.require_event(by, round.event)
    if _round_has_hands(round):
        raise EventError(_("This round has hands: it cannot be deleted."))
    touch(events=[round.event_id])
    round.delete()


def _table_has_hands(table_id: int | None) -> bool:
    return table_id is not None and Hand.objects.filter(table_id=table_id).exists()


@transaction.atomic
def save_table(*, by: Actor, table: Table) -> Table:
    """A table's number, round and game mode (seats: save_seat; a table with hands
    keeps its round and game mode). Its rounds' status follows."""
    access.require_event(by, Round.objects.select_related("event").get(pk=table.round_id).event)
    previous = _stored(table, "round_id")
    if previous is not None and previous != table.round_id:
        access.require_event(by, Round.objects.select_related("event").get(pk=previous).event)
        if _table_has_hands(table.pk):
            raise EventError(_("This table has hands: it cannot move to another round."))
    if table.pk is not None and _table_has_hands(table.pk):
        stored_mode = _stored(table, "five_mode")
        if stored_mode != table.five_mode:
            raise EventError(
                _(
                    "This table already has hands: its players, their order and the game "
                    "mode can no longer change. Delete its hands first."
                ),
                field="five_mode",
            )
    rounds = {table.round_id, previous} - {None}
    touch(events=Round.objects.filter(pk__in=rounds).values_list("event_id", flat=True))
    table.save()
    refresh_round_status(table.round)
    if previous is not None and previous != table.round_id:
        refresh_round_status(Round.objects.get(pk=previous))
    return table


@transaction.atomic
def delete_table(*, by: Actor, table: Table) -> None:
    """Through services.tables.delete_table (refused once the table has hands)."""
    round_ = Round.objects.get(pk=table.round_id)
    table_services.delete_table(by=by, table=table)
    refresh_round_status(round_)


def _check_seat(by: Actor, seat: Seat) -> None:
    table = Table.objects.select_related("round__event").get(pk=seat.table_id)
    access.require_event(by, table.round.event)
    old_table = _stored(seat, "table_id")
    tables = {seat.table_id, old_table} - {None}
    touch(events=Round.objects.filter(tables__in=tables).values_list("event_id", flat=True))
    if old_table is not None and old_table != seat.table_id:
        access.require_event(
            by, Table.objects.select_related("round__event").get(pk=old_table).round.event
        )
    # The seats are what the stored hands were scored with.
    if _table_has_hands(seat.table_id) or _table_has_hands(old_table):
        raise EventError(
            _(
                "This table already has hands: its players, their order and the game "
                "mode can no longer change. Delete its hands first."
            )
        )


@transaction.atomic
def save_seat(*, by: Actor, seat: Seat) -> Seat:
    _check_seat(by, seat)
    seat.save()
    return seat


@transaction.atomic
def delete_seat(*, by: Actor, seat: Seat) -> None:
    _check_seat(by, seat)
    seat.delete()


# --- teams and registrations -------------------------------------------------------------


@transaction.atomic
def save_team(*, by: Actor, team: Team) -> Team:
    access.require_event(by, team.event)
    _require_event_id(by, _stored(team, "event_id"))
    if Team.objects.filter(event=team.event, name__iexact=team.name).exclude(pk=team.pk).exists():
        raise EventError(_("This event already has a team with this name."), field="name")
    touch(events=_event_ids(team))
    team.save()
    return team


def delete_team(*, by: Actor, team: Team) -> None:
    # Its members stay registered, without a team (SET_NULL).
    _delete(by, team)


@transaction.atomic
def save_registration(*, by: Actor, registration: Registration) -> Registration:
    """A new entry goes through registrations.register_player; a change sets the team and
    the presence (a player never moves to another event: enter him there)."""
    access.require_event(by, registration.event)
    if registration.team_id is not None and registration.team.event_id != registration.event_id:
        raise EventError(_("This team plays in another event."), field="team")
    if registration.pk is None:
        if Registration.objects.filter(
            event=registration.event, player=registration.player
        ).exists():
            raise EventError(_("This player is already entered in this event."), field="player")
        entered = registration_services.register_player(
            by=by, event=registration.event, player=registration.player, team=registration.team
        )
        registration.pk = entered.pk
        if not registration.active:
            registration_services.set_registration_present(
                by=by, registration=entered, present=False
            )
        return entered
    stored = Registration.objects.select_for_update().get(pk=registration.pk)
    if (stored.event_id, stored.player_id) != (registration.event_id, registration.player_id):
        raise EventError(_("Enter the player in the other event instead."), field="event")
    if stored.team_id != registration.team_id:
        stored.team = registration.team
        stored.save(update_fields=["team"])
        touch(events=[stored.event_id])
    if stored.active != registration.active:
        registration_services.set_registration_present(
            by=by, registration=stored, present=registration.active
        )
    return stored


def delete_registration(*, by: Actor, registration: Registration) -> None:
    _delete(by, registration)
