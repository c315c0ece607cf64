"""Tournament ranking: totals per round from the ledger, documented tie-breaks."""

from __future__ import annotations

import pytest

from tournaments.models import Registration, Round, Team
from tournaments.selectors.access import SYSTEM
from tournaments.selectors.ranking import (
    RankingRow,
    assign_ranks,
    team_ranking,
    tournament_ranking,
)
from tournaments.services.hands import seat_table

from ..factories import store_hand


def row(name: str, total: int, rounds: dict[int, int] | None = None, won: int = 0) -> RankingRow:
    return RankingRow(
        player_id=hash(name),
        name=name,
        club="",
        team=None,
        round_totals=rounds or {1: total},
        total=total,
        contracts_won=won,
    )


def test_ranking_is_by_total_decreasing():
    ranked = assign_ranks([row("A", 10), row("B", 300), row("C", -50)])
    assert [(r.rank, r.name) for r in ranked] == [(1, "B"), (2, "A"), (3, "C")]


def test_equal_totals_are_split_by_the_best_round():
    ranked = assign_ranks([row("A", 100, {1: 50, 2: 50}), row("B", 100, {1: 160, 2: -60})])
    assert [(r.rank, r.name) for r in ranked] == [(1, "B"), (2, "A")]


def test_then_by_contracts_won():
    ranked = assign_ranks([row("A", 100, won=1), row("B", 100, won=3)])
    assert [(r.rank, r.name) for r in ranked] == [(1, "B"), (2, "A")]


def test_players_equal_on_every_criterion_share_the_rank_listed_by_name():
    ranked = assign_ranks([row("Zoé", 5), row("Anne", 5), row("Max", 90), row("Eve", -5)])
    assert [(r.rank, r.name) for r in ranked] == [(1, "Max"), (2, "Anne"), (2, "Zoé"), (4, "Eve")]


def test_team_ranking_adds_members_totals():
    a, b, c, d = row("A", 10), row("B", 20), row("C", 50), row("D", -40)
    a.team = b.team = "Pairs 1"
    c.team = d.team = "Pairs 2"
    teams = team_ranking([a, b, c, d])
    assert [(t.rank, t.name, t.total) for t in teams] == [(1, "Pairs 1", 30), (2, "Pairs 2", 10)]


@pytest.fixture
def tournament(club_night, players, organiser):
    club_night.kind = club_night.Kind.TOURNAMENT
    club_night.rounds_planned = 2
    club_night.save()
    team = Team.objects.create(event=club_night, name="Les Rois")
    for i, player in enumerate(players[:8]):
        Registration.objects.create(
            event=club_night, player=player, team=team if i in (0, 4) else None
        )
    return club_night


def test_tournament_ranking_has_a_total_per_round(tournament, players, organiser):
    for number in (1, 2):
        round_ = Round.objects.create(event=tournament, number=number)
        table = seat_table(by=SYSTEM, round=round_, number=1, players=players[:4])
        # Round 1: Anne takes a garde made by 15 (+240); round 2: Bruno, prise failed by 1.
        if number == 1:
            store_hand(table, organiser, taker=players[0])
        else:
            store_hand(table, organiser, taker=players[1], contract="prise", points=40)
    ranked = tournament_ranking(tournament)
    by_name = {r.name: r for r in ranked}
    assert by_name["Anne"].round_totals == {1: 240, 2: 26}
    assert by_name["Anne"].total == 266
    assert by_name["Bruno"].round_totals == {1: -80, 2: -78}
    assert by_name["Anne"].rank == 1
    # Registered players who have not played yet are listed with 0.
    assert by_name["Hugo"].total == 0 and by_name["Hugo"].round_totals == {}
    assert sum(r.total for r in ranked) == 0
    first_round = {r.name: r.total for r in tournament_ranking(tournament, up_to_round=1)}
    assert first_round["Anne"] == 240


def test_ranking_query_count_does_not_grow_with_hands(
    tournament, players, organiser, django_assert_max_num_queries
):
    round_ = Round.objects.create(event=tournament, number=1)
    table = seat_table(by=SYSTEM, round=round_, number=1, players=players[:4])
    for count in (2, 20):
        while table.hands.count() < count:
            store_hand(table, organiser, points=60)
        with django_assert_max_num_queries(2):
            ranked = tournament_ranking(tournament)
        assert len(ranked) == 8
