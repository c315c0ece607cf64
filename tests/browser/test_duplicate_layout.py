"""A duplicate board's pages as they are read: the organiser's traveller on a 1280 px
screen shows every drop-down's choice whole ("garde sans", not "garde sar"), and the
traveller and the public board page do not scroll sideways on a 390 px phone."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.conftest import PASSWORD
from tournaments.models import Board, Event, Table
from tournaments.selectors.access import SYSTEM
from tournaments.services import duplicate as services
from tournaments.services.penalties import give_penalty

from ..duplicate_app.conftest import make_duplicate
from ..duplicate_app.helpers import enter_board
from ..factories import make_club, make_member
from .conftest import PHONE, log_in, screenshot

pytestmark = pytest.mark.django_db(transaction=True)

# Every choice of a select whose text is wider than the room the select leaves it
# (its width less its padding, the arrow's included): what the reader sees cut.
CUT_CHOICES = """() => {
  const canvas = document.createElement("canvas").getContext("2d");
  const cut = [];
  for (const select of document.querySelectorAll("#traveller select")) {
    const style = getComputedStyle(select);
    canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const chosen = select.value;
    for (const option of select.options) {
      select.value = option.value;  // as if the organiser chose it: the row lays out again
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      const room = select.clientWidth - padding;
      const width = canvas.measureText(option.text).width;
      if (width > room + 0.5) cut.push(`${select.name.replace(/^t\\d+-/, "")}: ${option.text}`);
    }
    select.value = chosen;
  }
  return [...new Set(cut)];
}"""
# The page's width, the widest traveller table's right edge (a table in a frame that
# scrolls sideways is wider than the screen though the page is not), and the screen's.
WIDTHS = """() => [
  document.documentElement.scrollWidth,
  Math.max(0, ...[...document.querySelectorAll("#board-traveller, #traveller")].map(
    (table) => table.getBoundingClientRect().left + table.scrollWidth)),
  window.innerWidth,
]"""


@pytest.fixture
def board_played(db):
    """Board 1 played at its five tables, with a petit au bout, a poignée and a chelem
    somewhere, the event published; and its organiser."""
    club = make_club("Tarot Club Étuis", "etuis")
    organiser = make_member("organisateur_etuis", club, role="organiser")
    event = make_duplicate(club)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    Event.objects.filter(pk=event.pk).update(published=True)
    tables = list(Table.objects.filter(round__event=event, board_set=1).order_by("round__number"))
    for index, table in enumerate(tables):
        east = table.seats.get(position=1).player_id
        extra = {}
        if index == 0:
            extra = {"petit_au_bout": "taker", "poignees": [{"player": east, "size": "double"}]}
        enter_board(table, 1, organiser, points=Decimal(40 + index), **extra)
    # A penalty on the board, written on its traveller and on the penalties page.
    give_penalty(
        by=organiser,
        event=event,
        player=tables[0].seats.get(position=2).player,
        board=Board.objects.get(event=event, number=1),
        amount=Decimal("12.5"),
        reason="téléphone sonné pendant le jeu de la carte",
    )
    return event, organiser


def _first_table(event) -> int:
    """The number of the first table that played board 1 (its line's Edit link)."""
    return Table.objects.filter(round__event=event, board_set=1).order_by("round__number")[0].number


def test_the_traveller_shows_every_choice_whole_at_1280px(desktop, board_played):
    event, organiser = board_played
    log_in(desktop, organiser.username, PASSWORD)
    # Entered lines are shown in words: one opened by its Edit link shows the selects.
    desktop.goto(f"/organise/duplicate/{event.pk}/board/1/?edit={_first_table(event)}")
    screenshot(desktop, "traveller-1280")
    assert desktop.locator("#traveller select").count() > 5
    assert desktop.evaluate(CUT_CHOICES) == []


@pytest.mark.parametrize("who", ["organiser", "public"])
def test_board_pages_do_not_scroll_sideways_on_a_phone(browser, live_server, board_played, who):
    event, organiser = board_played
    context = browser.new_context(viewport=PHONE, locale="fr-FR", base_url=live_server.url)
    page = context.new_page()
    try:
        pages = [f"/duplicate/{event.pk}/board/1/"]
        if who == "organiser":
            log_in(page, organiser.username, PASSWORD)
            pages.append(f"/organise/duplicate/{event.pk}/board/1/")
            pages.append(f"/organise/duplicate/{event.pk}/board/1/?edit={_first_table(event)}")
        for url in pages:
            page.goto(url)
            screenshot(
                page, f"board-390-{who}-{url.strip('/').replace('/', '-').replace('?', '-')}"
            )
            document, table, viewport = page.evaluate(WIDTHS)
            assert document <= viewport and 0 < table <= viewport, (url, document, table, viewport)
    finally:
        context.close()


def test_the_penalties_page_fits_a_phone_and_says_each_penalty(browser, live_server, board_played):
    """The organiser gives penalties at the table too: the page and its form at 390 px,
    the board's penalty written out in French."""
    event, organiser = board_played
    context = browser.new_context(viewport=PHONE, locale="fr-FR", base_url=live_server.url)
    page = context.new_page()
    try:
        log_in(page, organiser.username, PASSWORD)
        page.goto(f"/organise/duplicate/{event.pk}/penalties/?board=1")
        screenshot(page, "penalties-390")
        assert "téléphone sonné" in page.locator("#penalties").inner_text()
        assert page.locator("#id_board").input_value() == "1"
        width, viewport = page.evaluate(
            "() => [document.documentElement.scrollWidth, window.innerWidth]"
        )
        assert width <= viewport, (width, viewport)
    finally:
        context.close()


def test_the_team_match_figures_fit_a_phone(browser, live_server, db):
    """A team match's figures board by board, as a player checks them on his phone:
    the page does not scroll sideways at 390 px (axe checks it too, conftest)."""
    from ..duplicate_app.test_team_match import make_match, play_match

    club = make_club("Tarot Club Quadrettes", "quadrettes")
    organiser = make_member("organisateur_quadrettes", club, role="organiser")
    event = make_match(club, teams=4, rounds=1)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    play_match(event, organiser, points=lambda table, number: 46 + 5 * table.number + number)
    Event.objects.filter(pk=event.pk).update(published=True)
    context = browser.new_context(viewport=PHONE, locale="fr-FR", base_url=live_server.url)
    page = context.new_page()
    try:
        page.goto(f"/duplicate/{event.pk}/teams/")
        screenshot(page, "team-figures-390")
        assert page.locator("main").inner_text().count("Donne") >= 2
        # Neither the page nor a team's table scrolls sideways: the session result, in
        # the last column, is in sight.
        width, table, viewport = page.evaluate(
            """() => [
              document.documentElement.scrollWidth,
              Math.max(...[...document.querySelectorAll("section table")].map(
                (t) => t.getBoundingClientRect().left + t.scrollWidth)),
              window.innerWidth,
            ]"""
        )
        assert width <= viewport and 0 < table <= viewport, (width, table, viewport)
        assert page.locator("#team-1-result").is_visible()
    finally:
        context.close()
