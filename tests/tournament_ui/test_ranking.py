"""Standings and ranking: public once published, organisers preview; publication; the
Excel workbook."""

from __future__ import annotations

import io

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tournaments.models import Event, HandScore, Registration, Team
from tournaments.selectors.ranking import tournament_ranking


def ranking_url(event) -> str:
    return reverse("tournament_ranking", args=[event.pk])


def test_ranking_404_for_the_public_while_unpublished(
    client, tournament, registered, stranger, scorekeeper
):
    assert client.get(ranking_url(tournament)).status_code == 404
    assert (
        client.get(reverse("tournament_round_results", args=[tournament.pk, 1])).status_code == 404
    )
    for user in (stranger, scorekeeper):
        logged = Client()
        logged.force_login(user)
        assert logged.get(ranking_url(tournament)).status_code == 404


def test_organiser_previews_the_unpublished_ranking(organiser_client, played):
    event = played(2)
    response = organiser_client.get(ranking_url(event))
    assert response.status_code == 200
    assert 'id="preview-banner"' in response.content.decode()


def test_published_ranking_shows_rank_player_club_rounds_and_total(client, played):
    event = played(2)
    event.published = True
    event.save()
    response = client.get(ranking_url(event))
    content = response.content.decode()
    assert response.status_code == 200
    assert 'id="preview-banner"' not in content
    assert response.context["numbers"] == [1, 2]
    lines = response.context["lines"]
    expected = tournament_ranking(event)
    assert [(line.row.player_id, line.row.total) for line in lines] == [
        (r.player_id, r.total) for r in expected
    ]
    first = lines[0]
    assert first.round_totals == [first.row.round_totals.get(1), first.row.round_totals.get(2)]
    assert sum(first.round_totals) == first.row.total
    # Totals come from the ledger: every player's total is the sum of their score rows.
    ledger = sum(
        HandScore.objects.filter(event=event, player_id=first.row.player_id).values_list(
            "points", flat=True
        )
    )
    assert first.row.total == ledger
    assert reverse("player_public", args=[first.row.player_id]) in content
    assert "Tarot Club de Lyon" in content


def test_round_results_are_the_standings_up_to_that_round(client, played):
    event = played(2)
    event.published = True
    event.save()
    response = client.get(reverse("tournament_round_results", args=[event.pk, 1]))
    assert response.status_code == 200
    assert response.context["numbers"] == [1]
    totals = {line.row.player_id: line.row.total for line in response.context["lines"]}
    after_one = {r.player_id: r.total for r in tournament_ranking(event, up_to_round=1)}
    assert totals == after_one
    assert len(response.context["tables"]) == 4
    assert client.get(reverse("tournament_round_results", args=[event.pk, 9])).status_code == 404


def test_team_ranking_in_team_mode(client, tournament, registered, played):
    tournament.team_size = 2
    tournament.save()
    for i in range(0, 16, 2):
        team = Team.objects.create(event=tournament, name=f"Paire {i // 2 + 1}")
        Registration.objects.filter(event=tournament, player__in=registered[i : i + 2]).update(
            team=team
        )
    event = played(1)
    event.published = True
    event.save()
    response = client.get(ranking_url(event))
    teams = response.context["teams"]
    assert len(teams) == 8
    assert all(t.total == sum(m.total for m in t.members) for t in teams)
    assert 'id="team-ranking"' in response.content.decode()


def test_individual_ranking_has_no_team_table(organiser_client, played):
    event = played(1)
    response = organiser_client.get(ranking_url(event))
    assert response.context["teams"] == []
    assert 'id="team-ranking"' not in response.content.decode()


@pytest.mark.parametrize("hands_per_table", [1, 6])
def test_public_ranking_queries_are_bounded(
    client, played, hands_per_table, django_assert_max_num_queries
):
    event = played(hands_per_table)
    Event.objects.filter(pk=event.pk).update(published=True)
    with django_assert_max_num_queries(6):
        response = client.get(ranking_url(event))
    assert response.status_code == 200
    with django_assert_max_num_queries(8):
        client.get(reverse("tournament_round_results", args=[event.pk, 2]))


@pytest.mark.parametrize("hands_per_table", [1, 6])
def test_organiser_ranking_queries_are_bounded(
    organiser_client, played, hands_per_table, django_assert_max_num_queries
):
    event = played(hands_per_table)
    with django_assert_max_num_queries(9):
        organiser_client.get(ranking_url(event))
    with django_assert_max_num_queries(9):
        organiser_client.get(reverse("tournament_manage", args=[event.pk]))


def test_publish_and_unpublish(organiser_client, client, tournament, registered):
    response = organiser_client.post(reverse("tournament_publish", args=[tournament.pk]))
    assert response.url == reverse("tournament_manage", args=[tournament.pk])
    assert Client().get(ranking_url(tournament)).status_code == 200
    organiser_client.post(reverse("tournament_unpublish", args=[tournament.pk]))
    tournament.refresh_from_db()
    assert not tournament.published
    assert Client().get(ranking_url(tournament)).status_code == 404


def test_publish_needs_post(organiser_client, tournament):
    assert (
        organiser_client.get(reverse("tournament_publish", args=[tournament.pk])).status_code == 405
    )
    tournament.refresh_from_db()
    assert not tournament.published


def test_publication_is_for_organisers_only(assert_denied, tournament):
    assert_denied(reverse("tournament_publish", args=[tournament.pk]), "post")
    tournament.refresh_from_db()
    assert not tournament.published
    tournament.published = True
    tournament.save()
    assert_denied(reverse("tournament_unpublish", args=[tournament.pk]), "post")
    tournament.refresh_from_db()
    assert tournament.published


def test_excel_download_is_an_xlsx_openpyxl_loads(organiser_client, played):
    event = played(2)
    response = organiser_client.get(reverse("tournament_export", args=[event.pk]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    )
    assert ".xlsx" in response["Content-Disposition"]
    workbook = load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    ranking = workbook.worksheets[0]
    rows = list(ranking.iter_rows(values_only=True))
    assert len(rows) == 1 + 16


def test_excel_download_is_for_organisers_only_even_when_published(assert_denied, tournament):
    tournament.published = True
    tournament.save()
    assert_denied(reverse("tournament_export", args=[tournament.pk]))


def test_public_ranking_offers_no_download_to_the_public(client, tournament):
    tournament.published = True
    tournament.save()
    content = client.get(ranking_url(tournament)).content.decode()
    assert reverse("tournament_export", args=[tournament.pk]) not in content
