"""The scorekeeper's hand form: what is typed at the card table -> an unsaved Hand.

The form only converts input (French decimal comma, points given for the
defence, one select per player for poignées) into the model's fields. Whether
the hand is possible and what it scores is the engine's business, reached via
services.hands.preview_hand / save_hand; its scoring.HandError comes back here
through `HandForm.add_hand_error`, which puts a translated message at the field
concerned.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

import scoring

from ..models import Hand, Seat, Table

TOTAL_POINTS = 91

# --- engine error codes -> translated messages ---------------------------------

# One message per code of scoring.ERROR_CODES, the engine's list of what it raises
# (tests/scorekeeping/test_hand_errors.py checks that none is missing or stale).
# Parameters: %(player)s is the player's name when the engine names one.
HAND_ERROR_MESSAGES: dict[str, Promise] = {
    # scoring/hand.py
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
    "points_impossible_for_oudlers": _(
        "With %(oudlers)s oudler(s) the taker camp has between %(low)s and %(high)s points,"
        " not %(value)s."
    ),
    "unknown_camp": _("Choose the taker camp, the defence or none."),
    "taker_chelem_oudlers": _(
        "In a chelem by the taker camp the defence keeps at most the Excuse (and the dog in a"
        " garde contre): the taker camp has at least %(count)s oudler(s), not %(value)s."
    ),
    "taker_chelem_points": _(
        "In a chelem by the taker camp with %(oudlers)s oudler(s) the defence keeps at most the"
        " Excuse (and the dog in a garde contre): the taker camp has at least %(low)s points,"
        " not %(value)s."
    ),
    "defence_chelem_oudlers": _(
        "In a chelem by the defence the taker camp keeps at most %(count)s oudler(s), not"
        " %(value)s."
    ),
    "defence_chelem_points": _(
        "In a chelem by the defence the taker camp with %(oudlers)s oudler(s) keeps at most"
        " %(high)s points (its écart, or the dog in a garde sans, and the Excuse), not %(value)s."
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
HAND_ERROR_FIELD_MESSAGES: dict[tuple[str, str], Promise] = {
    ("taker", "not_a_player"): _(
        "%(player)s does not play this hand (the dealer sits out): choose another taker."
    ),
    ("partner", "not_a_player"): _("%(player)s does not play this hand: choose another partner."),
    ("sitting_out", "not_a_player"): _("The dealer must be one of the players at this table."),
}
FALLBACK_MESSAGE = _("This hand cannot be scored as entered.")


# The Hand model field an engine error's JSON field belongs to (the dealer is the
# one who sits out at a table of 5).
ENGINE_FIELD_TO_HAND_FIELD: dict[str, str] = {
    "points": "points",
    "defence_points": "points",
    "oudlers": "oudlers",
    "taker": "taker",
    "partner": "partner",
    "contract": "contract",
    "petit_au_bout": "petit_au_bout",
    "chelem": "chelem_made_by",
    "poignees": "poignees",
    "miseres": "miseres",
    "sitting_out": "dealer",
}


class _Params(dict):
    """Interpolation that never fails on a parameter the engine did not send."""

    def __missing__(self, key: str) -> str:
        return "?"


def _localise(value: Any) -> Any:
    """Show engine numbers ("40.5") the way the user types them ("40,5" in French)."""
    if isinstance(value, str) and re.fullmatch(r"-?\d+\.\d+", value):
        return number_format(Decimal(value))
    return value


def hand_error_message(
    error: scoring.HandError, player_names: Mapping[Any, str] | None = None
) -> str:
    """The translated message for an engine error, with its parameters filled in."""
    template = HAND_ERROR_FIELD_MESSAGES.get(
        (error.field, error.code), HAND_ERROR_MESSAGES.get(error.code, FALLBACK_MESSAGE)
    )
    params = _Params({key: _localise(value) for key, value in error.params.items()})
    value = error.params.get("value")
    names = player_names or {}
    params["player"] = names.get(value, _("This player")) if value is not None else _("A player")
    return str(template) % params


# --- the form ------------------------------------------------------------------

POINTS_RE = re.compile(r"[+-]?\d{1,4}(?:[.,]\d{1,4})?")
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


def _to_int(value: str) -> int:
    return int(value)


def _format_points(value: Decimal) -> str:
    return str(int(value)) if value == value.to_integral() else number_format(value)


class HandForm(forms.Form):
    """One hand at one table. `build_hand()` returns the instance, unsaved."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)
    dealer = forms.TypedChoiceField(label=_("Dealer"), coerce=_to_int)
    contract = forms.ChoiceField(label=_("Contract"), required=False)
    taker = forms.TypedChoiceField(
        label=_("Taker"), coerce=_to_int, required=False, empty_value=None
    )
    partner = forms.TypedChoiceField(
        label=_("Called partner"), coerce=_to_int, required=False, empty_value=None
    )
    oudlers = forms.TypedChoiceField(
        label=_("Oudlers"),
        choices=[(str(i), str(i)) for i in range(4)],
        coerce=_to_int,
        required=False,
        empty_value=0,
        initial="0",
        widget=forms.RadioSelect(attrs={"class": "btn-check"}),
    )
    points = forms.CharField(
        label=_("Card points"),
        required=False,
        max_length=10,
        widget=forms.TextInput(
            attrs={
                "inputmode": "decimal",
                "autocomplete": "off",
                "class": "form-control form-control-lg",
                "placeholder": "56",
            }
        ),
    )
    points_camp = forms.ChoiceField(
        label=_("Points counted by"),
        choices=POINTS_CAMP_CHOICES,
        required=False,
        initial="taker",
        widget=forms.RadioSelect(attrs={"class": "btn-check"}),
    )
    petit_au_bout = forms.ChoiceField(
        label=_("Petit au bout"),
        choices=CAMP_OR_NONE_CHOICES,
        required=False,
        initial="",
        widget=forms.RadioSelect(attrs={"class": "btn-check"}),
    )
    chelem_announced = forms.BooleanField(
        label=_("Chelem announced"),
        required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )
    chelem_made_by = forms.ChoiceField(
        label=_("Chelem made by"),
        choices=CHELEM_CHOICES,
        required=False,
        initial="",
        widget=forms.RadioSelect(attrs={"class": "btn-check"}),
    )

    # Shown with the "chelem?" question (91 or 0 points and no chelem): saving such a
    # hand needs this tick, so that a forgotten chelem is not saved by mistake.
    no_chelem = forms.BooleanField(
        label=_("No chelem: the other camp took at least one trick"),
        required=False,
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        table: Table,
        seats: Sequence[Seat],
        rules: scoring.RuleSet,
        instance: Hand | None = None,
        suggested_dealer: int | None = None,
        **kwargs: Any,
    ) -> None:
        self.table = table
        self.seats = list(seats)
        self.rules = rules
        self.instance = instance if instance is not None else Hand(table=table)
        self.player_names = {seat.player_id: seat.player.name for seat in self.seats}
        if self.instance.pk and "initial" not in kwargs:
            kwargs["initial"] = self.initial_from_hand(self.instance)
        elif suggested_dealer is not None:
            kwargs.setdefault("initial", {}).setdefault("dealer", suggested_dealer)
        super().__init__(data, **kwargs)

        player_choices = [(seat.player_id, seat.player.name) for seat in self.seats]
        self.fields["dealer"].choices = player_choices
        self.fields["taker"].choices = [("", "—"), *player_choices]
        self.fields["contract"].choices = [
            ("", _("All passed")),
            *((c, Hand.Contract(c).label) for c in rules.contracts if c in Hand.Contract.values),
        ]
        if self.has_partner:
            self.fields["partner"].choices = [("", _("Alone")), *player_choices]
        else:
            del self.fields["partner"]
        for name in ("dealer", "contract", "taker", "partner"):
            if name in self.fields:
                self.fields[name].widget.attrs["class"] = "form-select form-select-lg"
        for seat in self.seats:
            self.fields[self.poignee_name(seat.player_id)] = forms.ChoiceField(
                label=seat.player.name,
                choices=POIGNEE_CHOICES,
                required=False,
                widget=forms.Select(attrs={"class": "form-select"}),
            )
        if rules.allows_misere:
            for seat in self.seats:
                self.fields[self.misere_name(seat.player_id)] = forms.ChoiceField(
                    label=seat.player.name,
                    choices=MISERE_CHOICES,
                    required=False,
                    widget=forms.Select(attrs={"class": "form-select"}),
                )

    # -- layout helpers for the template --

    @property
    def has_partner(self) -> bool:
        """A called partner exists only at a table of 5 playing the called-king game."""
        return len(self.seats) == 5 and self.table.five_mode == Table.FiveMode.CALLED_KING

    @property
    def dealer_sits_out(self) -> bool:
        return len(self.seats) == 5 and self.table.five_mode == Table.FiveMode.DEALER_OUT

    @staticmethod
    def poignee_name(player_id: int) -> str:
        return f"poignee_{player_id}"

    @staticmethod
    def misere_name(player_id: int) -> str:
        return f"misere_{player_id}"

    def poignee_fields(self) -> list[forms.BoundField]:
        return [self[self.poignee_name(seat.player_id)] for seat in self.seats]

    def misere_fields(self) -> list[forms.BoundField]:
        if not self.rules.allows_misere:
            return []
        return [self[self.misere_name(seat.player_id)] for seat in self.seats]

    @staticmethod
    def initial_from_hand(hand: Hand) -> dict[str, Any]:
        initial: dict[str, Any] = {
            "version": hand.version,
            "dealer": hand.dealer_id,
            "contract": hand.contract,
            "taker": hand.taker_id,
            "partner": hand.partner_id,
            "oudlers": str(hand.oudlers),
            "points": "" if hand.passed else _format_points(hand.points),
            "points_camp": "taker",
            "petit_au_bout": hand.petit_au_bout,
            "chelem_announced": hand.chelem_announced,
            "chelem_made_by": hand.chelem_made_by,
        }
        for item in hand.poignees or []:
            initial[HandForm.poignee_name(item.get("player"))] = item.get("size", "")
        for item in hand.miseres or []:
            initial[HandForm.misere_name(item.get("player"))] = item.get("size", "")
        return initial

    # -- cleaning --

    def clean_points(self) -> Decimal | None:
        raw = (self.cleaned_data.get("points") or "").strip()
        if not raw:
            return None
        if not POINTS_RE.fullmatch(raw):
            raise forms.ValidationError(HAND_ERROR_MESSAGES["not_a_number"], code="not_a_number")
        value = Decimal(raw.replace(",", "."))
        # Checked as typed, before the defence's points are turned into the taker's,
        # so that the message speaks of the number the user sees.
        if not 0 <= value <= TOTAL_POINTS:
            raise forms.ValidationError(
                HAND_ERROR_MESSAGES["points_range"] % {"value": _format_points(value)},
                code="points_range",
            )
        return value

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if cleaned.get("contract") and "points" not in self.errors:
            if cleaned.get("points") is None:
                self.add_error(
                    "points",
                    forms.ValidationError(
                        HAND_ERROR_MESSAGES["points_missing"], code="points_missing"
                    ),
                )
            elif cleaned.get("points_camp") == "defence":
                cleaned["points"] = TOTAL_POINTS - cleaned["points"]
        return cleaned

    def build_hand(self, hand: Hand | None = None) -> Hand:
        """The instance (or `hand`) with the typed inputs, not saved: services save it."""
        data = self.cleaned_data
        hand = self.instance if hand is None else hand
        hand.table = self.table
        hand.dealer_id = data["dealer"]
        hand.contract = data.get("contract") or ""
        hand.taker_id = data.get("taker")
        hand.partner_id = data.get("partner") if self.has_partner else None
        if hand.contract:
            hand.oudlers = data.get("oudlers") or 0
            hand.points = data["points"]
        else:
            # Oudlers and points mean nothing when everybody passed; do not store noise.
            hand.oudlers = 0
            hand.points = Decimal(0)
        hand.petit_au_bout = data.get("petit_au_bout") or ""
        hand.poignees = [
            {"player": seat.player_id, "size": size}
            for seat in self.seats
            if (size := data.get(self.poignee_name(seat.player_id)))
        ]
        hand.chelem_announced = bool(data.get("chelem_announced"))
        hand.chelem_made_by = data.get("chelem_made_by") or ""
        hand.miseres = [
            {"player": seat.player_id, "size": size}
            for seat in self.seats
            if self.rules.allows_misere and (size := data.get(self.misere_name(seat.player_id)))
        ]
        return hand

    # -- the "chelem?" question --

    @property
    def chelem_question(self) -> str | None:
        """A played hand of 91 (or 0) points without a chelem: was it one?"""
        data = getattr(self, "cleaned_data", None)
        if not data or not data.get("contract") or data.get("chelem_made_by"):
            return None
        if any(name != "chelem_made_by" for name in self.errors):
            return None  # other mistakes first
        points = data.get("points")
        if points == TOTAL_POINTS:
            return str(_("91 points: did the taker camp take every trick? Then choose the chelem."))
        if points == 0:
            return str(_("0 points: did the defence take every trick? Then choose the chelem."))
        return None

    def chelem_unanswered(self) -> bool:
        return self.chelem_question is not None and not self.cleaned_data.get("no_chelem")

    def ask_chelem(self) -> None:
        """The question at the chelem field, for a save refused until it is answered."""
        question = self.chelem_question
        if question is not None:
            self.add_error(
                "chelem_made_by",
                forms.ValidationError(
                    "%(question)s %(hint)s",
                    code="chelem_question",
                    params={
                        "question": question,
                        "hint": _("If not, tick “No chelem” below and save again."),
                    },
                ),
            )

    # -- engine errors --

    def error_field(self, error: scoring.HandError) -> str | None:
        """The form field an engine error belongs to (None: a non-field error)."""
        value = error.params.get("value")
        if error.field == "poignees" and value in self.player_names:
            name: str | None = self.poignee_name(value)
        elif error.field == "miseres" and value in self.player_names:
            name = self.misere_name(value)
        else:
            name = ENGINE_FIELD_TO_HAND_FIELD.get(error.field)
        return name if name in self.fields else None

    def add_hand_error(self, error: scoring.HandError) -> None:
        self.add_error(self.error_field(error), hand_error_message(error, self.player_names))


class DeleteHandForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
