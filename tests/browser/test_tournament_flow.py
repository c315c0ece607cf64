"""An organiser runs a tournament in a real browser: create, import, seat, score, lock,
publish, read the public ranking, download the workbook."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.conftest import PASSWORD
from tournaments.models import Event, Registration, Round, Seat

from .conftest import choose, log_in, screenshot

NAMES = [
    "Anne Martin", "Bruno Petit", "Chloé Roy", "David Leroy", "Emma Morel", "Fabien Girard",
    "Gaëlle Blanc", "Hugo Fournier", "Inès Mercier", "Jules Faure", "Karim Rousseau",
    "Léa Vincent", "Marc Muller", "Nadia Lefèvre", "Olivier André", "Pauline Garnier",
]  # fmt: skip


def players_csv() -> bytes:
    # As a French Excel saves it: ';' and cp1252.
    lines = ["Nom;Licence"] + [f"{name};{9000 + i}" for i, name in enumerate(NAMES)]
    return ("\r\n".join(lines) + "\r\n").encode("cp1252")


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


def submit(page, form: str) -> None:
    """Sends the form and waits for the page its post leads to, loaded."""
    with page.expect_navigation():
        page.click(f"{form} button[type=submit]")


@pytest.mark.django_db(transaction=True)
def test_organiser_runs_a_tournament_from_import_to_published_ranking(
    desktop, phone, organiser, club, tmp_path
):
    page = desktop
    log_in(page, organiser.username, PASSWORD)

    # 1. Create the tournament (one club: it is chosen already).
    page.goto(reverse("tournament_create"))
    page.fill("#id_name", "Open de Lyon")
    page.fill("#id_rounds_planned", "2")
    page.fill("#id_deals_per_round", "2")
    page.select_option("#id_team_size", "0")
    screenshot(page, "tournament-create")
    submit(page, "#main form")
    event = Event.objects.get(name="Open de Lyon")
    assert event.kind == Event.Kind.TOURNAMENT
    page.wait_for_url(f"**{reverse('tournament_registrations', args=[event.pk])}")

    # 2. Import the players from a CSV file.
    page.set_input_files(
        "#import-form input[type=file]",
        files=[{"name": "joueurs.csv", "mimeType": "text/csv", "buffer": players_csv()}],
    )
    submit(page, "#import-form")
    page.locator("#import-report.alert-success").wait_for()
    assert Registration.objects.filter(event=event).count() == 16
    screenshot(page, "tournament-import-report")

    # 3. Seat round 1: 4 tables of 4.
    page.goto(reverse("tournament_manage", args=[event.pk]))
    with page.expect_navigation():  # the round made, its page
        page.click("#generate-round")
    round_ = Round.objects.get(event=event, number=1)
    page.wait_for_url(f"**{reverse('round_manage', args=[round_.pk])}")
    assert page.locator("#tables .card").count() == 4
    assert page.locator("#tables ol.seats li").count() == 16
    screenshot(page, "tournament-round-1")

    # Printables: the seating fits one page; the blank sheets print one table per page.
    page.goto(reverse("round_print", args=[round_.pk]))
    assert pdf_pages(page.pdf(format="A4")) == 1
    page.goto(reverse("round_sheets", args=[round_.pk]))
    assert pdf_pages(page.pdf(format="A4", landscape=True)) == 4
    page.emulate_media(media="print")
    screenshot(page, "tournament-blank-sheets-print")
    page.emulate_media(media="screen")

    # 4. One garde per table through the hand-entry page, then validate each sheet: 2 deals
    # were planned, so each validation asks to confirm the count.
    for table in round_.tables.order_by("number"):
        taker = Seat.objects.get(table=table, position=2).player_id
        page.goto(reverse("hand_new", args=[table.pk]))
        choose(page, "taker", taker)
        choose(page, "contract", "garde")
        choose(page, "oudlers", 2)
        page.fill("#id_points", "56")
        page.locator("#preview >> text=+240").wait_for()
        page.click("#hand-form button[type=submit]")
        page.wait_for_url(f"**{reverse('table_sheet', args=[table.pk])}**")
        page.click("#validate-sheet")
        page.locator("#deal-count-mismatch").wait_for()
        page.click("#confirm-validate")
        page.locator("#validated-badge").wait_for()
    round_.refresh_from_db()
    assert round_.status == Round.Status.LOCKED
    page.goto(reverse("round_manage", args=[round_.pk]))
    assert page.locator("#tables .badge.text-bg-success").count() == 4  # every sheet validated
    screenshot(page, "tournament-round-1-locked")

    # 5. The ranking stays private until published.
    ranking_url = reverse("tournament_ranking", args=[event.pk])
    assert phone.goto(ranking_url).status == 404
    page.goto(reverse("tournament_manage", args=[event.pk]))
    submit(page, "#main form:has(#publish)")
    page.locator("#event-status.text-bg-success").wait_for()

    # 6. The public ranking on a phone: four takers at +240, everyone else at -80.
    assert phone.goto(ranking_url).status == 200
    assert phone.locator("#preview-banner").count() == 0
    rows = phone.locator("#ranking tbody tr")
    assert rows.count() == 16
    totals = [int(t) for t in phone.locator("#ranking tbody td.fw-bold").all_inner_texts()]
    assert totals == [240] * 4 + [-80] * 12
    assert phone.locator("#export").count() == 0  # the workbook is for organisers
    screenshot(phone, "tournament-public-ranking")
    phone.click("#ranking tbody tr >> nth=0 >> a")
    phone.wait_for_url("**/players/*/")

    # 7. The workbook.
    page.goto(reverse("tournament_manage", args=[event.pk]))
    with page.expect_download() as info:
        page.click("#export")
    download = info.value
    assert download.suggested_filename.endswith(".xlsx")
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    workbook = load_workbook(saved)
    ranking = list(workbook.worksheets[0].iter_rows(values_only=True))
    assert len(ranking) == 1 + 16

    # 8. The organiser's pages hold at phone width: wide tables scroll inside themselves.
    log_in(phone, organiser.username, PASSWORD)
    for url in (
        reverse("tournament_registrations", args=[event.pk]),
        reverse("round_manage", args=[round_.pk]),
    ):
        phone.goto(url)
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "tournament-round-phone")
