"""'My tables': where a scorekeeper finds the tables to score."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Round
from tournaments.selectors.access import SYSTEM
from tournaments.services.hands import seat_table
from tournaments.services.sheets import validate_sheet

from .conftest import assert_login_redirect, seated


def test_scorekeeper_sees_only_his_tables_with_players_and_hand_count(
    login, scorekeeper, table4, table5, play
):
    play(table4)
    play(table4, dealer=seated(table4)[1])
    response = login(scorekeeper).get(reverse("my_tables"))
    assert response.status_code == 200
    tables = list(response.context["tables"])
    assert tables == [table4]
    assert tables[0].hand_count == 2
    html = response.content.decode()
    assert "Anne, Bruno, Chloé, David" in html
    assert "Emma" not in html
    assert reverse("table_sheet", args=[table4.pk]) in html
    assert reverse("hand_new", args=[table4.pk]) in html


def test_validated_table_is_marked_and_offers_no_new_hand(login, scorekeeper, table4, play):
    play(table4)
    validate_sheet(table=table4, user=scorekeeper)
    response = login(scorekeeper).get(reverse("my_tables"))
    (table,) = response.context["tables"]
    assert table.is_validated
    assert reverse("hand_new", args=[table4.pk]) not in response.content.decode()


def test_table_of_a_locked_round_offers_no_new_hand(login, scorekeeper, table4, play):
    # tournaments.selectors.access.can_score decides; the page only shows its answer.
    play(table4)
    Round.objects.filter(pk=table4.round_id).update(status=Round.Status.LOCKED)
    response = login(scorekeeper).get(reverse("my_tables"))
    assert response.context["scorable"] == set()
    html = response.content.decode()
    assert reverse("table_sheet", args=[table4.pk]) in html
    assert reverse("hand_new", args=[table4.pk]) not in html


def test_organiser_sees_every_table_of_open_rounds(
    login, organiser, club_night, players, table4, table5
):
    locked = Round.objects.create(event=club_night, number=2, status=Round.Status.LOCKED)
    old = seat_table(by=SYSTEM, round=locked, number=1, players=players[:4])
    response = login(organiser).get(reverse("my_tables"))
    tables = list(response.context["tables"])
    assert set(tables) == {table4, table5}
    assert old not in tables


def test_stranger_sees_an_empty_list(login, stranger, table4):
    response = login(stranger).get(reverse("my_tables"))
    assert response.status_code == 200
    assert list(response.context["tables"]) == []


def test_anonymous_is_sent_to_login(login, db):
    assert_login_redirect(login(None).get(reverse("my_tables")))


@pytest.mark.parametrize("count", [1, 8])
def test_my_tables_queries_do_not_grow_with_tables(
    login, organiser, night_round, players, count, django_assert_max_num_queries
):
    for number in range(1, count + 1):
        seat_table(by=SYSTEM, round=night_round, number=number, players=players[:4])
    client = login(organiser)
    with django_assert_max_num_queries(8):
        response = client.get(reverse("my_tables"))
    assert len(response.context["tables"]) == count
