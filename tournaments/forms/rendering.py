"""A form renderer for the forms a page prints by the dozen (a traveller's lines, its
ruling and roles forms, the scorekeepers' forms): their fields are written from their
values by forms.printing (PrintedBoundField, a few dozen Python calls a field), and the
widgets it does not write (radio buttons, grouped choices, a localised field) by
Django's own widget templates in their Jinja2 version (django/forms/jinja2/), which
print the same HTML as the Django ones (tests/tournament_ui/test_printed_fields.py).

Through Django's engine a traveller line's open form cost about 28,000 Python calls
and the page's two small forms 17,000 (issue 22, benchmarks/RESULTS.md). Values are
escaped as Django escapes them (an apostrophe as &#x27;, not Jinja2's &#39;), as in
tarot_club.jinja."""

from __future__ import annotations

from pathlib import Path

import django.forms
from django.forms.renderers import Jinja2
from django.utils.functional import cached_property
from django.utils.html import conditional_escape

from .printing import PrintedBoundField


class JinjaWidgets(Jinja2):
    # {{ form.field }}: the six common widgets written from their values
    # (forms.printing), a few dozen calls instead of 500-1,000; the others by the
    # Jinja2 templates below.
    bound_field_class = PrintedBoundField

    @cached_property
    def engine(self):  # type: ignore[no-untyped-def]
        return self.backend(
            {
                "APP_DIRS": False,
                "DIRS": [Path(django.forms.__file__).parent / self.backend.app_dirname],
                "NAME": "djangoforms_jinja2",
                "OPTIONS": {"finalize": conditional_escape},
            }
        )


# One for the process: its templates are compiled once.
WIDGETS = JinjaWidgets()
