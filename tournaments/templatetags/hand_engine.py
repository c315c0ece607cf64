"""{% hand_engine_data form %}: what the engine in the browser needs to score the hand
form offline (js/engine.js): the table's seats, its rules, the contracts allowed and
the messages in the page's language, as a json_script, so that the page kept by the
service worker has them without the network."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import json_script
from django.utils.safestring import SafeString

from ..forms.hand import HandForm
from ..forms.hand_errors import browser_catalogue

register = template.Library()

ENGINE_DATA_ID = "hand-engine-data"


def engine_page(form: HandForm) -> dict[str, Any]:
    """The table as rules/hand_entry.score_fields reads it."""
    return {
        "players": [[seat.player_id, seat.player.name] for seat in form.seats],
        "has_partner": form.has_partner,
        "dealer_sits_out": form.dealer_sits_out,
        "contracts": [value for value, _label in form.fields["contract"].choices if value],
        "rules": form.rules.to_json(),
        "messages": browser_catalogue(form.fields["contract"]),
    }


@register.simple_tag
def hand_engine_data(form: HandForm) -> SafeString:
    return json_script(engine_page(form), ENGINE_DATA_ID)
