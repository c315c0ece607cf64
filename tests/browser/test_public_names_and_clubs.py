"""Public names in a real browser: a player set to "initials" reads as initials on the public
ranking, his page and the charts, and by his full name once his club's organiser has
logged in; an organiser of club A neither sees club B's draft event nor reaches its
pages by typing their addresses."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tests.conftest import PASSWORD
from tests.factories import make_club, make_event, make_member
from tests.public.test_public_names import FULL, INITIALS

# The published team tournament of tests/public (its fixtures, shared rather than copied).
from tests.public.test_public_names import arthur as arthur
from tests.public.test_public_names import event as event

from .conftest import log_in, screenshot


def chart_labels(page, chart: str) -> list[str]:
    """What the chart names: its lines' and points' titles, its legend, its desc."""
    svg = page.locator(f"svg#{chart}")
    svg.wait_for()
    return [
        *svg.locator("title").all_text_contents(),
        *svg.locator("text").all_text_contents(),
        svg.locator("desc").text_content() or "",
    ]


def names_read(page, event, arthur) -> dict[str, list[str]]:
    """Arthur's name as the ranking, his page and the two charts show it."""
    page.goto(reverse("tournament_ranking", args=[event.pk]))
    ranking = page.locator("#ranking tbody").inner_text()
    page.click(f"#ranking a[href$='/players/{arthur.pk}/']")
    page.wait_for_url(f"**/players/{arthur.pk}/")
    heading = page.title() + " | " + page.locator("h1").inner_text()
    player_charts = chart_labels(page, "season-chart") + chart_labels(page, "running-chart")
    page.goto(reverse("event_detail", args=[event.pk]))  # htmx puts the chart in
    event_chart = chart_labels(page, "event-chart")
    return {
        "ranking": [ranking],
        "heading": [heading],
        "player charts": player_charts,
        "event chart": event_chart,
    }


@pytest.mark.django_db(transaction=True)
def test_initials_in_public_and_full_name_for_his_clubs_organiser(desktop, event, arthur, club):
    for where, texts in names_read(desktop, event, arthur).items():
        text = " | ".join(texts)
        assert INITIALS in text, where
        assert "Dupuis" not in text, where
    screenshot(desktop, "public-names-initials")

    make_member("orga_lyon", club)
    log_in(desktop, "orga_lyon", PASSWORD)
    for where, texts in names_read(desktop, event, arthur).items():
        text = " | ".join(texts)
        assert FULL in text, where
        assert INITIALS not in text, where
    screenshot(desktop, "public-names-organiser")


@pytest.mark.django_db(transaction=True)
def test_an_organiser_of_club_a_cannot_see_nor_reach_club_bs_draft(desktop, club):
    own_draft = make_event(club, name="Brouillon de Lyon", date=datetime.date(2026, 11, 20))
    other = make_club("Tarot Club de Grenoble", "grenoble")
    draft = make_event(other, name="Brouillon de Grenoble", date=datetime.date(2026, 11, 21))
    make_member("orga_lyon", club)
    log_in(desktop, "orga_lyon", PASSWORD)

    desktop.goto(reverse("home"))
    drafts = desktop.locator("#draft-events").inner_text()
    assert own_draft.name in drafts  # he does see his own club's
    assert draft.name not in desktop.content()

    assert desktop.goto(reverse("event_detail", args=[draft.pk])).status == 404
    assert desktop.goto(reverse("event_results", args=[draft.pk])).status == 404
    assert desktop.goto(reverse("event_manage", args=[draft.pk])).status == 403
    assert desktop.goto(reverse("event_manage", args=[own_draft.pk])).status == 200
