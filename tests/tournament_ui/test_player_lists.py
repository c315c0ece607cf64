"""The player page's event picker (forms.stats.EventChoiceForm) and players most met,
and the head-to-head's shared tables (templates/tournaments/stats/_opponents.html,
_shared_tables.html): what a page prints must be what the template
first written printed from the same context (player_lists_reference.html,
shared_tables_reference.html), in French and in English, the chosen event selected,
names escaped, and the empty list's sentence."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from django.template import engines
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from tournaments.models import Event, Player

from ..factories import make_event, make_round, make_table, store_hand
from .test_table_templates import _normalised

REFERENCE = Path(__file__).with_name("player_lists_reference.html")


def _parts(html: str) -> tuple[str, str]:
    """The options and the players met, white space next to tags gone."""
    options = re.search(r'<select name="event"[^>]*>(.*?)</select>', html, re.S).group(1)
    opponents = re.search(
        r'<div class="list-group" id="opponent-list">(.*?)</div>\s*</section>', html, re.S
    )
    return _normalised(options).strip(), _normalised(opponents.group(1)).strip()


def _two_published_events(club, club_night, table4, organiser, players) -> None:
    """Anne and Bruno (his name to escape) at two published events: two hands at the
    club night's table 1, one at a tournament's."""
    Player.objects.filter(pk=players[1].pk).update(name="Bruno d'Ô <B> & fils")
    second = make_event(club, name="Tournoi « d'hiver »", date=datetime.date(2026, 11, 26))
    # Published first: the stored careers count the hands saved in published events.
    Event.objects.filter(pk__in=[club_night.pk, second.pk]).update(published=True)
    store_hand(table4, organiser)
    store_hand(table4, organiser, points=30)
    store_hand(make_table(make_round(second), players[:4]), organiser)


@pytest.mark.parametrize("query", ["", "?event=first"])
def test_the_page_prints_what_the_django_template_printed(
    client, club, club_night, table4, organiser, players, query
) -> None:
    _two_published_events(club, club_night, table4, organiser, players)
    query = query.replace("first", str(club_night.pk))
    reference = engines["django"].from_string(REFERENCE.read_text(encoding="utf-8"))
    for language in ("fr", "en"):
        with translation.override(language):
            url = reverse("player_public", args=[players[0].pk]) + query
            response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200
            page = _parts(response.content.decode())
            expected = reference.render(
                {
                    key: response.context[key]
                    for key in ("event_choices", "chosen_event", "opponents")
                }
            )
            assert page == _parts(expected + "</section>")
        options, opponents = page
        assert options.count("<option") == 2 and options.count(" selected") == 1
        assert "Bruno d&#x27;Ô &lt;B&gt; &amp; fils" in opponents


def test_an_empty_list_of_players_met() -> None:
    reference = engines["django"].from_string(REFERENCE.read_text(encoding="utf-8"))
    for language in ("fr", "en"):
        with translation.override(language):
            expected = _parts(
                reference.render({"event_choices": [], "opponents": []}) + "</section>"
            )
            options = ""  # a player without events has no picker (_player_details.html)
            opponents = render_to_string("tournaments/stats/_opponents.html", {"opponents": []})
            html = (
                f'<select name="event">{options}</select>'
                f'<div class="list-group" id="opponent-list">{opponents}</div></section>'
            )
            assert _parts(html) == expected
            # A word the template translates, printed as it is ("l'instant" in French).
            assert translation.gettext("Nobody yet.") in html


def test_the_head_to_head_prints_its_shared_tables_as_the_django_template_did(
    client, club, club_night, table4, organiser, players
) -> None:
    _two_published_events(club, club_night, table4, organiser, players)
    reference = engines["django"].from_string(
        Path(__file__).with_name("shared_tables_reference.html").read_text(encoding="utf-8")
    )
    for language in ("fr", "en"):
        with translation.override(language):
            url = reverse("head_to_head", args=[players[0].pk, players[1].pk])
            response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200
            page = _shared(response.content.decode())
            context = {key: response.context[key] for key in ("shared_tables", "a", "b")}
            assert page == _shared(reference.render(context))
        assert page.count("list-group-item-action") == 2
        assert "score-pos" in page and "score-neg" in page
        assert "Bruno d&#x27;Ô &lt;B&gt; &amp; fils" in page


def _shared(html: str) -> str:
    found = re.search(r'<div class="list-group" id="shared-tables">(.*?)</div>', html, re.S)
    return _normalised(found.group(1)).strip()
