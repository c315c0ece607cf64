"""On a phone: 91 points without a chelem asks "chelem?" live, and saving needs the tick."""

from __future__ import annotations

from django.urls import reverse

from tests.conftest import PASSWORD
from tournaments.models import Hand

from .conftest import choose, log_in, screenshot


def test_91_points_ask_chelem_live_and_save_only_once_answered(phone, scorekeeper, table4):
    anne = table4.seats.get(position=1).player_id
    log_in(phone, scorekeeper.username, PASSWORD)
    phone.goto(reverse("hand_new", args=[table4.pk]))
    choose(phone, "taker", anne)
    choose(phone, "contract", "garde")
    choose(phone, "oudlers", 3)
    phone.fill("#id_points", "91")

    # The question shows in the live scores, its tick next to the chelem field: the
    # folded bonuses open on it.
    phone.locator("#preview-chelem-question").wait_for()
    tick = phone.locator("#chelem-question input[name=no_chelem]")
    tick.wait_for()
    screenshot(phone, "hand-form-chelem-question")

    # Saved without an answer: refused, the question at the chelem field, nothing lost.
    phone.click("#hand-form button[type=submit]")
    phone.locator("#err-chelem_made_by div").wait_for()
    assert not Hand.objects.exists()
    assert phone.input_value("#id_points") == "91"

    # Choosing the chelem makes the question go away.
    phone.click("label[for=id_chelem_made_by_1]")
    phone.locator("#chelem-question input[name=no_chelem]").wait_for(state="detached")
    phone.click("label[for=id_chelem_made_by_0]")
    tick.wait_for()

    # "No chelem" ticked: saved.
    phone.locator("#chelem-question label").click()
    phone.click("#hand-form button[type=submit]")
    phone.wait_for_url(f"**{reverse('table_sheet', args=[table4.pk])}**")
    hand = Hand.objects.get(table=table4)
    assert (hand.points, hand.chelem_made_by) == (91, "")
