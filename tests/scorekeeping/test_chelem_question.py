"""Impossible hands refused at the right field; 91 or 0 points without a chelem
asks "chelem?" in the preview and needs a "no chelem" tick to be saved."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments.models import Hand

from .conftest import hand_data, seated

# English pages, so that the texts below read as written (French is the default).
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def preview(client, table, **changes):
    url = reverse("hand_preview", args=[table.pk])
    return client.post(url, hand_data(table, **changes), **EN)


def save(client, table, **changes):
    return client.post(reverse("hand_new", args=[table.pk]), hand_data(table, **changes), **EN)


# --- impossible hands, at the field to fix ---------------------------------------


@pytest.mark.parametrize(
    ("changes", "field", "text"),
    [
        # The hand: garde, 2 oudlers, 40 points, chelem announced and made.
        (
            {"points": "40", "chelem_announced": "on", "chelem_made_by": "taker"},
            "chelem_made_by",
            "at least 87 points",
        ),
        (
            {"oudlers": "1", "points": "51", "chelem_made_by": "defence"},
            "chelem_made_by",
            "at most 23",
        ),
        ({"oudlers": "0", "points": "40", "petit_au_bout": "taker"}, "petit_au_bout", "1 oudler"),
        ({"oudlers": "3", "points": "40", "petit_au_bout": "defence"}, "petit_au_bout", "all 3"),
        (
            {
                "contract": "garde_contre",
                "oudlers": "0",
                "points": "0",
                "chelem_made_by": "defence",
                "petit_au_bout": "taker",
            },
            "petit_au_bout",
            "took every trick",
        ),
    ],
)
def test_impossible_hand_is_shown_at_its_field_and_not_saved(
    login, scorekeeper, table4, changes, field, text
):
    client = login(scorekeeper)
    response = preview(client, table4, **changes)
    assert response.context["preview"]["result"] is None
    form = response.context["form"]
    assert list(form.errors) == [field]
    assert text in form.errors[field][0]
    assert f'id="err-{field}"' in response.content.decode()
    response = save(client, table4, **changes)
    assert response.status_code == 200
    assert list(response.context["form"].errors) == [field]
    assert not Hand.objects.exists()


def test_taker_chelem_with_87_points_and_2_oudlers_is_saved(login, scorekeeper, table4):
    response = save(
        login(scorekeeper), table4, points="87", chelem_announced="on", chelem_made_by="taker"
    )
    assert response.status_code == 302
    hand = Hand.objects.get(table=table4)
    assert (hand.points, hand.oudlers, hand.chelem_made_by) == (Decimal(87), 2, "taker")


# --- "chelem?" ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "question"),
    [
        ({"oudlers": "3", "points": "91"}, "91 points: did the taker camp take every trick?"),
        (
            {"oudlers": "3", "points": "0", "points_camp": "defence"},
            "91 points: did the taker camp take every trick?",
        ),
        ({"oudlers": "0", "points": "0"}, "0 points: did the defence take every trick?"),
    ],
)
def test_preview_of_91_or_0_points_without_chelem_asks_chelem_and_still_scores(
    login, scorekeeper, table4, changes, question
):
    response = preview(login(scorekeeper), table4, **changes)
    html = response.content.decode()
    assert response.context["preview"]["result"] is not None
    assert question in html
    assert 'id="preview-chelem-question"' in html
    # The tick comes with the question, swapped in next to the chelem field.
    assert 'id="chelem-question" aria-live="polite" hx-swap-oob="true"' in html
    assert 'name="no_chelem"' in html


@pytest.mark.parametrize(
    "changes",
    [
        {},  # 56 points
        {"oudlers": "3", "points": "91", "chelem_made_by": "taker"},
        {"oudlers": "3", "points": "90"},
        {"contract": "", "taker": "", "points": ""},  # all passed: no points at all
    ],
)
def test_no_question_otherwise(login, scorekeeper, table4, changes):
    html = preview(login(scorekeeper), table4, **changes).content.decode()
    assert "every trick" not in html
    assert 'name="no_chelem"' not in html


def test_saving_91_points_without_chelem_asks_and_keeps_everything_typed(
    login, scorekeeper, table4
):
    players = seated(table4)
    poignee = f"poignee_{players[2].pk}"
    changes = {"oudlers": "3", "points": "91", "chelem_announced": "on", poignee: "simple"}
    response = save(login(scorekeeper), table4, **changes)
    assert response.status_code == 200
    assert not Hand.objects.exists()
    form = response.context["form"]
    assert list(form.errors) == ["chelem_made_by"]
    assert "did the taker camp take every trick?" in form.errors["chelem_made_by"][0]
    assert "No chelem" in form.errors["chelem_made_by"][0]
    html = response.content.decode()
    # The question at the chelem field, with its tick, and the scores still shown.
    assert html.index('id="err-chelem_made_by"') < html.index('id="chelem-question"')
    assert 'name="no_chelem"' in html
    assert response.context["preview"]["result"] is not None
    # What was typed is still there.
    assert 'name="points" value="91"' in html
    assert form[poignee].value() == "simple"
    assert form["chelem_announced"].value() is True


def test_saving_91_points_with_the_no_chelem_tick_saves(login, scorekeeper, table4):
    response = save(login(scorekeeper), table4, oudlers="3", points="91", no_chelem="on")
    assert response.status_code == 302
    hand = Hand.objects.get(table=table4)
    assert (hand.points, hand.chelem_made_by) == (Decimal(91), "")


def test_saving_0_points_needs_the_tick_too(login, scorekeeper, table4):
    client = login(scorekeeper)
    response = save(client, table4, oudlers="0", points="0")
    assert response.status_code == 200
    assert (
        "did the defence take every trick?" in response.context["form"].errors["chelem_made_by"][0]
    )
    assert not Hand.objects.exists()
    response = save(client, table4, oudlers="0", points="0", no_chelem="on")
    assert response.status_code == 302


def test_choosing_the_chelem_instead_saves_it(login, scorekeeper, table4):
    response = save(login(scorekeeper), table4, oudlers="3", points="91", chelem_made_by="taker")
    assert response.status_code == 302
    assert Hand.objects.get(table=table4).chelem_made_by == "taker"


def test_editing_a_hand_to_91_points_asks_too(login, scorekeeper, table4, play):
    hand = play(table4)
    client = login(scorekeeper)
    data = hand_data(table4, oudlers="3", points="91", version=1)
    response = client.post(reverse("hand_edit", args=[hand.pk]), data, **EN)
    assert response.status_code == 200
    hand.refresh_from_db()
    assert (hand.points, hand.version) == (Decimal(56), 1)
    response = client.post(reverse("hand_edit", args=[hand.pk]), {**data, "no_chelem": "on"}, **EN)
    assert response.status_code == 302
    hand.refresh_from_db()
    assert (hand.points, hand.version) == (Decimal(91), 2)
