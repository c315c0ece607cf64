"""The score sheet (feuille de marque): hands, scores, running totals, zero-sum checks."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.db.models import Sum
from django.urls import reverse

from tournaments.models import Hand, HandScore

from .conftest import assert_login_redirect, hand_data, seated


def test_sheet_lists_hands_scores_and_running_totals(login, scorekeeper, table4, play):
    players = seated(table4)
    play(table4)  # Bruno garde made: Bruno +240
    play(table4, dealer=players[1], taker=players[2], points=Decimal(40))  # Chloé fails by 1: -156
    play(table4, dealer=players[2], contract="", taker=None, oudlers=0, points=Decimal(0))
    response = login(scorekeeper).get(reverse("table_sheet", args=[table4.pk]))
    assert response.status_code == 200
    sheet = response.context["sheet"]
    assert [p.name for p in sheet.players] == ["Anne", "Bruno", "Chloé", "David"]
    assert [[c.points for c in row.cells] for row in sheet.rows] == [
        [-80, 240, -80, -80],
        [52, 52, -156, 52],
        [0, 0, 0, 0],
    ]
    assert [[c.total for c in row.cells] for row in sheet.rows][-1] == [-28, 292, -236, -28]
    assert sheet.totals == [-28, 292, -236, -28]
    assert [row.contract_made for row in sheet.rows] == [True, False, None]
    assert [row.check for row in sheet.rows] == [0, 0, 0]
    html = response.content.decode()
    assert 'class="table table-sm table-bordered table-sheet' in html
    assert 'id="hand-3"' in html
    assert reverse("hand_new", args=[table4.pk]) in html
    assert reverse("hand_edit", args=[Hand.objects.get(number=2).pk]) in html
    totals = re.search(r'<tr class="fw-bold" id="totals">(.*?)</tr>', html, re.S).group(1)
    assert re.findall(r"<td[^>]*>(-?\d+)</td>", totals) == ["-28", "292", "-236", "-28", "0"]


def test_sheet_at_five_shows_partner_and_alone(login, other_scorekeeper, table5, play):
    players = seated(table5)
    play(table5, partner=players[3])
    play(table5, partner=None)
    response = login(other_scorekeeper).get(reverse("table_sheet", args=[table5.pk]))
    sheet = response.context["sheet"]
    assert sheet.shows_partner
    html = response.content.decode()
    assert ">Hugo</td>" in html
    assert [row.cells[1].points for row in sheet.rows] == [160, 320]


def test_every_stored_hand_sums_to_zero(login, scorekeeper, other_scorekeeper, table4, table5):
    four, five = seated(table4), seated(table5)
    entries = [
        (scorekeeper, table4, hand_data(table4)),
        (scorekeeper, table4, hand_data(table4, points="40", petit_au_bout="defence")),
        (scorekeeper, table4, hand_data(table4, contract="", taker="", points="")),
        (
            scorekeeper,
            table4,
            hand_data(table4, oudlers="3", points="40", **{f"poignee_{four[1].pk}": "double"}),
        ),
        (scorekeeper, table4, hand_data(table4, contract="garde_contre", oudlers="0", points="12")),
        (other_scorekeeper, table5, hand_data(table5, partner=five[2].pk, points="40,5")),
        (other_scorekeeper, table5, hand_data(table5, oudlers="1", points="60,5")),
        (
            other_scorekeeper,
            table5,
            hand_data(
                table5,
                oudlers="3",
                points="91",
                chelem_announced="on",
                chelem_made_by="taker",
                partner=five[4].pk,
            ),
        ),
    ]
    for user, table, data in entries:
        response = login(user).post(reverse("hand_new", args=[table.pk]), data)
        assert response.status_code == 302, response.context["form"].errors
    assert Hand.objects.count() == len(entries)
    sums = HandScore.objects.values("hand").annotate(total=Sum("points"))
    assert len(sums) == len(entries)
    assert {row["total"] for row in sums} == {0}
    for user, table in ((scorekeeper, table4), (other_scorekeeper, table5)):
        sheet = login(user).get(reverse("table_sheet", args=[table.pk])).context["sheet"]
        assert all(row.check == 0 for row in sheet.rows) and sheet.total_check == 0


def test_an_unbalanced_hand_is_flagged(login, organiser, table4, play):
    hand = play(table4)
    HandScore.objects.filter(hand=hand, points=240).update(points=241)
    response = login(organiser).get(reverse("table_sheet", args=[table4.pk]))
    assert response.context["sheet"].unbalanced == [1]
    assert "check-bad" in response.content.decode()


@pytest.mark.parametrize("hands", [2, 20])
def test_sheet_queries_do_not_grow_with_hands(
    login, scorekeeper, table4, play, hands, django_assert_max_num_queries
):
    players = seated(table4)
    for i in range(hands):
        play(table4, dealer=players[i % 4], taker=players[(i + 1) % 4])
    client = login(scorekeeper)
    with django_assert_max_num_queries(12):
        response = client.get(reverse("table_sheet", args=[table4.pk]))
    assert len(response.context["sheet"].rows) == hands


def test_sheet_permissions(login, organiser, scorekeeper, other_scorekeeper, stranger, table4):
    url = reverse("table_sheet", args=[table4.pk])
    assert login(scorekeeper).get(url).status_code == 200
    assert login(organiser).get(url).status_code == 200
    assert login(other_scorekeeper).get(url).status_code == 403
    assert login(stranger).get(url).status_code == 403
    assert_login_redirect(login(None).get(url))


def test_table_absolute_url_is_the_sheet(table4):
    assert table4.get_absolute_url() == reverse("table_sheet", args=[table4.pk])
