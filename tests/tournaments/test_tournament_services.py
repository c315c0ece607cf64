"""Rounds seated from registrations: sizes, no repeats, swaps, redraws, withdrawals.

Each test seats its own rounds (the seating is what they test), except the tests of
one seated round of 8 players (TestOnARoundOfEight), which share it: built once for
the class, each test rolled back after it (tests/worlds_shared.py)."""

from __future__ import annotations

import datetime

import pytest

from tournaments.errors import Refused
from tournaments.models import Club, Event, Player, Registration, Round, Team
from tournaments.planning import seating
from tournaments.selectors.access import SYSTEM
from tournaments.selectors.tournament import previous_seatings
from tournaments.services.registrations import set_registration_present
from tournaments.services.rounds import generate_round, regenerate_round, swap_players
from tournaments.services.sheets import validate_sheet

from ..factories import make_club, store_hand
from ..worlds_shared import built_once


def new_tournament(club: Club) -> Event:
    return Event.objects.create(
        club=club,
        kind=Event.Kind.TOURNAMENT,
        name="Open de Lyon",
        date=datetime.date(2026, 12, 5),
        rounds_planned=5,
        seed=42,
    )


@pytest.fixture
def tournament(club) -> Event:
    return new_tournament(club)


def register(event: Event, count: int, teams: int = 0) -> list[Player]:
    players = [Player.objects.create(club=event.club, name=f"Joueur {i:03}") for i in range(count)]
    team_objects = [Team.objects.create(event=event, name=f"Équipe {t}") for t in range(teams)]
    for i, player in enumerate(players):
        team = team_objects[i % teams] if teams else None
        Registration.objects.create(event=event, player=player, team=team)
    return players


def lock(round_: Round, organiser) -> None:
    """One deal per table (a sheet without hands cannot be validated), count confirmed."""
    for table in round_.tables.all():
        store_hand(table, organiser)
        validate_sheet(table=table, user=organiser, confirm=True)


def test_sixteen_players_over_five_rounds_never_meet_twice(tournament, organiser):
    register(tournament, 16)
    for _ in range(5):
        round_ = generate_round(by=organiser, event=tournament)
        assert sorted(len(t.seats.all()) for t in round_.tables.all()) == [4, 4, 4, 4]
        lock(round_, organiser)
    assert seating.repeated_meetings(previous_seatings(tournament, 6)) == 0


def test_no_more_rounds_than_planned(tournament, organiser):
    tournament.rounds_planned = 1
    tournament.save()
    register(tournament, 8)
    lock(generate_round(by=organiser, event=tournament), organiser)
    with pytest.raises(Refused):
        generate_round(by=organiser, event=tournament)


@pytest.mark.slow  # 22 players seated twice by the search: near the budget
def test_the_same_seed_gives_the_same_round(tournament):
    register(tournament, 22)
    first = previous_seatings(tournament, 2)
    assert first == []
    round_ = generate_round(by=SYSTEM, event=tournament)
    seated = previous_seatings(tournament, 2)
    regenerate_round(by=SYSTEM, round=round_, attempt=0)
    assert previous_seatings(tournament, 2) == seated


@pytest.mark.slow
def test_team_mates_never_share_a_table(tournament, organiser):
    register(tournament, 20, teams=5)  # five teams of four
    tournament.team_size = 4
    tournament.save()
    teams = dict(Registration.objects.values_list("player_id", "team_id"))
    for _ in range(3):
        round_ = generate_round(by=organiser, event=tournament)
        for table in round_.tables.all():
            members = [teams[s.player_id] for s in table.seats.all()]
            assert len(members) == len(set(members))
        lock(round_, organiser)


@pytest.mark.slow
def test_withdrawn_players_are_not_seated_and_late_arrivals_are(tournament, organiser):
    players = register(tournament, 13)
    lock(generate_round(by=organiser, event=tournament), organiser)
    set_registration_present(
        by=organiser, registration=Registration.objects.get(player=players[0]), present=False
    )
    late = Player.objects.create(club=tournament.club, name="Retardataire")
    Registration.objects.create(event=tournament, player=late)
    round_2 = generate_round(by=organiser, event=tournament)
    seated = {s.player_id for t in round_2.tables.all() for s in t.seats.all()}
    assert players[0].pk not in seated and late.pk in seated and len(seated) == 13


def build_round_of_eight() -> dict[str, int]:
    """The shared fixtures' club, the tournament above with 8 players registered, and
    its round 1 seated (by SYSTEM). Their ids."""
    club = make_club()
    event = new_tournament(club)
    register(event, 8)
    round_ = generate_round(by=SYSTEM, event=event)
    return {"club": club.pk, "tournament": event.pk, "round": round_.pk}


@pytest.fixture(scope="class")
def round_of_eight(django_db_setup, django_db_blocker):
    yield from built_once(django_db_blocker, build_round_of_eight)


class TestOnARoundOfEight:
    """8 players registered, round 1 seated and open (build_round_of_eight): the rows
    fetched afresh for each test, which may change them."""

    @pytest.fixture
    def club(self, round_of_eight, db) -> Club:
        return Club.objects.get(pk=round_of_eight["club"])

    @pytest.fixture
    def tournament(self, round_of_eight, db) -> Event:
        return Event.objects.get(pk=round_of_eight["tournament"])

    @pytest.fixture
    def round_(self, round_of_eight, db) -> Round:
        return Round.objects.get(pk=round_of_eight["round"])

    def test_a_round_cannot_start_before_the_previous_is_locked(self, tournament, round_):
        with pytest.raises(Refused):
            generate_round(by=SYSTEM, event=tournament)

    def test_swap_two_players_between_tables(self, round_):
        table_1, table_2 = round_.tables.order_by("number")
        a = table_1.seats.first().player
        b = table_2.seats.first().player
        swap_players(by=SYSTEM, round=round_, player_a=a, player_b=b)
        assert table_1.seats.filter(player=b).exists() and table_2.seats.filter(player=a).exists()

    def test_swap_refused_once_hands_are_entered(self, round_, organiser):
        table_1, table_2 = round_.tables.order_by("number")
        seats = list(table_1.seats.order_by("position"))
        store_hand(table_1, organiser, contract="prise", oudlers=1, points=51)
        with pytest.raises(Refused):
            swap_players(
                by=organiser,
                round=round_,
                player_a=seats[0].player,
                player_b=table_2.seats.first().player,
            )
        with pytest.raises(Refused):
            regenerate_round(by=organiser, round=round_)


def test_team_mates_cannot_be_swapped_together(tournament):
    players = register(tournament, 8, teams=4)  # pairs: i and i+4
    tournament.team_size = 2
    tournament.save()
    round_ = generate_round(by=SYSTEM, event=tournament)
    table_of = {s.player_id: s.table_id for t in round_.tables.all() for s in t.seats.all()}
    mate_of_first = players[4]
    other = next(
        p for p in players if table_of[p.pk] == table_of[players[0].pk] and p != players[0]
    )
    # Moving the first player's table-mate out and his team mate in would join the pair.
    with pytest.raises(Refused):
        swap_players(by=SYSTEM, round=round_, player_a=other, player_b=mate_of_first)
