"""The phone at the card table (390 px wide): nothing covers the field being
typed, the save button is always in reach, the sheet of a table of 5 fits the screen
with every name readable, and every ranking shows its Total without scrolling.

Measured with the browser's own geometry: document.elementFromPoint at a field's centre
is the field (nothing drawn over it), bounding boxes inside the viewport.
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tests.conftest import PASSWORD
from tests.waiting import ceiling_ms
from tournaments.models import Event, Hand, Player, Registration, Season, Team
from tournaments.services.seasons import save_season
from tournaments.services.sheets import validate_sheet

from ..factories import make_round, make_table, store_hand
from .conftest import PHONE, choose, log_in, screenshot

# A phone with its on-screen keyboard open: about 340 px of the 844 are left.
KEYBOARD_OPEN = {"width": 390, "height": 500}


# Resolves once the page has drawn the same layout (the boxes of `selectors`, the scroll
# position, the viewport) for `frames` animation frames in a row with no htmx request,
# swap or settling under way: what moves things after a change has done so
# (hand-form.js keeps the focused field clear of the bar a frame after each change:
# focus, resize, the bar growing, htmx settling). False past the ceiling.
SETTLED = """async ([selectors, frames, ms]) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const busy = () => !!document.querySelector(".htmx-request, .htmx-swapping, .htmx-settling");
    const box = (selector) => {
        const element = document.querySelector(selector);
        const r = element && element.getBoundingClientRect();
        return r ? [r.top, r.left, r.bottom, r.right] : null;
    };
    const view = window.visualViewport;
    const layout = () => JSON.stringify([
        window.scrollX, window.scrollY, window.innerWidth, window.innerHeight,
        view ? [view.offsetTop, view.height] : null, selectors.map(box),
    ]);
    const end = performance.now() + ms;
    let last = null;
    let same = 0;
    while (performance.now() < end) {
        await frame();
        const now = busy() ? null : layout();
        same = now !== null && now === last ? same + 1 : 0;
        last = now;
        if (same >= frames) return true;
    }
    return false;
}"""


def settled(page, *selectors: str) -> None:
    """The layout around `selectors` no longer moves (SETTLED)."""
    assert page.evaluate(SETTLED, [list(selectors), 3, ceiling_ms()]), "the layout kept moving"


# Counts the submit events of the page (any form), in the capture phase: an Enter that
# submitted would count, even if the submission then navigated.
COUNT_SUBMITS = """() => {
    window.__submits = 0;
    document.addEventListener("submit", () => { window.__submits += 1; }, true);
}"""


def submits(page) -> object:
    """The page's submit events since COUNT_SUBMITS (None on a page navigated to since).
    Asked after a key press: the press returns once the page has handled it, and a
    form's implicit submission is fired while the key is handled."""
    return page.evaluate("() => window.__submits")


def clear_view(page, selector: str) -> dict:
    """Where `selector` is, and whether anything is drawn over its centre."""
    return page.eval_on_selector(
        selector,
        """(el) => {
            const r = el.getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            const top = document.elementFromPoint(x, y);
            return {
                top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                height: window.innerHeight, width: window.innerWidth,
                uncovered: top === el || el.contains(top),
                over: top ? (top.id || top.className || top.tagName) : null,
            };
        }""",
    )


def assert_clear(page, selector: str) -> dict:
    box = clear_view(page, selector)
    assert box["uncovered"], f"{selector} is covered by {box['over']}: {box}"
    assert box["top"] >= 0 and box["bottom"] <= box["height"], box
    assert box["left"] >= 0 and box["right"] <= box["width"], box
    return box


def open_hand_form(page, user, table) -> None:
    """The hand form of a called-king table of 5, up to the points to type."""
    log_in(page, user.username, PASSWORD)
    page.goto(reverse("hand_new", args=[table.pk]))
    emma, fabien = (table.seats.get(position=i).player_id for i in (1, 2))
    choose(page, "taker", emma)
    choose(page, "contract", "garde")
    choose(page, "partner", fabien)
    choose(page, "oudlers", 2)


@pytest.mark.parametrize("viewport", [PHONE, KEYBOARD_OPEN], ids=["390x844", "keyboard-open"])
def test_the_points_field_is_never_covered_while_typing(phone, other_scorekeeper, table5, viewport):
    open_hand_form(phone, other_scorekeeper, table5)
    phone.evaluate("window.scrollTo(0, 0)")
    # The tap focuses the field; then the keyboard opens (the viewport shrinks).
    phone.locator("#id_points").focus()
    phone.set_viewport_size(viewport)
    phone.keyboard.type("56")
    # The live scores grow to five players' lines while the field has the focus.
    phone.locator("#preview-scores").wait_for()
    settled(phone, "#id_points", "#hand-bar")  # the bar's height; the field moved clear of it
    assert phone.evaluate("document.activeElement.id") == "id_points"
    assert_clear(phone, "#id_points")
    # Nor under the bar itself (its edge, not only the field's centre).
    field = phone.locator("#id_points").bounding_box()
    bar = phone.locator("#hand-bar").bounding_box()
    assert field["y"] + field["height"] <= bar["y"] + 0.5, (field, bar)
    # The save button is in reach without scrolling.
    assert_clear(phone, "#save-hand")
    screenshot(phone, f"phone-hand-form-typing-{viewport['height']}")


