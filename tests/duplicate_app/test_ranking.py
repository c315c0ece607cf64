"""The comparison and the ranking of a duplicate event, read from the ledger: checked
against a recomputation of matchpoints written here, from the HandScore rows."""

from __future__ import annotations

import itertools
import random
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from django.urls import reverse

from tournaments.models import Board, EventResult, HandScore, Seat, SpecialResult, Table
from tournaments.selectors.access import SYSTEM
from tournaments.selectors.duplicate_ranking import duplicate_ranking
from tournaments.services.duplicate_results import clear_special_result, set_special_result

from .helpers import enter_board
from .worlds import SharedWorld, World, seated, with_organiser


def play_everything(event, user, seed: int = 7) -> None:
    """Every board at every table, with varied results."""
    rng = random.Random(seed)
    for table in Table.objects.filter(round__event=event).select_related("round__event"):
        for number in range(table.board_set * 2 - 1, table.board_set * 2 + 1):
            enter_board(
                table,
                number,
                user,
                taker=rng.randrange(4),
                contract=rng.choice(["prise", "garde"]),
                oudlers=2,
                points=Decimal(rng.randrange(30, 60)),
            )


def board_percentages(event) -> dict[int, list[Fraction]]:
    """Each player's board percentages from the ledger: per board and orientation, 2
    points per marque beaten and 1 per tie, over 2 (n - 1)."""
    orientation = {
        (s.table_id, s.player_id): s.position
        for s in Seat.objects.filter(table__round__event=event)
    }
    marques: dict[tuple[int, int], list[tuple[int, int]]] = defaultdict(list)
    for row in HandScore.objects.filter(event=event).select_related("hand__board"):
        key = (row.hand.board.number, orientation[(row.table_id, row.player_id)])
        marques[key].append((row.player_id, row.points))
    boards: dict[int, list[Fraction]] = defaultdict(list)
    for compared in marques.values():
        n = len(compared)
        for player, marque in compared:
            points = sum(
                2 if marque > m else 1 if marque == m else 0 for p, m in compared if p != player
            )
            boards[player].append(Fraction(points * 100, 2 * (n - 1)))
    return boards


def recomputed(event) -> dict[int, Decimal]:
    """Session percentages from the ledger (board_percentages): the mean of a player's
    boards, to two decimals."""
    means = {
        player: sum(values, Fraction(0)) / len(values)
        for player, values in board_percentages(event).items()
    }
    return {
        player: (Decimal(mean.numerator) / Decimal(mean.denominator)).quantize(
            Decimal("0.01"), ROUND_HALF_UP
        )
        for player, mean in means.items()
    }


def played_world() -> World:
    """The seated event, its organiser, and every board played at every table by him:
    `played`, as its tests read it (built once for them: the saves are costly)."""
    world = with_organiser(seated())
    play_everything(world["event"], world["organiser"])
    return world


