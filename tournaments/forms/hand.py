"""The scorekeeper's hand form: what is typed at the card table -> an unsaved Hand.

The form only converts input (French decimal comma, points given for the
defence, one select per player for poignées) into the model's fields. Whether
the hand is possible and what it scores is the engine's business, reached via
services.hands.preview_hand / save_hand; its scoring.HandError comes back here
through `HandForm.add_hand_error`, which puts a translated message at the field
concerned (the messages: forms/hand_errors.py, re-exported here).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

import scoring

from ..models import Hand, Seat, Table
from ..rules import hand_entry
from ..rules import points as card_points
from .hand_errors import (
    ENGINE_FIELD_TO_HAND_FIELD,
    FALLBACK_MESSAGE,
    HAND_ERROR_FIELD_MESSAGES,
    HAND_ERROR_MESSAGES,
    hand_error_message,
)
from .hand_fields import (
    CAMP_OR_NONE_CHOICES,
    CHELEM_CHOICES,
    MISERE_CHOICES,
    POIGNEE_CHOICES,
    POINTS_CAMP_CHOICES,
    buttons,
    checkbox,
    player_select,
    toggle_buttons,
)
from .typed import field_of

# The public face of this module, messages included, as before they moved out.
__all__ = [
    "CAMP_OR_NONE_CHOICES",
    "CHELEM_CHOICES",
    "ENGINE_FIELD_TO_HAND_FIELD",
    "FALLBACK_MESSAGE",
    "HAND_ERROR_FIELD_MESSAGES",
    "HAND_ERROR_MESSAGES",
    "MISERE_CHOICES",
    "POIGNEE_CHOICES",
    "POINTS_CAMP_CHOICES",
    "POINTS_RE",
    "TOTAL_POINTS",
    "DeleteHandForm",
    "HandForm",
    "hand_error_message",
    "parse_points",
]

# The deck's card points (rules.points, from the engine): one number for the whole site.
TOTAL_POINTS = card_points.TOTAL_POINTS

POINTS_RE = re.compile(r"[+-]?\d{1,4}(?:[.,]\d{1,4})?")


def _to_int(value: str) -> int:
    return int(value)


def _format_points(value: Decimal) -> str:
    return str(int(value)) if value == value.to_integral() else number_format(value)


def parse_points(raw: str | None) -> Decimal | None:
    """The card points as typed ("41", "40,5"): None when empty, else a number from 0 to
    the deck's total (ValidationError otherwise)."""
    raw = (raw or "").strip()
    if not raw:
        return None
    if not POINTS_RE.fullmatch(raw):
        raise forms.ValidationError(HAND_ERROR_MESSAGES["not_a_number"], code="not_a_number")
    value = Decimal(raw.replace(",", "."))
    if not 0 <= value <= TOTAL_POINTS:
        raise forms.ValidationError(
            HAND_ERROR_MESSAGES["points_range"] % {"value": _format_points(value)},
            code="points_range",
        )
    return value


