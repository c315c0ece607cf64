"""Demo data so a newcomer sees something real: a club, 20 players, a finished club night,
an open one, and a finished duplicate tournament."""

from __future__ import annotations

import datetime
import random
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

import scoring
from tournaments.demo import demo_trump_counts, random_hand
from tournaments.models import (
    Board,
    Club,
    Event,
    Hand,
    Membership,
    Player,
    Role,
    Seat,
    Table,
)
from tournaments.models.duplicate import boards_of_set
from tournaments.selectors.access import SYSTEM
from tournaments.services import duplicate as duplicate_services
from tournaments.services.cache import touch
from tournaments.services.duplicate_results import save_board_result
from tournaments.services.events import create_club_night, publish_event
from tournaments.services.hands import save_hand, seat_table, table_seats
from tournaments.services.registrations import register_player
from tournaments.services.sheets import validate_sheet

PLAYERS = [
    "Anne Martin",
    "Bruno Petit",
    "Chloé Durand",
    "David Leroy",
    "Emma Moreau",
    "Fabien Simon",
    "Gaëlle Laurent",
    "Hugo Lefèvre",
    "Inès Michel",
    "Julien Garcia",
    "Karine Roux",
    "Louis Fournier",
    "Manon Girard",
    "Nicolas Bonnet",
    "Océane Dupont",
    "Pierre Lambert",
    "Quitterie Fontaine",
    "Romain Rousseau",
    "Sophie Vincent",
    "Thomas Mercier",
]
# The club nights seat the first twelve; the duplicate tournament everybody.
NIGHT_PLAYERS = 12
ORGANISER = ("organisateur", "demo-orga-2026")
SCOREKEEPER = ("marqueur", "demo-marque-2026")


class Command(BaseCommand):
    help = (
        "Load demo data: a club of 20 players, a finished and published club night, an open "
        "one, and a finished and published duplicate tournament."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--if-empty", action="store_true", help="Do nothing if the database has events."
        )
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument(
            "--force",
            action="store_true",
            help="Load even without DEBUG (creates a staff login whose password is public).",
        )

    def handle(
        self,
        *args: Any,
        if_empty: bool = False,
        seed: int = 2026,
        force: bool = False,
        **opts: Any,
    ) -> None:
        # The demo organiser is staff and its password is public (printed at load): on a production
        # database that is an open door, so it takes DEBUG=1 (scripts/serve.sh) or --force.
        if not settings.DEBUG and not force:
            raise CommandError(
                "load_demo creates logins whose passwords are public: it runs only with "
                "DEBUG=1, or with --force on a database that is not the club's."
            )
        if if_empty and Event.objects.exists():
            self.stdout.write("The database already has events: demo data not loaded.")
        else:
            self.load(seed)
            touch(everything=True)  # written in bulk, past the services' touches
        self.stdout.write(
            "Logins: organiser {} / {}, scorekeeper {} / {}".format(*ORGANISER, *SCOREKEEPER)
        )

    @transaction.atomic
    def load(self, seed: int) -> None:
        rng = random.Random(seed)
        organiser = _user(*ORGANISER)
        organiser.is_staff = True
        organiser.save()
        scorekeeper = _user(*SCOREKEEPER)
        club, _ = Club.objects.get_or_create(slug="demo", defaults={"name": "Tarot Club Démo"})
        # Roles are per club: the demo organiser runs the demo club, the scorekeeper
        # keeps score for it.
        for user, role in ((organiser, Role.ORGANISER), (scorekeeper, Role.SCOREKEEPER)):
            Membership.objects.get_or_create(user=user, club=club, defaults={"role": role})
        everybody = [Player.objects.get_or_create(club=club, name=name)[0] for name in PLAYERS]
        players = everybody[:NIGHT_PLAYERS]
        night = create_club_night(
            by=SYSTEM,
            club=club,
            name="Soirée du jeudi",
            date=datetime.date.today() - datetime.timedelta(days=2),
        )
        publish_event(by=SYSTEM, event=night)
        round_ = night.rounds.get(number=1)
        # 12 players: a table of 5 (called king), a table of 4 and a table of 3.
        shuffled = rng.sample(players, len(players))
        layout = [
            (shuffled[:5], Table.FiveMode.CALLED_KING),
            (shuffled[5:9], None),
            (shuffled[9:], None),
        ]
        for number, (seated, mode) in enumerate(layout, 1):
            table = seat_table(
                by=SYSTEM,
                round=round_,
                number=number,
                players=seated,
                five_mode=mode or Table.FiveMode.CALLED_KING,
                scorekeepers=[scorekeeper],
            )
            seats = table_seats(table)
            for hand_number in range(1, 13):
                hand = random_hand(rng, seats, hand_number)
                save_hand(table=table, hand=hand, user=scorekeeper)
            if number > 1:
                validate_sheet(table=table, user=scorekeeper)
        # A second club night, still open, so the scorekeeper has a table to fill.
        tonight = create_club_night(
            by=SYSTEM, club=club, name="Soirée du mardi", date=datetime.date.today()
        )
        tonight_round = tonight.rounds.get(number=1)
        seat_table(
            by=SYSTEM,
            round=tonight_round,
            number=1,
            players=players[:4],
            scorekeepers=[scorekeeper],
        )
        duplicate_demo(club, everybody, scorekeeper, rng)
        self.stdout.write(self.style.SUCCESS(f"Demo data loaded: {len(everybody)} players."))


