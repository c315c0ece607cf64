"""The world of the permission sweep (test_sweep.py), built once per test class.

Club A ("lyon"): a published club night with a table without hands, a draft club
night (table 1: a hand, its sheet validated; table 2), a published tournament
("Open de Lyon": 8 registrations; round 1, two tables, a hand at table 1; round 2, two
tables without hands; a guest scorekeeper and a guest organiser), a draft tournament
with a round, a draft tournament ready for its first draw, a published and a draft
season, a player known only from the draft night, a scorekeeper with no table (the
people rows' target), and three duplicate events of 8 players (2 rounds of 1 board):
a published one whose board 1 is entered at both tables that play it (sk_this keeps
score at the table playing it in round 1, sk_other at the other one, every round; a
ruling on it), a draft seated without results and a draft ready to seat; and two team
matches of two quadrettes (the same 8 players): a published one, seated, whose board 1
is entered at both its tables, and a draft. Club B ("grenoble"): its organiser, a
player and a draft event.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import User

from tournaments.models import (
    Board,
    Club,
    Event,
    EventGuest,
    Hand,
    Membership,
    Penalty,
    Player,
    Registration,
    Role,
    Round,
    Season,
    SpecialResult,
    Table,
    Team,
)
from tournaments.selectors.access import SYSTEM
from tournaments.services.duplicate import create_duplicate, seat_duplicate, set_table_scorekeepers
from tournaments.services.duplicate_results import save_board_result
from tournaments.services.sheets import validate_sheet

from ..factories import (
    PLAYER_NAMES,
    make_club,
    make_event,
    make_member,
    make_round,
    make_table,
    make_user,
    store_hand,
)


@dataclass
class World:
    club_a: Club
    users: dict[str, User | None]
    draft_night: Event
    draft_table: Table  # sk_this's; a hand, its sheet validated
    draft_only: Player  # seated only at the draft night
    night: Event  # published
    night_table: Table  # the published night's table, without hands
    tournament: Event  # published; the guest organiser's
    round: Round  # its round 1
    table: Table  # round 1, table 1: sk_this's, one hand
    hand: Hand
    round2: Round  # its round 2: two tables, no hand
    registration: Registration
    guest: EventGuest  # a guest scorekeeper of the tournament
    draft_tournament: Event
    ready_tournament: Event  # a draft with 8 registrations and no round yet
    season: Season  # published
    draft_season: Season
    member: Membership  # a scorekeeper of club A with no table: the people rows' target
    players: list[Player]
    duplicate: Event  # published; board 1 played at both tables
    duplicate_table: Table  # round 1, the table playing board 1: sk_this's
    duplicate_hand: Hand  # board 1 at that table
    special: SpecialResult  # a ruling on board 1 there
    penalty: Penalty  # a penalty on that table's North, on the event
    draft_duplicate: Event  # seated, no result
    ready_duplicate: Event  # registrations, not seated
    team_match: Event  # published, seated; board 1 entered at both tables
    draft_team_match: Event  # its teams registered, not seated


def build_world() -> World:
    club_a = make_club()
    club_b = make_club("Tarot Club de Grenoble", "grenoble")
    players = Player.objects.bulk_create(Player(club=club_a, name=name) for name in PLAYER_NAMES)
    draft_only = Player.objects.create(club=club_a, name="Dora Brouillon")
    Player.objects.create(club=club_b, name="Zoé")

    federation = make_user("federation", federation=True)
    no_role = make_user("sans_role")
    Player.objects.filter(pk=players[8].pk).update(user=no_role)
    users: dict[str, User | None] = {
        "anon": None,
        "no_role": no_role,
        "sk_other": make_member("marqueur_autre", club_a, Role.SCOREKEEPER),
        "sk_this": make_member("marqueur", club_a, Role.SCOREKEEPER),
        "guest": make_user("invite_orga"),
        "orga_b": make_member("orga_b", club_b),
        "orga_a": make_member("orga_a", club_a),
        "fed": federation,
    }
    member = Membership.objects.get(user=make_member("membre_a", club_a, Role.SCOREKEEPER))
    make_event(club_b, "Soirée de Grenoble")

    # Club nights: a published one, and a draft with a table, a hand, a validated sheet.
    night = make_event(club_a, "Soirée publiée", datetime.date(2026, 11, 12), published=True)
    night_table = make_table(make_round(night), players[:4])
    draft_night = make_event(club_a, "Soirée brouillon")
    # Its scorekeepers are the tournament's: keeping score at a draft's table shows
    # none of it on the public pages.
    draft_round = make_round(draft_night)
    draft_table = make_table(
        draft_round, [draft_only, *players[:3]], scorekeepers=[users["sk_this"]]
    )
    make_table(draft_round, players[3:7], number=2, scorekeepers=[users["sk_other"]])
    store_hand(draft_table, federation)
    validate_sheet(table=draft_table, user=federation)

    tournament = make_event(
        club_a,
        "Open de Lyon",
        datetime.date(2026, 11, 21),
        kind=Event.Kind.TOURNAMENT,
        published=True,
        # Two rounds: redrawing the last one looks ahead at none (a quick search).
        rounds_planned=2,
        deals_per_round=5,
    )
    registrations = Registration.objects.bulk_create(
        Registration(event=tournament, player=p) for p in players[:8]
    )
    round_ = make_round(tournament)
    table = make_table(round_, players[:4], scorekeepers=[users["sk_this"]])
    make_table(round_, players[4:8], number=2, scorekeepers=[users["sk_other"]])
    hand = store_hand(table, federation)
    # Round 2, seated by hand (a draw would wait for round 1): no hand yet.
    round2 = make_round(tournament, 2)
    make_table(round2, players[0:8:2])
    make_table(round2, players[1:8:2], number=2)
    guest = EventGuest.objects.create(
        event=tournament, user=make_user("invite"), role=Role.SCOREKEEPER
    )
    EventGuest.objects.create(event=tournament, user=users["guest"], role=Role.ORGANISER)

    draft_tournament = make_event(
        club_a, "Tournoi brouillon", datetime.date(2026, 12, 5), kind=Event.Kind.TOURNAMENT
    )
    make_round(draft_tournament)
    ready_tournament = make_event(
        club_a,
        "Tournoi à tirer",
        datetime.date(2026, 12, 12),
        kind=Event.Kind.TOURNAMENT,
        rounds_planned=1,
        deals_per_round=4,
    )
    Registration.objects.bulk_create(
        Registration(event=ready_tournament, player=p) for p in players[:8]
    )

    season, draft_season = Season.objects.bulk_create(
        Season(
            club=club_a,
            name=name,
            start=datetime.date(2026, 9, 1),
            end=datetime.date(2027, 8, 31),
            published=published,
        )
        for name, published in (("Saison publique", True), ("Saison brouillon", False))
    )
    duplicate, duplicate_table, duplicate_hand, special = _duplicate(
        club_a, players, users, "Duplicate publiée"
    )
    Event.objects.filter(pk=duplicate.pk).update(published=True)
    duplicate.refresh_from_db()
    penalty = Penalty.objects.create(
        event=duplicate,
        player=duplicate_table.seats.get(position=0).player,
        amount=5,
        reason="retard",
    )
    draft_duplicate = create_duplicate(
        by=SYSTEM, club=club_a, name="Duplicate brouillon", date=DUPLICATE_DAY,
        rounds_planned=2, boards_per_round=1, app_deals=False, free_bidding=True,
    )  # fmt: skip
    Registration.objects.bulk_create(
        Registration(event=draft_duplicate, player=p) for p in players[:8]
    )
    seat_duplicate(by=SYSTEM, event=draft_duplicate, draw=False)
    ready_duplicate = create_duplicate(
        by=SYSTEM, club=club_a, name="Duplicate à placer", date=DUPLICATE_DAY,
        rounds_planned=2, boards_per_round=1, app_deals=False, free_bidding=True,
    )  # fmt: skip
    Registration.objects.bulk_create(
        Registration(event=ready_duplicate, player=p) for p in players[:8]
    )
    team_match = _team_match(club_a, players, users, "Quadrettes publiées", seat=True)
    Event.objects.filter(pk=team_match.pk).update(published=True)
    team_match.refresh_from_db()
    draft_team_match = _team_match(club_a, players, users, "Quadrettes brouillon", seat=False)
    return World(
        club_a=club_a,
        users=users,
        draft_night=draft_night,
        draft_table=draft_table,
        draft_only=draft_only,
        night=night,
        night_table=night_table,
        tournament=tournament,
        round=round_,
        table=table,
        hand=hand,
        round2=round2,
        registration=registrations[0],
        guest=guest,
        draft_tournament=draft_tournament,
        ready_tournament=ready_tournament,
        season=season,
        draft_season=draft_season,
        member=member,
        players=players,
        duplicate=duplicate,
        duplicate_table=duplicate_table,
        duplicate_hand=duplicate_hand,
        special=special,
        penalty=penalty,
        draft_duplicate=draft_duplicate,
        ready_duplicate=ready_duplicate,
        team_match=team_match,
        draft_team_match=draft_team_match,
    )


DUPLICATE_DAY = datetime.date(2026, 11, 28)


def _duplicate(
    club: Club, players: list[Player], users: dict[str, User | None], name: str
) -> tuple[Event, Table, Hand, SpecialResult]:
    """8 players seated through the services; board 1 entered at both tables that play
    it, so that its traveller is public; sk_this keeps score at the table number that
    plays it in round 1, sk_other at the other one."""
    event = create_duplicate(
        by=SYSTEM,
        club=club,
        name=name,
        date=DUPLICATE_DAY,
        rounds_planned=2,
        boards_per_round=1,
        app_deals=False,  # dealt by hand: any possible result is accepted
        free_bidding=True,  # by any taker
    )
    Registration.objects.bulk_create(Registration(event=event, player=p) for p in players[:8])
    seat_duplicate(by=SYSTEM, event=event, draw=False)
    board = Board.objects.get(event=event, number=1)
    tables = Table.objects.filter(round__event=event).select_related("round__event")
    first = tables.get(round__number=1, board_set=1)
    set_table_scorekeepers(by=SYSTEM, event=event, number=first.number, users=[users["sk_this"]])
    set_table_scorekeepers(
        by=SYSTEM, event=event, number=3 - first.number, users=[users["sk_other"]]
    )
    hands = {}
    for table in tables.filter(board_set=1):
        taker = table.seats.get(position=1).player
        hand = Hand(contract="garde", taker=taker, oudlers=2, points=Decimal(50))
        hands[table.pk] = save_board_result(
            table=table, board=board, hand=hand, user=users["fed"]
        ).hand
    special = SpecialResult.objects.create(
        board=board, table=first, kind=SpecialResult.Kind.AVERAGE_PLUS, orientation=0
    )
    return event, first, hands[first.pk], special


def _team_match(
    club: Club, players: list[Player], users: dict[str, User | None], name: str, *, seat: bool
) -> Event:
    """Two quadrettes of the 8 players; seated, board 1 entered at both tables that play
    it (each taker where the board names him), or only registered."""
    event = create_duplicate(
        by=SYSTEM, club=club, name=name, date=DUPLICATE_DAY, rounds_planned=2,
        boards_per_round=1, team_size=4, team_match=True, app_deals=False,
    )  # fmt: skip
    teams = Team.objects.bulk_create(Team(event=event, name=n) for n in ("Nord", "Sud"))
    Registration.objects.bulk_create(
        Registration(event=event, player=p, team=teams[i // 4]) for i, p in enumerate(players[:8])
    )
    if not seat:
        return event
    seat_duplicate(by=SYSTEM, event=event, draw=False)
    board = Board.objects.get(event=event, number=1)
    for table in Table.objects.filter(round__event=event, board_set=1).select_related("round"):
        taker = table.seats.get(position=board.taker).player
        hand = Hand(contract="garde", taker=taker, oudlers=2, points=Decimal(50))
        save_board_result(table=table, board=board, hand=hand, user=users["fed"])
    return event
