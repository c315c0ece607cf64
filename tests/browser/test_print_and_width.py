"""Printouts and a phone's width, in a real Chromium: a hand-dealt event's board labels
several to an A4 page; the score sheet's Σ column keeps its right border on paper; the
event chart's hidden data table does not widen a 390 px page."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.conftest import PASSWORD
from tests.duplicate_app.conftest import make_duplicate
from tournaments.models import Event
from tournaments.selectors.access import SYSTEM
from tournaments.services import duplicate as duplicate_services

from ..factories import make_member, store_hand
from .conftest import log_in, screenshot

pytestmark = pytest.mark.django_db(transaction=True)


def test_hand_dealt_board_labels_print_several_to_an_a4_page(desktop, club):
    event = make_duplicate(club, app_deals=False)  # 5 rounds of 2 boards: 10 labels
    duplicate_services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    make_member("orga_labels", club)
    log_in(desktop, "orga_labels", PASSWORD)
    desktop.goto(reverse("duplicate_boards_print", args=[event.pk]))
    assert desktop.locator("#boards-print .board-page").count() == 10
    pdf = PdfReader(io.BytesIO(desktop.pdf(prefer_css_page_size=True)))
    # Ten labels on one A4 page (595 x 842 pt), not ten pages of one title line each.
    assert len(pdf.pages) == 1
    box = pdf.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)
    desktop.emulate_media(media="print")
    screenshot(desktop, "duplicate-board-labels-print")


def _vertical_lines_beyond_the_paper(pdf: bytes) -> list[float]:
    """The right ends (CSS px) of the vertical lines Chromium drew past the printable
    area of the PDF's first page: a border there is cut off on paper. Chromium clips
    the page to its printable area (`x y w h re W* n`), then scales CSS px (`s 0 0 s x y
    cm`) and draws each border as a thin filled rectangle (`x y w h re f`)."""
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    stream = page.get_contents().get_data().decode("latin-1")
    number = r"(-?[\d.]+)"
    clip = re.search(rf"{number} {number} {number} {number} re\nW\* n", stream)
    scale = re.search(rf"{number} 0 0 {number} {number} {number} cm", stream[clip.end() :])
    width = float(clip.group(3)) / float(scale.group(1))  # the printable width, CSS px
    rects = re.findall(rf"{number} {number} {number} {number} re\nf", stream)
    ends = [float(x) + float(w) for x, _y, w, h in rects if float(w) <= 1.5 and float(h) >= 10]
    assert ends, "no border found"
    return [end for end in ends if end > width]


def test_the_score_sheet_keeps_the_sum_columns_right_border_in_print(
    desktop, table5, other_scorekeeper, club
):
    for _ in range(3):
        store_hand(table5, other_scorekeeper)
    make_member("orga_sheet", club)  # an organiser: the actions column, hidden on paper
    log_in(desktop, "orga_sheet", PASSWORD)
    desktop.goto(reverse("table_sheet", args=[table5.pk]))
    # The sheet fills the landscape page; its last column's right border stays on it.
    assert _vertical_lines_beyond_the_paper(desktop.pdf(prefer_css_page_size=True)) == []
    desktop.emulate_media(media="print")
    screenshot(desktop, "score-sheet-print")


def test_the_event_chart_page_is_no_wider_than_a_phone(
    phone, table4, table5, scorekeeper, other_scorekeeper
):
    for _ in range(6):  # nine players: the data table has a column each
        store_hand(table4, scorekeeper)
        store_hand(table5, other_scorekeeper)
    Event.objects.filter(pk=table4.round.event_id).update(published=True)
    phone.goto(reverse("event_chart", args=[table4.round.event_id]))
    assert phone.locator("figure.chart svg").count() == 1
    # The data table is still there for screen readers, only out of sight.
    assert phone.locator("figure.chart table tbody tr").count() > 0
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    screenshot(phone, "event-chart-390")
    assert width <= 390
