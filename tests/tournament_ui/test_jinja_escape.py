"""The Jinja2 rows escape every value as Django's conditional_escape does
(tarot_club.jinja.escaped, its faster twin): the same HTML in either engine."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.template import engines
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from tarot_club.jinja import escaped

VALUES = [
    "",
    "Anne",
    "Jeanne d'Arc",
    'le "Grand"',
    "<b>R&D</b>",
    "&amp;",
    "é · —",
    0,
    -12,
    1746,
    True,
    False,
    None,
    Decimal("50.25"),
    12.5,
    mark_safe("<b>déjà sûr</b>"),
    gettext_lazy("Board"),
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_a_value_is_escaped_as_django_escapes_it(value):
    assert str(escaped(value)) == str(conditional_escape(value))
    # And printed alike by a Jinja2 template (whose own escaping follows).
    template = engines["jinja2"].from_string("{{ value }}")
    assert template.render({"value": value}) == str(conditional_escape(value))
