"""Demo data so a newcomer sees something real: a club, 12 players, a finished club night."""

from __future__ import annotations

import datetime
import random
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from tournaments.demo import random_hand
from tournaments.models import Club, Event, Membership, Player, Role, Round, Table
from tournaments.selectors.access import SYSTEM
from tournaments.services.cache import touch
from tournaments.services.hands import save_hand, seat_table, table_seats, validate_sheet

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
]
ORGANISER = ("organisateur", "demo-orga-2026")
SCOREKEEPER = ("marqueur", "demo-marque-2026")


class Command(BaseCommand):
    help = "Load demo data: a club of 12 players and a finished, published club night."

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
        # The demo organiser is staff and its password is in the README: on a production
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
        players = [Player.objects.get_or_create(club=club, name=name)[0] for name in PLAYERS]
        night = Event.objects.create(
            club=club,
            name="Soirée du jeudi",
            date=datetime.date.today() - datetime.timedelta(days=2),
            rules_name="fft",
            published=True,
        )
        round_ = Round.objects.create(event=night, number=1)
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
        tonight = Event.objects.create(
            club=club, name="Soirée du mardi", date=datetime.date.today(), rules_name="fft"
        )
        tonight_round = Round.objects.create(event=tonight, number=1)
        seat_table(
            by=SYSTEM,
            round=tonight_round,
            number=1,
            players=players[:4],
            scorekeepers=[scorekeeper],
        )
        self.stdout.write(self.style.SUCCESS(f"Demo data loaded: {len(players)} players."))


def _user(username: str, password: str) -> User:
    user, created = User.objects.get_or_create(username=username)
    if created:
        user.set_password(password)
        user.save()
    return user
