"""The Jinja2 environment of the few templates written in Jinja2 (templates/jinja2/).

Why Jinja2 at all: rows a page prints by the dozen were most of its cache miss in
Django's engine (benchmarks/RESULTS.md): the score sheet's hands (10 ms of CPU for 30
hands in Django's engine, 1.2 ms in Jinja2), the player page's and head-to-head's table
rows. They are included in Django templates by {% jinja %}
(tournaments/templatetags/jinja.py); everything else is written for Django's engine.
"""

from __future__ import annotations

from typing import Any

from django.template.defaultfilters import capfirst, floatformat
from django.utils.html import conditional_escape
from jinja2 import Environment, StrictUndefined


def environment(**options: Any) -> Environment:
    """Django's Jinja2 options, with autoescaping forced on, a name the template does
    not receive an error rather than an empty string (every value is passed by name),
    and values escaped as Django escapes them (an apostrophe as &#x27;, not &#39;), so a
    row prints the same HTML in either engine."""
    from tournaments.tables.links import url_of
    from tournaments.templatetags.typography import long_date

    options["autoescape"] = True
    options["undefined"] = StrictUndefined
    options["finalize"] = conditional_escape
    env = Environment(**options)
    env.filters.update(
        # {{ pk|url_of("view_name") }}, as {{ pk|url_of:"view_name" }} in Django's engine.
        url_of=lambda pk, viewname: url_of(viewname, pk),
        long_date=long_date,
        floatformat=floatformat,
        capfirst=capfirst,
    )
    return env
