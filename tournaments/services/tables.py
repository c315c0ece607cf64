"""Writes for the tables of a round: seat a club night's table, change or delete it,
and name the scorekeepers of any event's tables.

Every function first checks that the acting person (`by`) organises the event
(selectors.access; PermissionDenied before any write), then what the database must
never hold (a player at two tables of a round, seats changed under stored hands, a
scorekeeper who is neither one of the club's people nor a guest of the event) and
raises Refused naming the input at fault, so a form can put the message next to
the field and nothing is half-saved. Seating changes and the scorekeepers named leave
a line in the club's audit trail.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from ..errors import Refused
from ..models import AuditEntry, Event, Player, Round, Seat, Table, audit_text
from ..rules.tables import may_delete_table
from ..selectors import access
from ..selectors.access import Actor
from . import audit
from .cache import touch
from .hands import seat_table

TABLE_SIZES = (3, 4, 5)


def current_round(event: Event) -> Round | None:
    """Tables are seated in the event's last round (a club night has only one)."""
    return event.rounds.order_by("-number").first()


def next_table_number(round: Round | None) -> int:
    if round is None:
        return 1
    return (round.tables.aggregate(n=Max("number"))["n"] or 0) + 1


def _check_seating(
    *,
    round: Round,
    event: Event,
    number: int,
    players: Sequence[Player],
    table: Table | None,
) -> None:
    if number < 1:
        raise Refused(_("A table number is 1 or more."), field="number")
    same_number = Table.objects.filter(round=round, number=number)
    if table is not None:
        same_number = same_number.exclude(pk=table.pk)
    if same_number.exists():
        raise Refused(
            _("Table %(number)s already exists in this round.") % {"number": number},
            field="number",
        )
    if len(players) not in TABLE_SIZES:
        raise Refused(_("A table seats 3, 4 or 5 players."), field="players")
    seen: set[int] = set()
    for position, player in enumerate(players, 1):
        if player.pk in seen:
            raise Refused(
                _("%(player)s is already seated at this table.") % {"player": player},
                field="players",
                position=position,
            )
        seen.add(player.pk)
        if player.club_id != event.club_id:
            raise Refused(
                _("%(player)s is not a player of this club.") % {"player": player},
                field="players",
                position=position,
            )
    elsewhere = Seat.objects.filter(table__round=round, player__in=players).select_related("table")
    if table is not None:
        elsewhere = elsewhere.exclude(table=table)
    taken = {seat.player_id: seat.table.number for seat in elsewhere}
    for position, player in enumerate(players, 1):
        if player.pk in taken:
            raise Refused(
                _("%(player)s already sits at table %(table)s of this round.")
                % {"player": player, "table": taken[player.pk]},
                field="players",
                position=position,
            )


def _check_not_duplicate(event: Event) -> None:
    """A duplicate event's tables and seats are its movement's (services.duplicate)."""
    if event.kind == Event.Kind.DUPLICATE:
        raise Refused(_("A duplicate tournament's tables come from its movement: seat them there."))


def _check_scorekeepers(allowed: set[int], users: Iterable[Any]) -> None:
    """Refuse (Refused at "scorekeepers") anyone whose id is not in `allowed`, the
    event's access.scorekeeper_candidates: naming a scorekeeper gives him the right to
    score the table, which only the club's people and the event's guests may hold."""
    for user in users:
        if user.pk not in allowed:
            raise Refused(
                _(
                    "%(user)s is neither one of the club's people nor a guest of this "
                    "event: he cannot keep score at its tables."
                )
                % {"user": user.get_username()},
                field="scorekeepers",
            )


def _candidate_ids(event: Event) -> set[int]:
    return set(access.scorekeeper_candidates(event).values_list("pk", flat=True))


def _names(people: Iterable[Any]) -> str:
    return ", ".join(str(person) for person in people) or "-"


def _seating_lines(
    players: Sequence[Player], five_mode: str, scorekeepers: Sequence[Any]
) -> list[audit_text.Line]:
    names = {"players": _names(players), "scorekeepers": _names(scorekeepers)}
    lines = [audit_text.line("table_seated", **names)]
    if len(players) == 5:
        lines.append(audit_text.line("five_mode", mode=audit_text.value("five_mode", five_mode)))
    return lines


def _audit_seating(*, by: Actor, table: Table, event: Event, lines: list[audit_text.Line]) -> None:
    touch(events=[event])  # every seating change passes here: its public pages
    target = [audit_text.event_part(event), audit_text.value("round", table.round.number)]
    target.append(audit_text.value("table", table.number))
    audit.record_event(
        by=by, event=event, action=AuditEntry.Action.SEATING, target=target, lines=lines
    )


@transaction.atomic
def add_table(
    *,
    by: Actor,
    event: Event,
    number: int,
    players: Sequence[Player],
    five_mode: str = Table.FiveMode.CALLED_KING,
    scorekeepers: Sequence[Any] = (),
) -> Table:
    """Seat 3 to 5 players (in seat order) at a new table of the event's current round;
    the scorekeepers are among the event's candidates."""
    access.require_event(by, event)
    _check_not_duplicate(event)
    round = current_round(event)
    if round is None:  # an event made elsewhere (admin) may have no round yet
        round = Round.objects.create(event=event, number=1)
    # Locking the round serialises seatings: two organisers cannot seat one player twice.
    round = Round.objects.select_for_update(no_key=True).get(pk=round.pk)
    _check_seating(round=round, event=event, number=number, players=players, table=None)
    _check_scorekeepers(_candidate_ids(event), scorekeepers)
    table = seat_table(
        by=by,
        round=round,
        number=number,
        players=players,
        five_mode=five_mode,
        scorekeepers=scorekeepers,
    )
    lines = _seating_lines(players, five_mode, scorekeepers)
    _audit_seating(by=by, table=table, event=event, lines=lines)
    return table


