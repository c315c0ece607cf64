"""A reader on a phone: switches language, goes from the home page to a player's page,
and sees the statistics with their server-drawn charts."""

from __future__ import annotations

from tests.stats import conftest as stats_fixtures

from .conftest import screenshot

# The hand-worked season of tests/stats (its fixtures, shared rather than copied).
enter = stats_fixtures.enter
season = stats_fixtures.season

LANGUAGE = "form#language-form select[name=language]"


def switch_language(page, code: str) -> None:
    # On a phone the language selector sits in the collapsed navbar.
    if not page.locator(LANGUAGE).is_visible():
        page.click("button.navbar-toggler")
    with page.expect_navigation():
        page.select_option(LANGUAGE, code)


def test_reader_switches_language_and_reads_a_player_page(phone, season):
    anne = season.players["Anne"]
    phone.goto("/")
    assert phone.locator("html").get_attribute("lang") == "fr"
    switch_language(phone, "en")
    assert phone.locator("html").get_attribute("lang") == "en"

    # Home -> the latest evening -> Anne's page, through the links a reader would follow.
    phone.click("#published-events >> text=Soirée 2")
    chart = phone.locator("svg#event-chart")  # put into the event page by htmx
    chart.wait_for()
    assert chart.bounding_box()["width"] > 200
    phone.click("table >> text=Anne")
    phone.wait_for_url(f"**/en/players/{anne.pk}/")
    assert phone.locator("#stat-per-hand").inner_text() == "235.1"  # 2351 / 10 hands

    # Back in French (unprefixed URLs are French): a decimal comma.
    phone.goto(anne.get_absolute_url())
    assert phone.locator("html").get_attribute("lang") == "fr"
    assert phone.locator("#stat-per-hand").inner_text() == "235,1"
    season_chart = phone.locator("svg#season-chart")
    assert season_chart.bounding_box()["width"] > 200
    assert phone.locator("svg").count() == 2

    # Choosing another evening redraws the running chart (the select submits itself).
    with phone.expect_navigation():
        phone.select_option("#id_event", str(season.first.pk))
    running = phone.locator("svg#running-chart")
    assert running.bounding_box()["width"] > 200
    assert len(running.locator("polyline").get_attribute("points").split()) == 7
    screenshot(phone, "player-page")


def test_reader_switches_back_to_french_with_the_selector(phone, season):
    phone.goto(season.players["Anne"].get_absolute_url())
    switch_language(phone, "en")
    assert phone.locator("html").get_attribute("lang") == "en"
    switch_language(phone, "fr")
    assert phone.locator("html").get_attribute("lang") == "fr"