class TestPlayedEvent(SharedWorld):
    build = staticmethod(played_world)

    @pytest.fixture
    def played(self, seated_event):
        return seated_event

    def test_session_percentages_equal_an_independent_recomputation(self, played):
        rows = duplicate_ranking(played)
        expected = recomputed(played)
        assert {row.player_id: row.result for row in rows} == expected
        assert all(len(row.boards) == 10 for row in rows)
        # Ranked by percentage, equal percentages share the rank.
        for before, after in itertools.pairwise(rows):
            assert before.result >= after.result
            assert (before.rank == after.rank) == (before.result == after.result)

    def test_stored_places_follow_the_percentages_not_the_marques(self, played):
        places = dict(EventResult.objects.filter(event=played).values_list("player_id", "rank"))
        assert places == {row.player_id: row.rank for row in duplicate_ranking(played)}

    def test_difference_from_the_average_sums_each_boards_difference(self, played):
        played.comparison = "difference"
        played.save()
        rows = duplicate_ranking(played)
        assert sum(row.result for row in rows) == Decimal(0)  # every board's differences add to 0
        best = rows[0]
        assert best.result == max(row.result for row in rows)

    def test_rulings_give_the_average_plus_and_leave_a_fouled_line_out(self, played, organiser):
        board = Board.objects.get(event=played, number=1)
        table = Table.objects.filter(round__event=played, board_set=1).order_by("round__number")[0]
        north = table.seats.get(position=0).player_id
        set_special_result(
            by=organiser, board=board, table=table, kind="average_plus", orientation=0
        )
        row = next(r for r in duplicate_ranking(played) if r.player_id == north)
        detail = next(d for d in row.boards if d.board_number == 1)
        assert detail.score.special == "average_plus" and detail.score.value == Decimal(60)
        # Fouled at that table: its four players get the average; the others compare among 4.
        set_special_result(by=organiser, board=board, table=table, kind="fouled")
        rows = duplicate_ranking(played)
        others = [
            d for r in rows for d in r.boards if d.board_number == 1 and d.line.table_id != table.pk
        ]
        assert {d.score.of for d in others} == {4}
        special = SpecialResult.objects.get(board=board, table=table, orientation=0)
        clear_special_result(by=organiser, special=special)
        assert SpecialResult.objects.filter(board=board).count() == 1  # the table's remains

    def test_a_fouled_board_concerns_the_whole_table(self, played, organiser):
        from tournaments.errors import Refused

        board = Board.objects.get(event=played, number=1)
        table = Table.objects.filter(round__event=played, board_set=1)[0]
        with pytest.raises(Refused):
            set_special_result(by=organiser, board=board, table=table, kind="fouled", orientation=2)

    def test_rulings_are_for_organisers_and_audited(self, played, organiser, stranger):
        from django.core.exceptions import PermissionDenied

        board = Board.objects.get(event=played, number=1)
        table = Table.objects.filter(round__event=played, board_set=1)[0]
        with pytest.raises(PermissionDenied):
            set_special_result(by=stranger, board=board, table=table, kind="not_played")
        set_special_result(by=SYSTEM, board=board, table=table, kind="not_played")
        from tournaments.models import AuditEntry

        assert AuditEntry.objects.filter(event=played, action="ruling").count() == 1

    def test_ranking_page_shows_two_decimals_with_a_french_comma(self, played, client):
        played.published = True
        played.save()
        response = client.get(reverse("duplicate_ranking", args=[played.pk]))
        assert response.status_code == 200
        best = duplicate_ranking(played)[0]
        assert f"{best.result:.2f}".replace(".", ",") in response.content.decode()

    def test_the_ranking_and_the_traveller_read_a_fixed_number_of_queries(
        self, played, organiser_client, django_assert_max_num_queries, uncached
    ):
        played.published = True
        played.save()
        for url in (
            reverse("duplicate_ranking", args=[played.pk]),
            reverse("duplicate_player", args=[played.pk, Seat.objects.first().player_id]),
            reverse("duplicate_board", args=[played.pk, 3]),
            reverse("duplicate_traveller", args=[played.pk, 3]),
            reverse("duplicate_manage", args=[played.pk]),
            reverse("duplicate_cards", args=[played.pk]),
            reverse("duplicate_scorekeepers", args=[played.pk]),
        ):
            with django_assert_max_num_queries(20):
                assert organiser_client.get(url).status_code == 200


def test_quadrettes_rank_on_the_mean_of_their_members_exact_percentages(dup_club, organiser):
    from fractions import Fraction as F

    from tournaments.models import Registration, Team
    from tournaments.selectors.duplicate_ranking import team_rows
    from tournaments.services import duplicate as services

    from .conftest import make_duplicate

    event = make_duplicate(dup_club, rounds=2, team_size=4)
    for index, registration in enumerate(Registration.objects.filter(event=event).order_by("pk")):
        registration.team = Team.objects.get_or_create(event=event, name=f"Équipe {index // 4}")[0]
        registration.save()
    services.seat_duplicate(by=SYSTEM, event=event)
    play_everything(event, organiser, seed=11)
    rows = duplicate_ranking(event)
    teams = team_rows(rows, event)
    assert len(teams) == 5
    for team in teams:
        assert len(team.members) == 4
        mean = sum((row.exact for row in team.members), F(0)) / 4
        exact = Decimal(mean.numerator) / Decimal(mean.denominator)
        assert team.result == exact.quantize(Decimal("0.01"), ROUND_HALF_UP)
    assert [t.rank for t in teams] == sorted(t.rank for t in teams)
    assert teams[0].result == max(t.result for t in teams)
