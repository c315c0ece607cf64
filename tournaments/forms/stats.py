"""The player page's event picker: which of his events the chart follows (a GET
form: choosing posts nothing, it reloads the page on that event)."""

from __future__ import annotations

from collections.abc import Sequence

from django import forms
from django.utils.translation import gettext_lazy as _

from .typed import field_of


class EventChoiceForm(forms.Form):
    event = forms.ChoiceField(label=_("Event"))

    def __init__(self, choices: Sequence[tuple[int, str]], chosen: int, error: str = "") -> None:
        """`choices` the page's events, the chosen one among them, each (its id, its
        name and date in words: selectors.stats.event_choices), `error` why the event
        asked for could not be shown (views.stats.choose_event)."""
        super().__init__(initial={"event": chosen})
        field = field_of(self, "event", forms.ChoiceField)
        field.choices = list(choices)
        attrs: dict[str, str | bool] = {"class": "form-select", "data-submit-on-change": True}
        if error:
            # The reason stands under the picker (_player_details.html), read with it.
            attrs["class"] = "form-select is-invalid"
            attrs["aria-describedby"] = "event-choice-error"
        field.widget.attrs = attrs
