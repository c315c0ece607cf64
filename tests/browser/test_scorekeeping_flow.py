"""A scorekeeper at the card table, on a phone, then an organiser locking the sheet."""

from __future__ import annotations

from django.urls import reverse

from tests.conftest import PASSWORD
from tournaments.models import Hand

from .conftest import choose, log_in, screenshot


def enter_garde(page, taker: int, oudlers: int, points: str) -> None:
    choose(page, "taker", taker)
    choose(page, "contract", "garde")
    choose(page, "oudlers", oudlers)
    page.fill("#id_points", points)


def test_scorekeeper_enters_hands_live_and_organiser_locks_the_sheet(
    phone, desktop, scorekeeper, organiser, table4
):
    anne, bruno = (table4.seats.get(position=i).player_id for i in (1, 2))
    sheet_url = reverse("table_sheet", args=[table4.pk])
    log_in(phone, scorekeeper.username, PASSWORD)

    # Hand 1: the scores show as the form is filled, before anything is saved.
    phone.goto(reverse("hand_new", args=[table4.pk]))
    enter_garde(phone, anne, 2, "56")
    preview = phone.locator("#preview")
    preview.locator("text=+240").wait_for()
    assert preview.locator(".score.score-neg").all_inner_texts() == ["-80", "-80", "-80"]
    assert not Hand.objects.exists()

    # An impossible hand: the message shows at the points field, in French.
    phone.click("label[for=id_oudlers_3]")
    phone.fill("#id_points", "5")
    phone.locator("#err-points div").wait_for()
    assert "13,5" in phone.locator("#err-points").inner_text()
    screenshot(phone, "hand-form-error")

    # Fixed by giving the defence's points: 35 for the defence is 56 for the taker camp.
    phone.click("label[for=id_oudlers_2]")
    phone.click("label[for=id_points_camp_1]")
    phone.fill("#id_points", "35")
    preview.locator("text=+240").wait_for()
    assert phone.locator("#err-points").inner_text() == ""
    screenshot(phone, "hand-form-live-scores")
    phone.click("#hand-form button[type=submit]")
    phone.wait_for_url(f"**{sheet_url}**")

    # Hand 2: Bruno's prise fails by 1 (26 per defender); the sheet keeps running totals.
    phone.click("#add-hand")
    choose(phone, "taker", bruno)
    choose(phone, "contract", "prise")
    choose(phone, "oudlers", 2)
    phone.fill("#id_points", "40")
    preview.locator("text=-78").wait_for()
    phone.click("#hand-form button[type=submit]")
    phone.wait_for_url(f"**{sheet_url}**")
    row2 = phone.locator("#hand-2 td.score-cell").first.inner_text()
    assert "+26" in row2 and "266" in row2  # Anne: +240 then +26, running total 266
    # The players' totals; the zero check (Σ column) shows on a phone only when not 0.
    assert phone.locator("#totals").inner_text().split()[-4:] == ["266", "-158", "-54", "-54"]
    screenshot(phone, "score-sheet-running-totals")

    # The organiser validates the sheet; the scorekeeper can no longer change it.
    log_in(desktop, organiser.username, PASSWORD)
    desktop.goto(sheet_url)
    desktop.click("#validate-sheet")
    # Validating asks first, saying what will happen: it locks the sheet.
    desktop.locator("#validation-effects").wait_for()
    screenshot(desktop, "score-sheet-validate-question")
    desktop.click("#confirm-validate")
    desktop.locator("#validated-badge").wait_for()
    screenshot(desktop, "score-sheet-validated")

    phone.goto(sheet_url)
    assert phone.locator("#add-hand").count() == 0
    assert phone.locator("a[href*='/edit/']").count() == 0
    assert phone.locator("#sheet-lock").is_visible()  # why, and whom to ask
    # An edit link kept from before leads back to the sheet, with the reason.
    phone.goto(reverse("hand_edit", args=[Hand.objects.get(number=1).pk]))
    phone.wait_for_url(f"**{sheet_url}")
    assert phone.locator(".alert-warning").count() == 1
    screenshot(phone, "score-sheet-locked")
