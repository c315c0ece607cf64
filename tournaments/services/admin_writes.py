"""The back office's writes that no other service makes: clubs, rounds, seats, teams,
registrations, a player's account link and the deletions.

The admin calls these (and the other services) from its save_model/delete_model, so
the Django admin is no side door: every function takes the acting person (`by`) and
checks his role in the club that owns the object first (access.require_club /
require_event), raising PermissionDenied before any write; a change the house rules
refuse (seats of a table with hands, a round with hands deleted) raises Refused.
Seating changes (rounds, tables, seats), the scorekeepers named and a player's account
leave a line in the club's audit trail, as on the organiser pages. An event's own
writes are services.admin_events'.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from ..errors import Refused
from ..models import (
    AuditEntry,
    Club,
    Event,
    Hand,
    Player,
    Registration,
    Round,
    Season,
    Seat,
    Table,
    Team,
    audit_text,
)
from ..selectors import access
from ..selectors.access import Actor
from ..selectors.dependencies import club_event_ids
from . import audit
from . import registrations as registration_services
from . import tables as table_services
from .cache import touch, touch_players
from .results import refresh_board_sets, refresh_duplicate_tables, refresh_event_results
from .sheets import refresh_round_status


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
def set_player_account(*, by: Actor, player: Player, user: Any) -> Player:
    """Link (or unlink, `user` None) the account through which the player sets his
    public name himself. Choosing among every account of the site is the federation's
    (as in the admin); a club's organiser may link only an account whose password link
    he may make (access.person_refusals). Audited."""
    access.require_club(by, player.club_id)
    if user is not None and not access.is_federation(by) and not access.may_manage_person(by, user):
        raise PermissionDenied
    if player.user_id != (user.pk if user is not None else None):
        player.user = user
        player.save(update_fields=["user"])
        account = (
            audit_text.line("account_linked", username=user.get_username())
            if user is not None
            else audit_text.line("account_unlinked")
        )
        audit.record(
            by=by,
            club=player.club_id,
            action=AuditEntry.Action.ACCOUNT,
            target=player.name,
            lines=[account],
        )
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


def _audit_seating(
    by: Actor, event: Event | int, target: Round | Table, lines: list[audit_text.Line]
) -> None:
    if isinstance(event, int):
        event = Event.objects.get(pk=event)
    audit.record_event(
        by=by,
        event=event,
        action=AuditEntry.Action.SEATING,
        target=_where(event, target),
        lines=lines,
    )


def _where(event: Event, target: Round | Table) -> list[Any]:
    """The event, round and table a seating line is about (named when read)."""
    if isinstance(target, Round):
        return [audit_text.event_part(event), audit_text.value("round", target.number)]
    round_number = Round.objects.values_list("number", flat=True).get(pk=target.round_id)
    where = [audit_text.event_part(event), audit_text.value("round", round_number)]
    return [*where, audit_text.value("table", target.number)]


@transaction.atomic
def save_round(*, by: Actor, round: Round) -> Round:
    """A round's number (its status follows its sheets: refreshed, never set)."""
    access.require_event(by, round.event)
    _require_event_id(by, _stored(round, "event_id"))
    stored = Round.objects.filter(pk=round.pk).values("event_id", "number").first()
    moved = stored is not None and round.event_id != stored["event_id"]
    if moved and _round_has_hands(round):
        raise Refused(_("This round has hands: it cannot move to another event."))
    touch(events=_event_ids(round))
    round.save()
    refresh_round_status(round)
    if moved:
        # A duplicate round (without hands, maybe with rulings) moved to another event:
        # its tables' lines leave their boards' travellers in one event and join them in
        # the other (as save_table's table moved).
        assert stored is not None
        sets = set(round.tables.values_list("board_set", flat=True))
        refresh_board_sets(
            [(stored["event_id"], each) for each in sets]
            + [(round.event_id, each) for each in sets]
        )
    if stored is None:
        _audit_seating(by, round.event, round, [audit_text.line("round_added")])
    elif moved or stored["number"] != round.number:
        number = audit_text.line("number_changed", old=stored["number"], new=round.number)
        if moved:
            moved_to = audit_text.line("round_moved", event=audit_text.event_part(round.event))
            _audit_seating(by, stored["event_id"], round, [moved_to])
        _audit_seating(by, round.event, round, [number])
    return round


@transaction.atomic
def delete_round(*, by: Actor, round: Round) -> None:
    access.require_event(by, round.event)
    if _round_has_hands(round):
        raise Refused(_("This round has hands: it cannot be deleted."))
    touch(events=[round.event_id])
    _audit_seating(by, round.event, round, [audit_text.line("round_deleted")])
    round.delete()
    if round.event.kind == Event.Kind.DUPLICATE:
        # Its tables (with no hand, but maybe rulings) no longer play their boards: the
        # boards' comparison and completion (services.board_results) follow.
        refresh_event_results(event_id=round.event_id)


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
            raise Refused(_("This table has hands: it cannot move to another round."))
    if table.pk is not None and _table_has_hands(table.pk):
        stored_mode = _stored(table, "five_mode")
        if stored_mode != table.five_mode:
            raise Refused(
                _(
                    "This table already has hands: its players, their order and the game "
                    "mode can no longer change. Delete its hands first."
                ),
                field="five_mode",
            )
    rounds = {table.round_id, previous} - {None}
    touch(events=Round.objects.filter(pk__in=rounds).values_list("event_id", flat=True))
    stored = (
        Table.objects.filter(pk=table.pk)
        .values("number", "five_mode", "board_set", "round__event_id")
        .first()
    )
    table.save()
    refresh_round_status(table.round)
    if previous is not None and previous != table.round_id:
        refresh_round_status(Round.objects.get(pk=previous))
        # A duplicate table (without hands, maybe with rulings) moved to another round
        # or event: the boards of its set, where it left and where it arrives, are
        # compared and their completion stored again (services.board_results).
        assert stored is not None
        arrives = Round.objects.values_list("event_id", flat=True).get(pk=table.round_id)
        refresh_board_sets(
            [(stored["round__event_id"], stored["board_set"]), (arrives, table.board_set)]
        )
    _audit_table(by, table, stored, previous)
    return table


