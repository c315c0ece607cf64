"""The hand form's choices and field shapes (forms/hand.py): one place for how an
optional choice, a tick box or a player's declaration looks at the card table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ..models import Hand

if TYPE_CHECKING:  # a lazy translation of a str, as django-stubs types gettext_lazy
    from django_stubs_ext import StrPromise

POINTS_CAMP_CHOICES = [("taker", _("taker camp")), ("defence", _("defence"))]
CAMP_OR_NONE_CHOICES = [("", pgettext_lazy("petit au bout", "none")), *Hand.Camp.choices]
CHELEM_CHOICES = [("", pgettext_lazy("chelem", "not made")), *Hand.Camp.choices]
POIGNEE_CHOICES = [
    ("", pgettext_lazy("poignee", "none")),
    ("simple", pgettext_lazy("poignee", "simple")),
    ("double", pgettext_lazy("poignee", "double")),
    ("triple", pgettext_lazy("poignee", "triple")),
]
MISERE_CHOICES = [
    ("", pgettext_lazy("misere", "none")),
    ("simple", pgettext_lazy("misere", "simple")),
    ("double", pgettext_lazy("misere", "double")),
]


class UnchosenButtons(forms.RadioSelect):
    """Radios of which none is ticked while nothing is chosen: Django ticks the empty
    choice for a missing value, so a new hand would show "all passed" (and "nobody"
    for the taker) already chosen. The empty choice is ticked for an empty value only."""

    def format_value(self, value: Any) -> list[str]:  # type: ignore[override]  # ChoiceWidget's type
        return [] if value is None else super().format_value(value)


def buttons(*, unchosen: bool = False) -> forms.RadioSelect:
    """A choice drawn as a row of buttons, one tap each (Bootstrap btn-check radios);
    `unchosen`: nothing ticked until chosen (UnchosenButtons).

    Radios rather than a select: a select costs two taps (open, pick) and hides its
    choices; without JavaScript the radios post the same name and value."""
    widget = UnchosenButtons if unchosen else forms.RadioSelect
    return widget(attrs={"class": "btn-check"})


def toggle_buttons(
    label: StrPromise, choices: list[tuple[str, Any]], initial: str
) -> forms.ChoiceField:
    """An optional choice shown as a row of toggle buttons (Bootstrap btn-check radios)."""
    return forms.ChoiceField(
        label=label,
        choices=choices,
        required=False,
        initial=initial,
        widget=buttons(),
    )


def checkbox(label: StrPromise) -> forms.BooleanField:
    """An optional tick box (unticked is False, never a missing-value error)."""
    return forms.BooleanField(
        label=label,
        required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )


def player_select(
    label: str, choices: list[tuple[str, Any]], group: StrPromise | str = ""
) -> forms.ChoiceField:
    """One player's optional declaration (poignée, misère), a select per player.

    `group` names the declaration ("Poignées"): the field's label is the player alone,
    as it shows under the group's legend, and the preview's list of fields to see
    needs both to say which field it means."""
    field = forms.ChoiceField(
        label=label,
        choices=choices,
        required=False,
        widget=forms.Select(attrs={"class": "form-select"}),
    )
    field.group = group  # type: ignore[attr-defined]  # our own attribute, read by the templates
    return field
