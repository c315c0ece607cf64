"""The Jinja2 environment of the few templates written in Jinja2 (templates/jinja2/).

Why Jinja2 at all: rows a page prints by the dozen were most of its cache miss in
Django's engine (benchmarks/RESULTS.md): the score sheet's hands (10 ms of CPU for 30
hands in Django's engine, 1.2 ms in Jinja2), the player page's and head-to-head's table
rows. They are included in Django templates by {% jinja %}
(tournaments/templatetags/jinja.py); everything else is written for Django's engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.template.defaultfilters import capfirst
from django.utils.translation import gettext, ngettext
from jinja2 import Environment, StrictUndefined, Template, pass_context

# markupsafe (Jinja2's escaping) writes an apostrophe and a double quote as &#39; and
# &#34;, Django (html.escape) as &#x27; and &quot;: the same characters. A row must print
# the same HTML in either engine (tests compare them), so the finished HTML is respelt
# once (two str.replace on the whole render) instead of escaping each value through
# Django's conditional_escape as finalize: that cost about ten Python calls a value,
# 11,000 calls of a 30-hand sheet's 73,000 (benchmarks/RESULTS.md). Only an escaped
# character can be written so: an escaped value's own "&" becomes "&amp;" first.
_DJANGO_SPELLING = (("&#39;", "&#x27;"), ("&#34;", "&quot;"))


class DjangoSpelledTemplate(Template):
    """A Jinja2 template whose HTML spells escaped quotes as Django does."""

    def render(self, *args: Any, **kwargs: Any) -> str:
        html = super().render(*args, **kwargs)
        for jinja_spelling, django_spelling in _DJANGO_SPELLING:
            html = html.replace(jinja_spelling, django_spelling)
        return html


def environment(**options: Any) -> Environment:
    """Django's Jinja2 options, with autoescaping forced on, a name the template does
    not receive an error rather than an empty string (every value is passed by name),
    and escaped quotes spelt as Django spells them (an apostrophe as &#x27;, not &#39;),
    so a row prints the same HTML in either engine."""
    from tournaments.services.submissions import FIELD
    from tournaments.tables.links import url_maker, url_of
    from tournaments.templatetags.orientations import orientation
    from tournaments.templatetags.submissions import key_for
    from tournaments.templatetags.typography import cached_floatformat, long_date, percent

    options["autoescape"] = True
    options["undefined"] = StrictUndefined
    options.setdefault("extensions", []).append("jinja2.ext.i18n")
    env = Environment(**options)
    env.template_class = DjangoSpelledTemplate
    # {{ _("round %(number)s", number=n) }}, {{ ngettext(singular, plural, n, counter=n) }}:
    # Django's catalogues, the translation printed as is and its values escaped, as
    # {% blocktranslate %} does. The msgids also stand in the Django templates
    # makemessages reads (each Jinja2 row template says which).
    env.install_gettext_callables(gettext, ngettext, newstyle=True)  # type: ignore[attr-defined]
    env.filters.update(
        # {{ pk|url_of("view_name") }}, as {{ pk|url_of:"view_name" }} in Django's engine.
        url_of=per_render(lambda pk, viewname: url_of(viewname, pk)),  # /en/ in English
        long_date=per_render(long_date),
        floatformat=per_render(cached_floatformat),  # Django's, each number worded once
        capfirst=capfirst,
        orientation=per_render(orientation),
        percent=per_render(percent),
    )
    # {{ url("view_name", id, ...) }}: reverse() for integer ids, the pattern reversed once.
    env.globals["url"] = url_of
    # {% set player_url = url_maker("view_name", 2) %}, then player_url(id, id) a row:
    # the pattern looked up once for a page's many links to one view.
    env.globals["url_maker"] = url_maker
    # templates/jinja2/tables/frame.html: a table's attributes as {% render_attrs %} prints
    # them, and the frame's refusal of a table it does not draw.
    env.globals["attrs_html"] = attrs_html
    env.globals["frame_table"] = frame_table
    # A writing form's one-time key, as {% submission_key %} prints it:
    # <input type="hidden" name="{{ submission_field }}" value="{{ submission_key(request) }}">
    env.globals["submission_field"] = FIELD
    env.globals["submission_key"] = key_for
    return env


def per_render(language_filter: Callable[..., Any]) -> Callable[..., Any]:
    """A filter whose result depends on the language, worked out at each render. Jinja2
    folds a filter applied to a constant ({{ "W"|orientation }}) when it compiles the
    template, and keeps the compiled template for the process: the language of its
    first render would stay (a French traveller headed "W" after an English page). It
    does not fold a filter that receives the render's context."""

    @pass_context
    def at_render(_context: Any, value: Any, *args: Any) -> Any:
        return language_filter(value, *args)

    return at_render


def attrs_html(attrs: dict[str, Any] | None, default_class: str = "") -> str:
    """tables2's {% render_attrs attrs class=default_class %}: the attributes as HTML."""
    from django_tables2.utils import AttributeDict

    merged = AttributeDict({"class": default_class} if default_class else {})
    merged.update(attrs or {})
    return merged.as_html()


def frame_table(table: Any) -> str:
    """Nothing for a table the Jinja2 frame draws whole; an error for one it would
    draw wrong (ordering links, tables2's own pages, a footer: responsive.html's)."""
    if table.orderable or getattr(table, "page", None) or table.has_footer():
        raise ValueError(
            f"{type(table).__name__}: tables/frame.html draws no order, page or footer"
        )
    return ""
