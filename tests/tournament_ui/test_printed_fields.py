"""forms.printing and templates/jinja2/forms/widget.html: a field's widget written from
its values must be the HTML Django's own renderer writes, for every widget kind it
writes (text, hidden, number, checkbox, select, multiple select), bound and unbound,
with an error, required, disabled, with a help text, and values to escape; any other
widget (radio buttons, grouped choices, a localised field) is Django's own HTML."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django import forms
from django.forms.renderers import get_default_renderer
from django.template import engines
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from tournaments.forms.printing import PrintedBoundField, printed, shared_copy
from tournaments.forms.rendering import WIDGETS

from .test_table_templates import _normalised

NAME = 'Table d\'honneur <3> & "co"'


class EveryKind(forms.Form):
    default_renderer = get_default_renderer()  # Django's own: the reference

    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    points = forms.CharField(
        label=_("Points"),
        max_length=10,
        widget=forms.TextInput(attrs={"class": "form-control", "inputmode": "decimal"}),
    )
    count = forms.IntegerField(min_value=0, required=False)
    ruling = forms.BooleanField(
        label=_("Ruling"),
        required=False,
        help_text=_("The organiser's ruling: another taker than the board's."),
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )
    contract = forms.ChoiceField(
        choices=[("", "—"), ("garde", _("garde")), ("ruling", _("Ruling")), ("passe", NAME)],
        widget=forms.Select(attrs={"class": "form-select", "aria-label": NAME}),
    )
    taker = forms.TypedChoiceField(
        choices=[(None, "—"), (0, "N"), (1, "E"), (2, "S"), (3, "O")],
        coerce=int,
        required=False,
    )
    keepers = forms.MultipleChoiceField(
        choices=[(7, "ann"), (9, NAME), (12, "zoé")],
        required=False,
        widget=forms.SelectMultiple(attrs={"class": "form-select"}),
    )
    fixed = forms.CharField(disabled=True, required=False, initial="N")
    # Written by Django's renderer, not forms/widget.html:
    side = forms.ChoiceField(choices=[("a", "A"), ("b", "B")], widget=forms.RadioSelect)
    grouped = forms.ChoiceField(
        choices=[("Bouts", [("1", "petit"), ("21", "21")]), ("x", "excuse")], required=False
    )
    amount = forms.DecimalField(localize=True, required=False)


def _forms(renderer: Any = None) -> list[forms.Form]:
    return [
        EveryKind(renderer=renderer),
        EveryKind(
            renderer=renderer,
            initial={
                "version": 3,
                "ruling": True,
                "taker": 2,
                "keepers": [9, 12],
                "points": "41,5",
            },
            prefix="t4",
        ),
        # Bound: valid values, then every field wrong.
        EveryKind(
            {
                "points": NAME,
                "contract": "garde",
                "taker": "0",
                "keepers": ["7", "12"],
                "ruling": "on",
                "side": "a",
                "amount": "1234,5",
            },
            renderer=renderer,
        ),
        EveryKind(
            {
                "t5-version": "x",
                "t5-count": "-1",
                "t5-contract": "?",
                "t5-taker": "9",
                "t5-keepers": ["8"],
            },
            prefix="t5",
            auto_id="table5_%s",
            renderer=renderer,
        ),
    ]


def _same(html: str) -> str:
    # Only the line breaks Django's select template leaves between its options differ.
    return re.sub(r">\s+<", "><", html)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_widget_kind_prints_what_djangos_renderer_prints(language):
    template = engines["jinja2"].from_string(
        '{% from "forms/widget.html" import widget %}{{ widget(field) }}'
    )
    with translation.override(language):
        for form, printing in zip(_forms(), _forms(WIDGETS), strict=True):
            form.is_bound and form.is_valid()
            printing.is_bound and printing.is_valid()
            for name in form.fields:
                bound = form[name]
                ours = template.render({"field": bound})
                assert _same(ours) == _same(str(bound)), (form.prefix, name)
                kind = printed(bound).kind
                written = name not in ("side", "grouped", "amount")
                assert (kind != "") == written, name
                # The forms of forms.rendering.WIDGETS print so as {{ form.field }}
                # (the others by its Jinja2 widget templates: white space next to
                # a tag aside, the same).
                assert isinstance(printing[name], PrintedBoundField)
                assert _normalised(str(printing[name])) == _normalised(str(bound)), name


def _selected(options: str) -> list[str]:
    return re.findall(r'<option value="([^"]*)" selected>', options)


def test_the_printed_values_are_djangos():
    """Bound, unbound and wrong: the selections, checks, errors and ids alike."""
    unbound, initial, bound, wrong = _forms()
    for form in (bound, wrong):
        form.is_valid()
    assert _selected(printed(initial["taker"]).options) == ["2"]
    assert _selected(printed(bound["keepers"]).options) == ["7", "12"]
    assert dict(printed(bound["ruling"]).attrs)["checked"] is True
    assert "checked" not in dict(printed(unbound["ruling"]).attrs)
    assert dict(printed(unbound["ruling"]).attrs)["aria-describedby"] == "id_ruling_helptext"
    assert dict(printed(wrong["taker"]).attrs)["aria-invalid"] == "true"
    assert dict(printed(wrong["taker"]).attrs)["id"] == "table5_t5-taker"
    assert _selected(printed(wrong["taker"]).options) == []  # "9" is no choice
    assert dict(printed(unbound["points"]).attrs)["required"] is True
    assert dict(printed(unbound["fixed"]).attrs)["disabled"] is True
    assert printed(initial["version"]).value == "3"
    assert printed(unbound["version"]).value is None
    assert dict(printed(unbound["keepers"]).attrs)["multiple"] is True


def test_copies_sharing_their_fields_print_their_own_names_values_and_selections():
    """shared_copy: the fields are shared (not deep-copied), each copy prints its own
    prefix, ids and initial values, and a select's options are written once a field,
    language and selection."""
    template = engines["jinja2"].from_string(
        '{% from "forms/widget.html" import widget %}'
        "{% for form in forms %}{% for name in names %}{{ widget(form[name]) }}{% endfor %}"
        "{% endfor %}"
    )
    names = ["version", "points", "ruling", "contract", "taker", "keepers"]
    first = EveryKind(initial={"taker": 1}, prefix="t1")
    copies = [
        first,
        shared_copy(first, prefix="t2", initial={"taker": 3, "version": 4}),
        shared_copy(first, prefix="t3", initial={"taker": 1}, auto_id="line_%s"),
    ]
    assert all(copy.fields is first.fields for copy in copies)
    fresh = [
        EveryKind(initial={"taker": 1}, prefix="t1"),
        EveryKind(initial={"taker": 3, "version": 4}, prefix="t2"),
        EveryKind(initial={"taker": 1}, prefix="t3", auto_id="line_%s"),
    ]
    pages = {}
    for language in ("fr", "en"):
        with translation.override(language):
            expected = "".join(str(form[name]) for form in fresh for name in names)
            pages[language] = printed_html = template.render({"forms": copies, "names": names})
            assert _same(printed_html) == _same(expected)
    # The options in each language, not the French ones printed first again.
    assert ">Décision</option>" in pages["fr"] and ">Ruling</option>" in pages["en"]
    assert 'name="t2-version" value="4"' in printed_html
    assert 'id="line_t3-taker"' in printed_html
    assert _selected(printed_html) == ["", "1", "", "3", "", "1"]  # contract, taker
    with pytest.raises(ValueError):
        shared_copy(EveryKind({"points": "1"}))
