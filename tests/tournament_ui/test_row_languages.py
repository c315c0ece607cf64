"""A row template prints in the language of each render, not of the render that first
compiled it or filled a cache: the template loader keeps each template compiled for the
process, and the site's filters keep the words they work out (long_date, percent,
cached_floatformat, orientation letters) per language. Found on the public traveller,
then written for the second engine: a first page in English left every later French
traveller's headings saying "W" instead of "O"."""

from __future__ import annotations

import datetime
from decimal import Decimal

from django.template import engines
from django.test import RequestFactory
from django.utils.translation import override


def test_the_language_filters_on_constants_follow_each_renders_language() -> None:
    source = (
        '{% load orientations typography %}{{ "W"|orientation }}|{{ 0.5|percent }}'
        "|{{ 1234.5|cached_floatformat:1 }}|{{ day|long_date }}|{{ 12|percent }}"
    )
    template = engines["django"].from_string(source)  # compiled once, rendered in both
    context = {"day": datetime.date(2026, 9, 1)}
    with override("en"):
        english = template.render(context)
    with override("fr"):
        french = template.render(context)
    assert english.split("|")[0] == "W" and french.split("|")[0] == "O"
    assert french != english
    for part_en, part_fr in zip(english.split("|")[1:], french.split("|")[1:], strict=True):
        assert part_en != part_fr, (part_en, part_fr)
    assert "1er septembre 2026" in french and "Sep" in english


def test_a_traveller_prints_each_renders_letters_and_words(db) -> None:
    """The traveller's rows (templates/tables/traveller.html) after an English render:
    a French one says O for West, séance for round, and writes its numbers in French."""
    from tournaments.selectors.duplicate import CellScore, Line, ResultInputs, SeatedPlayer
    from tournaments.tables.duplicate import TravellerTable

    result = ResultInputs(1, 1, "garde", 3, 2, Decimal("56.5"), "", [(3, "simple")], False, "")
    players = [SeatedPlayer(i, name) for i, name in enumerate("ABCD", 1)]
    scores = [CellScore(Decimal("52.25")) for _ in range(4)]
    line = Line(1, 2, "", 11, 1, players, result=result, marques=[1, 2, 3, 4], scores=scores)
    request = RequestFactory().get("/")
    pages = {}
    for language in ("en", "fr"):
        with override(language):
            pages[language] = TravellerTable([line]).as_html(request)
    english, french = pages["en"], pages["fr"]
    assert 'data-orientation="W" data-label="W"' in english and "round 2" in english
    assert 'data-orientation="W" data-label="O"' in french and "séance 2" in french
    assert "W · garde · 2 oudlers · 56.5" in english and "poignée simple W" in english
    assert "O · garde · 2 bouts · 56,5" in french and "poignée simple O" in french
    assert "52.25%" in english and "52,25" in french and "52.25" not in french
