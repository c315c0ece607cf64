"""A team match event through the services and the pages: two quadrettes
seated as the federation plays them (a taker of one team against three of the other,
at two tables playing the same boards at the same time), the boards of a set naming
one taker, and the teams ranked on their members' marques."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from tournaments.errors import Refused
from tournaments.models import Board, Hand, HandScore, Player, Registration, Table, Team
from tournaments.selectors.access import SYSTEM
from tournaments.selectors.duplicate_ranking import duplicate_ranking, team_rows
from tournaments.services import duplicate as services
from tournaments.services.duplicate_results import save_board_result
from tournaments.services.hands import table_seats


def make_match(club, *, teams: int = 2, size: int = 4, rounds: int = 2, **options):
    event = services.create_duplicate(
        by=SYSTEM,
        club=club,
        name="Quadrettes du samedi",
        date=datetime.date(2026, 11, 21),
        rounds_planned=rounds,
        boards_per_round=2,
        team_size=size,
        team_match=True,
        app_deals=False,
        **options,
    )
    for t in range(teams):
        team = Team.objects.create(event=event, name="ABCDEFGH"[t])
        for i in range(size):
            player = Player.objects.create(club=club, name=f"Joueur {'ABCDEFGH'[t]}{i + 1}")
            Registration.objects.create(event=event, player=player, team=team)
    return event


def play_match(event, user, points=lambda table, number: 56) -> None:
    """Boards 1 and 2 (a match of one round) at every table, each board's named taker
    taking a garde with 2 oudlers and `points(table, number)` card points: 56 by
    default, made by 15 everywhere, so that every team's board result is 0."""
    for table in Table.objects.filter(round__event=event).order_by("number"):
        seats = table_seats(table)
        for number in (1, 2):
            board = Board.objects.get(event=event, number=number)
            taker = seats[board.taker].player_id
            hand = Hand(contract="garde", taker_id=taker, oudlers=2, points=points(table, number))
            save_board_result(table=table, board=board, hand=hand, user=user)


def team_of(event) -> dict[int, str]:
    return {
        r.player_id: r.team.name
        for r in Registration.objects.filter(event=event).select_related("team")
    }


def test_team_match_needs_teams_of_three_to_six(dup_club):
    with pytest.raises(Refused) as refused:
        make_match(dup_club, size=0)
    assert refused.value.field == "team_match"


def test_quadrettes_are_seated_team_mates_together_against_a_taker(dup_club):
    event = make_match(dup_club)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    teams = team_of(event)
    boards = {b.number: b.taker for b in Board.objects.filter(event=event)}
    # One taker per set: both boards of a round name the same orientation.
    assert boards[1] == boards[2] and boards[3] == boards[4]
    takers_seen = set()
    for table in Table.objects.filter(round__event=event).select_related("round"):
        assert table.board_set == table.round.number  # every table plays the round's set
        seats = {seat.position: seat.player_id for seat in table_seats(table)}
        taker = seats[boards[2 * table.round.number]]
        takers_seen.add(taker)
        defenders = {teams[p] for o, p in seats.items() if p != taker}
        assert len(defenders) == 1 and teams[taker] not in defenders
    assert Table.objects.filter(round__event=event).count() == 4
    assert len(takers_seen) == 4  # members take in turn: two per team over two rounds


def test_triplettes_need_groups_of_four_teams(dup_club):
    event = make_match(dup_club, teams=2, size=3)
    with pytest.raises(Refused):
        services.seat_duplicate(by=SYSTEM, event=event, draw=False)


def test_the_teams_are_ranked_on_their_members_marques(dup_club, organiser, organiser_client):
    event = make_match(dup_club, rounds=1)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    teams = team_of(event)
    for table in Table.objects.filter(round__event=event).order_by("number"):
        seats = table_seats(table)
        for number in (1, 2):
            board = Board.objects.get(event=event, number=number)
            taker = seats[board.taker].player_id
            # The first table's taker makes his garde, the second's fails it.
            points = Decimal(56) if table.number == 1 else Decimal(30)
            hand = Hand(contract="garde", taker_id=taker, oudlers=2, points=points)
            save_board_result(table=table, board=board, hand=hand, user=organiser)
    sums: dict[str, int] = {}
    for score in HandScore.objects.filter(hand__table__round__event=event):
        sums[teams[score.player_id]] = sums.get(teams[score.player_id], 0) + score.points
    assert sums["A"] == -sums["B"] > 0  # A's taker made it, B's failed
    rows = team_rows(duplicate_ranking(event), event)
    # Two teams: the winner beats the other on both boards (100 %), the loser 0 %.
    assert [(row.name, row.result, row.rank) for row in rows] == [
        ("A", Decimal("100.00"), 1),
        ("B", Decimal("0.00"), 2),
    ]
    event.comparison = event.Comparison.DIFFERENCE
    event.save(update_fields=["comparison"])
    rows = team_rows(duplicate_ranking(event), event)
    assert [row.result for row in rows] == [Decimal(sums["A"]), Decimal(sums["B"])]
    page = organiser_client.get(reverse("duplicate_ranking", args=[event.pk]))
    assert b'id="teams-heading"' in page.content