def _audit_table(by: Actor, table: Table, stored: dict[str, Any] | None, previous: Any) -> None:
    """A line saying what changed (nothing changed: no line)."""
    event = Round.objects.select_related("event").get(pk=table.round_id).event
    if stored is None:
        added = audit_text.line("table_added", round=audit_text.value("round", table.round.number))
        _audit_seating(by, event, table, [added])
        return
    changes = []
    if previous != table.round_id:
        changes.append(
            audit_text.line("table_moved", round=audit_text.value("round", table.round.number))
        )
    if stored["number"] != table.number:
        changes.append(audit_text.line("number_changed", old=stored["number"], new=table.number))
    if stored["five_mode"] != table.five_mode:
        changes.append(
            audit_text.line("five_mode", mode=audit_text.value("five_mode", table.five_mode))
        )
    if changes:
        _audit_seating(by, event, table, changes)


@transaction.atomic
def set_table_scorekeepers(*, by: Actor, table: Table, users: Any) -> None:
    """The admin's table form names its scorekeepers through services.tables (among the
    event's candidates; audited there); a refusal is a Refused at the field."""
    table_services.set_scorekeepers(by=by, choices=[(table, list(users))])


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
        raise Refused(
            _(
                "This table already has hands: its players, their order and the game "
                "mode can no longer change. Delete its hands first."
            )
        )


def _seat_line(position: int, player_id: int) -> dict[str, Any]:
    name = Player.objects.values_list("name", flat=True).get(pk=player_id)
    return {"position": position, "player": name}


def _audit_seat(by: Actor, table_id: int, line: audit_text.Line) -> None:
    table = Table.objects.select_related("round__event").get(pk=table_id)
    _audit_seating(by, table.round.event, table, [line])


@transaction.atomic
def save_seat(*, by: Actor, seat: Seat) -> Seat:
    _check_seat(by, seat)
    stored = Seat.objects.filter(pk=seat.pk).values("table_id", "position", "player_id").first()
    seat.save()
    now = _seat_line(seat.position, seat.player_id)
    if stored is None:
        refresh_duplicate_tables({seat.table_id})
        _audit_seat(by, seat.table_id, audit_text.line("seat_added", **now))
        return seat
    before = _seat_line(stored["position"], stored["player_id"])
    if before == now and stored["table_id"] == seat.table_id:
        return seat
    refresh_duplicate_tables({seat.table_id, stored["table_id"]})
    if stored["table_id"] != seat.table_id:
        _audit_seat(by, stored["table_id"], audit_text.line("seat_removed", **before))
        _audit_seat(by, seat.table_id, audit_text.line("seat_added", **now))
    else:
        moved = {"old_position": before["position"], "old_player": before["player"]}
        _audit_seat(by, seat.table_id, audit_text.line("seat_changed", **moved, **now))
    return seat


@transaction.atomic
def delete_seat(*, by: Actor, seat: Seat) -> None:
    _check_seat(by, seat)
    stored = Seat.objects.values("table_id", "position", "player_id").get(pk=seat.pk)
    seat.delete()
    refresh_duplicate_tables({stored["table_id"]})
    line = _seat_line(stored["position"], stored["player_id"])
    _audit_seat(by, stored["table_id"], audit_text.line("seat_removed", **line))


# --- teams and registrations -------------------------------------------------------------


@transaction.atomic
def save_team(*, by: Actor, team: Team) -> Team:
    access.require_event(by, team.event)
    _require_event_id(by, _stored(team, "event_id"))
    if Team.objects.filter(event=team.event, name__iexact=team.name).exclude(pk=team.pk).exists():
        raise Refused(_("This event already has a team with this name."), field="name")
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
        raise Refused(_("This team plays in another event."), field="team")
    if registration.pk is None:
        if Registration.objects.filter(
            event=registration.event, player=registration.player
        ).exists():
            raise Refused(_("This player is already entered in this event."), field="player")
        entered = registration_services.register_player(
            by=by, event=registration.event, player=registration.player, team=registration.team
        )
        registration.pk = entered.pk
        if not registration.present:
            registration_services.set_registration_present(
                by=by, registration=entered, present=False
            )
        return entered
    stored = Registration.objects.select_for_update(no_key=True).get(pk=registration.pk)
    if (stored.event_id, stored.player_id) != (registration.event_id, registration.player_id):
        raise Refused(_("Enter the player in the other event instead."), field="event")
    if stored.team_id != registration.team_id:
        if registration.team is not None:
            registration_services.check_team_room(
                event=stored.event, team=registration.team, player=stored.player
            )
        stored.team = registration.team
        stored.save(update_fields=["team"])
        touch(events=[stored.event_id])
    if stored.present != registration.present:
        registration_services.set_registration_present(
            by=by, registration=stored, present=registration.present
        )
    return stored


def delete_registration(*, by: Actor, registration: Registration) -> None:
    _delete(by, registration)
