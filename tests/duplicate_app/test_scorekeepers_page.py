"""A duplicate event's scorekeepers are named on their own page, not on the event page
the organiser reloads during play, which says how many tables have one and links
there. Each table shows its scorekeepers in words; one table's form is open (the first
without a scorekeeper, or the one whose link was followed), in French and in English.
A form posted saves its table and comes back to its place on the page."""

from __future__ import annotations

import re

import pytest
from django.template import engines
from django.urls import reverse
from django.utils import translation

from tournaments.models import Table
from tournaments.selectors.access import SYSTEM
from tournaments.services.duplicate import set_table_scorekeepers

from ..factories import logged_in, make_member
from ..tournament_ui.test_table_templates import _normalised

FORMS = re.compile(r'<div class="row [^"]*" id="scorekeepers">.*?\n</div>', re.S)
BUTTONS = re.compile(r'<h2 class="h5">[^<]*</h2>\s*<div [^>]*id="boards">.*?</div>', re.S)


def _keys(html: str) -> tuple[str, list[str]]:
    """The HTML with its one-time keys and CSRF tokens blanked, and the keys."""
    keys = re.findall(r'name="submission_key" value="([^"]+)"', html)
    html = re.sub(r'(name="(?:submission_key|csrfmiddlewaretoken)" value=)"[^"]+"', r'\1""', html)
    return _normalised(html), keys


def _numbers(event) -> list[int]:
    tables = Table.objects.filter(round__event=event)
    return sorted(set(tables.values_list("number", flat=True)))


@pytest.mark.parametrize("language", ["fr", "en"])
def test_each_table_is_shown_in_words_and_one_form_is_open(
    seated_event, dup_club, organiser, language
):
    ann = make_member("ann", dup_club, role="scorekeeper")
    zoe = make_member("zoé", dup_club, role="scorekeeper")
    set_table_scorekeepers(by=SYSTEM, event=seated_event, number=1, users=[ann, zoe])
    set_table_scorekeepers(by=SYSTEM, event=seated_event, number=3, users=[zoe])
    numbers = _numbers(seated_event)
    client = logged_in(organiser)
    with translation.override(language):  # English pages live under /en/
        url = reverse("duplicate_scorekeepers", args=[seated_event.pk])
        page, keys = _keys(FORMS.search(client.get(url).content.decode()).group(0))
        # The first table without a scorekeeper is open: table 2.
        assert re.findall(r'id="table(\d+)_scorekeepers" multiple>', page) == ["2"]
        assert len(keys) == 1
        for number in numbers:
            assert f'id="keepers-table-{number}"' in page
        blocks = page.split('id="keepers-table-')[1:]
        names = {
            block.split('"', 1)[0]: re.findall(
                r'<span class="d-block small keepers">([^<]*)', block
            )
            for block in blocks
        }
        assert names["2"] == []  # the open form
        names = {number: found[0] for number, found in names.items() if found}
        assert "ann" in names["1"] and "zo" in names["1"] and ", " in names["1"]
        assert "zo" in names["3"] and "ann" not in names["3"]
        assert names["4"] == "—"
        assert page.count('href="?table=') == len(numbers) - 1
        # Opened from its link: table 1's form, its scorekeepers selected.
        opened, keys = _keys(FORMS.search(client.get(f"{url}?table=1").content.decode()).group(0))
    assert re.findall(r'id="table(\d+)_scorekeepers" multiple>', opened) == ["1"]
    assert f'<option value="{zoe.pk}" selected>' in opened
    assert f'<option value="{ann.pk}" selected>' in opened
    assert len(keys) == 1


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_event_page_prints_its_boards_and_says_how_many_tables_have_scorekeepers(
    seated_event, dup_club, organiser, language
):
    set_table_scorekeepers(
        by=SYSTEM,
        event=seated_event,
        number=2,
        users=[make_member("ann", dup_club, role="scorekeeper")],
    )
    with translation.override(language):  # English pages live under /en/
        url = reverse("duplicate_manage", args=[seated_event.pk])
        response = logged_in(organiser).get(url)
        html = response.content.decode()
        reference = engines["django"].get_template("tournaments/duplicate/_board_buttons.html")
        expected = reference.render({"board_buttons": response.context["board_buttons"]})
    buttons = BUTTONS.search(html).group(0)
    assert _normalised(buttons) == _normalised(expected)
    assert buttons.count('class="btn btn-sm btn-outline-secondary" href="') == 10  # 10 boards
    assert 'id="scorekeepers"' not in html  # the forms are on their own page
    summary = re.search(r'<p class="mb-4" id="scorekeepers-summary">(.*?)</p>', html, re.S)
    words = {
        "fr": "Tables avec marqueurs\u00a0: 1 sur 5",
        "en": "Scorekeepers named at 1 of 5 tables",
    }
    assert words[language] in summary.group(1)
    assert f'/duplicate/{seated_event.pk}/scorekeepers/">' in summary.group(1)


def test_a_table_form_of_the_page_saves_its_table(seated_event, dup_club, organiser):
    ann = make_member("ann", dup_club, role="scorekeeper")
    client = logged_in(organiser)
    page = reverse("duplicate_scorekeepers", args=[seated_event.pk])
    html = client.get(f"{page}?table=2").content.decode()
    form = re.search(
        r'<form method="post" action="([^"]+)"[^>]*>'
        r'((?:(?!</form>).)*id="table2_scorekeepers".*?)</form>',
        html,
        re.S,
    )
    posted = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(2)))
    assert posted["number"] == "2"
    posted["scorekeepers"] = str(ann.pk)
    assert form.group(1) == page
    response = client.post(page, posted)
    assert response.status_code == 302 and response["Location"] == f"{page}#keepers-table-2"
    kept = Table.objects.filter(round__event=seated_event, scorekeepers=ann)
    assert kept.exists() and set(kept.values_list("number", flat=True)) == {2}
    # Somebody not of the club: refused at the form, nothing saved.
    posted["scorekeepers"], posted["submission_key"] = "999999", "another-key"
    response = client.post(page, {**posted, "number": "3"}, follow=True)
    assert "Choose the scorekeepers among the club" in response.content.decode() or (
        "Choisissez les marqueurs" in response.content.decode()
    )
    assert (
        not Table.objects.filter(round__event=seated_event, number=3)
        .exclude(scorekeepers=None)
        .exists()
    )


def test_before_seating_the_page_says_to_seat_the_rounds(duplicate_event, organiser):
    response = logged_in(organiser).get(
        reverse("duplicate_scorekeepers", args=[duplicate_event.pk]), HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="no-tables"' in html and 'id="scorekeepers"' not in html
