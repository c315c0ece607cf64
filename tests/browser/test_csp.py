"""The Content-Security-Policy holds in Chromium: no page, htmx swap or chart breaks it.

Every kind of public page (event page with its htmx chart, results, chart, table
page, tournament ranking and round, hall screens, season, player page,
head-to-head), read anonymously and by an organiser, the organiser's pages (event
and tournament management, a round and its printouts, registrations, the club's
people, players) and the scorekeeper's (his tables, a sheet, the hand form): no
violation reported, none in the console. Styles have no 'unsafe-inline': the
templates' <style> blocks are allowed by their hashes (tarot_club/csp_styles.py).
"""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.conftest import PASSWORD
from tests.public.test_hall_screen import tournament_with
from tournaments.models import Event, Season
from tournaments.selectors.access import SYSTEM
from tournaments.services.seasons import save_season

from ..factories import make_member, store_hand
from .conftest import log_in

# What htmx loads into a page once shown (hx-trigger="load"), and the element its answer
# puts there: the event page's running-totals chart (tournaments/stats/_event_chart.html).
HTMX_ON_LOAD = {"#event-running-chart": "#event-running-chart > h2"}

LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


def _visit(page, urls: list[str]) -> list[str]:
    """Each page in turn (htmx swaps done); the violations reported on them."""
    violations: list[str] = []
    for url in urls:
        response = page.goto(url)
        assert response.status == 200, url
        policy = response.headers["content-security-policy"]
        assert "default-src 'self'" in policy and "'unsafe-inline'" not in policy, url
        _htmx_loaded(page)
        violations += [f"{url}: {v}" for v in page.evaluate("window.__cspViolations")]
    return violations


def _htmx_loaded(page) -> None:
    """What htmx loads into the page once shown is in, and swapped (no request, swap or
    settling left): the violations it could cause are reported by then."""
    on_load = page.locator('[hx-trigger="load"]')
    placeholders = [p for p in HTMX_ON_LOAD if page.locator(p).count()]
    # A new load-triggered element must be named above, or the page is read too early.
    assert on_load.count() == len(placeholders), (page.url, HTMX_ON_LOAD)
    for placeholder in placeholders:
        page.locator(HTMX_ON_LOAD[placeholder]).wait_for()
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)


def _watch(page) -> list[str]:
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.context.add_init_script(LISTEN)
    return console


@pytest.fixture
def world(club, table4, players, organiser):
    """A published club night with a hand, a published tournament with a round and a
    hand, and a published season counting both."""
    night = table4.round.event
    Event.objects.filter(pk=night.pk).update(published=True)
    store_hand(table4, organiser)
    tournament = tournament_with(club, 8)
    round_ = tournament.rounds.get()
    store_hand(round_.tables.order_by("number").first(), organiser)
    season = save_season(
        by=SYSTEM,
        season=None,
        club=club,
        name="Saison",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2027, 12, 31),
        mode=Season.Mode.PLACES,
        scale="10,8,6,4",
        best_n=0,
        published=True,
    )
    anne, bruno = players[0], players[1]
    return {
        "public": [
            reverse("home"),
            reverse("event_detail", args=[night.pk]),
            reverse("event_results", args=[night.pk]),
            reverse("event_chart", args=[night.pk]),
            reverse("table_public", args=[table4.pk]),
            reverse("event_screen", args=[night.pk]),
            reverse("tournament_ranking", args=[tournament.pk]),
            reverse("tournament_round_results", args=[tournament.pk, 1]),
            reverse("event_detail", args=[tournament.pk]),
            reverse("tournament_screen", args=[tournament.pk]),
            reverse("season_detail", args=[season.pk]),
            reverse("player_public", args=[anne.pk]),
            reverse("head_to_head", args=[anne.pk, bruno.pk]),
        ],
        "organiser": [
            reverse("event_manage", args=[night.pk]),
            reverse("table_sheet", args=[table4.pk]),
            reverse("tournament_manage", args=[tournament.pk]),
            reverse("tournament_registrations", args=[tournament.pk]),
            reverse("round_manage", args=[round_.pk]),
            reverse("round_print", args=[round_.pk]),
            reverse("round_sheets", args=[round_.pk]),
            reverse("club_people"),
            reverse("player_list"),
        ],
    }


def test_public_pages_break_no_policy_anonymous_or_organiser(desktop, browser, world, club):
    console = _watch(desktop)
    violations = _visit(desktop, world["public"])
    assert not violations, violations
    assert not [m for m in console if "Content Security Policy" in m]

    organiser = make_member("organisateur_csp", club, role="organiser")
    log_in(desktop, organiser.username, PASSWORD)
    violations = _visit(desktop, world["public"] + world["organiser"])
    assert not violations, violations
    assert not [m for m in console if "Content Security Policy" in m], console


def test_scorekeeper_pages_htmx_and_language_switch_break_no_policy(desktop, scorekeeper, table4):
    console = _watch(desktop)
    event = table4.round.event
    event.published = True  # the public event page, with its htmx chart
    event.save(update_fields=["published"])
    log_in(desktop, scorekeeper.username, PASSWORD)
    violations = _visit(
        desktop,
        [
            reverse("home"),
            reverse("my_tables"),
            reverse("event_detail", args=[event.pk]),
            reverse("table_sheet", args=[table4.pk]),
            reverse("hand_new", args=[table4.pk]),
        ],
    )
    # The language switch's script (formerly onchange=) still works under the policy.
    desktop.goto(reverse("home"))
    # The choice submits its form: wait for that navigation, not the current page's load.
    with desktop.expect_navigation():
        desktop.select_option("select[name=language]", "en")
    assert desktop.locator("html").get_attribute("lang") == "en"
    violations += desktop.evaluate("window.__cspViolations")
    assert not violations, violations
    assert not [m for m in console if "Content Security Policy" in m], console
