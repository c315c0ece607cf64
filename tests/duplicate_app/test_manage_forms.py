"""Issue 22: the organiser's event page prints its boards' buttons and its scorekeeper
forms (one a table) through templates/jinja2/duplicate/manage_forms.html, the forms
built once and copied a table (forms.printing.shared_copy). It must print what Django's
engine printed (tournaments/duplicate/_manage_forms.html) with forms built one by one
through Django's own renderer, in French and in English: each table's number, ids and
scorekeepers selected, a fresh one-time key a form; and a form posted saves its table."""

from __future__ import annotations

import re

import pytest
from django.forms.renderers import get_default_renderer
from django.template import engines
from django.urls import reverse
from django.utils import translation

from tournaments.forms.duplicate import TableScorekeepersForm
from tournaments.models import Table
from tournaments.selectors.access import SYSTEM, scorekeeper_candidates
from tournaments.services.duplicate import set_table_scorekeepers

from ..factories import logged_in, make_member
from ..tournament_ui.test_table_templates import _normalised

SECTION = re.compile(
    r'(<h2 class="h5">[^<]*</h2>\s*<div class="d-flex flex-wrap gap-2 mb-4" id="boards">'
    r'.*?id="scorekeepers">.*?</div>\s*</div>)',
    re.S,
)


def _keys(html: str) -> tuple[str, list[str]]:
    """The section with its one-time keys and CSRF tokens blanked, and the keys."""
    keys = re.findall(r'name="submission_key" value="([^"]+)"', html)
    html = re.sub(r'(name="(?:submission_key|csrfmiddlewaretoken)" value=)"[^"]+"', r'\1""', html)
    return _normalised(html), keys


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_boards_and_scorekeeper_forms_print_what_djangos_engine_printed(
    seated_event, dup_club, organiser, language
):
    ann = make_member("ann", dup_club, role="scorekeeper")
    zoe = make_member("zoé", dup_club, role="scorekeeper")
    set_table_scorekeepers(by=SYSTEM, event=seated_event, number=1, users=[ann, zoe])
    set_table_scorekeepers(by=SYSTEM, event=seated_event, number=3, users=[zoe])
    numbers = sorted(
        set(Table.objects.filter(round__event=seated_event).values_list("number", flat=True))
    )
    with translation.override(language):
        response = logged_in(organiser).get(
            reverse("duplicate_manage", args=[seated_event.pk]), HTTP_ACCEPT_LANGUAGE=language
        )
        page, keys = _keys(SECTION.search(response.content.decode()).group(1))
        candidates = scorekeeper_candidates(seated_event)
        chosen = {1: [ann.pk, zoe.pk], 3: [zoe.pk]}
        forms = [
            (
                number,
                TableScorekeepersForm(
                    initial={"number": number, "scorekeepers": chosen.get(number, [])},
                    candidates=candidates,
                    auto_id=f"table{number}_%s",
                    renderer=get_default_renderer(),
                ),
            )
            for number in numbers
        ]
        reference = engines["django"].get_template("tournaments/duplicate/_manage_forms.html")
        context = {
            **{k: response.context[k] for k in ("event", "board_buttons")},
            "keeper_forms": forms,
        }
        expected, _ = _keys(reference.render(context, response.wsgi_request))
    assert page == expected
    assert len(keys) == len(set(keys)) == len(numbers)  # a fresh key a form
    assert re.findall(
        r'<select name="scorekeepers" class="form-select" id="table1_scorekeepers" multiple>', page
    )
    selected = re.findall(r'id="table(\d+)_scorekeepers".*?</select>', page, re.S)
    assert selected == [str(n) for n in numbers]
    assert page.count(f'<option value="{zoe.pk}" selected>') == 2
    assert page.count(f'<option value="{ann.pk}" selected>') == 1


def test_a_table_form_of_the_page_saves_its_table(seated_event, dup_club, organiser):
    ann = make_member("ann", dup_club, role="scorekeeper")
    client = logged_in(organiser)
    html = client.get(reverse("duplicate_manage", args=[seated_event.pk])).content.decode()
    form = re.search(
        r'<form method="post" action="([^"]+)"[^>]*>'
        r'((?:(?!</form>).)*id="table2_scorekeepers".*?)</form>',
        html,
        re.S,
    )
    posted = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(2)))
    assert posted["number"] == "2"
    posted["scorekeepers"] = str(ann.pk)
    response = client.post(form.group(1), posted)
    assert response.status_code == 302
    kept = Table.objects.filter(round__event=seated_event, scorekeepers=ann)
    assert kept.exists() and set(kept.values_list("number", flat=True)) == {2}
