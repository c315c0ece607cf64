"""The lean rows (tournaments/tables/lean.py) print exactly what stock django-tables2
prints, cell for cell: the big public tables render with both and compare."""

from __future__ import annotations

import re

import django_tables2 as tables
import pytest
from django.conf import settings
from django.test import RequestFactory
from django.urls import reverse
from django.utils.translation import gettext

from tournaments.models import Event
from tournaments.tables import configure
from tournaments.tables.lean import LEAN_TEMPLATE, LeanTable

from ..factories import store_hand


def _normalised(html: str) -> str:
    """White space next to a tag or inside one goes: the stock template's indentation."""
    html = re.sub(r"\s+", " ", html)
    html = re.sub(r"\s*([<>])\s*", r"\1", html)
    html = re.sub(r"<(\w+) >", r"<\1>", html)
    # The pagination's label: both translate it now (tables/responsive.html); one spelling.
    ours = f'aria-label="{gettext("Table navigation")}"'
    return html.replace(ours, 'aria-label="Table navigation"')


def _both(table, request=None) -> tuple[str, str]:
    request = request or RequestFactory().get("/")
    assert table.template_name == LEAN_TEMPLATE
    lean = table.as_html(request)
    table.template_name = settings.DJANGO_TABLES2_TEMPLATE
    stock = table.as_html(request)
    return _normalised(lean), _normalised(stock)


def _assert_same(table) -> None:
    lean, stock = _both(table)
    assert "<tbody" in lean and lean.count("<tr") == stock.count("<tr") > 1
    assert lean == stock


@pytest.mark.parametrize("page", ["tournament_ranking", "tournament_round_results"])
def test_tournament_ranking(client, played, page):
    event = played(2)
    Event.objects.filter(pk=event.pk).update(published=True)
    args = [event.pk] if page == "tournament_ranking" else [event.pk, 1]
    response = client.get(reverse(page, args=args))
    _assert_same(response.context["ranking"])


def test_club_night_standings(client, club_night, table4, table5, organiser):
    Event.objects.filter(pk=club_night.pk).update(published=True)
    for _ in range(2):
        store_hand(table4, organiser)
        store_hand(table5, organiser)
    response = client.get(reverse("event_results", args=[club_night.pk]))
    _assert_same(response.context["standings"])


def test_player_events(client, club_night, table4, organiser, players):
    Event.objects.filter(pk=club_night.pk).update(published=True)
    store_hand(table4, organiser)
    response = client.get(reverse("player_public", args=[players[0].pk]))
    table = response.context["events_table"]
    lean, stock = _both(table)
    assert lean == stock and lean.count("<tr") == 2


class _Line:
    def __init__(self, number: int) -> None:
        self.pk, self.name, self.points = number, f"Joueur <{number}>", number * 10 - 35


class _PagedTable(LeanTable):
    """Ordering links, a footer and pages: what the public tables above do not all have."""

    name = tables.Column(verbose_name="Nom & prénom", footer="Total")
    points = tables.Column(attrs={"th": {"class": "text-end"}, "td": {"class": "text-end"}})

    class Meta:
        per_page = 2
        attrs = {"class": "table table-sm", "id": "paged"}


@pytest.mark.parametrize(
    ("rows", "query"),
    [
        (7, "page=2&sort=-points&club=3&club=4"),  # first and last page links, ?club= kept
        (1, "sort=name"),  # one page: no pagination
        (0, ""),  # empty: the empty text
        (61, "page=15"),  # 31 pages: the "..." on both sides
        (61, "page=99"),  # past the end: the last page
    ],
)
def test_header_footer_and_pages_as_stock(rows, query):
    request = RequestFactory().get(f"/ranking/?{query}")
    table = configure(_PagedTable([_Line(n) for n in range(rows)]), request)
    lean, stock = _both(table, request)
    assert lean == stock
    assert ('class="pagination' in lean) == (rows > 2)
    assert ("club=3&amp;club=4" in lean) == ("club" in query)  # other parameters kept
    assert "Nom &amp; prénom" in lean
    assert ("Joueur &lt;" in lean) == (rows > 0)


@pytest.mark.parametrize("page", ["player_public", "head_to_head"])
def test_small_public_tables(client, club_night, table4, organiser, players, page):
    """A player's contracts and partners, a head-to-head: lean tables too."""
    Event.objects.filter(pk=club_night.pk).update(published=True)
    for _ in range(3):
        store_hand(table4, organiser)
    if page == "player_public":
        response = client.get(reverse(page, args=[players[0].pk]))
        names = ["contract_table", "partners_called", "partners_called_by"]
    else:
        response = client.get(reverse(page, args=[players[0].pk, players[1].pk]))
        names = ["h2h_table"]
    for name in names:
        table = response.context[name]
        lean, stock = _both(table)
        assert lean == stock and "<thead" in lean


def test_the_stock_tables_pagination_is_labelled_in_french(db):
    """Issue 25: the paginated stock tables (registrations, tournaments) said "Table
    navigation" in English to a French screen reader."""
    from django.utils import translation

    class Names(tables.Table):
        name = tables.Column()

    request = RequestFactory().get("/")
    table = Names([{"name": "Anne"}, {"name": "Bruno"}])
    tables.RequestConfig(request, paginate={"per_page": 1}).configure(table)
    with translation.override("fr"):
        html = table.as_html(request)
    assert 'aria-label="Navigation dans le tableau"' in html
    assert "Table navigation" not in html
    assert 'class="page-link"' in html and "suivant" in html.lower()
