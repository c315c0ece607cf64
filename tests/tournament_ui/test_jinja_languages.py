"""A Jinja2 template prints in the language of each render, not of the render that
compiled it: Jinja2 folds a filter applied to a constant at compile time
({{ "W"|orientation }}), and the environment keeps the compiled template for the
process. The site's filters that depend on the language must be worked out at each
render (tarot_club.jinja). Found on the public traveller: a first page in English left
every later French traveller's headings saying "W" instead of "O"."""

from __future__ import annotations

import datetime

from django.template import engines
from django.utils.translation import override


def test_the_language_filters_on_constants_follow_each_renders_language() -> None:
    source = (
        '{{ "W"|orientation }}|{{ 0.5|percent }}|{{ 1234.5|floatformat(1) }}'
        "|{{ day|long_date }}|{{ 12|percent }}"
    )
    env = engines["jinja2"].env
    template = env.from_string(source)  # compiled once, rendered in both languages
    day = datetime.date(2026, 9, 1)
    with override("en"):
        english = template.render(day=day)
    with override("fr"):
        french = template.render(day=day)
    assert english.split("|")[0] == "W" and french.split("|")[0] == "O"
    assert french != english
    for part_en, part_fr in zip(english.split("|")[1:], french.split("|")[1:], strict=True):
        assert part_en != part_fr, (part_en, part_fr)
    assert "1er septembre 2026" in french and "Sep" in english
