"""{% hand_engine_data form %}: what the engine in the browser needs to score the hand
form offline (js/engine.js): the table's seats, its rules, the contracts allowed and
the messages in the page's language, as a json_script, so that the page kept by the
service worker has them without the network."""

from __future__ import annotations

from typing import Any

from django import forms, template
from django.utils.html import json_script
from django.utils.safestring import SafeString

from ..forms.duplicate import BoardHandForm
from ..forms.hand import HandForm
from ..forms.hand_errors import browser_catalogue
from ..forms.typed import choices_of, field_of
from ..models import Hand
from ..models.duplicate import orientation_letter
from ..rules import boards as board_rules

register = template.Library()

ENGINE_DATA_ID = "hand-engine-data"


def engine_page(form: HandForm) -> dict[str, Any]:
    """The table as rules/hand_entry.score_fields reads it (and, on a duplicate board's
    form, the board as rules/board_entry.score_board_fields does)."""
    page = {
        # The names the form's messages give (a board's: "N · Anne").
        "players": [[seat.player_id, form.player_names[seat.player_id]] for seat in form.seats],
        "has_partner": form.has_partner,
        "dealer_sits_out": form.dealer_sits_out,
        "contracts": [
            value
            for value, _label in choices_of(field_of(form, "contract", forms.ChoiceField))
            if value
        ],
        "rules": form.rules.to_json(),
        "contract_required": form.fields["contract"].required,
        "messages": browser_catalogue(form.fields["contract"]),
    }
    if isinstance(form, BoardHandForm):
        page["board"] = board_page(form)
    return page


def board_page(form: BoardHandForm) -> dict[str, Any]:
    """The board as its form fixes it, never its deal: the scorekeeper is usually one of
    the four players, and the cards (or the event's seed, which deals every board of the
    event) in the page's data would let him read the others' hands before play. The
    server checks a result against the cards when it is saved (services.hand_entry),
    so does the engine in the browser offline, without them (rules.board_entry)."""
    board = form.board
    named, contract = board.named_taker, board.named_contract
    seat = next((s for s in form.seats if s.position == named), None)
    return {
        "number": board.number,
        "dealer": form.fields["dealer"].initial,
        "named_taker": seat.player_id if seat is not None else None,
        "taker_fixed": form.fields["taker"].disabled,
        "named_orientation": orientation_letter(named) if named is not None else None,
        "named_contract": contract,
        "named_contract_label": str(Hand.Contract(contract).label) if contract else "",
        "orientations": {
            str(seat.player_id): board_rules.letter(seat.position) for seat in form.seats
        },
        "deal": None,
    }


@register.simple_tag
def hand_engine_data(form: HandForm) -> SafeString:
    return json_script(engine_page(form), ENGINE_DATA_ID)
