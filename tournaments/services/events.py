"""Writes for organisers: club players, club nights, their tables, publication.

Every function checks what the database must never hold (a player at two tables
of a round, seats changed under stored hands, two players with one licence) and
raises EventError naming the input at fault, so a form can put the message
next to the field and nothing is half-saved.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import scoring

from ..errors import EventError
from ..models import Club, Event, Hand, Player, Round, Seat, Table
from .hands import rescore_event, score_stored_hand, seat_table

TABLE_SIZES = (3, 4, 5)


# --- players -----------------------------------------------------------------


def _check_player_unique(*, club: Club, name: str, licence: str, exclude_pk: int | None) -> None:
    others = Player.objects.exclude(pk=exclude_pk) if exclude_pk else Player.objects.all()
    # Names compare case-insensitively: "anne" and "Anne" on one sheet would be unreadable.
    if others.filter(club=club, name__iexact=name).exists():
        raise EventError(_("This club already has a player with this name."), field="name")
    # The licence is unique across clubs: the FFT gives each player one number.
    if licence and others.filter(licence=licence).exists():
        raise EventError(_("A player with this licence number already exists."), field="licence")


@transaction.atomic
def create_player(*, club: Club, name: str, licence: str = "", active: bool = True) -> Player:
    name, licence = name.strip(), licence.strip()
    _check_player_unique(club=club, name=name, licence=licence, exclude_pk=None)
    try:
        with transaction.atomic():
            return Player.objects.create(club=club, name=name, licence=licence, active=active)
    except IntegrityError as exc:  # a concurrent save won the race past the check above
        raise EventError(_("This player was just created by someone else.")) from exc


@transaction.atomic
def update_player(*, player: Player, name: str, licence: str = "", active: bool = True) -> Player:
    name, licence = name.strip(), licence.strip()
    _check_player_unique(club=player.club, name=name, licence=licence, exclude_pk=player.pk)
    player.name, player.licence, player.active = name, licence, active
    try:
        with transaction.atomic():
            player.save(update_fields=["name", "licence", "active"])
    except IntegrityError as exc:
        raise EventError(_("Another player was just saved with this name or licence.")) from exc
    return player


# --- club nights -------------------------------------------------------------


def check_rules_name(rules_name: str) -> None:
    if rules_name not in scoring.PRESETS:
        raise EventError(_("Choose one of the rule sets in the list."), field="rules_name")


_check_rules_name = check_rules_name


@transaction.atomic
def create_club_night(
    *, club: Club, name: str, date: datetime.date, rules_name: str = "fft"
) -> Event:
    """A club night with its single round, so tables can be seated at once."""
    _check_rules_name(rules_name)
    event = Event.objects.create(
        club=club,
        kind=Event.Kind.CLUB_NIGHT,
        name=name.strip(),
        date=date,
        rules_name=rules_name,
    )
    Round.objects.create(event=event, number=1)
    return event


def event_has_hands(event: Event) -> bool:
    return Hand.objects.filter(table__round__event=event).exists()


RULES_REFUSED = gettext_lazy(
    "Some stored hands cannot be scored with these rules (for instance a "
    "contract or an announcement they do not know). Nothing was changed."
)


def check_rules_change(*, event: Event, rules_name: str) -> None:
    """Refuse (EventError at rules_name) a rule set unknown, or under which a stored
    hand of the event could not be scored; writes nothing (a form's check before
    update_event, which rescores)."""
    _check_rules_name(rules_name)
    rules = scoring.rules_from_json(rules_name)
    tables = Table.objects.filter(round__event=event).prefetch_related("seats", "hands")
    for table in tables:
        seats = sorted(table.seats.all(), key=lambda s: s.position)
        for hand in table.hands.all():
            try:
                score_stored_hand(hand, seats, rules)
            except scoring.HandError as exc:
                raise EventError(str(RULES_REFUSED), field="rules_name") from exc


@transaction.atomic
def update_event(
    *,
    event: Event,
    name: str,
    date: datetime.date,
    rules_name: str,
    rescore: bool = False,
) -> Event:
    """Change an event's name, date and rule set.

    Once hands are stored, their scores were computed with the old rules: a new
    rule set is refused unless `rescore` says the organiser confirmed that every
    hand be rescored with it (all or nothing: a hand the new rules reject, such
    as a pousse under rules without pousse, rolls the whole change back).
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    rules_changed = rules_name != event.rules_name
    if rules_changed:
        _check_rules_name(rules_name)
    has_hands = rules_changed and event_has_hands(event)
    if has_hands and not rescore:
        raise EventError(
            _(
                "Hands have already been scored with the current rule set. Tick the "
                "confirmation box to rescore every hand with the new rules."
            ),
            field="rules_name",
        )
    event.name, event.date = name.strip(), date
    if rules_changed:
        event.rules_name = rules_name
        event.rules_json = {}  # Event.save stores the new preset's exact rules
    event.save()
    if has_hands:
        try:
            rescore_event(event=event)
        except scoring.HandError as exc:
            raise EventError(str(RULES_REFUSED), field="rules_name") from exc
    return event


