"""Duplicate events (DUPLICATE.md): creating and configuring one, seating every round
from the movement, the boards, and the scorekeepers of its tables.

Every write takes the acting person (`by`) and checks first that he organises the
event (selectors.access); a refused input raises Refused naming the form field at
fault, before anything is written. Changes of format and of seating are audited.

Board results are written by services.duplicate_results.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from ..errors import Refused
from ..models import AuditEntry, Board, Club, Event, Hand, Round, Seat, Table, audit_text
from ..models.duplicate import orientation_letter, set_of_board
from ..planning import movement as planning
from ..planning import team_match
from ..planning.duplicate_teams import TeamsApart, keep_teams_apart
from ..rules import boards as board_rules
from ..selectors import access
from ..selectors.access import Actor
from . import audit
from .cache import touch
from .events import _new_event, update_event
from .planning_refusals import refused_team_match
from .rounds import present_players, require_complete_teams
from .tables import set_scorekeepers

# Team forms of a duplicate event (DUPLICATE.md): individual (0), triplettes, quadrettes
# and teams of 5 to 8 (two quadrettes' worth at most).
DUPLICATE_TEAM_SIZES = (0, 3, 4, 5, 6, 7, 8)
# A team match seats team-mates together (planning.team_match): teams of 3 to 6.
TEAM_MATCH_SIZES = (3, 4, 5, 6)
MAX_BOARDS_PER_ROUND = 12
MAX_TABLES = 30


def _check_format(
    *,
    rounds_planned: int,
    boards_per_round: int,
    comparison: str,
    team_size: int,
    team_match: bool = False,
) -> None:
    if not 1 <= boards_per_round <= MAX_BOARDS_PER_ROUND:
        raise Refused(
            _("Between 1 and %(max)s boards per round.") % {"max": MAX_BOARDS_PER_ROUND},
            field="boards_per_round",
        )
    if not 1 <= rounds_planned <= 30:
        raise Refused(_("Between 1 and 30 rounds."), field="rounds_planned")
    if comparison not in Event.Comparison.values:
        raise Refused(_("Choose a comparison method."), field="comparison")
    if team_size not in DUPLICATE_TEAM_SIZES:
        raise Refused(
            _("Choose individual, triplettes, quadrettes or teams of 5 to 8."), field="team_size"
        )
    if team_match and team_size not in TEAM_MATCH_SIZES:
        raise Refused(
            _("Team matches are played by triplettes, quadrettes and teams of 5 or 6."),
            field="team_match",
        )


@transaction.atomic
def create_duplicate(
    *,
    by: Actor,
    club: Club,
    name: str,
    date: datetime.date,
    rules_name: str = "fft",
    rounds_planned: int,
    boards_per_round: int,
    comparison: str = Event.Comparison.MATCHPOINTS,
    team_size: int = 0,
    app_deals: bool = True,
    free_bidding: bool = False,
    team_match: bool = False,
) -> Event:
    """A new duplicate event. By default each board names its taker (the federation's
    practice, whoever deals); `free_bidding` lets each table bid as in a free deal."""
    _check_format(
        rounds_planned=rounds_planned,
        boards_per_round=boards_per_round,
        comparison=comparison,
        team_size=team_size,
        team_match=team_match,
    )
    return _new_event(
        by=by,
        club=club,
        kind=Event.Kind.DUPLICATE,
        name=name,
        date=date,
        rules_name=rules_name,
        rounds_planned=rounds_planned,
        deals_per_round=boards_per_round,
        comparison=comparison,
        team_size=team_size,
        app_deals=app_deals,
        free_bidding=free_bidding,
        team_match=team_match,
        # The seed deals the boards and draws the orientations: stored from the start,
        # so that a reprint after a reseat deals the same cards.
        seed=random.SystemRandom().randrange(1, 2**53),
    )


def is_seated(event: Event) -> bool:
    return event.rounds.exists()


@transaction.atomic
def update_duplicate(
    *,
    by: Actor,
    event: Event,
    name: str,
    date: datetime.date,
    rules_name: str,
    rescore: bool = False,
    rounds_planned: int,
    boards_per_round: int,
    comparison: str,
    team_size: int,
    app_deals: bool,
    free_bidding: bool | None = None,
    team_match: bool | None = None,
) -> Event:
    """Name, date and rules (update_event: rescored on confirmation), then the format.

    Once the rounds are seated the number of rounds and boards, the team form and who
    deals are the movement's: changing them is refused (reseat first, before any
    result). The comparison method may change at any time: the ranking is computed
    from the marques on every read. Free bidding (None: unchanged) may change until a
    result is entered: the results entered before were bid under the other rule. The
    team match (None: unchanged) is part of the team form."""
    access.require_event(by, event)
    event = Event.objects.select_for_update(no_key=True).get(pk=event.pk)
    team_match = event.team_match if team_match is None else team_match
    _check_format(
        rounds_planned=rounds_planned,
        boards_per_round=boards_per_round,
        comparison=comparison,
        team_size=team_size,
        team_match=team_match,
    )
    new = {
        "rounds_planned": rounds_planned,
        "deals_per_round": boards_per_round,
        "team_size": team_size,
        "app_deals": app_deals,
        "team_match": team_match,
    }
    fields = {"rounds_planned": "rounds_planned", "deals_per_round": "boards_per_round"}
    if is_seated(event):
        for name_, value in new.items():
            if getattr(event, name_) != value:
                raise Refused(
                    _(
                        "The rounds are seated: the format can no longer change. Clear the "
                        "seating first (possible until a result is entered)."
                    ),
                    field=fields.get(name_, name_),
                )
    if free_bidding is not None and free_bidding != event.free_bidding:
        if Hand.objects.filter(table__round__event=event).exists():
            raise Refused(
                _("Results are entered: free bidding can no longer change."),
                field="free_bidding",
            )
        if not free_bidding:
            _name_missing_takers(event)
    event = update_event(
        by=by, event=event, name=name, date=date, rules_name=rules_name, rescore=rescore
    )
    new["comparison"] = comparison
    if free_bidding is not None:
        new["free_bidding"] = free_bidding
    # A duplicate event's deals are its boards; a comparison reads as its label.
    names = {"deals_per_round": "boards_per_round"}
    changes = [
        audit_text.line(
            "field_changed",
            field=audit_text.value("field", names.get(field, field)),
            old=_audit_value(field, getattr(event, field)),
            new=_audit_value(field, value),
        )
        for field, value in new.items()
        if getattr(event, field) != value
    ]
    for field, value in new.items():
        setattr(event, field, value)
    event.save(update_fields=list(new))
    if changes:
        audit.record_event(by=by, event=event, action=AuditEntry.Action.RULES, lines=changes)
    # The comparison changes every place: the stored places follow (services.results).
    from .results import refresh_event_results

    refresh_event_results(event_id=event.pk, player_ids=())
    touch(events=[event])
    return event


def _audit_value(field: str, value: Any) -> Any:
    """A format value as the trail stores it: a comparison or a yes/no read in words."""
    if field == "comparison":
        return audit_text.value("comparison", value)
    if isinstance(value, bool):
        return audit_text.value("flag", value)
    return value


# --- seating every round from the movement --------------------------------------------


def _check_teams(event: Event) -> None:
    if event.team_size:
        require_complete_teams(
            event,
            _(
                "Every team must have %(size)s players present to seat the rounds. "
                "Incomplete teams: %(teams)s."
            ),
        )


def _create_boards(event: Event, sets: int) -> list[Board]:
    count = sets * (event.deals_per_round or 1)
    # Named even when the tables bid freely: switching to named takers before play
    # then needs nothing more, and the labels of a hand-dealt event can show them.
    takers = board_rules.takers(event.seed or 0, count)
    if event.team_match:
        # A team match names one taker per set: the lone player of each table sits at
        # that orientation for the whole round (planning.team_match).
        per_set = board_rules.takers(event.seed or 0, sets)
        takers = [
            per_set[set_of_board(n, event.deals_per_round or 1) - 1] for n in range(1, count + 1)
        ]
    return Board.objects.bulk_create(
        Board(
            event=event,
            number=number,
            dealer=board_rules.dealer(number),
            taker=takers[number - 1],
            # Dealt now and kept: the étuis are printed from it (rules.boards).
            deal=board_rules.deal(event.seed, number) if event.app_deals else None,
        )
        for number in range(1, count + 1)
    )


def _name_missing_takers(event: Event) -> None:
    """Boards made before boards named their takers get the seed's takers."""
    missing = list(event.boards.filter(taker__isnull=True))
    if not missing:
        return
    takers = board_rules.takers(event.seed or 0, max(board.number for board in missing))
    for board in missing:
        board.taker = takers[board.number - 1]
    Board.objects.bulk_update(missing, ["taker"])


