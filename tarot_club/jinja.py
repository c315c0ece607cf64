"""The Jinja2 environment of the few templates written in Jinja2 (templates/jinja2/).

Why Jinja2 at all: rows a page prints by the dozen were most of its cache miss in
Django's engine (benchmarks/RESULTS.md): the score sheet's hands (10 ms of CPU for 30
hands in Django's engine, 1.2 ms in Jinja2), the player page's and head-to-head's table
rows. They are included in Django templates by {% jinja %}
(tournaments/templatetags/jinja.py); everything else is written for Django's engine.
"""

from __future__ import annotations

import re
from typing import Any

from django.template.defaultfilters import capfirst
from django.utils.html import conditional_escape, escape
from django.utils.translation import gettext, ngettext
from jinja2 import Environment, StrictUndefined

# A character Django's escape() replaces (html.escape with quotes).
_SPECIAL = re.compile(r"[&<>\"']")
# Django's escape() itself, without the check for lazy text its keep_lazy decorator adds
# (the values escaped here are plain str).
_escape = getattr(escape, "__wrapped__", escape)


def escaped(value: Any) -> Any:
    """Django's conditional_escape, in fewer calls for the values rows print most (a
    row prints about ten, a ranking page 400): a plain text without a character to
    escape and a whole number come back as they are, which Jinja2's own escaping then
    prints unchanged; any other text as Django escapes it; anything else through
    conditional_escape itself."""
    kind = type(value)
    if kind is str:
        return _escape(value) if _SPECIAL.search(value) else value
    if kind is int:
        return value
    return conditional_escape(value)


def environment(**options: Any) -> Environment:
    """Django's Jinja2 options, with autoescaping forced on, a name the template does
    not receive an error rather than an empty string (every value is passed by name),
    and values escaped as Django escapes them (an apostrophe as &#x27;, not &#39;), so a
    row prints the same HTML in either engine."""
    from tournaments.tables.links import url_maker, url_of
    from tournaments.templatetags.orientations import orientation
    from tournaments.templatetags.typography import cached_floatformat, long_date, percent

    options["autoescape"] = True
    options["undefined"] = StrictUndefined
    options["finalize"] = escaped
    options.setdefault("extensions", []).append("jinja2.ext.i18n")
    env = Environment(**options)
    # {{ _("round %(number)s", number=n) }}, {{ ngettext(singular, plural, n, counter=n) }}:
    # Django's catalogues, the translation printed as is and its values escaped, as
    # {% blocktranslate %} does. The msgids also stand in the Django templates
    # makemessages reads (each Jinja2 row template says which).
    env.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    env.filters.update(
        # {{ pk|url_of("view_name") }}, as {{ pk|url_of:"view_name" }} in Django's engine.
        url_of=lambda pk, viewname: url_of(viewname, pk),
        long_date=long_date,
        floatformat=cached_floatformat,  # Django's, each number worded once
        capfirst=capfirst,
        orientation=orientation,
        percent=percent,
    )
    # {{ url("view_name", id, ...) }}: reverse() for integer ids, the pattern reversed once.
    env.globals["url"] = url_of
    # {% set player_url = url_maker("view_name", 2) %}, then player_url(id, id) a row:
    # the pattern looked up once for a page's many links to one view.
    env.globals["url_maker"] = url_maker
    return env
