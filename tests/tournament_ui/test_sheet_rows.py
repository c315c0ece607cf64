"""The score sheet writes its rows from sheet.lines (templates/tournaments/
scorekeeping/_sheet_rows.html), every word and number worked out once a hand in
Python. What the page prints must be what the rows printed when the template read every
value from the hand and its row (sheet_rows_reference.html, the sheet's first rows), for each role,
in both languages, at tables of 3, 4 and 5 players (called king, and the dealer sitting
out), with passed, failed, edited, unbalanced hands, bonuses and half points."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.template import engines
from django.urls import reverse
from django.utils import timezone, translation

from tournaments.models import HandScore, Table
from tournaments.services.hands import save_hand

from ..factories import logged_in, make_table, seated, store_hand
from .test_table_templates import _normalised

REFERENCE = Path(__file__).with_name("sheet_rows_reference.html")


def _tbody(html: str) -> str:
    return re.search(r'<table [^>]*id="score-sheet">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)


def _assert_rows_as_first_written(user, table: Table, hands: int) -> str:
    """The sheet's rows, as the page printed them and as the reference prints them from
    the page's own context, in French and in English: the same HTML."""
    reference = engines["django"].from_string(REFERENCE.read_text(encoding="utf-8"))
    client = logged_in(user)
    for language in ("fr", "en"):
        with translation.override(language):
            response = client.get(
                reverse("table_sheet", args=[table.pk]), HTTP_ACCEPT_LANGUAGE=language
            )
            assert response.status_code == 200
            # The rows print the words Sheet.words translated in Python, escaped (an
            # apostrophe as &#x27;), where the reference's {% translate %} prints them as
            # they are: the same text in a browser.
            page = _normalised(_tbody(response.content.decode()).replace("&#x27;", "'"))
            context = {key: response.context[key] for key in ("sheet", "can_edit", "is_organiser")}
            expected = reference.render(context, response.wsgi_request).replace("&#x27;", "'")
            expected = _normalised(expected)
        assert page == expected
        assert page.count('<tr id="hand-') == hands
    return page


@pytest.fixture
def four(table4, organiser) -> Table:
    """Every kind of row at a table of 4: a garde made, one failed with a petit au bout
    to the defence and a poignée, a garde with 3 oudlers, a passed hand, a hand
    edited after it was saved, an unbalanced hand (the ledger touched by hand: a score
    over 1,000, another one missing)."""
    anne, bruno, chloe, david = seated(table4)
    store_hand(table4, organiser)
    store_hand(
        table4,
        organiser,
        points=40,
        petit_au_bout="defence",
        poignees=[{"player": anne.pk, "size": "simple"}],
    )
    store_hand(table4, organiser, taker=chloe, oudlers=3, points=90)
    store_hand(table4, organiser, contract="")
    edited = store_hand(table4, organiser, taker=anne)
    edited.taker, edited.contract, edited.points = bruno, "garde_sans", Decimal(71)
    save_hand(table=table4, hand=edited, user=organiser, expected_version=edited.version)
    unbalanced = store_hand(
        table4, organiser, oudlers=3, points=91, chelem_announced=True, chelem_made_by="taker"
    )
    HandScore.objects.filter(hand=unbalanced, player=bruno).update(points=1241)
    HandScore.objects.filter(hand=unbalanced, player=david).delete()  # a cell without score
    return table4


@pytest.mark.parametrize("validated", [False, True])
def test_table_of_four_for_each_role(four, organiser, scorekeeper, federation, validated):
    if validated:
        Table.objects.filter(pk=four.pk).update(validated_at=timezone.now())
    # The scorekeeper edits an open sheet (no history link), reads a validated one
    # only; the organiser edits and reads the history; the federation reads it.
    for user in (scorekeeper, organiser, federation):
        html = _assert_rows_as_first_written(user, four, hands=6)
    assert "score-pos" in html and "score-neg" in html and "check-bad" in html
    assert 'class="text-muted">·' in html and "+1241" in html


def test_table_of_five_called_king(table5, organiser, other_scorekeeper):
    emma, fabien, _gaelle, hugo, _ines = seated(table5)
    store_hand(table5, organiser, taker=fabien, partner=hugo, points=Decimal("40.5"))
    store_hand(
        table5, organiser, taker=fabien, partner=None, oudlers=0, points=0, chelem_made_by="defence"
    )
    store_hand(table5, organiser, contract="")
    store_hand(table5, organiser, poignees=[{"player": emma.pk, "size": "double"}])
    for user in (other_scorekeeper, organiser):
        html = _assert_rows_as_first_written(user, table5, hands=4)
    assert "Hugo" in html


def test_table_of_five_dealer_out_and_of_three(night_round, players, organiser, scorekeeper):
    five = make_table(
        night_round,
        players[:5],
        number=3,
        five_mode=Table.FiveMode.DEALER_OUT,
        scorekeepers=[scorekeeper],
    )
    three = make_table(night_round, players[5:8], number=4, scorekeepers=[scorekeeper])
    for table in (five, three):
        sitting = seated(table)
        for deal in range(3):
            store_hand(table, organiser, dealer=sitting[deal], taker=sitting[(deal + 1) % 3])
        if table == three:  # half points, at 3 as at 5
            store_hand(table, organiser, points=Decimal("52.5"))
        for user in (scorekeeper, organiser):
            html = _assert_rows_as_first_written(user, table, hands=3 + (table == three))
    assert html.count('class="score-cell"') == 3 * 4 and "52,5" not in html


def test_empty_sheet(table4, scorekeeper):
    html = _assert_rows_as_first_written(scorekeeper, table4, hands=0)
    assert 'colspan="15"' in html