def _user(username: str, password: str) -> User:
    user, created = User.objects.get_or_create(username=username)
    if created:
        user.set_password(password)
        user.save()
    return user


def duplicate_demo(
    club: Club, players: list[Player], scorekeeper: User, rng: random.Random
) -> Event:
    """A finished, published duplicate tournament: 20 players at 5 tables, 5 rounds of 2
    boards dealt by the app, every result entered through the services (so every marque
    and percentage is the engine's), every sheet validated."""
    event = duplicate_services.create_duplicate(
        by=SYSTEM,
        club=club,
        name="Duplicate du samedi",
        date=datetime.date.today() - datetime.timedelta(days=5),
        rounds_planned=5,
        boards_per_round=2,
    )
    event.seed = rng.randrange(1, 2**53)  # the demo deals the same boards every time
    event.save(update_fields=["seed"])
    for player in players:
        register_player(by=SYSTEM, event=event, player=player)
    duplicate_services.seat_duplicate(by=SYSTEM, event=event, draw=True)
    for number in range(1, 6):
        duplicate_services.set_table_scorekeepers(
            by=SYSTEM, event=event, number=number, users=[scorekeeper]
        )
    boards = {board.number: board for board in Board.objects.filter(event=event)}
    tables = Table.objects.filter(round__event=event).select_related("round__event")
    for table in tables.order_by("round__number", "number"):
        seats = table_seats(table)
        for number in boards_of_set(table.board_set, event.deals_per_round):
            _play_board(table, boards[number], seats, scorekeeper, rng)
        validate_sheet(table=table, user=scorekeeper)
    publish_event(by=SYSTEM, event=event)
    return event


def _play_board(
    table: Table, board: Board, seats: list[Seat], scorekeeper: User, rng: random.Random
) -> None:
    """A plausible result of the board at this table: the strongest hand in trumps takes,
    around the same contract at every table; a result the board's cards refuse (engine or
    deal checks) is tried again, and everybody passes after too many tries."""
    trumps = demo_trump_counts(board.deal)
    named = board.named_taker  # the federation's practice: the board names the taker
    taker = named if named is not None else max(range(4), key=lambda o: (trumps[o], -o))
    for _attempt in range(40):
        hand = random_hand(rng, seats, board.number, contracts=("prise", "garde", "garde_sans"))
        if named is not None and not hand.contract:
            continue  # nobody passes a board that names its taker
        if hand.contract:
            free = named is None and rng.random() >= 0.8
            hand.taker = rng.choice(seats).player if free else seats[taker].player
        try:
            save_board_result(table=table, board=board, hand=hand, user=scorekeeper)
            return
        except scoring.HandError:
            continue
    if named is None:
        save_board_result(table=table, board=board, hand=Hand(), user=scorekeeper)
        return
    # The named taker's plainest result the cards allow: a prise, the first oudlers and
    # points the deal checks accept (a legal game always exists).
    for oudlers in range(4):
        for points in range(91, -1, -1):
            hand = Hand(contract="prise", taker=seats[taker].player, oudlers=oudlers, points=points)
            try:
                save_board_result(table=table, board=board, hand=hand, user=scorekeeper)
                return
            except scoring.HandError:
                continue
    raise AssertionError(f"no result of board {board.number} fits its cards")
