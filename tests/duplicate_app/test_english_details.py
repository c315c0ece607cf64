"""English pages read as English ones: real plurals, percentages and dates in the
reader's conventions (one date format per language), capitals where an item of a line
starts, an error summary naming a field once, a 500 page in the reader's language."""

from __future__ import annotations

import datetime

import pytest
from django import forms
from django.contrib.messages import get_messages
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation

from tournaments.models import Event
from tournaments.selectors.duplicate import duplicate_data

from .helpers import play_everywhere
from .test_traveller import grid, line_values
from .worlds import module_world

pytestmark = pytest.mark.django_db
NNBSP = "\u202f"

# Every database test here starts from the seated event: built once for the module.
world, dup_club, duplicate_event, seated_event, organiser = module_world()


def english(name: str, *args) -> str:
    with translation.override("en"):  # English pages live under /en/
        return reverse(name, args=args)


def french(name: str, *args) -> str:
    # A request leaves its language active in the thread: say which one to reverse in.
    with translation.override("fr"):
        return reverse(name, args=args)


@pytest.mark.parametrize(("count", "message"), [(1, "1 line saved."), (2, "2 lines saved.")])
def test_the_lines_saved_are_counted_with_a_real_plural(
    seated_event, organiser_client, count, message
):
    lines = duplicate_data(seated_event).boards[1].lines
    changes = {str(line.table_id): line_values("0", str(45 + i)) for i, line in
               enumerate(lines[:count])}  # fmt: skip
    response = organiser_client.post(
        english("duplicate_traveller", seated_event.pk, 1), grid(lines, **changes)
    )
    assert response.status_code == 302
    assert [str(m) for m in get_messages(response.wsgi_request)] == [f"Board 1: {message}"]


@pytest.fixture
def published(seated_event, organiser):
    table = seated_event.rounds.get(number=1).tables.order_by("number")[0]
    # At every table that plays it: the public sees a board once complete.
    play_everywhere(table, table.board_set * 2 - 1, organiser)
    Event.objects.filter(pk=seated_event.pk).update(published=True)
    return seated_event


def test_percentages_follow_the_readers_conventions(published, client):
    player = published.rounds.get(number=1).tables.order_by("number")[0].seats.first().player_id
    html = client.get(english("duplicate_player", published.pk, player)).content.decode()
    assert "50.00%" in html and f"50.00{NNBSP}%" not in html
    html = client.get(french("duplicate_player", published.pk, player)).content.decode()
    assert f"50,00{NNBSP}%" in html


def test_an_english_page_has_one_date_format(published, client):
    Event.objects.filter(pk=published.pk).update(date=datetime.date(2026, 11, 26))
    html = client.get(english("duplicate_ranking", published.pk)).content.decode()
    assert "26 Nov 2026" in html
    for other in ("Nov. 26, 2026", "11/26/2026", "2026-11-26", "November 26"):
        assert other not in html
    html = client.get(french("duplicate_ranking", published.pk)).content.decode()
    assert "26 novembre 2026" in html


def test_short_and_long_dates_are_the_same_in_each_language():
    from django.utils.formats import date_format

    day = datetime.date(2026, 11, 26)
    for language, shown in (("en", "26 Nov 2026"), ("fr", "26 novembre 2026")):
        with translation.override(language):
            assert date_format(day) == date_format(day, "SHORT_DATE_FORMAT") == shown
            assert str(Event(name="Open", date=day)) == f"Open ({shown})"


def test_each_item_of_the_event_line_starts_with_a_capital(published, client):
    html = client.get(english("duplicate_ranking", published.pk)).content.decode()
    assert "· Duplicate tournament · Matchpoints (percentage)</p>" in html


class Poignee(forms.Form):
    poignee_n = forms.CharField(label="N · Inès Michel")
    points = forms.CharField(label="Points")


def _summary(language: str) -> str:
    form = Poignee(data={})
    form.errors.clear()
    form.add_error("poignee_n", "N · Inès Michel was dealt only 6 trumps.")
    form.add_error("points", "Enter the card points.")
    with translation.override(language):
        return render_to_string(
            "tournaments/scorekeeping/_preview.html", {"form": form, "preview": {"result": None}}
        )


def test_the_error_summary_names_a_player_once():
    """The preview's summary points to the fields at fault (each message is said once,
    at its field), naming the player once, never his message again."""
    html = _summary("en")
    assert html.count("Inès Michel") == 1
    assert "was dealt only 6 trumps" not in html
    assert '<a class="alert-link" href="#field-points">Points</a>' in html
    assert "Not scored yet, see:" in html
    assert "Pas encore calculable, voir\u00a0:" in _summary("fr")


@pytest.mark.parametrize(
    ("language", "title"), [("en", "Server error"), ("fr", "Erreur du serveur")]
)
def test_the_500_page_is_in_the_readers_language(language, title):
    with translation.override(language):
        html = render_to_string("500.html", {}, request=RequestFactory().get("/"))
    assert f'<html lang="{language}">' in html
    assert f"<title>{title} · tarot_club</title>" in html and f"<h1>{title}</h1>" in html
