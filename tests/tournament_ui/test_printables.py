"""Printable seating and blank score sheets: one table per printed page."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournaments.models import Registration
from tournaments.selectors.access import SYSTEM
from tournaments.services.rounds import generate_round


def test_printed_seating_lists_every_table_and_player(organiser_client, tournament, registered):
    round_ = generate_round(by=SYSTEM, event=tournament)
    response = organiser_client.get(reverse("round_print", args=[round_.pk]))
    content = response.content.decode()
    assert response.status_code == 200
    assert len(response.context["tables"]) == 4
    names = [name for name, _table in response.context["by_name"]]
    assert names == sorted(names, key=str.casefold) and len(names) == 16
    assert "@media print" in content
    assert 'id="seating-by-name"' in content


def test_blank_sheets_one_per_table_with_a_row_per_deal(organiser_client, tournament, registered):
    round_ = generate_round(by=SYSTEM, event=tournament)
    response = organiser_client.get(reverse("round_sheets", args=[round_.pk]))
    content = response.content.decode()
    assert response.status_code == 200
    assert content.count('<section class="blank-sheet">') == 4
    assert "page-break-after: always" in content
    first = response.context["sheets"][0]
    assert [d["number"] for d in first["deals"]] == [1, 2, 3, 4]  # deals_per_round = 4
    # Seat 1 deals first, then the deal moves on seat by seat.
    seats = [s.player for s in first["seats"]]
    assert [d["dealer"] for d in first["deals"]] == seats
    for seat in first["seats"]:
        assert seat.player.name in content
    # Each sheet's grid: deal number, dealer, contract, a column per player, the balance.
    header = re.search(r"<thead><tr>(.*?)</tr></thead>", content, re.S).group(1)
    assert header.count("<th") == 3 + 4 + 1


@pytest.mark.slow
def test_a_table_of_five_says_the_dealer_sits_out(organiser_client, tournament, registered, club):
    from tournaments.models import Player

    extra = Player.objects.create(club=club, name="Zacharie")
    Registration.objects.create(event=tournament, player=extra)
    round_ = generate_round(by=SYSTEM, event=tournament)
    response = organiser_client.get(reverse("round_sheets", args=[round_.pk]))
    sizes = sorted(len(s["seats"]) for s in response.context["sheets"])
    assert sizes == [4, 4, 4, 5]
    assert response.content.decode().count("<em>") == 1


def test_the_seating_to_pin_up_uses_public_names_the_sheets_full_names(
    organiser_client, tournament, registered
):
    """The seating list hangs in a public hall: players read as they chose (as on the
    hall screen). The score sheets go to the table's own players: full names."""
    from tournaments.models import Player

    Player.objects.filter(pk=registered[0].pk).update(
        name="Anne Dupont", public_name_style="initials"
    )
    round_ = generate_round(by=SYSTEM, event=tournament)
    seating = organiser_client.get(reverse("round_print", args=[round_.pk])).content.decode()
    assert "A. D." in seating and "Dupont" not in seating
    sheets = organiser_client.get(reverse("round_sheets", args=[round_.pk])).content.decode()
    assert "Anne Dupont" in sheets