@transaction.atomic
def publish_event(*, event: Event) -> Event:
    Event.objects.filter(pk=event.pk).update(published=True)
    event.published = True
    return event


@transaction.atomic
def unpublish_event(*, event: Event) -> Event:
    Event.objects.filter(pk=event.pk).update(published=False)
    event.published = False
    return event


# --- tables ------------------------------------------------------------------


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
        raise EventError(_("A table number is 1 or more."), field="number")
    same_number = Table.objects.filter(round=round, number=number)
    if table is not None:
        same_number = same_number.exclude(pk=table.pk)
    if same_number.exists():
        raise EventError(
            _("Table %(number)s already exists in this round.") % {"number": number},
            field="number",
        )
    if len(players) not in TABLE_SIZES:
        raise EventError(_("A table seats 3, 4 or 5 players."), field="players")
    seen: set[int] = set()
    for position, player in enumerate(players, 1):
        if player.pk in seen:
            raise EventError(
                _("%(player)s is already seated at this table.") % {"player": player},
                field="players",
                position=position,
            )
        seen.add(player.pk)
        if player.club_id != event.club_id:
            raise EventError(
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
            raise EventError(
                _("%(player)s already sits at table %(table)s of this round.")
                % {"player": player, "table": taken[player.pk]},
                field="players",
                position=position,
            )


@transaction.atomic
def add_table(
    *,
    event: Event,
    number: int,
    players: Sequence[Player],
    five_mode: str = Table.FiveMode.CALLED_KING,
    scorekeepers: Sequence[Any] = (),
) -> Table:
    """Seat 3 to 5 players (in seat order) at a new table of the event's current round."""
    round = current_round(event)
    if round is None:  # an event made elsewhere (admin) may have no round yet
        round = Round.objects.create(event=event, number=1)
    # Locking the round serialises seatings: two organisers cannot seat one player twice.
    round = Round.objects.select_for_update().get(pk=round.pk)
    _check_seating(round=round, event=event, number=number, players=players, table=None)
    return seat_table(
        round=round,
        number=number,
        players=players,
        five_mode=five_mode,
        scorekeepers=scorekeepers,
    )


@transaction.atomic
def edit_table(
    *,
    table: Table,
    number: int,
    players: Sequence[Player],
    five_mode: str = Table.FiveMode.CALLED_KING,
    scorekeepers: Sequence[Any] = (),
) -> Table:
    """Change a table's number, seats, game mode and scorekeepers.

    Once hands are stored, the seats and the game mode are what they were scored
    with: changing them is refused; the number and the scorekeepers may change.
    """
    round = Round.objects.select_for_update().select_related("event").get(pk=table.round_id)
    table = Table.objects.select_for_update().get(pk=table.pk)
    _check_seating(round=round, event=round.event, number=number, players=players, table=table)
    current = list(table.seats.order_by("position").values_list("player_id", flat=True))
    seats_changed = current != [p.pk for p in players]
    mode_changed = five_mode != table.five_mode and (len(players) == 5 or len(current) == 5)
    if (seats_changed or mode_changed) and table.hands.exists():
        raise EventError(
            _(
                "This table already has hands: its players, their order and the game "
                "mode can no longer change. Delete its hands first."
            ),
            field="five_mode" if not seats_changed else "players",
        )
    table.number, table.five_mode = number, five_mode
    table.save(update_fields=["number", "five_mode"])
    if seats_changed:
        table.seats.all().delete()
        Seat.objects.bulk_create(
            Seat(table=table, player=player, position=i) for i, player in enumerate(players, 1)
        )
    table.scorekeepers.set(scorekeepers)
    return table


@transaction.atomic
def delete_table(*, table: Table) -> None:
    table = Table.objects.select_for_update().get(pk=table.pk)
    if table.hands.exists():
        raise EventError(_("This table has hands: it cannot be deleted."))
    table.delete()
