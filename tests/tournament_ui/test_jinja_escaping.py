"""The Jinja2 rows escape every value as Django's engine does, to the character: the
row templates' identity tests compare HTML strings (tarot_club/jinja.py)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.template import Context, Template, engines
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy, override

VALUES = [
    "O'Brien",
    'Jean "le Grand" <b>Dupont</b> & fils',
    "&#39; &#34; already spelt by a player",
    "plain",
    7,
    -12,  # a float Django's engine would localise (12,5): rows receive numbers as text
    None,
    mark_safe("<em>l'écart</em>"),
    gettext_lazy("Made"),
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_a_value_prints_as_django_prints_it(value: object) -> None:
    with override("fr"):
        django_html = Template("[{{ value }}]").render(Context({"value": value}))
        jinja_html = engines["jinja2"].from_string("[{{ value }}]").render({"value": value})
    assert jinja_html == django_html


@pytest.mark.parametrize(
    "value",
    [
        *("", "Jeanne d'Arc", 'le "Grand"', "<b>R&D</b>", "&amp;", "é · —", 0, 1746, True),
        *(None, Decimal("50.25"), 12.5, mark_safe("<b>déjà sûr</b>"), gettext_lazy("Board")),
    ],
    ids=repr,
)
def test_a_value_prints_as_conditional_escape_writes_it(value: object) -> None:
    template = engines["jinja2"].from_string("{{ value }}")
    assert template.render({"value": value}) == str(conditional_escape(value))


def test_escaped_quotes_are_spelt_as_django_spells_them() -> None:
    # The same characters either way (markupsafe writes &#39; and &#34;).
    html = engines["jinja2"].from_string("{{ a }}|{{ b }}").render({"a": "'", "b": '"'})
    assert html == "&#x27;|&quot;"
