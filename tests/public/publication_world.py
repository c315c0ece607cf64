"""A club with published and unpublished results, for the publication boundary tests.

Published: the club night of tests/public/conftest.py (`played_night`, sheets open,
so provisional) and a tournament "Open public" (one round, its sheet validated).
Unpublished: a tournament "Tournoi secret" where only the player SECRET_NAME plays
besides Anne, Bruno and Chloé. He takes a garde contre with 3 oudlers and 77 points:
made by 41 -> (25 + 41) x 6 = 396 per defender, so he scores 3 x 396 = SECRET_SCORE
and each defender -396; no other total of the club comes near either number.
A published season (totals mode, so each event's total shows) covers all three, and
an unpublished one too.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from django.contrib.auth.models import User

from tournaments.models import Event, Player, Registration, Round, Season, Table
from tournaments.selectors.access import SYSTEM
from tournaments.services.hands import seat_table
from tournaments.services.seasons import save_season
from tournaments.services.sheets import validate_sheet

from ..factories import store_hand

SECRET_NAME = "Zéphyrin Quillebœuf-Secret"
SECRET_SCORE = 1188
SECRET_DEFENCE = -396

# The scores as numbers in a page's text (tags stripped: ids in links and chart
# coordinates are not scores): not inside a longer number, with or without a thousands
# separator (space, no-break spaces, comma, dot); the defence's with its minus sign.
SECRET_SCORE_RE = re.compile(r"(?<![\d.,])1[\s\u00a0\u202f,.]?188(?![\d])")
SECRET_DEFENCE_RE = re.compile(r"[-\u2212]396(?![\d])")


@dataclass
class World:
    players: list[Player]
    secret: Player
    night: Event
    open_tournament: Event
    open_table: Table
    secret_tournament: Event
    secret_round: Round
    secret_table: Table
    season: Season
    draft_season: Season


def tournament(club, name: str, date: datetime.date, players: list[Player]) -> Event:
    event = Event.objects.create(
        club=club, kind=Event.Kind.TOURNAMENT, name=name, date=date, rules_name="fft"
    )
    Registration.objects.bulk_create(Registration(event=event, player=p) for p in players)
    return event


def build(club, players: list[Player], night: Event, organiser: User) -> World:
    anne, bruno, chloe = players[:3]
    secret = Player.objects.create(club=club, name=SECRET_NAME)

    open_tournament = tournament(club, "Open public", datetime.date(2026, 11, 21), players[:4])
    open_round = Round.objects.create(event=open_tournament, number=1)
    open_table = seat_table(by=SYSTEM, round=open_round, number=1, players=players[:4])
    # Anne garde, 2 oudlers, 50: made by 9 -> 68 per defender; Anne +204, others -68.
    store_hand(
        open_table, organiser, dealer=anne, taker=anne, contract="garde", oudlers=2, points=50
    )
    validate_sheet(table=open_table, user=organiser)
    Event.objects.filter(pk=open_tournament.pk).update(published=True)

    secret_players = [secret, anne, bruno, chloe]
    secret_tournament = tournament(
        club, "Tournoi secret", datetime.date(2026, 11, 26), secret_players
    )
    secret_round = Round.objects.create(event=secret_tournament, number=1)
    secret_table = seat_table(by=SYSTEM, round=secret_round, number=1, players=secret_players)
    store_hand(
        secret_table,
        organiser,
        dealer=secret,
        taker=secret,
        contract="garde_contre",
        oudlers=3,
        points=77,
    )

    # Through the service, as an organiser creates them: their rankings are stored.
    season, draft_season = (
        save_season(
            by=organiser,
            season=None,
            club=club,
            name=name,
            start=datetime.date(2026, 9, 1),
            end=datetime.date(2027, 8, 31),
            mode=Season.Mode.TOTALS,
            scale="",
            best_n=0,
            published=published,
        )
        for name, published in (("Saison publique", True), ("Saison brouillon", False))
    )
    for event in (night, open_tournament, secret_tournament):
        event.refresh_from_db()
    return World(
        players=[*players, secret],
        secret=secret,
        night=night,
        open_tournament=open_tournament,
        open_table=open_table,
        secret_tournament=secret_tournament,
        secret_round=secret_round,
        secret_table=secret_table,
        season=season,
        draft_season=draft_season,
    )
