"""Creating, configuring and seating a duplicate event: the organiser's set-up."""

from __future__ import annotations

from collections import defaultdict

import pytest
from django.urls import reverse

from tournaments.errors import Refused
from tournaments.models import AuditEntry, Board, Event, Registration, Round, Seat, Table, Team
from tournaments.models.duplicate import boards_of_set
from tournaments.selectors.access import SYSTEM
from tournaments.services import duplicate as services

from ..factories import logged_in, make_member
from .conftest import make_duplicate


@pytest.fixture
def dup_organiser(dup_club):
    return make_member("arbitre", dup_club)


def test_organiser_creates_a_duplicate_event_from_the_form(dup_club, dup_organiser):
    client = logged_in(dup_organiser)
    response = client.post(
        reverse("duplicate_create"),
        {
            "name": "Duplicate de novembre",
            "club": dup_club.pk,
            "date": "2026-11-20",
            "rules_name": "fft",
            "rounds_planned": "5",
            "boards_per_round": "2",
            "comparison": "matchpoints",
            "team_size": "0",
            "app_deals": "on",
        },
    )
    event = Event.objects.get(name="Duplicate de novembre")
    assert response.status_code == 302
    assert response.url == reverse("tournament_registrations", args=[event.pk])
    assert (event.kind, event.deals_per_round, event.rounds_planned) == ("duplicate", 2, 5)
    assert event.app_deals and event.seed is not None
    # The registration pages of tournaments serve duplicate events too.
    page = client.get(response.url)
    assert page.status_code == 200
    assert reverse("duplicate_manage", args=[event.pk]).encode() in page.content


def test_create_form_refuses_too_many_boards_at_the_field(dup_club, dup_organiser):
    response = logged_in(dup_organiser).post(
        reverse("duplicate_create"),
        {"name": "X", "club": dup_club.pk, "date": "2026-11-20", "rules_name": "fft",
         "rounds_planned": "5", "boards_per_round": "40", "comparison": "matchpoints",
         "team_size": "0"},
    )  # fmt: skip
    assert response.status_code == 200
    assert "boards_per_round" in response.context["form"].errors
    assert not Event.objects.filter(name="X").exists()


def test_seating_gives_every_round_its_tables_sets_and_orientations(seated_event):
    rounds = list(Round.objects.filter(event=seated_event).order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3, 4, 5]
    tables = Table.objects.filter(round__event=seated_event)
    assert tables.count() == 25
    assert sorted({t.board_set for t in tables}) == [1, 2, 3, 4, 5]
    assert Board.objects.filter(event=seated_event).count() == 10
    orientation = {}
    boards_played = defaultdict(list)
    for seat in Seat.objects.filter(table__round__event=seated_event).select_related("table"):
        # A player keeps his orientation the whole session...
        assert orientation.setdefault(seat.player_id, seat.position) == seat.position
        boards_played[seat.player_id] += list(boards_of_set(seat.table.board_set, 2))
    # ... and plays ten different boards.
    assert len(boards_played) == 20
    assert all(sorted(b) == sorted(set(b)) and len(b) == 10 for b in boards_played.values())
    # Every table of a round seats four players at N, E, S, W.
    for table in tables:
        assert sorted(table.seats.values_list("position", flat=True)) == [0, 1, 2, 3]


def test_boards_are_dealt_from_the_seed_with_a_dealer_each(dealt_event):
    boards = list(Board.objects.filter(event=dealt_event).order_by("number"))
    assert all(board.deal is not None for board in boards)
    # Four different dealers over four boards, always the same for a board number.
    assert len({board.dealer for board in boards[:4]}) == 4
    assert boards[0].dealer == boards[4].dealer


def test_boards_dealt_by_hand_are_only_numbered(seated_event):
    boards = Board.objects.filter(event=seated_event)
    assert boards.count() == 10
    assert not boards.filter(deal__isnull=False).exists()


