"""Validating a sheet locks it for scorekeepers, not for organisers, who may reopen it."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tournaments.models import Hand
from tournaments.selectors.access import SYSTEM
from tournaments.services.sheets import validate_sheet

from ..factories import make_member
from .conftest import assert_login_redirect, hand_data


@pytest.fixture
def club_organiser(club) -> User:
    """An organiser of the table's club, with a name to be asked by."""
    user = make_member("marie", club, role="organiser")
    user.first_name, user.last_name = "Marie", "Curie"
    user.save()
    return user


def validate(client, table) -> Any:
    """Press "Validate the sheet", then confirm."""
    url = reverse("table_validate", args=[table.pk])
    assert client.post(url).status_code == 200  # the question
    return client.post(url, {"confirm": "1"})


def test_validating_asks_first_and_says_what_will_happen(
    login, scorekeeper, club_organiser, table4, play
):
    play(table4)
    play(table4)
    response = login(scorekeeper).post(reverse("table_validate", args=[table4.pk]))
    assert response.status_code == 200
    effects = response.content.decode()
    assert 'id="validation-effects"' in effects and 'id="confirm-validate"' in effects
    assert 'name="confirm" value="1"' in effects
    # A club night has no planned count: no warning, only what validating does.
    assert 'id="deal-count-mismatch"' not in effects
    assert "Marie Curie" in effects  # who may reopen it, by name
    assert response.context["preview"].entered == 2
    table4.refresh_from_db()
    assert not table4.is_validated


def test_scorekeeper_validates_and_is_then_locked_out(
    login, scorekeeper, club_organiser, table4, play
):
    hand = play(table4)
    client = login(scorekeeper)
    response = validate(client, table4)
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
    # The sheet says why it is locked and whom to ask.
    lock = sheet.context["lock"]
    # The club's organisers: Marie Curie by name, the suite's organiser by username.
    assert lock.validated_by == "marqueur" and lock.organisers == ["Marie Curie", "orga"]
    assert 'id="sheet-lock"' in html and "Marie Curie" in html
    assert lock.reason in html.replace("&#x27;", "'")

    # A link followed to a hand page leads back to the sheet, saying why.
    for url in (
        reverse("hand_new", args=[table4.pk]),
        reverse("hand_edit", args=[hand.pk]),
        reverse("hand_delete", args=[hand.pk]),
    ):
        followed = client.get(url, follow=True)
        assert followed.redirect_chain == [(table4.get_absolute_url(), 302)]
        assert [m.level_tag for m in followed.context["messages"]] == ["warning"]
        assert followed.context["lock"] == lock  # the sheet says why, and whom to ask
    # A hand sent to a locked sheet: 403, with the same explanation, nothing saved.
    for url, data in (
        (reverse("hand_new", args=[table4.pk]), hand_data(table4)),
        (reverse("hand_edit", args=[hand.pk]), hand_data(table4, version=1)),
        (reverse("hand_delete", args=[hand.pk]), {"version": 1}),
        (reverse("hand_preview", args=[table4.pk]), hand_data(table4)),
    ):
        refused = client.post(url, data)
        assert refused.status_code == 403, url
        assert refused.context["lock"].explanation == lock.explanation
        assert 'id="back-to-sheet"' in refused.content.decode()
    assert client.post(reverse("table_reopen", args=[table4.pk])).status_code == 403
    assert Hand.objects.filter(table=table4).count() == 1
    hand.refresh_from_db()
    assert hand.version == 1


def test_only_the_tables_own_scorekeepers_get_the_explanation(
    login, scorekeeper, other_scorekeeper, stranger, table4, play
):
    """Others were never allowed: for them it stays a plain 403, the sheet's state
    is none of their business."""
    hand = play(table4)
    validate(login(scorekeeper), table4)
    for user in (other_scorekeeper, stranger):
        for url in (reverse("hand_new", args=[table4.pk]), reverse("hand_edit", args=[hand.pk])):
            response = login(user).get(url)
            assert response.status_code == 403
            assert "lock" not in (response.context or {})


def test_a_sheet_validated_while_a_hand_was_typed_says_why(login, scorekeeper, table4, play):
    play(table4)
    client = login(scorekeeper)
    form = client.get(reverse("hand_new", args=[table4.pk]))
    assert form.status_code == 200
    validate_sheet(table=table4, user=SYSTEM)  # meanwhile, from elsewhere
    response = client.post(reverse("hand_new", args=[table4.pk]), hand_data(table4))
    assert response.status_code == 403
    # Nobody known validated it (the command line): the reason says when only.
    assert response.context["lock"].validated_by == ""
    assert Hand.objects.filter(table=table4).count() == 1


def test_organiser_still_edits_a_validated_sheet_and_may_reopen_it(
    login, organiser, scorekeeper, table4, play
):
    hand = play(table4)
    validate(login(scorekeeper), table4)
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