@transaction.atomic
def set_board_roles(
    *, by: Actor, board: Board, taker: int, dealer: int, contract: str | None = None
) -> Board:
    """The organiser names another taker or dealer for `board`, and optionally fixes
    its contract ("": the taker's choice; None: unchanged), before any table has
    entered a result of it (the tables that played it played it with the old ones)."""
    access.require_event(by, board.event)
    board = Board.objects.select_for_update(no_key=True).select_related("event").get(pk=board.pk)
    if taker not in range(4):
        raise Refused(_("Choose an orientation."), field="taker")
    if dealer not in range(4):
        raise Refused(_("Choose an orientation."), field="dealer")
    contract = board.contract if contract is None else contract
    if contract and contract not in board.event.rules.contracts:
        raise Refused(
            _("The contract “%(value)s” is not played under this event's rules.")
            % {"value": contract},
            field="contract",
        )
    if Hand.objects.filter(board=board).exists():
        raise Refused(
            _("A result of board %(number)s is entered: its taker and dealer are kept.")
            % {"number": board.number}
        )
    event = board.event
    per_round = event.deals_per_round or 1
    if (
        event.team_match
        and taker != board.taker
        and Table.objects.filter(
            round__event=event, board_set=set_of_board(board.number, per_round)
        ).exists()
    ):
        # The seating put a player of the taking team at the board's taker orientation
        # at every table of the round: anywhere else sits a team-mate of the defenders.
        raise Refused(
            _(
                "In a team match every table of the round has a player of the taking team "
                "at %(orientation)s: another taker would take against his own team-mates. "
                "Seat the round again to change who takes."
            )
            % {"orientation": orientation_letter(board.taker)},
            field="taker",
        )
    changes = [
        audit_text.line(
            "field_changed",
            field=audit_text.value("field", name),
            old=audit_text.value(kind, before),
            new=audit_text.value(kind, after),
        )
        for name, kind, before, after in (
            ("taker", "taker", board.taker, taker),
            ("dealer", "orientation", board.dealer, dealer),
            ("contract", "contract", board.contract, contract),
        )
        if before != after
    ]
    if not changes:
        return board
    board.taker, board.dealer, board.contract = taker, dealer, contract
    board.save(update_fields=["taker", "dealer", "contract"])
    audit.record_event(
        by=by,
        event=board.event,
        action=AuditEntry.Action.RULES,
        target=audit_text.value("board", board.number),
        lines=changes,
    )
    touch(events=[board.event])
    return board