class HandForm(forms.Form):
    """One hand at one table. `build_hand()` returns the instance, unsaved."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)
    # The hand a new hand's form was opened for ("Donne 7"): stored meanwhile by another
    # phone, the scorekeeper is asked whether his is the same deal or the next one
    # (a Conflict of services.hands.write_hand). Absent (a script): stored as the next hand.
    number = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)
    # The dealer is suggested (the next in turn): a select, seldom touched. Taker,
    # contract, partner and oudlers are rows of buttons, a tap each: a played hand is
    # entered on a phone in a few taps.
    dealer = forms.TypedChoiceField(label=_("Dealer"), coerce=_to_int)
    taker = forms.TypedChoiceField(
        label=_("Taker"),
        coerce=_to_int,
        required=False,
        empty_value=None,
        widget=buttons(unchosen=True),
    )
    contract = forms.ChoiceField(label=_("Contract"), required=False, widget=buttons(unchosen=True))
    partner = forms.TypedChoiceField(
        label=_("Called partner"),
        coerce=_to_int,
        required=False,
        empty_value=None,
        widget=buttons(unchosen=True),
    )
    oudlers = forms.TypedChoiceField(
        label=_("Oudlers"),
        choices=[(str(i), str(i)) for i in range(4)],
        coerce=_to_int,
        required=False,
        # No count is chosen for the scorekeeper: a preselected 0 let a forgotten count
        # be scored as 0 oudlers. A played hand asks for it (clean).
        empty_value=None,
        widget=buttons(),
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
    points_camp = toggle_buttons(_("Points counted by"), POINTS_CAMP_CHOICES, "taker")
    petit_au_bout = toggle_buttons(_("Petit au bout"), CAMP_OR_NONE_CHOICES, "")
    chelem_announced = checkbox(_("Chelem announced"))
    chelem_made_by = toggle_buttons(_("Chelem made by"), CHELEM_CHOICES, "")

    # Shown with the "chelem?" question (91 or 0 points and no chelem): saving such a
    # hand needs this tick, so that a forgotten chelem is not saved by mistake.
    no_chelem = checkbox(_("No chelem: the other camp took at least one trick"))

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        table: Table,
        seats: Sequence[Seat],
        rules: scoring.RuleSet,
        instance: Hand | None = None,
        suggested_dealer: int | None = None,
        number: int | None = None,
        **kwargs: Any,
    ) -> None:
        self.table = table
        self.seats = list(seats)
        self.rules = rules
        self.instance = instance if instance is not None else Hand(table=table)
        self.player_names = {seat.player_id: seat.player.name for seat in self.seats}
        if self.instance.pk and "initial" not in kwargs:
            kwargs["initial"] = self.initial_from_hand(self.instance)
        else:
            if suggested_dealer is not None:
                kwargs.setdefault("initial", {}).setdefault("dealer", suggested_dealer)
            if number is not None:
                kwargs.setdefault("initial", {}).setdefault("number", number)
        super().__init__(data, **kwargs)

        player_choices = [(seat.player_id, seat.player.name) for seat in self.seats]
        field_of(self, "dealer", forms.ChoiceField).choices = player_choices
        # "Nobody" (an empty taker) is shown only when everybody passed (site.css): the
        # way to clear the taker without JavaScript, a radio being never unticked.
        field_of(self, "taker", forms.ChoiceField).choices = [("", _("nobody")), *player_choices]
        field_of(self, "contract", forms.ChoiceField).choices = [
            ("", _("All passed")),
            *((c, Hand.Contract(c).label) for c in rules.contracts if c in Hand.Contract.values),
        ]
        if self.has_partner:
            field_of(self, "partner", forms.ChoiceField).choices = [
                ("", _("Alone")),
                *player_choices,
            ]
        else:
            del self.fields["partner"]
        self.fields["dealer"].widget.attrs["class"] = "form-select"
        for seat in self.seats:
            self.fields[self.poignee_name(seat.player_id)] = player_select(
                seat.player.name, POIGNEE_CHOICES, _("Poignées")
            )
        if rules.allows_misere:
            for seat in self.seats:
                self.fields[self.misere_name(seat.player_id)] = player_select(
                    seat.player.name, MISERE_CHOICES, _("Misères")
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

    def bonus_fields(self) -> list[forms.BoundField]:
        """The fields folded under "Bonuses" until opened: a played hand without a bonus
        never needs them."""
        names = ["petit_au_bout", "chelem_announced", "chelem_made_by"]
        return [
            *(self[name] for name in names),
            *self.poignee_fields(),
            *self.misere_fields(),
        ]

    @property
    def bonuses_open(self) -> bool:
        """The fold is drawn open when a bonus is set (typed, or stored in the hand being
        edited) or has an error, or when the chelem is asked: nothing set is ever hidden."""
        if self.chelem_question is not None:
            return True
        return any(field.errors or field.value() for field in self.bonus_fields())

    @staticmethod
    def initial_from_hand(hand: Hand) -> dict[str, Any]:
        initial: dict[str, Any] = {
            "version": hand.version,
            "dealer": hand.dealer_id,
            "contract": hand.contract,
            # "Nobody" and "alone" are ticked as stored (the buttons tick nothing for None).
            "taker": hand.taker_id or ("" if hand.passed else None),
            "partner": hand.partner_id or ("" if not hand.passed else None),
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
        # Checked as typed, before the defence's points are turned into the taker's,
        # so that the message speaks of the number the user sees.
        return parse_points(self.cleaned_data.get("points"))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        assert cleaned is not None  # Django's Form.clean answers cleaned_data
        if (
            cleaned.get("contract")
            and cleaned.get("oudlers") is None
            and "oudlers" not in self.errors
        ):
            self.add_error(
                "oudlers",
                forms.ValidationError(
                    HAND_ERROR_MESSAGES["oudlers_missing"], code="oudlers_missing"
                ),
            )
        if cleaned.get("contract") and "points" not in self.errors:
            if cleaned.get("points") is None:
                self.add_error(
                    "points",
                    forms.ValidationError(
                        HAND_ERROR_MESSAGES["points_missing"], code="points_missing"
                    ),
                )
            elif cleaned.get("points_camp") == "defence":
                cleaned["points"] = card_points.other_camp(cleaned["points"])
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
            hand.oudlers = data["oudlers"]  # clean() refused a played hand without it
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
        data = getattr(self, "cleaned_data", {})
        declared = [
            self.poignee_name(seat.player_id)
            for seat in self.seats
            if data.get(self.poignee_name(seat.player_id))
        ]
        return hand_entry.error_field(error, self.fields, self.player_names, declared)

    def add_hand_error(self, error: scoring.HandError) -> None:
        self.add_error(self.error_field(error), hand_error_message(error, self.player_names))


class DeleteHandForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