def test_seating_in_registration_order_is_reproducible_and_a_draw_differs(dup_club):
    def layout(event: Event) -> list[tuple[int, int, int, str]]:
        return sorted(
            Seat.objects.filter(table__round__event=event).values_list(
                "table__round__number", "table__number", "position", "player__name"
            )
        )

    ordered = make_duplicate(dup_club)
    services.seat_duplicate(by=SYSTEM, event=ordered, draw=False)
    first = layout(ordered)
    services.clear_seating(by=SYSTEM, event=ordered)
    services.seat_duplicate(by=SYSTEM, event=ordered, draw=False)
    assert layout(ordered) == first
    services.clear_seating(by=SYSTEM, event=ordered)
    services.seat_duplicate(by=SYSTEM, event=ordered, draw=True)
    drawn = layout(ordered)
    assert drawn != first
    services.clear_seating(by=SYSTEM, event=ordered)
    services.seat_duplicate(by=SYSTEM, event=ordered, draw=True)
    assert layout(ordered) == drawn  # the draw comes from the event's stored seed


def test_seating_is_audited_and_refused_twice(seated_event):
    assert AuditEntry.objects.filter(event=seated_event, action="seating").count() == 1
    with pytest.raises(Refused):
        services.seat_duplicate(by=SYSTEM, event=seated_event)


def test_more_rounds_than_the_movement_gives_are_refused_at_the_rounds_field(dup_club):
    event = make_duplicate(dup_club, rounds=9)
    with pytest.raises(Refused) as refused:
        services.seat_duplicate(by=SYSTEM, event=event)
    assert refused.value.field == "rounds_planned"
    assert "5" in refused.value.message
    assert not Round.objects.filter(event=event).exists()


def test_too_few_players_are_refused(dup_club):
    # 7 players: one table plays a round, the other three sit out; nothing to compare.
    event = make_duplicate(dup_club, players=7)
    with pytest.raises(Refused):
        services.seat_duplicate(by=SYSTEM, event=event)


def test_withdrawn_players_are_not_seated(dup_club):
    event = make_duplicate(dup_club, players=20)
    # Four withdrawals leave 16 players: 4 tables.
    for registration in Registration.objects.filter(event=event).order_by("-pk")[:4]:
        registration.present = False
        registration.save()
    event.rounds_planned = 3
    event.save()
    services.seat_duplicate(by=SYSTEM, event=event)
    assert Table.objects.filter(round__event=event, round__number=1).count() == 4
    assert Seat.objects.filter(table__round__event=event).values("player").distinct().count() == 16


def assert_mates_apart(event: Event) -> None:
    """No table of any round seats two players of one team."""
    teams = dict(Registration.objects.filter(event=event).values_list("player_id", "team_id"))
    for table in Table.objects.filter(round__event=event):
        mates = [teams[p] for p in table.seats.values_list("player_id", flat=True)]
        assert len(mates) == len(set(mates))


def test_quadrette_mates_never_share_a_table(dup_club):
    event = make_duplicate(dup_club, rounds=2, team_size=4)
    registrations = list(Registration.objects.filter(event=event).order_by("pk"))
    for index, registration in enumerate(registrations):
        registration.team = Team.objects.get_or_create(event=event, name=f"Équipe {index // 4}")[0]
        registration.save()
    services.seat_duplicate(by=SYSTEM, event=event)
    assert_mates_apart(event)


def test_teams_that_cannot_be_kept_apart_are_refused(dup_club):
    # Five quadrettes on five tables over five rounds: everybody of another orientation
    # meets everybody once, so four mates would have to share an orientation of five.
    event = make_duplicate(dup_club, rounds=5, team_size=4)
    for index, registration in enumerate(Registration.objects.filter(event=event).order_by("pk")):
        registration.team = Team.objects.get_or_create(event=event, name=f"T{index // 4}")[0]
        registration.save()
    with pytest.raises(Refused) as refused:
        services.seat_duplicate(by=SYSTEM, event=event)
    assert refused.value.field == "rounds_planned"


