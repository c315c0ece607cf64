"""The row templates the pages print by the dozen (the score sheet's hands, the small
tables' rows, the player page's and head-to-head's lists) escape every value they print
as {{ value }} does, to the character: a hostile name, a name with quotes, text already
spelt as an entity, a value marked safe, a lazy translation. The tests beside them
(test_sheet_rows, test_player_lists) read what the rows print back against the database."""

from __future__ import annotations

import datetime
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.template import Context, Template
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy, override

from tournaments.forms.stats import EventChoiceForm
from tournaments.selectors.sheet import SheetLine
from tournaments.selectors.stats import event_choices
from tournaments.tables.links import url_of

VALUES = [
    "O'Brien",
    'Jean "le Grand" <b>Dupont</b> & fils',
    "&#39; &#34; already spelt by a player",
    "plain",
    7,
    -12,
    None,
    mark_safe("<em>l'écart</em>"),
    gettext_lazy("Made"),
]


def _sheet_rows(value: object) -> str:
    """A hand whose dealer, taker, partner and details are `value`."""
    line = SheetLine(
        3, False, "garde", value, value, value, True, "56", value,
        [(12, "+12", "12"), (None, "", "0"), (-12, "-12", "-12")],
        0, "/edit/", "/delete/", "/history/",
    )  # fmt: skip
    sheet = SimpleNamespace(
        lines=[line],
        words={"made": "faite", "edit": "Modifier"},
        shows_partner=True,
        players=[1, 2, 3],
    )
    return render_to_string(
        "tournaments/scorekeeping/_sheet_rows.html",
        {"sheet": sheet, "can_edit": True, "is_organiser": False},
    )


def _lists(value: object) -> str:
    """The event picker, the players most met and the shared tables, `value` as names."""
    day = datetime.date(2026, 9, 1)
    opponent = SimpleNamespace(name=value, url="/p/", met=value, head_to_head_url="/h/")
    shared = SimpleNamespace(table_id=4, event_name=value, date=day, a_total=12, b_total=-12)
    rows = [SimpleNamespace(event_id=1, name=value, date=day)]
    picker = EventChoiceForm(event_choices(rows), chosen=1)
    pages = [
        ("_opponents.html", {"opponents": [opponent]}),
        (
            "_shared_tables.html",
            {"shared_tables": [(shared, value)], "a": opponent, "b": {"name": "B"}},
        ),
    ]
    return str(picker["event"]) + "".join(
        render_to_string(f"tournaments/stats/{name}", context) for name, context in pages
    )


def _tables(value: object) -> str:
    """A row of each small table and of the duplicate ranking, `value` as a name."""
    from tournaments.selectors.duplicate import SeatedPlayer
    from tournaments.selectors.duplicate_cards import TableRound
    from tournaments.selectors.duplicate_ranking import DuplicateRow
    from tournaments.selectors.stats import PartnerRow
    from tournaments.tables.duplicate import DuplicateRankingTable, RoundProgressTable
    from tournaments.tables.stats import PartnerTable
    from tournaments.tables.tournament import PlayerEventsTable

    request = RequestFactory().get("/")
    event = SimpleNamespace(pk=12, team_size=0)
    event_row = SimpleNamespace(
        event_id=3, name=value, date=datetime.date(2026, 9, 1), hands=4, total=-12, rank=1,
        field_size=8,
    )  # fmt: skip
    player = SeatedPlayer(5, value) if value else None
    tables = [
        PartnerTable([PartnerRow(7, value, 3, 1, -58)], table_id="partners"),
        PlayerEventsTable([event_row]),
        DuplicateRankingTable(
            [DuplicateRow(3, value, value, None, result=Decimal("52.5"), rank=1)],
            event=event,
            average=False,
        ),
        RoundProgressTable([TableRound(1, 41, 1, 1, range(1, 3), [player] * 4)], event=event),
    ]
    return "".join(table.as_html(request) for table in tables)


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_a_value_prints_as_django_prints_it(db, value: object) -> None:
    with override("fr"):
        printed = str(Template("{{ value }}").render(Context({"value": value})))
        sheet, lists, tables = _sheet_rows(value), _lists(value), _tables(value)
    assert printed == str(conditional_escape(value))
    # The dealer's, taker's and partner's cells, and the details' (the wide row's).
    assert f'<td class="wide text-col">{printed}</td>' in sheet
    assert f" · {printed} + {printed}" in sheet  # the phone's summary
    details = printed if value else "—"
    assert f'<td class="wide text-col small hand-details">{details}</td>' in sheet
    assert f">{printed} · 1er septembre 2026</option>" in lists
    assert f'<a href="/p/">{printed}</a>' in lists
    assert f"<strong>{printed}</strong>" in lists and f"· {printed}</small>" in lists
    assert f'<span class="d-block">{printed} <span class="score-pos">12</span>' in lists
    assert f'">{printed}</a></td><td class="text-end">3</td>' in tables  # a partner
    assert f'href="{url_of("event_detail", 3)}">{printed}</a>' in tables  # an event
    ranked = f'href="{url_of("duplicate_player", 12, 3)}">{printed}</a></td>'
    assert f'{ranked}<td class="d-md-table-cell d-none">{printed}</td>' in tables
    assert (f"<td>{printed}</td>" if value else "<td>—</td>") in tables  # a seat


@pytest.mark.parametrize(
    "value",
    [
        *("", "Jeanne d'Arc", 'le "Grand"', "<b>R&D</b>", "&amp;", "é · —", 0, 1746, True),
        *(None, mark_safe("<b>déjà sûr</b>"), gettext_lazy("Board")),
    ],
    ids=repr,
)
def test_a_value_prints_as_conditional_escape_writes_it(db, value: object) -> None:
    with override("fr"):
        html = _sheet_rows(value)
    assert f'<td class="wide text-col">{conditional_escape(value)}</td>' in html


def test_escaped_quotes_are_spelt_as_django_spells_them(db) -> None:
    # What the identity tests compare: Django writes &#x27; and &quot; (another escaper
    # writes &#39; and &#34; for the same characters).
    html = _sheet_rows('d\'Ô "le Grand"')
    assert "d&#x27;Ô &quot;le Grand&quot;" in html
    assert "&#39;" not in html and "&#34;" not in html
