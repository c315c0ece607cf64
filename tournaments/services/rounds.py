"""Tournament rounds: seating from registrations, redraws, swaps.

The seating itself is tournaments.planning (pure Python); this module turns the
database into its input and its output back into tables and seats.

Every write takes the acting person (`by`) and checks first that he organises the
event (its club's organisers, its guest organisers, the federation; SYSTEM for the
command line): a refusal raises PermissionDenied and changes nothing. Every seating
change is written to the audit trail.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ..errors import Refused
from ..models import AuditEntry, Event, Player, Registration, Round, Seat, Table, audit_text
from ..planning import seating
from ..selectors import access
from ..selectors.access import Actor
from ..selectors.fairness import describe_teams, mismatched_teams
from ..selectors.tournament import (
    next_round_of,
    previous_seatings,
    redraw_refusal,
    swap_refusal,
    swap_seats,
)
from . import audit
from .cache import touch
from .hands import seat_table
from .planning_refusals import refused_seating
from .results import refresh_duplicate_tables

# At a tournament table of 5 the dealer sits out, so every table plays the same
# 4-player deals and table scores stay comparable.
TOURNAMENT_FIVE_MODE = Table.FiveMode.DEALER_OUT


def present_players(
    event: Event, *, registration_order: bool = False
) -> tuple[list[int], dict[int, int]]:
    """Players registered and present, and their team ids (team mode): by name, or in
    the order they registered (a duplicate event's places when they are not drawn)."""
    registrations = Registration.objects.filter(event=event, present=True)
    if registration_order:
        registrations = registrations.order_by("pk")
    players, teams = [], {}
    for player_id, team_id in registrations.values_list("player_id", "team_id"):
        players.append(player_id)
        if team_id is not None:
            teams[player_id] = team_id
    return players, teams


def require_complete_teams(event: Event, message: str | None = None) -> None:
    """Refuse to seat a round while a team present has another number of players present
    than the event's team size: a team of 2 in a teams-of-4 event would top the team
    ranking on raw sums. Registering one is allowed (people arrive one by one).
    `message` speaks of what is being seated; it gets the size and the teams."""
    teams = mismatched_teams(event, present_only=True)
    if teams:
        message = message or _(
            "Every team must have %(size)s players present to seat a round. "
            "Incomplete teams: %(teams)s."
        )
        raise Refused(message % {"size": event.team_size, "teams": describe_teams(teams)})


def _ensure_seed(event: Event) -> int:
    if event.seed is None:
        event.seed = random.SystemRandom().randrange(1, 2**53)
        event.save(update_fields=["seed"])
    return event.seed


def _round_seed(event: Event, number: int, attempt: int = 0) -> int:
    # Each round gets its own reproducible seed derived from the event's.
    return (_ensure_seed(event) * 1_000_003 + number * 101 + attempt) % 2**63


def _seat(
    event: Event, number: int, players: list[int], teams: dict[int, int], attempt: int
) -> list[list[int]]:
    """Seat round `number`, planning ahead for the rounds still to come."""
    try:
        return seating.seat_round(
            players,
            previous=previous_seatings(event, number),
            teams=teams or None,
            seed=_round_seed(event, number, attempt),
            upcoming=max(event.rounds_planned - number, 0),
        )
    except seating.SeatingError as error:
        raise refused_seating(error) from error


def _create_tables(by: Actor, round_: Round, tables: Sequence[Sequence[int]]) -> list[Table]:
    players = Player.objects.in_bulk({p for table in tables for p in table})
    return [
        seat_table(
            by=by,
            round=round_,
            number=number,
            players=[players[p] for p in table],
            five_mode=TOURNAMENT_FIVE_MODE,
        )
        for number, table in enumerate(tables, 1)
    ]


def _audit_seating(by: Actor, event: Event, round_: Round, line: audit_text.Line) -> None:
    touch(events=[event])  # every seating of a round passes here: its public pages
    target = [audit_text.event_part(event), audit_text.value("round", round_.number)]
    audit.record_event(
        by=by, event=event, action=AuditEntry.Action.SEATING, target=target, lines=[line]
    )


def _seated_line(code: str, number: int, tables: Sequence[Sequence[int]]) -> audit_text.Line:
    players = sum(len(table) for table in tables)
    return audit_text.line(code, number=number, tables=len(tables), players=players)


def _scorekeepers_by_number(round_: Round) -> dict[int, list[int]]:
    """Scorekeepers are chosen per table number (the table's place in the room), not per
    seating: the user ids at each table number of `round_`."""
    kept: dict[int, list[int]] = {}
    for number, user_id in Table.scorekeepers.through.objects.filter(
        table__round=round_
    ).values_list("table__number", "user_id"):
        kept.setdefault(number, []).append(user_id)
    return kept


def _keep_scorekeepers(event: Event, tables: Sequence[Table], kept: dict[int, list[int]]) -> None:
    """Name at each table the scorekeepers its number had, those who may still keep score
    at this event (a role may have ended since)."""
    if not kept:
        return
    allowed = set(
        access.scorekeeper_candidates(event)
        .filter(pk__in={u for users in kept.values() for u in users})
        .values_list("pk", flat=True)
    )
    for table in tables:
        users = [u for u in kept.get(table.number, []) if u in allowed]
        if users:
            table.scorekeepers.set(users)


@transaction.atomic
def generate_round(*, by: Actor, event: Event, attempt: int = 0) -> Round:
    """Seat the next round from the present registrations and the earlier rounds.

    Refused: the round before is still open, all are seated, too few players, a team
    present is incomplete, or the players cannot be seated."""
    access.require_event(by, event)
    event = Event.objects.select_for_update(no_key=True).get(pk=event.pk)
    last = event.rounds.order_by("-number").first()
    upcoming = next_round_of(event, last)
    if upcoming.open_round is not None:
        raise Refused(_("Round %(number)s is still open.") % {"number": upcoming.open_round})
    if upcoming.all_seated:
        raise Refused(
            ngettext(
                "The %(count)s round has been played.",
                "All %(count)s rounds have been played.",
                event.rounds_planned,
            )
            % {"count": event.rounds_planned}
        )
    number = upcoming.number
    players, teams = present_players(event)
    if len(players) < 3:
        raise Refused(_("At least 3 present players are needed to seat a round."))
    require_complete_teams(event)
    tables = _seat(event, number, players, teams, attempt)
    round_ = Round.objects.create(event=event, number=number)
    # The scorekeeper of table 3 stays at table 3 for the next round (he got a 403 there
    # until the organiser named him again); the organiser may still change them.
    kept = _scorekeepers_by_number(last) if last is not None else {}
    _keep_scorekeepers(event, _create_tables(by, round_, tables), kept)
    _audit_seating(by, event, round_, _seated_line("round_seated", number, tables))
    return round_


@transaction.atomic
def regenerate_round(*, by: Actor, round: Round, attempt: int = 1) -> Round:
    """Seat a round again (new draw) as long as no hand has been entered in it."""
    access.require_event(by, round.event)
    round_ = Round.objects.select_for_update(no_key=True).get(pk=round.pk)
    # The page's answer again, now that the round's row is locked.
    refusal = redraw_refusal(round_)
    if refusal:
        raise Refused(refusal)
    event = round_.event
    require_complete_teams(event)
    players, teams = present_players(event)
    tables = _seat(event, round_.number, players, teams, attempt)
    # A table that keeps its number keeps its scorekeepers.
    kept = _scorekeepers_by_number(round_)
    round_.tables.all().delete()
    _keep_scorekeepers(event, _create_tables(by, round_, tables), kept)
    _audit_seating(by, event, round_, _seated_line("round_redrawn", round_.number, tables))
    return round_


@transaction.atomic
def swap_players(*, by: Actor, round: Round, player_a: Player, player_b: Player) -> None:
    """Swap two players' seats by hand (neither table may have hands yet, and the round
    must be open: a locked round's seating is the record)."""
    access.require_event(by, round.event)
    # The round row is locked as validate_sheet locks it, so a sheet cannot be validated
    # (and the round locked) between this check and the swap.
    locked = Round.objects.select_for_update(no_key=True).get(pk=round.pk)
    seats = swap_seats(locked, player_a, player_b, lock=True)
    refusal = swap_refusal(locked, player_a, player_b, seats)
    if refusal:
        raise Refused(refusal)
    seat_a, seat_b = seats[player_a.pk], seats[player_b.pk]
    # Neither player sits at the other's table, so two updates keep (table, player) unique.
    Seat.objects.filter(pk=seat_a.pk).update(player=player_b)
    Seat.objects.filter(pk=seat_b.pk).update(player=player_a)
    # A duplicate table with rulings but no hand has stored comparison rows naming its
    # players: they follow the seats.
    refresh_duplicate_tables({seat_a.table_id, seat_b.table_id})
    swapped = audit_text.line(
        "seats_swapped",
        a=player_a.name,
        table_a=seat_a.table.number,
        b=player_b.name,
        table_b=seat_b.table.number,
    )
    _audit_seating(by, round.event, round, swapped)