def _order(event: Event, players: list[int], draw: bool) -> list[int]:
    if not draw:
        return players
    shuffled = list(players)
    random.Random(event.seed).shuffle(shuffled)
    return shuffled


def table_count(players: int) -> int:
    """Tables of 4; a field that is not a multiple of 4 leaves empty seats at one."""
    return -(-players // 4)


# Below 8 players only one table plays each round (the others sit out), and a board
# played at one table is compared with nobody.
MIN_PLAYERS = 8


def max_rounds(players: int) -> int | None:
    """The most rounds the movement gives this field (None: too few or too many
    players for a duplicate: 8 to 120)."""
    if not MIN_PLAYERS <= players <= 4 * MAX_TABLES:
        return None
    return planning.max_rounds(table_count(players), players)


def _give_back_scorekeepers(by: Actor, event: Event) -> None:
    """The scorekeepers each table number had when the seating was cleared, named again
    at the tables of that number (those still in the club's candidates), then forgotten."""
    kept = event.kept_scorekeepers or {}
    if not kept:
        return
    wanted = {user_id for ids in kept.values() for user_id in ids}
    users = {u.pk: u for u in get_user_model().objects.filter(pk__in=wanted)}
    allowed = set(access.scorekeeper_candidates(event).values_list("pk", flat=True))
    choices = [
        (table, [users[i] for i in kept[str(table.number)] if i in users and i in allowed])
        for table in Table.objects.filter(round__event=event)
        if str(table.number) in kept
    ]
    set_scorekeepers(by=by, choices=[(t, u) for t, u in choices if u])
    event.kept_scorekeepers = {}
    event.save(update_fields=["kept_scorekeepers"])


@transaction.atomic
def seat_duplicate(*, by: Actor, event: Event, draw: bool = True) -> list[Round]:
    """Seat every round at once from the movement, and make the boards.

    Players take the movement's places in registration order, or in an order drawn
    from the event's seed (`draw`); team mates get places that never share a table.
    Raises Refused when the rounds are seated already, too few players are present,
    the movement cannot give that many rounds, or a team is incomplete or cannot be
    kept apart."""
    access.require_event(by, event)
    event = Event.objects.select_for_update(no_key=True).get(pk=event.pk)
    if is_seated(event):
        raise Refused(_("The rounds are already seated."))
    if event.seed is None:  # an event made elsewhere (the admin): its seed, kept from now
        event.seed = random.SystemRandom().randrange(1, 2**53)
        event.save(update_fields=["seed"])
    _check_teams(event)
    players, teams = present_players(event, registration_order=True)
    if event.team_match:
        rounds = _seat_team_match(by=by, event=event, players=players, teams=teams, draw=draw)
        _give_back_scorekeepers(by, event)
        return rounds
    most = max_rounds(len(players))
    if most is None:
        raise Refused(
            _(
                "A duplicate tournament needs %(min)s to %(max)s present players (2 to "
                "%(tables)s tables): at least two tables must play each board."
            )
            % {"min": MIN_PLAYERS, "max": 4 * MAX_TABLES, "tables": MAX_TABLES}
        )
    tables = table_count(len(players))
    if event.rounds_planned > most:
        raise Refused(
            _(
                "With %(players)s players (%(tables)s tables) the movement has at most "
                "%(max)s rounds: plan fewer rounds."
            )
            % {"players": len(players), "tables": tables, "max": most},
            field="rounds_planned",
        )
    plan = planning.movement(tables, event.rounds_planned, len(players))
    order = _order(event, players, draw)
    by_index = _places(plan, order, teams)
    rounds, sets = _write_rounds(event, plan, by_index)
    _create_boards(event, sets)
    seated = audit_text.line(
        "movement_seated", rounds=len(rounds), tables=tables, players=len(players)
    )
    audit.record_event(by=by, event=event, action=AuditEntry.Action.SEATING, lines=[seated])
    touch(events=[event])
    _give_back_scorekeepers(by, event)
    return rounds


def _seat_team_match(
    *, by: Actor, event: Event, players: list[int], teams: dict[int, int], draw: bool
) -> list[Round]:
    """Every round of team matches (planning.team_match): teams meet in the order drawn
    from the seed (or registered), members in that order take in turn; every table of
    a round plays the round's set, so the same boards are played at the same time."""
    if any(player not in teams for player in players):
        raise Refused(_("Every player must be in a team of the event's size (3 to 6)."))
    rosters: dict[int, list[int]] = {}
    for player in _order(event, players, draw):
        if player in teams:
            rosters.setdefault(teams[player], []).append(player)
    takers = board_rules.takers(event.seed or 0, event.rounds_planned)
    try:
        plan = team_match.team_match(list(rosters.values()), event.rounds_planned, takers)
    except team_match.TeamMatchImpossible as error:
        raise refused_team_match(error, rounds=event.rounds_planned) from error
    rounds = []
    seats: list[Seat] = []
    for number, planned in enumerate(plan, 1):
        round_ = Round.objects.create(event=event, number=number)
        rounds.append(round_)
        for index, line in enumerate(planned.tables, 1):
            table = Table.objects.create(round=round_, number=index, board_set=number)
            seats += [
                Seat(table=table, player_id=player, position=orientation)
                for orientation, player in enumerate(line.seats)
                if player is not None
            ]
    Seat.objects.bulk_create(seats)
    _create_boards(event, len(plan))
    audit.record_event(
        by=by,
        event=event,
        action=AuditEntry.Action.SEATING,
        lines=[
            audit_text.line(
                "team_matches_seated",
                rounds=len(plan),
                teams=len(rosters),
                tables=len(plan[0].tables),
            )
        ],
    )
    touch(events=[event])
    return rounds


def _places(plan: Any, order: list[int], teams: dict[int, int]) -> dict[int, int]:
    """The movement's player index -> player id: in `order`, team mates on indexes that
    never share a playing table (planning.duplicate_teams)."""
    indexes = list(range(plan.players))
    if not teams:
        return dict(zip(indexes, order, strict=True))
    groups: dict[int, list[int]] = {}
    for player in order:
        groups.setdefault(teams.get(player, -player), []).append(player)
    meetings = [frozenset(pair) for pair in plan.meeting_counts()]
    try:
        return keep_teams_apart(indexes, meetings, list(groups.values()))
    except TeamsApart as error:
        raise refused_team_match(error, rounds=plan.rounds) from error


def _write_rounds(event: Event, plan: Any, by_index: dict[int, int]) -> tuple[list[Round], int]:
    """Rounds, their playing tables (with their set) and seats; returns the rounds and
    the number of board sets. A table that plays nothing (the bye table, the bench) is
    not stored: its players sit the round out."""
    rounds = []
    seats: list[Seat] = []
    sets = 0
    for number, schedule in enumerate(plan.schedule, 1):
        round_ = Round.objects.create(event=event, number=number)
        rounds.append(round_)
        for line in schedule:
            if not line.plays or line.board_set is None:
                continue
            sets = max(sets, line.board_set + 1)
            table = Table.objects.create(
                round=round_, number=line.table + 1, board_set=line.board_set + 1
            )
            seats += [
                Seat(table=table, player_id=by_index[index], position=orientation)
                for orientation, index in enumerate(line.seats)
                if index is not None
            ]
    Seat.objects.bulk_create(seats)
    return rounds, sets


@transaction.atomic
def clear_seating(*, by: Actor, event: Event) -> None:
    """Undo the seating and the boards, as long as no result is entered."""
    access.require_event(by, event)
    event = Event.objects.select_for_update(no_key=True).get(pk=event.pk)
    if Hand.objects.filter(table__round__event=event).exists():
        raise Refused(_("Results are entered: the seating can no longer be cleared."))
    kept: dict[str, list[int]] = {}
    for number, user_id in (
        Table.scorekeepers.through.objects.filter(table__round__event=event)
        .order_by("table__number", "user_id")
        .values_list("table__number", "user_id")
        .distinct()
    ):
        kept.setdefault(str(number), []).append(user_id)
    event.kept_scorekeepers = kept
    event.save(update_fields=["kept_scorekeepers"])
    event.rounds.all().delete()
    event.boards.all().delete()
    cleared = audit_text.line("seating_cleared")
    audit.record_event(by=by, event=event, action=AuditEntry.Action.SEATING, lines=[cleared])
    touch(events=[event])


@transaction.atomic
def set_table_scorekeepers(*, by: Actor, event: Event, number: int, users: Sequence[Any]) -> None:
    """The scorekeepers of table `number` in every round: a table keeps its place in the
    room (and its North player, except in the moving designs) while the others move."""
    access.require_event(by, event)
    tables = list(Table.objects.filter(round__event=event, number=number))
    set_scorekeepers(by=by, choices=[(table, list(users)) for table in tables])
