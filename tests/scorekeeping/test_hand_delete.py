"""Deleting a hand: a confirmation page, the version, and a history record."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Hand, HandScore

from .conftest import assert_login_redirect


def test_delete_asks_for_confirmation_showing_the_scores(login, scorekeeper, table4, play):
    hand = play(table4)
    response = login(scorekeeper).get(reverse("hand_delete", args=[hand.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "+240" in html and 'name="version" value="1"' in html
    assert Hand.objects.filter(pk=hand.pk).exists()


def test_confirmed_delete_removes_hand_and_scores_and_keeps_history(
    login, scorekeeper, table4, play
):
    hand = play(table4)
    response = login(scorekeeper).post(reverse("hand_delete", args=[hand.pk]), {"version": 1})
    assert response.status_code == 302
    assert response.url == reverse("table_sheet", args=[table4.pk])
    assert not Hand.objects.filter(pk=hand.pk).exists()
    assert not HandScore.objects.filter(hand_id=hand.pk).exists()
    record = Hand.history.filter(id=hand.pk).latest("history_date")
    assert record.history_type == "-"
    assert record.history_user == scorekeeper


def test_delete_without_version_is_refused(login, scorekeeper, table4, play):
    hand = play(table4)
    response = login(scorekeeper).post(reverse("hand_delete", args=[hand.pk]), {})
    assert response.status_code == 200
    assert response.context["form"].has_error("version")
    assert Hand.objects.filter(pk=hand.pk).exists()


def test_delete_from_an_old_version_shows_the_conflict_and_keeps_the_hand(
    login, scorekeeper, organiser, table4, play
):
    hand = play(table4)
    play_edit = login(organiser).post(
        reverse("hand_edit", args=[hand.pk]),
        {
            "dealer": hand.dealer_id,
            "contract": "prise",
            "taker": hand.taker_id,
            "oudlers": "2",
            "points": "56",
            "version": 1,
        },
    )
    assert play_edit.status_code == 302
    response = login(scorekeeper).post(reverse("hand_delete", args=[hand.pk]), {"version": 1})
    assert response.status_code == 409
    assert response.context["conflict"]["current"].version == 2
    assert 'name="version" value="2"' in response.content.decode()
    assert "+120" in response.content.decode()  # the current version's scores
    assert Hand.objects.filter(pk=hand.pk, version=2).exists()
    # Confirming again deletes the current version.
    again = login(scorekeeper).post(reverse("hand_delete", args=[hand.pk]), {"version": 2})
    assert again.status_code == 302
    assert not Hand.objects.filter(pk=hand.pk).exists()


@pytest.mark.parametrize("method", ["get", "post"])
def test_delete_permissions(login, organiser, other_scorekeeper, stranger, table4, play, method):
    hand = play(table4)
    url = reverse("hand_delete", args=[hand.pk])
    assert getattr(login(other_scorekeeper), method)(url, {"version": 1}).status_code == 403
    assert getattr(login(stranger), method)(url, {"version": 1}).status_code == 403
    assert_login_redirect(getattr(login(None), method)(url, {"version": 1}))
    assert Hand.objects.filter(pk=hand.pk).exists()
    expected = 200 if method == "get" else 302
    assert getattr(login(organiser), method)(url, {"version": 1}).status_code == expected
