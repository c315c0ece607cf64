"""Fewer taps, for a scorekeeper entering hands between deals: a played hand with one
contract and no bonus takes at most 6 taps plus the digits on a 390 px phone, at 4 and
at 5 players (the called partner counted), and the hand and its scores are stored as
typed.

The taps are counted by the page itself: every trusted pointerdown (a finger on the
screen, wherever it lands) is written to the tab's sessionStorage, which outlives the
save's navigation to the sheet. The digits are typed on the keyboard with no tap on the
points field first: they reach it only if the form gave it the focus, and the stored
points say whether they did.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.urls import reverse

from tests.conftest import PASSWORD
from tests.waiting import ENGINE, ceiling_ms
from tournaments.models import Hand

from .conftest import ARTIFACTS, PHONE, AxeCheck, log_in, screenshot
from .conftest import choice as button

# The preview comes from the server, or from the engine in the browser when the server's
# answer fails (js/engine.js): on a busy machine the engine may still be starting, so the
# preview's ceiling is the engine's, not a page's.
PREVIEW_MS = ceiling_ms(ENGINE)

MAX_TAPS = 6

COUNT_TAPS = """
document.addEventListener("pointerdown", (event) => {
    if (!event.isTrusted) return;
    const control = event.target.closest("label, button, a, input, select, summary");
    const taps = JSON.parse(sessionStorage.getItem("taps") || "[]");
    taps.push(control ? (control.id || control.htmlFor || control.tagName) : event.target.tagName);
    sessionStorage.setItem("taps", JSON.stringify(taps));
}, true);
"""


@pytest.fixture
def touch(browser, live_server) -> Iterator[object]:
    """A touch-screen phone at 390x844, French, axe-checked like `phone`, counting taps."""
    context = browser.new_context(
        viewport=PHONE,
        has_touch=True,
        is_mobile=True,
        locale="fr-FR",
        base_url=live_server.url,
    )
    context.set_default_timeout(ceiling_ms())
    axe = AxeCheck(context)
    context.add_init_script(script=COUNT_TAPS)
    page = context.new_page()
    yield page
    try:
        axe.finish()
    finally:
        context.close()


def start_counting(page) -> None:
    page.evaluate("sessionStorage.setItem('taps', '[]')")


def taps(page) -> list[str]:
    return page.evaluate("JSON.parse(sessionStorage.getItem('taps') || '[]')")


def assert_no_sideways_scroll(page) -> None:
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= PHONE["width"], width


def type_points(page, digits: str) -> None:
    """The digits, on the keyboard, into whatever has the focus: no tap."""
    assert page.evaluate("document.activeElement.name") == "points"
    page.keyboard.type(digits)


def sheet_url(table) -> re.Pattern[str]:
    return re.compile(re.escape(table.get_absolute_url()) + r"(#.*)?$")


def save_and_count(page, table) -> list[str]:
    page.tap("#save-hand")
    page.wait_for_url(sheet_url(table))  # the sheet, loaded: its sessionStorage is the tab's
    return taps(page)


def scores(hand: Hand) -> dict[str, int]:
    return {score.player.name: score.points for score in hand.scores.select_related("player")}


def test_a_garde_at_4_players_in_4_taps(touch, scorekeeper, table4):
    anne = table4.seats.get(position=1).player_id
    log_in(touch, scorekeeper.username, PASSWORD)
    touch.goto(reverse("hand_new", args=[table4.pk]))
    start_counting(touch)

    touch.tap(button("taker", anne))
    touch.tap(button("contract", "garde"))
    touch.tap(button("oudlers", 2))
    type_points(touch, "56")
    touch.locator("#preview").locator("text=+240").wait_for(timeout=PREVIEW_MS)
    assert_no_sideways_scroll(touch)
    screenshot(touch, "taps-4-players")
    counted = save_and_count(touch, table4)

    assert len(counted) <= MAX_TAPS, counted
    assert len(counted) == 4, counted  # taker, contract, oudlers, save
    hand = Hand.objects.get(table=table4)
    assert (hand.number, hand.contract, hand.taker.name, hand.oudlers, hand.points) == (
        1,
        "garde",
        "Anne",
        2,
        56,
    )
    assert hand.dealer_id == anne  # the suggested dealer: no tap
    assert (hand.petit_au_bout, hand.poignees, hand.chelem_made_by) == ("", [], "")
    assert scores(hand) == {"Anne": 240, "Bruno": -80, "Chloé": -80, "David": -80}
    assert_no_sideways_scroll(touch)  # the sheet, with its first hand
    screenshot(touch, "taps-4-players-sheet")


def test_a_garde_at_5_players_with_the_called_partner_in_5_taps(touch, other_scorekeeper, table5):
    emma, fabien = (table5.seats.get(position=i).player_id for i in (1, 2))
    log_in(touch, other_scorekeeper.username, PASSWORD)
    touch.goto(reverse("hand_new", args=[table5.pk]))
    start_counting(touch)

    touch.tap(button("taker", emma))
    touch.tap(button("contract", "garde"))
    # The taker is not offered as his own partner.
    assert not touch.locator(button("partner", emma)).is_visible()
    touch.tap(button("partner", fabien))
    touch.tap(button("oudlers", 2))
    type_points(touch, "56")
    touch.locator("#preview").locator("text=+160").wait_for(timeout=PREVIEW_MS)
    assert_no_sideways_scroll(touch)
    screenshot(touch, "taps-5-players")
    # And as the phone shows it: the screen only, the bar stuck to its bottom.
    touch.screenshot(path=str(ARTIFACTS / "taps-5-players-390x844.png"))
    counted = save_and_count(touch, table5)

    assert len(counted) <= MAX_TAPS, counted
    assert len(counted) == 5, counted  # taker, contract, partner, oudlers, save
    hand = Hand.objects.get(table=table5)
    assert (hand.contract, hand.taker.name, hand.partner.name, hand.oudlers, hand.points) == (
        "garde",
        "Emma",
        "Fabien",
        2,
        56,
    )
    assert scores(hand) == {"Emma": 160, "Fabien": 80, "Gaëlle": -80, "Hugo": -80, "Inès": -80}
    assert_no_sideways_scroll(touch)
    screenshot(touch, "taps-5-players-sheet")


def test_a_petit_au_bout_from_the_folded_bonuses(touch, scorekeeper, table4):
    anne = table4.seats.get(position=1).player_id
    log_in(touch, scorekeeper.username, PASSWORD)
    touch.goto(reverse("hand_new", args=[table4.pk]))
    start_counting(touch)

    # Folded: the bonuses' buttons are not on the screen until opened.
    assert not touch.locator(button("petit_au_bout", "taker")).is_visible()
    touch.tap(button("taker", anne))
    touch.tap(button("contract", "garde"))
    touch.tap(button("oudlers", 2))
    type_points(touch, "56")
    touch.tap("#bonuses-toggle")
    touch.tap(button("petit_au_bout", "taker"))
    touch.locator("#preview").locator("text=+300").wait_for(timeout=PREVIEW_MS)
    assert_no_sideways_scroll(touch)
    screenshot(touch, "taps-bonus-opened")
    counted = save_and_count(touch, table4)

    assert len(counted) == 6, counted
    hand = Hand.objects.get(table=table4)
    assert (hand.points, hand.petit_au_bout) == (56, "taker")
    assert scores(hand) == {"Anne": 300, "Bruno": -100, "Chloé": -100, "David": -100}

    # Edited, the hand shows its bonus: the fold is open, the choice in sight.
    touch.goto(reverse("hand_edit", args=[hand.pk]))
    assert touch.locator("#bonuses").get_attribute("open") is not None
    assert touch.locator(button("petit_au_bout", "taker")).is_visible()
    assert touch.is_checked('input[name="petit_au_bout"][value="taker"]')


def test_all_passed_clears_the_taker(touch, scorekeeper, table4):
    """A taker chosen, then "all passed": the taker is cleared, not refused at saving."""
    bruno = table4.seats.get(position=2).player_id
    log_in(touch, scorekeeper.username, PASSWORD)
    touch.goto(reverse("hand_new", args=[table4.pk]))
    assert not touch.locator(button("taker", "")).is_visible()
    touch.tap(button("taker", bruno))
    touch.tap(button("contract", ""))
    assert touch.is_checked('input[name="taker"][value=""]')
    assert touch.locator(button("taker", "")).is_visible()  # "nobody", shown now
    touch.locator("#preview").locator("text=Tout le monde a passé").wait_for(timeout=PREVIEW_MS)
    save_and_count(touch, table4)
    hand = Hand.objects.get(table=table4)
    assert hand.passed and hand.taker_id is None


def test_without_javascript_the_same_fields_are_posted(browser, live_server, scorekeeper, table4):
    """Progressive enhancement: no script, no live scores, the same hand saved (one tap
    more, on the points field)."""
    context = browser.new_context(
        viewport=PHONE, locale="fr-FR", base_url=live_server.url, java_script_enabled=False
    )
    page = context.new_page()
    page.set_default_timeout(ceiling_ms())
    try:
        chloe = table4.seats.get(position=3).player_id
        log_in(page, scorekeeper.username, PASSWORD)
        page.goto(reverse("hand_new", args=[table4.pk]))
        # "Nobody" is offered by the style sheet alone once everybody passed: a taker
        # can be cleared without the script.
        assert not page.locator(button("taker", "")).is_visible()
        page.click(button("contract", ""))
        assert page.locator(button("taker", "")).is_visible()
        page.click(button("taker", chloe))
        page.click(button("contract", "prise"))
        page.click(button("oudlers", 1))
        page.click("#id_points")
        page.keyboard.type("40")
        page.click("summary#bonuses-toggle")
        page.click(button("petit_au_bout", "defence"))
        assert_no_sideways_scroll(page)
        page.click("#save-hand")
        page.wait_for_url(sheet_url(table4))
    finally:
        context.close()
    hand = Hand.objects.get(table=table4)
    assert (hand.contract, hand.taker_id, hand.oudlers, hand.points, hand.petit_au_bout) == (
        "prise",
        chloe,
        1,
        40,
        "defence",
    )