@pytest.mark.parametrize("size", [5, 6])
def test_every_member_of_a_team_of_5_or_6_takes_in_turn_and_his_card_says_when(
    dup_club, organiser_client, size
):
    """Over as many rounds as members, each member of each team takes once (with teams
    of 5 a third of the players never took), and his movement card says which round."""
    event = make_match(dup_club, size=size, rounds=size)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    takers = {b.number: b.taker for b in Board.objects.filter(event=event)}
    takes: dict[int, list[int]] = {
        r.player_id: [] for r in Registration.objects.filter(event=event)
    }
    for table in Table.objects.filter(round__event=event).select_related("round"):
        seats = {seat.position: seat.player_id for seat in table_seats(table)}
        takes[seats[takers[2 * table.round.number]]].append(table.round.number)
    assert sorted(len(rounds) for rounds in takes.values()) == [1] * (2 * size), takes

    cards = organiser_client.get(reverse("duplicate_cards", args=[event.pk]))
    html = cards.content.decode()
    names = dict(Player.objects.filter(registrations__event=event).values_list("pk", "name"))
    for player, (round_number,) in takes.items():
        card = html.split(f'<h3 class="h6 mb-1">{names[player]}</h3>', 1)[1].split("</section>")[0]
        rows = card.split("<tr>")[1:]
        assert ["takes" in row for row in rows] == [n == round_number for n in range(1, size + 1)]


def test_the_organisers_pages_of_a_team_match(dup_club, organiser_client):
    event = make_match(dup_club, teams=4, rounds=3)
    services.seat_duplicate(by=SYSTEM, event=event, draw=True)
    # Four teams, two matches a round: four tables play the round's set at once.
    assert Table.objects.filter(round__event=event, round__number=1).count() == 4
    for name in (
        "duplicate_manage",
        "duplicate_boards_print",
        "duplicate_diagrams",
        "duplicate_cards",
        "duplicate_export",
        "duplicate_ranking",
    ):
        response = organiser_client.get(reverse(name, args=[event.pk]))
        assert response.status_code == 200, name
    traveller = organiser_client.get(reverse("duplicate_traveller", args=[event.pk, 1]))
    assert traveller.status_code == 200
    assert len(traveller.context["info"].lines) == 4


def test_an_arbiters_ruling_changes_the_team_match_result(dup_club, organiser):
    """Four quadrettes, one round of boards 1 and 2, every taker makes a garde by 15
    (+240 for him, -80 for each of the three defenders): every team's board result is
    0 (its taker's +240 at one table, its three defenders' -240 at the other), all tie
    at 50 %. An "average plus" for one player on board 1 gives his team 60 % there (it
    leaves the comparison; the three others still tie at 50 %): (60 + 50) / 2 = 55.00;
    in total (difference) +25 against 0."""
    from tournaments.models import SpecialResult
    from tournaments.selectors.duplicate_stored import stored_ranking
    from tournaments.services.duplicate_results import set_special_result

    event = make_match(dup_club, teams=4, rounds=1)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    teams = team_of(event)
    tables = list(Table.objects.filter(round__event=event).order_by("number"))
    assert len(tables) == 4
    play_match(event, organiser)
    before = team_rows(duplicate_ranking(event), event)
    assert {(row.result, row.rank) for row in before} == {(Decimal("50.00"), 1)}
    ruled = table_seats(tables[0])[0].player_id
    set_special_result(
        by=organiser,
        board=Board.objects.get(event=event, number=1),
        table=tables[0],
        kind=SpecialResult.Kind.AVERAGE_PLUS,
        orientation=0,
    )
    winner = teams[ruled]
    expected = sorted(
        (name, Decimal("55.00") if name == winner else Decimal("50.00")) for name in "ABCD"
    )
    for rows in (duplicate_ranking(event), stored_ranking(event)):
        found = team_rows(rows, event)
        assert sorted((row.name, row.result) for row in found) == expected
        assert found[0].name == winner and found[0].rank == 1
        assert {row.rank for row in found[1:]} == {2}
    services.update_duplicate(
        by=organiser,
        event=event,
        name=event.name,
        date=event.date,
        rules_name=event.rules_name,
        rounds_planned=event.rounds_planned,
        boards_per_round=event.deals_per_round,
        comparison=event.Comparison.DIFFERENCE,
        team_size=event.team_size,
        app_deals=event.app_deals,
    )
    event.refresh_from_db()
    for rows in (duplicate_ranking(event), stored_ranking(event)):
        found = team_rows(rows, event)
        assert sorted((row.name, row.result) for row in found) == sorted(
            (name, Decimal("25.00") if name == winner else Decimal("0.00")) for name in "ABCD"
        )


def test_a_taker_moved_onto_the_defending_team_is_refused_at_the_field(dup_club, organiser_client):
    """Every table of a team match's round seats the taking team's player where the
    boards name the taker: anywhere else sits a team-mate of the three defenders."""
    import uuid

    event = make_match(dup_club)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    board = Board.objects.get(event=event, number=1)
    response = organiser_client.post(
        reverse("duplicate_board_roles", args=[event.pk, 1]),
        {
            "taker": str((board.taker + 1) % 4),
            "dealer": str(board.dealer),
            "contract": "",
            "submission_key": str(uuid.uuid4()),
        },
    )
    assert response.status_code == 200
    errors = response.context["roles_form"].errors["taker"]
    assert "coéquipiers" in errors[0], errors
    board.refresh_from_db()
    assert board.taker == Board.objects.get(event=event, number=2).taker
    # The dealer may still change before play: a team match names its taker only.
    services.set_board_roles(
        by=SYSTEM, board=board, taker=board.taker, dealer=(board.dealer + 1) % 4
    )