def test_the_save_button_is_in_reach_on_arrival(phone, other_scorekeeper, table5):
    log_in(phone, other_scorekeeper.username, PASSWORD)
    phone.goto(reverse("hand_new", args=[table5.pk]))
    assert phone.evaluate("window.scrollY") == 0
    assert_clear(phone, "#save-hand")
    # The page scrolls under the bar to its end: the last fields (in the bonuses, once
    # opened) come clear of it.
    phone.click("#bonuses-toggle")
    last = phone.locator("#hand-form select").last
    last.focus()
    field = f"#{last.get_attribute('id')}"
    settled(phone, field, "#hand-bar")  # scrolled clear of the bar, a frame after the focus
    assert_clear(phone, field)


def test_enter_in_the_points_field_moves_on_and_does_not_save(phone, scorekeeper, table4):
    """A scorekeeper types the points and presses Enter (the keyboard's "next"): the hand
    is not saved yet, a petit au bout or a poignée may still come; only "Save" saves."""
    log_in(phone, scorekeeper.username, PASSWORD)
    phone.goto(reverse("hand_new", args=[table4.pk]))
    url = phone.url
    anne = table4.seats.get(position=1).player_id
    choose(phone, "taker", anne)
    choose(phone, "contract", "garde")
    choose(phone, "oudlers", 2)
    # The oudlers chosen, the points field has the focus: typed without a tap.
    assert phone.evaluate("document.activeElement.id") == "id_points"
    phone.evaluate(COUNT_SUBMITS)
    phone.keyboard.type("56")
    phone.keyboard.press("Enter")
    assert submits(phone) == 0
    assert phone.url == url
    assert not Hand.objects.exists()
    # The phone keyboard's Enter key reads "next" (Suivant).
    assert phone.get_attribute("#id_points", "enterkeyhint") == "next"
    # Focus went on to the next field: who counted the points (the checked button).
    assert phone.evaluate("document.activeElement.name") == "points_camp"
    assert phone.evaluate("document.activeElement.checked")
    # Enter again: the bonuses are folded, it was the last field shown; still nothing saved.
    phone.keyboard.press("Enter")
    assert submits(phone) == 0
    assert phone.evaluate("document.activeElement.name") == "points_camp"
    assert not Hand.objects.exists()
    # The bonuses opened, Enter goes on to the petit au bout; nothing saved.
    phone.click("#bonuses-toggle")
    phone.locator("#id_points").focus()
    phone.keyboard.press("Enter")
    phone.keyboard.press("Enter")
    assert submits(phone) == 0
    assert phone.evaluate("document.activeElement.name") == "petit_au_bout"
    assert not Hand.objects.exists()
    # A petit au bout for the taker's camp, then "Save" saves.
    phone.click("label[for=id_petit_au_bout_1]")
    phone.locator("#preview-scores").wait_for()
    phone.click("#save-hand")
    phone.wait_for_url(f"**{table4.get_absolute_url()}**")
    hand = Hand.objects.get(table=table4)
    assert (hand.points, hand.petit_au_bout) == (56, "taker")


# The words of an element's text (split at spaces and hyphens) drawn on two lines.
WORDS_SPLIT = """(el) => {
    const text = el.firstChild;
    const split = [];
    let start = 0;
    for (const word of text.textContent.split(/(?<=[ -])/)) {
        const range = document.createRange();
        const core = word.replace(/[ -]$/, "");
        range.setStart(text, start);
        range.setEnd(text, start + core.length);
        if (core && range.getClientRects().length > 1) split.push(core);
        start += word.length;
    }
    return split;
}"""


