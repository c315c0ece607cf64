"""Score sheet rows show the oudlers and the bonuses (petit au bout, poignées,
chelem, misère), on the scorekeeper's sheet and on the public one, by the names each
page uses."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments.models import Event, Player

from ..factories import make_event, make_round, make_table, seated, store_hand


def details(response, number: int) -> str:
    row = next(r for r in response.context["sheet"].rows if r.hand.number == number)
    return row.detail_line


@pytest.fixture
def bonuses(table4, organiser):
    """Hand 1: plain garde, 2 oudlers. Hand 2: Bruno's garde with petit au bout to the
    defence and Anne's simple poignée. Hand 3: Chloé's chelem, announced and made,
    3 oudlers. Hand 4: passed."""
    anne, _bruno, chloe, _david = seated(table4)
    store_hand(table4, organiser)
    store_hand(
        table4,
        organiser,
        petit_au_bout="defence",
        poignees=[{"player": anne.pk, "size": "simple"}],
    )
    store_hand(
        table4,
        organiser,
        taker=chloe,
        oudlers=3,
        points=91,
        chelem_announced=True,
        chelem_made_by="taker",
    )
    store_hand(table4, organiser, contract="")
    return table4


@pytest.mark.parametrize("url_name", ["table_sheet", "table_public"])
def test_the_sheet_shows_oudlers_and_bonuses(login, organiser, bonuses, url_name):
    Event.objects.filter(pk=bonuses.round.event_id).update(published=True)
    with translation.override("en"):
        response = login(organiser).get(
            reverse(url_name, args=[bonuses.pk]), HTTP_ACCEPT_LANGUAGE="en"
        )
        assert response.status_code == 200
        assert details(response, 1) == "2 oudlers"
        assert details(response, 2) == "2 oudlers · petit au bout (defence) · simple poignée (Anne)"
        assert details(response, 3) == "3 oudlers · chelem announced and made"
        assert details(response, 4) == ""  # a passed hand has none
        html = response.content.decode()
    assert "simple poignée (Anne)" in html and "chelem announced and made" in html


def test_the_public_sheet_names_the_poignee_by_its_public_name(client, bonuses):
    Event.objects.filter(pk=bonuses.round.event_id).update(published=True)
    Player.objects.filter(name="Anne").update(public_name_style="initials")
    with translation.override("en"):
        response = client.get(reverse("table_public", args=[bonuses.pk]), HTTP_ACCEPT_LANGUAGE="en")
        # The detail line is worded lazily: read it in the language of the request.
        assert details(response, 2).endswith("simple poignée (A.)")
    assert "(Anne)" not in response.content.decode()


def test_misere_and_a_defence_chelem(organiser, club, players, login):
    event = make_event(club, name="Misère night", rules_name="misere")
    table = make_table(make_round(event), players[:4])
    anne = seated(table)[0]
    store_hand(table, organiser, miseres=[{"player": anne.pk, "size": "double"}])
    store_hand(table, organiser, oudlers=0, points=0, chelem_made_by="defence")
    with translation.override("en"):
        response = login(organiser).get(reverse("table_sheet", args=[table.pk]))
        assert details(response, 1) == "2 oudlers · double misère (Anne)"
        assert details(response, 2) == "0 oudlers · chelem by the defence"
