"""The live preview: the engine's scores as the form is filled, never a write."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.models import Hand, HandScore

from .conftest import assert_login_redirect, hand_data, seated


def score_cells(html: str) -> dict[str, str]:
    """Player name -> score shown in the preview."""
    cells = re.findall(
        r'data-player="\d+">.*?<span class="player-name">([^<]+)</span>'
        r'.*?<span class="fw-bold score[^"]*">([^<]+)</span>',
        html,
        flags=re.S,
    )
    return {name.strip(): score.strip() for name, score in cells}


def test_garde_two_oudlers_56_points_shows_240_and_minus_80(login, scorekeeper, table4):
    response = login(scorekeeper).post(reverse("hand_preview", args=[table4.pk]), hand_data(table4))
    assert response.status_code == 200
    html = response.content.decode()
    assert score_cells(html) == {"Anne": "+240", "Bruno": "-80", "Chloé": "-80", "David": "-80"}
    result = response.context["preview"]["result"]
    assert (result.made, result.margin, result.value) == (True, 15, 80)
    # A partial, not a page.
    assert "<html" not in html


def test_preview_never_writes(login, scorekeeper, table4):
    login(scorekeeper).post(reverse("hand_preview", args=[table4.pk]), hand_data(table4))
    assert not Hand.objects.exists()
    assert not HandScore.objects.exists()
    assert not Hand.history.exists()


def test_preview_of_an_edit_leaves_the_stored_hand_alone(login, scorekeeper, table4, play):
    hand = play(table4)
    data = hand_data(table4, contract="garde_contre", version=1)
    response = login(scorekeeper).post(reverse("hand_preview", args=[table4.pk]), data)
    assert score_cells(response.content.decode())["Anne"] == "+720"
    hand.refresh_from_db()
    assert (hand.contract, hand.version) == ("garde", 1)
    assert sorted(hand.scores.values_list("points", flat=True)) == [-80, -80, -80, 240]


def test_preview_shows_failed_contract_margin_and_derived_points(login, scorekeeper, table4):
    data = hand_data(table4, points="51", points_camp="defence")  # taker camp 40
    response = login(scorekeeper).post(reverse("hand_preview", args=[table4.pk]), data)
    result = response.context["preview"]["result"]
    assert (result.made, result.margin) == (False, 1)
    html = response.content.decode()
    assert score_cells(html)["Anne"] == "-156"
    assert "40" in html and "51" in html


def test_preview_sends_engine_errors_to_their_fields_out_of_band(login, scorekeeper, table4):
    data = hand_data(table4, oudlers="3", points="5")
    response = login(scorekeeper).post(reverse("hand_preview", args=[table4.pk]), data)
    assert response.status_code == 200
    html = response.content.decode()
    assert response.context["preview"]["result"] is None
    box = re.search(r'<div id="err-points"[^>]*hx-swap-oob="true">(.*?)</div>\s*\n', html, re.S)
    assert box and "13,5" in box.group(1)
    # The other fields' error boxes are sent too, empty, so stale errors disappear.
    assert re.search(r'<div id="err-taker"[^>]*hx-swap-oob="true"></div>', html)
    assert 'id="err-__all__"' in html


def test_preview_of_a_form_error_lists_it(login, scorekeeper, table4):
    data = hand_data(table4, points="douze")
    response = login(scorekeeper).post(reverse("hand_preview", args=[table4.pk]), data)
    assert response.context["form"].has_error("points", "not_a_number")
    assert 'id="preview-errors"' in response.content.decode()


def test_preview_at_five_shows_the_partner_share(login, other_scorekeeper, table5):
    players = seated(table5)
    data = hand_data(table5, partner=players[2].pk)
    response = login(other_scorekeeper).post(reverse("hand_preview", args=[table5.pk]), data)
    cells = score_cells(response.content.decode())
    assert cells == {"Emma": "+160", "Fabien": "-80", "Gaëlle": "+80", "Hugo": "-80", "Inès": "-80"}


def test_preview_is_post_only(login, scorekeeper, table4):
    response = login(scorekeeper).get(reverse("hand_preview", args=[table4.pk]))
    assert response.status_code == 405


@pytest.mark.parametrize("who", ["other_scorekeeper", "stranger"])
def test_preview_refused_to_those_who_may_not_score(request, login, table4, who):
    user = request.getfixturevalue(who)
    response = login(user).post(reverse("hand_preview", args=[table4.pk]), hand_data(table4))
    assert response.status_code == 403


def test_preview_for_organiser_and_anonymous(login, organiser, table4):
    url = reverse("hand_preview", args=[table4.pk])
    assert login(organiser).post(url, hand_data(table4)).status_code == 200
    assert_login_redirect(login(None).post(url, hand_data(table4)))