def test_format_cannot_change_once_seated_but_the_comparison_can(seated_event, organiser):
    common = {"name": seated_event.name, "date": seated_event.date, "rules_name": "fft",
              "rounds_planned": 5, "team_size": 0, "app_deals": False}  # fmt: skip
    with pytest.raises(Refused) as refused:
        services.update_duplicate(
            by=organiser, event=seated_event, boards_per_round=3, comparison="matchpoints",
            **common,
        )  # fmt: skip
    assert refused.value.field == "boards_per_round"
    services.update_duplicate(
        by=organiser, event=seated_event, boards_per_round=2, comparison="difference", **common
    )
    seated_event.refresh_from_db()
    assert seated_event.comparison == "difference"
    assert AuditEntry.objects.filter(event=seated_event, action="rules").exists()


def test_clearing_the_seating_is_refused_once_a_result_is_entered(seated_event, organiser):
    from .helpers import enter_board

    table = Table.objects.filter(round__event=seated_event).first()
    enter_board(table, table.board_set * 2 - 1, organiser)
    with pytest.raises(Refused):
        services.clear_seating(by=SYSTEM, event=seated_event)


def test_a_stranger_cannot_seat_or_configure(seated_event, stranger):
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        services.clear_seating(by=stranger, event=seated_event)


def test_club_night_table_pages_cannot_change_a_duplicate_movement(seated_event, organiser):
    from tournaments.services.tables import add_table, delete_table, edit_table

    table = Table.objects.filter(round__event=seated_event).first()
    players = [seat.player for seat in table.seats.order_by("position")]
    with pytest.raises(Refused):
        add_table(by=organiser, event=seated_event, number=9, players=players)
    with pytest.raises(Refused):
        edit_table(by=organiser, table=table, number=table.number, players=players[::-1])
    with pytest.raises(Refused):
        delete_table(by=organiser, table=table)


@pytest.mark.parametrize(("team_size", "players"), [(5, 20), (8, 32)])
def test_larger_teams_are_seated_apart_and_ranked_on_their_members(
    dup_club, organiser, team_size, players
):
    from tournaments.selectors.duplicate_ranking import duplicate_ranking, team_rows

    from .test_ranking import play_everything

    event = make_duplicate(dup_club, players=players, rounds=2, team_size=team_size)
    for index, registration in enumerate(Registration.objects.filter(event=event).order_by("pk")):
        registration.team = Team.objects.get_or_create(event=event, name=f"T{index // team_size}")[
            0
        ]
        registration.save()
    services.seat_duplicate(by=SYSTEM, event=event)
    assert_mates_apart(event)
    play_everything(event, organiser, seed=5)
    ranked = team_rows(duplicate_ranking(event), event)
    assert len(ranked) == players // team_size
    assert all(len(team.members) == team_size for team in ranked)


def test_a_team_form_the_app_does_not_offer_is_refused_at_its_field(dup_club):
    with pytest.raises(Refused) as refused:
        make_duplicate(dup_club, team_size=9)
    assert refused.value.field == "team_size"


def test_the_scorekeepers_come_back_when_the_seating_is_cleared_and_redone(seated_event, dup_club):
    """Clearing a draw and seating again (a late player, a wrong order) dropped every
    table's scorekeepers: the organiser named them all again, table by table."""
    keepers = {n: make_member(f"marqueur_{n}", dup_club, role="scorekeeper") for n in (1, 3)}
    for number, user in keepers.items():
        services.set_table_scorekeepers(by=SYSTEM, event=seated_event, number=number, users=[user])
    services.clear_seating(by=SYSTEM, event=seated_event)
    assert not Table.objects.filter(round__event=seated_event).exists()
    services.seat_duplicate(by=SYSTEM, event=seated_event, draw=True)
    for table in Table.objects.filter(round__event=seated_event):
        expected = [keepers[table.number]] if table.number in keepers else []
        assert list(table.scorekeepers.all()) == expected, table
    seated_event.refresh_from_db()
    assert seated_event.kept_scorekeepers == {}
