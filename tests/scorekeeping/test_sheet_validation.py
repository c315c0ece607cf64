"""Validating a sheet locks it for scorekeepers, not for organisers, who may reopen it."""

from __future__ import annotations

from django.urls import reverse

from tournaments.models import Hand

from .conftest import assert_login_redirect, hand_data


def test_scorekeeper_validates_and_is_then_locked_out(login, scorekeeper, table4, play):
    hand = play(table4)
    client = login(scorekeeper)
    response = client.post(reverse("table_validate", args=[table4.pk]))
    assert response.status_code == 302
    table4.refresh_from_db()
    assert table4.is_validated and table4.validated_by == scorekeeper

    sheet = client.get(reverse("table_sheet", args=[table4.pk]))
    assert sheet.status_code == 200
    html = sheet.content.decode()
    assert reverse("hand_new", args=[table4.pk]) not in html
    assert reverse("hand_edit", args=[hand.pk]) not in html
    assert reverse("hand_delete", args=[hand.pk]) not in html
    assert 'id="validate-sheet"' not in html and 'id="reopen-sheet"' not in html

    assert client.get(reverse("hand_new", args=[table4.pk])).status_code == 403
    assert client.post(reverse("hand_new", args=[table4.pk]), hand_data(table4)).status_code == 403
    edit = client.post(reverse("hand_edit", args=[hand.pk]), hand_data(table4, version=1))
    assert edit.status_code == 403
    assert client.post(reverse("hand_delete", args=[hand.pk]), {"version": 1}).status_code == 403
    assert (
        client.post(reverse("hand_preview", args=[table4.pk]), hand_data(table4)).status_code == 403
    )
    assert client.post(reverse("table_reopen", args=[table4.pk])).status_code == 403
    assert Hand.objects.filter(table=table4).count() == 1
    hand.refresh_from_db()
    assert hand.version == 1


def test_organiser_still_edits_a_validated_sheet_and_may_reopen_it(
    login, organiser, scorekeeper, table4, play
):
    hand = play(table4)
    login(scorekeeper).post(reverse("table_validate", args=[table4.pk]))
    client = login(organiser)
    html = client.get(reverse("table_sheet", args=[table4.pk])).content.decode()
    assert reverse("hand_edit", args=[hand.pk]) in html
    assert 'id="reopen-sheet"' in html
    response = client.post(reverse("hand_new", args=[table4.pk]), hand_data(table4))
    assert response.status_code == 302
    assert client.post(reverse("table_reopen", args=[table4.pk])).status_code == 302
    table4.refresh_from_db()
    assert not table4.is_validated
    assert login(scorekeeper).get(reverse("hand_new", args=[table4.pk])).status_code == 200


def test_validate_and_reopen_refuse_others(login, other_scorekeeper, stranger, table4):
    for name in ("table_validate", "table_reopen"):
        url = reverse(name, args=[table4.pk])
        assert login(other_scorekeeper).post(url).status_code == 403
        assert login(stranger).post(url).status_code == 403
        assert_login_redirect(login(None).post(url))
    table4.refresh_from_db()
    assert not table4.is_validated


def test_validate_is_post_only(login, scorekeeper, table4):
    response = login(scorekeeper).get(reverse("table_validate", args=[table4.pk]))
    assert response.status_code == 405
    table4.refresh_from_db()
    assert not table4.is_validated