@transaction.atomic
def edit_table(
    *,
    by: Actor,
    table: Table,
    number: int,
    players: Sequence[Player],
    five_mode: str = Table.FiveMode.CALLED_KING,
    scorekeepers: Sequence[Any] = (),
) -> Table:
    """Change a table's number, seats, game mode and scorekeepers (among the event's
    candidates).

    Once hands are stored, the seats and the game mode are what they were scored
    with: changing them is refused; the number and the scorekeepers may change.
    """
    # Table, then round: the order every writer locks them in (services.hands.save_hand
    # holds a table's row, then takes its event's), so that two writers never wait for
    # each other.
    table = Table.objects.select_for_update(no_key=True, of=("self",)).get(pk=table.pk)
    round = (
        Round.objects.select_for_update(no_key=True).select_related("event").get(pk=table.round_id)
    )
    access.require_event(by, round.event)
    _check_not_duplicate(round.event)
    _check_seating(round=round, event=round.event, number=number, players=players, table=table)
    _check_scorekeepers(_candidate_ids(round.event), scorekeepers)
    current = list(table.seats.order_by("position").values_list("player_id", flat=True))
    seats_changed = current != [p.pk for p in players]
    mode_changed = five_mode != table.five_mode and (len(players) == 5 or len(current) == 5)
    if (seats_changed or mode_changed) and table.hands.exists():
        raise Refused(
            _(
                "This table already has hands: its players, their order and the game "
                "mode can no longer change. Delete its hands first."
            ),
            field="five_mode" if not seats_changed else "players",
        )
    old_number = table.number
    old_keepers = list(table.scorekeepers.order_by("pk"))
    table.number, table.five_mode = number, five_mode
    table.save(update_fields=["number", "five_mode"])
    if seats_changed:
        table.seats.all().delete()
        Seat.objects.bulk_create(
            Seat(table=table, player=player, position=i) for i, player in enumerate(players, 1)
        )
    table.scorekeepers.set(scorekeepers)
    # The audit line says what changed, so the trail reads without a diff.
    changes = []
    if number != old_number:
        changes.append(audit_text.line("number_changed", old=old_number, new=number))
    if seats_changed:
        changes.append(audit_text.line("table_players", players=_names(players)))
    if mode_changed:
        changes.append(audit_text.line("five_mode", mode=audit_text.value("five_mode", five_mode)))
    if {u.pk for u in old_keepers} != {u.pk for u in scorekeepers}:
        keepers = {"old": _names(old_keepers), "new": _names(scorekeepers)}
        changes.append(audit_text.line("table_scorekeepers", **keepers))
    if changes:
        _audit_seating(by=by, table=table, event=round.event, lines=changes)
    return table


@transaction.atomic
def delete_table(*, by: Actor, table: Table) -> None:
    event = Event.objects.get(rounds__tables=table.pk)
    access.require_event(by, event)
    _check_not_duplicate(event)
    table = Table.objects.select_for_update(no_key=True).get(pk=table.pk)
    if not may_delete_table(hand_count=table.hands.count()):
        raise Refused(_("This table has hands: it cannot be deleted."))
    players = [seat.player for seat in table.seats.select_related("player").order_by("position")]
    deleted = audit_text.line("table_deleted", players=_names(players))
    _audit_seating(by=by, table=table, event=event, lines=[deleted])
    table.delete()


@transaction.atomic
def set_scorekeepers(*, by: Actor, choices: Sequence[tuple[Table, Sequence[Any]]]) -> None:
    """Name each table's scorekeepers, chosen among the event's scorekeeper candidates
    (its club's people and its guests: access.scorekeeper_candidates); Refused (at
    "scorekeepers") for anyone else. The tables named are audited (ROLE: naming a
    scorekeeper gives him the right to score the table)."""
    if not choices:
        return
    tables = Table.objects.select_related("round__event").in_bulk([t.pk for t, _u in choices])
    events = {table.round.event_id: table.round.event for table in tables.values()}
    # Every check before any write: one refused table and nothing is saved.
    for event in events.values():
        access.require_event(by, event)
    allowed = {event_id: _candidate_ids(event) for event_id, event in events.items()}
    for table, users in choices:
        _check_scorekeepers(allowed[tables[table.pk].round.event_id], users)
    before: dict[int, set[int]] = {}
    for table_id, user_id in Table.scorekeepers.through.objects.filter(
        table_id__in=list(tables)
    ).values_list("table_id", "user_id"):
        before.setdefault(table_id, set()).add(user_id)
    # event -> (table number, names) -> the rounds: a table named alike in every round
    # of a duplicate event makes one clause naming its rounds, not one per round.
    changed: dict[int, dict[tuple[int, str], list[int]]] = {}
    for table, users in choices:
        if {u.pk for u in users} == before.get(table.pk, set()):
            continue
        table.scorekeepers.set(users)
        stored = tables[table.pk]
        names = ", ".join(sorted(u.get_username() for u in users)) or "—"
        rounds = changed.setdefault(stored.round.event_id, {}).setdefault(
            (stored.number, names), []
        )
        rounds.append(stored.round.number)
    touch(events=list(changed))
    for event_id, groups in changed.items():
        named = [
            {"table": number, "rounds": sorted(rounds), "names": names}
            for (number, names), rounds in sorted(groups.items())
        ]
        audit.record_event(
            by=by,
            event=events[event_id],
            action=AuditEntry.Action.ROLE,
            lines=[audit_text.line("scorekeepers_named", tables=named)],
        )