def test_the_sheet_of_a_table_of_5_fits_a_phone_with_every_name_readable(
    phone, other_scorekeeper, table5
):
    """At 390 px the sheet of a table of 5 was 1185 px wide and only its "#"
    column stayed in view. Each hand's summary now has a row of its own, and the five
    players' columns share the screen, names wrapped rather than cut."""
    players = [seat.player for seat in table5.seats.order_by("position")]
    # Long names, as clubs have them: each must still be read whole.
    long_names = ["Marie-Christine Delacroix", "Jean-Baptiste Fontaine", "Gwendoline Bertrand"]
    for player, name in zip(players, long_names, strict=False):
        Player.objects.filter(pk=player.pk).update(name=name)
    for number in range(6):
        store_hand(
            table5,
            other_scorekeeper,
            dealer=players[number % 5],
            taker=players[(number + 1) % 5],
            partner=players[(number + 2) % 5],
        )
    log_in(phone, other_scorekeeper.username, PASSWORD)
    phone.goto(table5.get_absolute_url())
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    sizes = phone.eval_on_selector(
        "#score-sheet-scroll", "(el) => [el.scrollWidth, el.clientWidth]"
    )
    assert sizes[0] <= sizes[1], sizes  # nothing to scroll sideways
    headers = phone.locator("#score-sheet thead th:visible")
    names = [Player.objects.get(pk=p.pk).name for p in players]
    assert headers.all_inner_texts()[1:] == names  # "#", then the five players, no more
    for index in range(1, 6):
        header = headers.nth(index)
        box = header.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (names, box)
        # Whole, not clipped: the text takes no more room than its cell shows...
        assert header.evaluate("(el) => el.scrollWidth <= el.clientWidth"), names[index - 1]
        # ...and wrapped between words only: a word on two lines has two boxes.
        split = header.evaluate(WORDS_SPLIT)
        assert not split, (names[index - 1], split)
    for index in range(5):
        assert_clear(phone, f"#hand-3 .score-cell >> nth={index}")
    # The hand's summary and its actions, on the row above its scores.
    summary = phone.locator("#summary-3")
    assert summary.is_visible()
    assert summary.get_by_role("link", name="Modifier").is_visible()
    assert_clear(phone, "#hand-3 th")
    screenshot(phone, "phone-score-sheet-table-of-5")


# --- rankings --------------------------------------------------------------------------

LONG_NAMES = [
    "Marie-Christine Delacroix",
    "Jean-Baptiste Fontaine",
    "Anne-Sophie Lefebvre",
    "Pierre-Emmanuel Rousseau",
    "Gwendoline Bertrand",
    "Maximilien Chevallier",
    "Bernadette Vandenberghe",
    "Christophe Montgolfier",
]


def _tournament(club, name: str, date: datetime.date, players, teams: bool, organiser) -> Event:
    """A published tournament of 8, four rounds of two tables, a hand per table."""
    event = Event.objects.create(
        club=club,
        kind=Event.Kind.TOURNAMENT,
        name=name,
        date=date,
        rules_name="fft",
        rounds_planned=4,
        deals_per_round=1,
        team_size=4 if teams else 0,
    )
    if teams:
        names = ("Les Excuses de Villeurbanne", "Petits au Bout de Caluire")
        sides = [Team.objects.create(event=event, name=n) for n in names]
    for i, player in enumerate(players):
        Registration.objects.create(
            event=event, player=player, team=sides[i % 2] if teams else None
        )
    for number in range(1, 5):
        round_ = make_round(event, number)
        shift = players[number:] + players[:number]
        for t, seats in enumerate((shift[:4], shift[4:])):
            table = make_table(round_, seats, number=t + 1)
            points = 40 + 10 * number - 5 * t  # made by 1 to 40: totals in the thousands
            store_hand(table, organiser, contract="garde_contre", oudlers=3, points=points)
            validate_sheet(table=table, user=organiser)
    Event.objects.filter(pk=event.pk).update(published=True)
    return event


@pytest.fixture
def ranked(club, organiser) -> dict[str, str]:
    players = [Player.objects.create(club=club, name=name) for name in LONG_NAMES]
    events = [
        _tournament(
            club,
            f"Grand Open de Tarot n° {i + 1}",
            datetime.date(2026, 10, 3 + 7 * i),
            players,
            i == 0,
            organiser,
        )
        for i in range(5)
    ]
    season = save_season(  # through the service: its ranking is stored
        by=organiser,
        season=None,
        club=club,
        name="Saison 2026-2027",
        start=datetime.date(2026, 9, 1),
        end=datetime.date(2027, 8, 31),
        mode=Season.Mode.TOTALS,
        scale="",
        best_n=0,
        published=True,
    )
    return {
        "#ranking": reverse("tournament_ranking", args=[events[0].pk]),
        "#team-ranking": reverse("tournament_ranking", args=[events[0].pk]),
        "#season-ranking": reverse("season_detail", args=[season.pk]),
    }


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("table", ["#ranking", "#team-ranking", "#season-ranking"])
def test_rankings_show_their_total_on_a_phone(phone, ranked, table):
    phone.goto(ranked[table])
    rows = phone.locator(f"{table} tbody tr")
    assert rows.count() >= 2
    header = phone.locator(f"{table} thead th", has_text="Total")
    assert header.count() == 1
    cells = [header, rows.first.locator("td").nth(header.evaluate("(th) => th.cellIndex"))]
    for cell in cells:
        box = cell.bounding_box()
        assert box is not None and box["width"] > 0
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (table, box)
    # Nothing to scroll sideways: the page and the table's own box fit in the phone.
    widths = phone.eval_on_selector(
        table,
        """(t) => [document.documentElement.scrollWidth,
                   t.parentElement.scrollWidth, t.parentElement.clientWidth]""",
    )
    assert widths[0] <= PHONE["width"] and widths[1] <= widths[2], (table, widths)
    assert rows.first.locator("td").nth(1).inner_text().strip()  # the player's name shows
    screenshot(phone, f"phone-{table[1:]}")
