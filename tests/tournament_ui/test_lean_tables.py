"""The lean rows (tournaments/tables/lean.py) print exactly what stock django-tables2
prints, cell for cell: the big public tables render with both and compare."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import RequestFactory
from django.urls import reverse

from tournaments.models import Event
from tournaments.tables.lean import LEAN_TEMPLATE

from ..factories import store_hand


def _normalised(html: str) -> str:
    html = re.sub(r"\s+", " ", html)
    html = re.sub(r">\s+<", "><", html)
    return html.replace("<td >", "<td>").strip()


def _both(table) -> tuple[str, str]:
    request = RequestFactory().get("/")
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
