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


# --- no oudler count chosen for the scorekeeper; each message said once ------------------


def test_the_new_hand_form_preselects_no_oudler_count(login, scorekeeper, table4):
    html = login(scorekeeper).get(reverse("hand_new", args=[table4.pk])).content.decode()
    radios = re.findall(r'<input type="radio" name="oudlers"[^>]*>', html)
    assert len(radios) == 4
    assert not [radio for radio in radios if "checked" in radio]


def test_a_preview_without_oudlers_is_not_scored_and_asks_for_them(login, scorekeeper, table4):
    data = hand_data(table4, oudlers=None)
    response = login(scorekeeper).post(reverse("hand_preview", args=[table4.pk]), data)
    assert response.context["preview"]["result"] is None
    assert response.context["form"].has_error("oudlers", "oudlers_missing")
    html = response.content.decode()
    box = re.search(r'<div id="err-oudlers"[^>]*hx-swap-oob="true">(.*?)</div>\s*\n', html, re.S)
    assert box and "Combien de bouts" in box.group(1)
    errors = re.search(r'id="preview-errors">(.*?)</div>', html, re.S).group(1)
    assert 'href="#field-oudlers"' in errors
    assert html.count("Combien de bouts") == 1


def test_a_hand_without_oudlers_is_not_saved(login, scorekeeper, table4):
    data = hand_data(table4, oudlers=None)
    response = login(scorekeeper).post(reverse("hand_new", args=[table4.pk]), data)
    assert response.context["form"].has_error("oudlers", "oudlers_missing")
    assert not Hand.objects.exists()


def test_a_passed_hand_needs_no_oudlers(login, scorekeeper, table4):
    data = hand_data(table4, contract="", taker="", oudlers=None, points="")
    login(scorekeeper).post(reverse("hand_new", args=[table4.pk]), data)
    hand = Hand.objects.get()
    assert hand.passed and hand.oudlers == 0


def test_the_poignee_error_is_at_its_field_once_in_the_preview(login, scorekeeper, table4):
    players = seated(table4)
    poignees = {f"poignee_{players[1].pk}": "triple", f"poignee_{players[2].pk}": "double"}
    data = hand_data(table4, **poignees)
    response = login(scorekeeper).post(reverse("hand_preview", args=[table4.pk]), data)
    html = response.content.decode()
    field = f"poignee_{players[2].pk}"
    box = re.search(rf'<div id="err-{field}"[^>]*hx-swap-oob="true">(.*?)</div>\s*\n', html, re.S)
    assert box and "28 atouts" in box.group(1)
    assert html.count("28 atouts") == 1
    top = re.search(r'<div id="err-__all__"[^>]*>(.*?)</div>\s*$', html, re.S | re.M)
    assert top and "atouts" not in top.group(1)
    errors = re.search(r'id="preview-errors">(.*?)</div>', html, re.S).group(1)
    assert f'href="#field-{field}"' in errors and "Poignées · Chloé" in errors
