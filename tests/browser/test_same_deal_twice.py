"""Two phones at one table enter the same deal: the second is asked, at
390 px, whether it was the same deal or the next, with what it typed kept."""

from __future__ import annotations

from django.urls import reverse

from tests.conftest import PASSWORD
from tests.waiting import ceiling_ms
from tournaments.models import Hand

from .conftest import PHONE, log_in, screenshot
from .test_scorekeeping_flow import enter_garde


def test_the_second_phone_chooses_the_same_deal_or_the_next(
    browser, live_server, phone, scorekeeper, other_scorekeeper, table4
):
    table4.scorekeepers.add(other_scorekeeper)
    other = browser.new_context(viewport=PHONE, locale="fr-FR", base_url=live_server.url)
    second = other.new_page()
    second.set_default_timeout(ceiling_ms())
    anne, chloe = (table4.seats.get(position=i).player_id for i in (1, 3))
    try:
        for page, user in ((phone, scorekeeper), (second, other_scorekeeper)):
            log_in(page, user.username, PASSWORD)
            page.goto(reverse("hand_new", args=[table4.pk]))
            assert page.locator("#opened-as").inner_text() == "Donne 1"
        enter_garde(phone, anne, 2, "56")
        phone.locator("#preview").locator("text=+240").wait_for()
        phone.click("#hand-bar button[type=submit]")
        phone.wait_for_url(f"**{table4.get_absolute_url()}#hand-1")

        enter_garde(second, chloe, 1, "60")
        second.locator("#preview").locator("text=+204").wait_for()
        second.click("#hand-bar button[type=submit]")
        conflict = second.locator("#conflict")
        conflict.wait_for()
        text = conflict.inner_text()
        assert "La donne 1 a été enregistrée sur un autre téléphone" in text
        assert "Garde · Anne" in text
        # What he typed is kept, and the page fits the phone.
        assert second.input_value("#id_points") == "60"
        width = second.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], width
        screenshot(second, "same-deal-twice")
        assert Hand.objects.filter(table=table4).count() == 1

        conflict.get_by_role("button").click()  # the next deal: stored as hand 2
        second.wait_for_url(f"**{table4.get_absolute_url()}#hand-2")
        assert list(table4.hands.order_by("number").values_list("taker_id", flat=True)) == [
            anne,
            chloe,
        ]
    finally:
        other.close()
