"""A form's field by its declared class: `form.fields` holds every field as a plain
Field, so a choice field's `choices` or `queryset` is reached through this."""

from __future__ import annotations

from typing import Any, TypeVar

from django import forms

F = TypeVar("F", bound=forms.Field)


def field_of(form: forms.BaseForm, name: str, kind: type[F]) -> F:
    """`form.fields[name]`, which the form declares as a `kind`."""
    field = form.fields[name]
    if not isinstance(field, kind):
        raise TypeError(f"field {name!r} is a {type(field).__name__}, not a {kind.__name__}")
    return field


def choices_of(field: forms.ChoiceField) -> list[Any]:
    """The field's choices: a list once set from a list or a tuple (Django normalizes
    them so), which is how every form here sets them."""
    choices = field.choices
    if not isinstance(choices, list):
        raise TypeError(f"choices held as a {type(choices).__name__}, not a list")
    return choices
