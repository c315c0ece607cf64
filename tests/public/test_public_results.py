"""Club night results: ranking from the ledger, ties, visibility, query bounds."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Event, Table
from tournaments.selectors.standings import event_standings

# (rank, name, total, hands, taken, won), worked out by hand in conftest.py
EXPECTED = [
    (1, "Bruno", 225, 4, 1, 1),
    (2, "Emma", 135, 3, 1, 1),
    (3, "Fabien", 55, 3, 0, 0),
    (4, "Anne", 5, 4, 1, 1),
    (4, "David", 5, 4, 1, 1),
    (6, "Gaëlle", -30, 3, 1, 1),
    (7, "Hugo", -55, 3, 0, 0),
    (8, "Inès", -105, 3, 0, 0),
    (9, "Chloé", -235, 4, 1, 0),
]


def as_tuples(rows) -> list[tuple]:
    return [(r.rank, r.name, r.total, r.hands, r.taken, r.won) for r in rows]


def test_standings_match_the_hand_computed_ranking(played_night):
    assert as_tuples(event_standings(played_night)) == EXPECTED


def test_standings_total_is_zero_sum(played_night):
    assert sum(r.total for r in event_standings(played_night)) == 0


def test_equal_totals_share_the_rank_and_are_listed_by_name(played_night):
    tied = [r for r in event_standings(played_night) if r.total == 5]
    assert [(r.rank, r.name) for r in tied] == [(4, "Anne"), (4, "David")]


def test_standings_are_one_query(played_night, django_assert_num_queries):
    with django_assert_num_queries(1):
        event_standings(played_night)


def test_a_dealer_sitting_out_has_not_played_the_hand(club_night, table5, players, enter):
    Table.objects.filter(pk=table5.pk).update(five_mode=Table.FiveMode.DEALER_OUT)
    emma, fabien = players[4:6]
    enter(table5, emma, fabien, "garde", 2, 56)  # Emma deals and sits out
    rows = {r.name: r for r in event_standings(club_night)}
    assert (rows["Emma"].hands, rows["Emma"].total) == (0, 0)
    assert (rows["Fabien"].hands, rows["Fabien"].total) == (1, 240)
    assert rows["Gaëlle"].hands == 1


def test_results_page_shows_the_ranking_to_anyone(client, played_night):
    response = client.get(reverse("event_results", args=[played_night.pk]))
    assert response.status_code == 200
    table = response.context["standings"]
    assert [row.record.name for row in table.rows] == [e[1] for e in EXPECTED]
    html = response.content.decode()
    assert "+225" in html and "-235" in html
    assert reverse("player_public", args=[table.rows[0].record.player_id]) in html


def test_results_are_sortable_by_hands(client, played_night):
    response = client.get(reverse("event_results", args=[played_night.pk]), {"sort": "-hands"})
    hands = [row.record.hands for row in response.context["standings"].rows]
    assert hands == sorted(hands, reverse=True)


def test_results_page_with_no_hand_says_so(client, club_night):
    Event.objects.filter(pk=club_night.pk).update(published=True)
    response = client.get(reverse("event_results", args=[club_night.pk]))
    assert response.status_code == 200
    assert len(response.context["standings"].rows) == 0


@pytest.mark.parametrize("who", [None, "scorekeeper", "stranger"])
def test_results_of_an_unpublished_event_are_404(club_night, table4, who, request):
    client = Client()
    if who:
        client.force_login(request.getfixturevalue(who))
    assert client.get(reverse("event_results", args=[club_night.pk])).status_code == 404


def test_organiser_sees_results_of_an_unpublished_event(client, organiser, played_night):
    Event.objects.filter(pk=played_night.pk).update(published=False)
    client.force_login(organiser)
    response = client.get(reverse("event_results", args=[played_night.pk]))
    assert response.status_code == 200
    assert as_tuples(response.context["standings"].rows[i].record for i in range(9)) == EXPECTED


def test_results_of_unknown_event_are_404(client, db):
    assert client.get(reverse("event_results", args=[12345])).status_code == 404


@pytest.mark.parametrize("hands", [2, 20])
def test_results_page_queries_do_not_grow_with_hands(
    client, club_night, table4, table5, many_hands, hands, django_assert_max_num_queries
):
    Event.objects.filter(pk=club_night.pk).update(published=True)
    many_hands(table4, hands)
    many_hands(table5, hands)
    with django_assert_max_num_queries(3):
        response = client.get(reverse("event_results", args=[club_night.pk]))
    assert sum(row.record.hands for row in response.context["standings"].rows) == 9 * hands
