"""The hall screen in Chromium: no console error nor CSP violation, it turns to the
next screen by itself, and a hand saved meanwhile shows after the live refresh,
without reloading the page."""

from __future__ import annotations

from tests.public.test_hall_screen import screen_url, tournament_with
from tournaments.models import Player
from tournaments.rules.names import public_name
from tournaments.selectors.ranking import tournament_ranking

from ..factories import PASSWORD, store_hand
from .conftest import log_in, screenshot
from .test_csp import LISTEN

# The screen numbered `number` ("2/2") is the one shown, and the only one visible.
SHOWING = """(number) => {
    const root = document.getElementById("hall-screen");
    const current = root.querySelectorAll(".hall-page.is-current");
    const visible = [...root.querySelectorAll(".hall-page")].filter((p) => p.checkVisibility());
    return current.length === 1 && visible.length === 1 && visible[0] === current[0]
        && root.dataset.current === number.split("/")[0]
        && current[0].querySelector(".hall-page-number").textContent.trim() === number;
}"""


def test_hall_screen_turns_pages_and_refreshes_itself(desktop, club, organiser):
    console: list[str] = []
    desktop.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    desktop.on("pageerror", lambda error: console.append(f"pageerror: {error}"))
    desktop.context.add_init_script(LISTEN)
    event = tournament_with(club, 8)
    # 5 lines: the 8 players take two screens, then the round's tables.
    response = desktop.goto(screen_url(event, lines=5, seconds=2, refresh=2))
    assert response.status == 200
    assert "script-src 'self'" in response.headers["content-security-policy"]
    screen = desktop.locator("#hall-screen")
    # The screens turn every 2 s whatever the test is doing: each state is checked at one
    # moment in the page (SHOWING), and waited for, a loaded machine reaching it late.
    desktop.wait_for_function(SHOWING, arg="1/2")
    desktop.evaluate("window.__notReloaded = true")

    # The next screen, by itself.
    desktop.wait_for_function(SHOWING, arg="2/2")
    screenshot(desktop, "hall-screen")

    # A hand saved meanwhile shows once the screens are read again.
    table = event.rounds.get().tables.order_by("number").first()
    store_hand(table, organiser)
    leader = tournament_ranking(event)[0]
    assert leader.total > 0
    desktop.wait_for_function(
        "([name, total]) => {"
        " const row = document.querySelector('.hall-ranking tbody tr');"
        " return row && row.querySelector('.hall-name').textContent === name"
        " && row.querySelector('.hall-total').textContent === total; }",
        arg=[leader.name, str(leader.total)],
    )
    assert int(screen.get_attribute("data-refreshed")) >= 1
    assert desktop.evaluate("window.__notReloaded") is True
    # The rotation goes on over the fresh screens, one shown at a time.
    desktop.wait_for_function(
        "() => document.querySelectorAll('.hall-page.is-current').length === 1"
    )

    violations = desktop.evaluate("window.__cspViolations")
    assert not violations, violations
    errors = [m for m in console if m.startswith(("error", "pageerror"))]
    assert not errors, errors


def test_an_organiser_opening_the_screen_on_a_phone_shows_public_names(phone, club, organiser):
    """What the organiser's phone casts to the projector names players as the public
    reads them, at 390 px as at the back of the hall."""
    event = tournament_with(club, 8)
    player = Player.objects.get(name="Chloé Martin 02")
    player.public_name_style = "initials"
    player.save()
    log_in(phone, organiser.username, PASSWORD)
    assert phone.goto(screen_url(event, lines=20)).status == 200
    names = phone.locator(".hall-page.is-current .hall-name").all_inner_texts()
    assert public_name(player.name, "initials") in names
    assert "Chloé Martin 02" not in phone.content()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "hall-screen-phone-organiser")
