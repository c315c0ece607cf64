"""The hand form's choices and field shapes (forms/hand.py): one place for how an
optional choice, a tick box or a player's declaration looks at the card table."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ..models import Hand

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


def toggle_buttons(
    label: Promise, choices: list[tuple[str, Any]], initial: str
) -> forms.ChoiceField:
    """An optional choice shown as a row of toggle buttons (Bootstrap btn-check radios)."""
    return forms.ChoiceField(
        label=label,
        choices=choices,
        required=False,
        initial=initial,
        widget=forms.RadioSelect(attrs={"class": "btn-check"}),
    )


def checkbox(label: Promise) -> forms.BooleanField:
    """An optional tick box (unticked is False, never a missing-value error)."""
    return forms.BooleanField(
        label=label,
        required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )


def player_select(
    label: str, choices: list[tuple[str, Any]], group: Promise | str = ""
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
    field.group = group  # type: ignore[attr-defined]
    return field
