"""Engine error codes -> translated messages, at the hand form's fields.

The engine (scoring) raises HandError with a stable code; the scorekeeper reads a
French (or English) sentence at the field concerned. HandForm.add_hand_error
(forms/hand.py) and the admin use `hand_error_message` and
`ENGINE_FIELD_TO_HAND_FIELD`. Which field and which parameters: pure code the browser
runs too (rules/hand_entry.py), which `browser_catalogue` gives these messages.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.formats import get_format, number_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

import scoring

from ..rules.hand_entry import (
    COUNT_KEYS,
    ENGINE_FIELD_TO_HAND_FIELD,
    NUMBER_TEXT_RE,
    message_params,
    pick_template,
)

if TYPE_CHECKING:  # a lazy translation of a str, as django-stubs types gettext_lazy
    from django_stubs_ext import StrPromise

__all__ = [
    "BOARD_ERROR_MESSAGES",
    "ENGINE_FIELD_TO_HAND_FIELD",
    "FALLBACK_MESSAGE",
    "HAND_ERROR_FIELD_MESSAGES",
    "HAND_ERROR_MESSAGES",
    "browser_catalogue",
    "hand_error_message",
]

# One message per code of scoring.ERROR_CODES, the engine's list of what it raises
# (tests/scorekeeping/test_hand_errors.py checks that none is missing or stale).
# Parameters: %(player)s is the player's name when the engine names one.
HAND_ERROR_MESSAGES: dict[str, StrPromise] = {
    # scoring/hand/
    "player_count": _("A hand is played by 3, 4 or 5 players, not %(count)s."),
    "duplicate_player": _("A player is seated twice at this table."),
    "not_a_player": _("%(player)s does not play this hand."),
    "sitting_out_needs_five": _("Only the dealer of a table of 5 sits out."),
    "passed_with_taker": _("Nobody took when everybody passed: clear the taker and partner."),
    "passed_with_bonus": _(
        "A hand where everybody passed has no petit au bout, poignée or chelem."
    ),
    "unknown_contract": _("Unknown contract “%(value)s”."),
    "contract_not_allowed": _("The contract “%(value)s” is not played under this event's rules."),
    "taker_missing": _("Who took? Choose the taker."),
    "partner_needs_five": _("There is no called partner at %(count)s players."),
    "partner_is_taker": _("The taker cannot be his own partner: choose “alone”."),
    "oudlers_range": _("Choose 0, 1, 2 or 3 oudlers."),
    "half_points_only": _("Card points are counted in half points (for example 40,5)."),
    "points_range": _("Card points are between 0 and 91, not %(value)s."),
    "half_points_at_four": _("At 4 players card points are whole numbers, not %(value)s."),
    "points_impossible_for_oudlers": ngettext_lazy(
        "With %(oudlers)s oudler the taker camp has between %(low)s and %(high)s points,"
        " not %(value)s.",
        "With %(oudlers)s oudlers the taker camp has between %(low)s and %(high)s points,"
        " not %(value)s.",
        "oudlers",
    ),
    "unknown_camp": _("Choose the taker camp, the defence or none."),
    "taker_chelem_oudlers": ngettext_lazy(
        "In a chelem by the taker camp the defence keeps at most the Excuse (and the dog in a"
        " garde contre): the taker camp has at least %(count)s oudler, not %(value)s.",
        "In a chelem by the taker camp the defence keeps at most the Excuse (and the dog in a"
        " garde contre): the taker camp has at least %(count)s oudlers, not %(value)s.",
        "count",
    ),
    "taker_chelem_points": ngettext_lazy(
        "In a chelem by the taker camp with %(oudlers)s oudler the defence keeps at most the"
        " Excuse (and the dog in a garde contre): the taker camp has at least %(low)s points,"
        " not %(value)s.",
        "In a chelem by the taker camp with %(oudlers)s oudlers the defence keeps at most the"
        " Excuse (and the dog in a garde contre): the taker camp has at least %(low)s points,"
        " not %(value)s.",
        "oudlers",
    ),
    "defence_chelem_oudlers": ngettext_lazy(
        "In a chelem by the defence the taker camp keeps at most %(count)s oudler, not %(value)s.",
        "In a chelem by the defence the taker camp keeps at most %(count)s oudlers, not %(value)s.",
        "count",
    ),
    "defence_chelem_points": ngettext_lazy(
        "In a chelem by the defence the taker camp with %(oudlers)s oudler keeps at most"
        " %(high)s points (its écart, or the dog in a garde sans, and the Excuse), not %(value)s.",
        "In a chelem by the defence the taker camp with %(oudlers)s oudlers keeps at most"
        " %(high)s points (its écart, or the dog in a garde sans, and the Excuse), not %(value)s.",
        "oudlers",
    ),
    "petit_au_bout_no_trick": _(
        "The camp that made the chelem took every trick, the last one too: the petit au bout"
        " can only be theirs."
    ),
    "petit_au_bout_without_oudler": _(
        "The taker camp won the last trick with the Petit, so it has at least 1 oudler."
    ),
    "petit_au_bout_all_oudlers": _(
        "The taker camp has all 3 oudlers, the Petit among them: the defence cannot have the"
        " petit au bout."
    ),
    "unknown_poignee": _("A poignée is simple, double or triple."),
    "two_poignees": _("%(player)s shows only one poignée."),
    "too_many_cards_shown": _(
        "These poignées show at least %(cards)s trumps; there are only 22 (21 trumps and the"
        " Excuse)."
    ),
    "misere_not_allowed": _("This event's rules have no misère."),
    "unknown_misere": _("A misère is simple or double."),
    "two_miseres": _("%(player)s declares only one misère."),
    # scoring/deal_checks.py (a duplicate board whose deal is known). In words that tell
    # nothing of the cards (no count, no card, no seat): the scorekeeper is one of the
    # players, and the board is still to be played at other tables. The arbiter reads
    # the detail on the board's traveller (models.audit_text, "deal_refused").
    "deal_poignee_trumps": _(
        "This poignée does not match the board's deal. The refusal is noted for the arbiter."
    ),
    "deal_chelem_21": _(
        "This chelem does not match the board's deal. The refusal is noted for the arbiter."
    ),
    "deal_petit_in_dog": _(
        "This petit au bout does not match the board's deal. The refusal is noted for the arbiter."
    ),
    "deal_oudlers": _(
        "These oudlers do not match the board's deal. The refusal is noted for the arbiter."
    ),
    "deal_points": _(
        "These card points do not match the board's deal. The refusal is noted for the arbiter."
    ),
    # scoring/jsonio.py
    "invalid": _("This value is not valid."),
    "not_a_number": _("Enter a number of card points, such as 56 or 40,5."),
    "unknown_field": _("Unknown field."),
    "points_missing": _("Enter the card points of the taker camp or of the defence."),
    "oudlers_missing": _("How many oudlers had the taker camp?"),
    "points_mismatch": _("The points of both camps add up to 91."),
    "size_missing": _("Choose simple, double or triple."),
    # scoring/rules.py (an event's stored rules are broken: an organiser must fix them)
    "invalid_rules": _("This event's rule set is invalid; ask an organiser."),
    "unknown_preset": _("Unknown rule set “%(value)s”; ask an organiser."),
}
# Where the same code means something more precise at one field.
HAND_ERROR_FIELD_MESSAGES: dict[tuple[str, str], StrPromise] = {
    ("taker", "not_a_player"): _(
        "%(player)s does not play this hand (the dealer sits out): choose another taker."
    ),
    ("partner", "not_a_player"): _("%(player)s does not play this hand: choose another partner."),
    ("sitting_out", "not_a_player"): _("The dealer must be one of the players at this table."),
}
# Codes the app raises about a duplicate board, not the engine (services.
# duplicate_results.NamedTakerRefused): the board names its taker.
BOARD_ERROR_MESSAGES: dict[str, StrPromise] = {
    "board_taker": _(
        "Board %(number)s names %(orientation)s as its taker, not %(player)s: only the "
        "organiser may enter another taker, as a ruling."
    ),
    "board_contract": _(
        "Board %(number)s is played in %(contract)s at every table: only the organiser "
        "may enter another contract, as a ruling."
    ),
    "board_passed": _(
        "Board %(number)s names %(orientation)s as its taker: a contract is required "
        "(no “all passed”)."
    ),
}
FALLBACK_MESSAGE = _("This hand cannot be scored as entered.")


def hand_error_message(
    error: scoring.HandError, player_names: Mapping[Any, str] | None = None
) -> str:
    """The translated message for an engine error, with its parameters filled in (the
    browser does the same with `browser_catalogue`: rules/hand_entry.py)."""
    template = pick_template(
        error,
        {**BOARD_ERROR_MESSAGES, **HAND_ERROR_MESSAGES},
        HAND_ERROR_FIELD_MESSAGES,
        FALLBACK_MESSAGE,
    )
    params = message_params(error, player_names or {}, _localise, _("This player"), _("A player"))
    return str(template % params)


def _localise(value: Any) -> Any:
    """Show engine numbers ("40.5") the way the user types them ("40,5" in French)."""
    if isinstance(value, str) and NUMBER_TEXT_RE.fullmatch(value):
        return number_format(Decimal(value))
    return value


# --- the same messages for the engine in the browser (js/engine.js) -----------------


class _Count(int):
    """A count that prints as its own placeholder: a message's translation chosen for
    the count, with the placeholder kept for the browser to fill."""

    key: str

    def __new__(cls, value: int, key: str) -> _Count:
        count = super().__new__(cls, value)
        count.key = key
        return count

    def __str__(self) -> str:
        return f"%({self.key})s"


class _Placeholders(dict):
    """Every other parameter prints as its placeholder too."""

    def __missing__(self, key: str) -> str:
        return f"%({key})s"


def _catalogue_entry(template: StrPromise) -> str | dict[str, Any]:
    """A message as the page's language writes it: one text, or for a message in the
    singular and the plural its forms for 0, 1 and 2 (hand_entry.PluralTemplate)."""
    for key in COUNT_KEYS:
        forms = []
        for count in (0, 1, 2):
            params = _Placeholders({k: _Count(2, k) for k in COUNT_KEYS})
            params[key] = _Count(count, key)
            forms.append(str(template % params))
        if len(set(forms)) > 1:
            return {"key": key, "forms": forms}
    return str(template)


def browser_catalogue(field: forms.Field) -> dict[str, Any]:
    """The messages the engine in the browser needs, in the active language: the
    engine's codes (those the form raises itself too), the choice fields' own
    (`field`: one of the form's choice fields), the words that stand for a player."""
    return {
        "codes": {
            code: _catalogue_entry(template)
            for code, template in {**BOARD_ERROR_MESSAGES, **HAND_ERROR_MESSAGES}.items()
        },
        "fields": {
            f"{name}|{code}": _catalogue_entry(template)
            for (name, code), template in HAND_ERROR_FIELD_MESSAGES.items()
        },
        "fallback": str(FALLBACK_MESSAGE),
        "this_player": str(_("This player")),
        "a_player": str(_("A player")),
        "required": str(field.error_messages["required"]),
        "invalid_choice": str(field.error_messages["invalid_choice"]),
        "decimal_separator": get_format("DECIMAL_SEPARATOR"),
    }
