"""A form field's widget as its values, for pages that print dozens of forms alike (a
traveller's open lines, the organiser's scorekeeper forms): templates/jinja2/forms/
widget.html writes them in the HTML Django's renderer writes, from the values Django's
own widget would pass its template, without its template machinery.

Why: a widget printed through Django's renderer (even its Jinja2 templates,
forms.rendering) cost 500-1,000 Python calls, 9,000 a traveller line of twelve fields:
ten open lines were two thirds of the organiser's traveller of a board nobody had
entered (benchmarks/RESULTS.md, issue 22). Here a field costs a few dozen calls and
its options a few each.

The widgets printed so are exactly the six Django classes of _KINDS (a subclass may
print otherwise) with flat choices; any other field is printed by its own renderer
(`html`). tests/tournament_ui/test_printed_fields.py requires the same HTML as Django's
renderer for each kind, bound and unbound, with errors, disabled, required, a help text.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from django import forms
from django.template import engines
from django.utils.safestring import SafeString
from django.utils.translation import get_language

_INPUTS = (forms.TextInput, forms.HiddenInput, forms.NumberInput)
_KINDS = frozenset((*_INPUTS, forms.CheckboxInput, forms.Select, forms.SelectMultiple))


@dataclass(frozen=True, slots=True)
class PrintedField:
    kind: str  # "select", "input", or "" for a widget printed by its renderer (html)
    name: str = ""
    type: str = ""  # an input's
    value: str | None = None  # an input's value attribute, None for none
    attrs: tuple[tuple[str, Any], ...] = ()  # in Django's order; True: a bare attribute
    options: str = ""  # a select's options, HTML (forms/options.html)
    html: str = ""


def printed(bound: forms.BoundField) -> PrintedField:
    """What `str(bound)` prints, as values (the module says why)."""
    field, widget = bound.field, bound.field.widget
    kind = type(widget)
    if field.localize or kind not in _KINDS:
        return PrintedField("", html=_rendered(bound))
    # BoundField.as_widget's attributes, then the widget's get_context's.
    extra = bound.build_widget_attrs({}, widget)
    if bound.auto_id and "id" not in widget.attrs:
        extra.setdefault("id", bound.auto_id)
    value = bound.value()
    if kind is forms.CheckboxInput and widget.check_test(value):
        extra["checked"] = True
    attrs = {**widget.attrs, **extra}
    if kind is forms.CheckboxInput or kind in _INPUTS:
        shown = widget.format_value(value)
        return PrintedField(
            "input", bound.html_name, widget.input_type, shown, tuple(attrs.items())
        )
    # Select, SelectMultiple: ChoiceWidget.optgroups over flat choices.
    values = widget.format_value(value)
    multiple = widget.allow_multiple_selected
    if multiple:
        attrs["multiple"] = True
    options = _options(field, widget, values, multiple)
    if options is None:  # grouped choices: Django's template prints the optgroups
        return PrintedField("", html=_rendered(bound))
    return PrintedField("select", bound.html_name, attrs=tuple(attrs.items()), options=options)


def _rendered(bound: forms.BoundField) -> str:
    # Through the widget's template (not PrintedBoundField's as_widget: that is here).
    return forms.BoundField.as_widget(bound)


_PRINTED = "_tarot_printed_options"  # on a field: (language, selection) -> its options' HTML


def _options(field: forms.Field, widget: Any, values: list[str], multiple: bool) -> str | None:
    """ChoiceWidget.optgroups's selection over flat choices, written once a field,
    language and selection: a page's forms alike (forms sharing their fields, as
    shared_copy's) print their options once."""
    printed_options = field.__dict__.setdefault(_PRINTED, {})
    key = (get_language(), tuple(values))
    if key in printed_options:
        return printed_options[key]
    options = []
    chosen = False
    for option, label in widget.choices:
        if isinstance(label, (list, tuple)):
            return None
        if option is None:
            option = ""
        selected = (multiple or not chosen) and str(option) in values
        chosen = chosen or selected
        options.append((option, label, selected))
    printed_options[key] = _jinja_html("forms/options.html", {"options": options})
    return printed_options[key]


class PrintedBoundField(forms.BoundField):
    """A bound field whose widget (`{{ form.field }}` in either engine) is written by
    templates/jinja2/forms/widget.html from `printed`: the bound field of the forms
    printed by forms.rendering.WIDGETS (its bound_field_class)."""

    def as_widget(
        self, widget: forms.Widget | None = None, attrs: Any = None, only_initial: bool = False
    ) -> SafeString:
        if widget is not None or attrs or only_initial:
            return super().as_widget(widget, attrs, only_initial)
        return _jinja_html("forms/widget.html", {"field": self})


def _jinja_html(name: str, context: dict[str, Any]) -> SafeString:
    # The HTML of an autoescaping Jinja2 template (tarot_club.jinja forces autoescape),
    # handed to Django's engine: marked safe here, at the border, as {% jinja %} does.
    return SafeString(engines["jinja2"].get_template(name).render(context))


def shared_copy(form: forms.Form, **changes: Any) -> forms.Form:
    """A copy of an unbound form, for printing only, that shares its fields (Django
    deep-copies every field of every form it builds: 1,000-2,000 Python calls a
    traveller line). `changes`: the copy's own prefix, initial values, auto_id or any
    other attribute. A shared field must not be changed, nor a copy validated."""
    if form.is_bound:
        raise ValueError("only an unbound form is copied for printing")
    twin = copy.copy(form)
    twin._bound_fields_cache = {}
    for name, value in changes.items():
        setattr(twin, name, value)
    return twin
