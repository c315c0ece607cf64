"""Duplicate event forms: the event's format, a board's result on the phone, a line of
a paper traveller on the desktop, the arbiter's rulings, the scorekeepers of a table.

Forms only validate and build unsaved objects; services.duplicate and
services.duplicate_results write. Whether a result is possible is the engine's
business (and the board's cards'): its scoring.HandError comes back to the field
through hand_error_message, as on the free-deal hand form.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

import scoring

from ..models import ORIENTATIONS, Board, Event, Hand, Orientation, Seat, SpecialResult
from ..models.duplicate import ORIENTATION_LETTERS, orientation_letter
from .hand import HandForm, _format_points, parse_points
from .hand_errors import HAND_ERROR_MESSAGES, hand_error_message
from .hand_fields import CAMP_OR_NONE_CHOICES, POIGNEE_CHOICES
from .organiser import (
    ClubEventForm,
    ScorekeeperChoiceField,
    ServiceErrorMixin,
    rounds_planned_field,
    team_size_field,
)
from .typed import choices_of, field_of

DUPLICATE_TEAM_MODES = (
    (0, _("Individual")),
    (3, _("Triplettes (teams of 3)")),
    (4, _("Quadrettes (teams of 4)")),
    # The federation's "teams": larger groups kept apart the same way (DUPLICATE.md).
    *((size, format_lazy(_("Teams of {size}"), size=size)) for size in range(5, 9)),
)


class DuplicateForm(ClubEventForm):
    """A duplicate event: the club-night fields (name, date, rule set) and its format."""

    rounds_planned = rounds_planned_field(initial=5)
    boards_per_round = forms.IntegerField(
        label=_("Boards per round"),
        min_value=1,
        max_value=12,
        initial=2,
        help_text=_("The boards of one set: every table plays one set per round."),
    )
    comparison = forms.ChoiceField(
        label=_("Comparison"),
        choices=Event.Comparison.choices,
        initial=Event.Comparison.MATCHPOINTS,
        help_text=_(
            "Matchpoints: each marque against the others of the same board and orientation, "
            "as a percentage. Difference from the average: the marque minus the average."
        ),
    )
    team_size = team_size_field(_("Team form"), DUPLICATE_TEAM_MODES)
    app_deals = forms.BooleanField(
        label=_("The app deals the boards"),
        required=False,
        initial=True,
        help_text=_(
            "From the event's seed, one printed page per board to prepare the étuis, and "
            "results that contradict the cards are refused. Untick to deal by hand."
        ),
    )

    team_match = forms.BooleanField(
        label=_("Team match"),
        required=False,
        initial=False,
        help_text=_(
            "Triplettes, quadrettes, teams of 5 or 6: team-mates defend together against a "
            "taker of another team, every table playing the round's boards at the same time, "
            "and teams are ranked on their marques. Unticked: team-mates are seated apart "
            "and the team ranking of an individual event averages their results."
        ),
    )
    free_bidding = forms.BooleanField(
        label=_("Free bidding (enchères libres)"),
        required=False,
        initial=False,
        help_text=_(
            "Unticked (the federation's practice): each board names its taker, printed on "
            "the board, who takes at every table while the others pass. Ticked: each table "
            "bids as in a free deal."
        ),
    )

    # The format, after the club-night fields; the services take both.
    FORMAT_FIELDS = (
        "rounds_planned",
        "boards_per_round",
        "comparison",
        "team_size",
        "team_match",
        "app_deals",
        "free_bidding",
    )
    field_order = ["name", "date", "club", "rules_name", *FORMAT_FIELDS]
    SERVICE_FIELDS = (*ClubEventForm.SERVICE_FIELDS, *FORMAT_FIELDS)

    @classmethod
    def initial_for(cls, event: Event) -> dict[str, Any]:
        return {
            **super().initial_for(event),
            "boards_per_round": event.deals_per_round,
            "comparison": event.comparison,
            "app_deals": event.app_deals,
            "free_bidding": event.free_bidding,
            "team_match": event.team_match,
        }


class SeatingForm(forms.Form):
    draw = forms.BooleanField(
        label=_("Draw the places from the event's seed"),
        required=False,
        initial=True,
        help_text=_("Unticked: players take the movement's places in registration order."),
    )


class TableScorekeepersForm(forms.Form):
    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=99)
    scorekeepers = ScorekeeperChoiceField(
        label=_("Scorekeepers"),
        queryset=None,
        required=False,
        widget=forms.SelectMultiple(attrs={"class": "form-select"}),
    )

    def __init__(
        self,
        *args: Any,
        candidates: Any,
        choices: list[tuple[int, str]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        field = field_of(self, "scorekeepers", ScorekeeperChoiceField)
        field.queryset = candidates
        if choices is not None:  # read once for the page's 30 forms (shown, not posted)
            field.choices = choices

    @classmethod
    def shown_choices(cls, candidates: Any) -> list[tuple[int, str]]:
        """The scorekeeper choices as every form of a page shows them; one query."""
        field = cls.base_fields["scorekeepers"]
        assert isinstance(field, ScorekeeperChoiceField)  # as declared above
        return [(user.pk, field.label_from_instance(user)) for user in candidates]


def orientation_label(seat: Seat) -> str:
    return f"{orientation_letter(seat.position)} · {seat.player.name}"


class BoardHandForm(HandForm):
    """A board's result at a duplicate table: the hand form with each player shown by
    his orientation, and the board's dealer fixed."""

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        board: Board,
        seats: Sequence[Seat],
        **kwargs: Any,
    ) -> None:
        self.board = board
        dealer = next((s.player_id for s in seats if s.position == board.dealer), None)
        kwargs["suggested_dealer"] = dealer
        super().__init__(data, seats=seats, **kwargs)
        labels = {seat.player_id: orientation_label(seat) for seat in self.seats}
        self.player_names = labels
        choices = [(seat.player_id, labels[seat.player_id]) for seat in self.seats]
        dealer_field = field_of(self, "dealer", forms.ChoiceField)
        taker_field = field_of(self, "taker", forms.ChoiceField)
        contract_field = field_of(self, "contract", forms.ChoiceField)
        dealer_field.choices = choices
        dealer_field.disabled = True  # the board's dealer, whatever is posted
        dealer_field.initial = dealer
        taker_field.choices = [choices_of(taker_field)[0], *choices]  # "nobody"
        named = board.named_taker
        taker = next((s.player_id for s in self.seats if s.position == named), None)
        if named is not None and taker is not None:
            # The board names the taker (the federation's practice): he takes at every
            # table and the others pass, so neither "all passed" nor another taker is
            # offered; the service refuses them too (a posted form is not trusted).
            taker_field.choices = [(taker, labels[taker])]
            taker_field.initial = taker
            taker_field.disabled = True
            contract_field.choices = choices_of(contract_field)[1:]
            contract_field.required = True
            if board.named_contract:  # the organiser fixed it too: the same at every table
                contract = board.named_contract
                contract_field.choices = [(contract, Hand.Contract(contract).label)]
                contract_field.initial = contract
                contract_field.disabled = True
        for seat in self.seats:
            self.fields[self.poignee_name(seat.player_id)].label = labels[seat.player_id]
            if self.rules.allows_misere:
                self.fields[self.misere_name(seat.player_id)].label = labels[seat.player_id]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        # A fixed taker keeps the board's whatever is posted (Django's rule for a disabled
        # field): a post naming another player of the table (a hand queued on a page of
        # before the organiser named the taker, a hand-made post) was stored under the
        # board's taker, silently. The posted player is kept instead, so that the board's
        # check refuses him at this field (named_taker_error, as the engine does).
        field = self.fields["taker"]
        posted = str(self.data.get("taker") or "") if self.is_bound else ""
        if field.disabled and posted and posted != str(field.initial):
            seated = {str(seat.player_id): seat.player_id for seat in self.seats}
            if posted in seated:
                cleaned["taker"] = seated[posted]
            else:
                self.add_error("taker", field.error_messages["invalid_choice"] % {"value": posted})
        return cleaned


# --- the traveller's quick entry ---------------------------------------------------------

NOT_ENTERED = ""
PASSED = "passed"
CHELEM_CHOICES = [
    ("", pgettext_lazy("chelem", "none")),
    ("taker", _("made by the taker camp")),
    ("taker_announced", _("announced and made")),
    ("announced_failed", _("announced, not made")),
    ("defence", _("made by the defence")),
]
_CHELEM_FIELDS = {
    "": (False, ""),
    "taker": (False, "taker"),
    "taker_announced": (True, "taker"),
    "announced_failed": (True, ""),
    "defence": (False, "defence"),
}
ORIENTATION_CHOICES = [
    ("", "—"),
    *((str(o.value), ORIENTATION_LETTERS[o.value]) for o in Orientation),
]

_SMALL = {"class": "form-select form-select-sm"}


def _line_choice(label: Any, choices: Any = (), *, whole: bool = False) -> forms.ChoiceField:
    """A select of a traveller line: optional, small enough for a row of the traveller;
    `whole`: its value is a whole number (None when left empty)."""
    if whole:
        return forms.TypedChoiceField(
            label=label,
            choices=choices,
            coerce=int,
            required=False,
            empty_value=None,
            widget=forms.Select(_SMALL),
        )
    return forms.ChoiceField(
        label=label, choices=choices, required=False, widget=forms.Select(_SMALL)
    )


class TravellerLineForm(forms.Form):
    """One table's line of a paper traveller; an empty contract leaves the line unentered."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=1)
    contract = _line_choice(_("Contract"))  # the rule set's contracts: __init__
    taker = _line_choice(_("Taker"), ORIENTATION_CHOICES, whole=True)
    oudlers = _line_choice(
        _("Oudlers"), [("", "—"), *((str(i), str(i)) for i in range(4))], whole=True
    )
    points = forms.CharField(
        label=_("Points"),
        required=False,
        max_length=10,
        widget=forms.TextInput(
            attrs={"class": "form-control form-control-sm", "inputmode": "decimal", "size": 4}
        ),
    )
    petit_au_bout = _line_choice(_("Petit au bout"), CAMP_OR_NONE_CHOICES)
    chelem = _line_choice(_("Chelem"), CHELEM_CHOICES)
    ruling = forms.BooleanField(
        label=_("Ruling"),
        required=False,
        help_text=_("The organiser's ruling: another taker than the board's."),
        widget=forms.CheckboxInput(attrs={"class": "form-check-input"}),
    )

    # What the traveller's view hangs on each line's form for its template: whether it is
    # the one empty form the page's script copies, the line it enters, the hand stored
    # there, and whether the line shows open for entry.
    fresh: bool = False
    line: Any = None
    stored: Hand | None = None
    open: bool = False

    def __init__(self, *args: Any, seats: Sequence[Seat], rules: scoring.RuleSet, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.seats = {seat.position: seat for seat in seats}
        field_of(self, "contract", forms.ChoiceField).choices = [
            (NOT_ENTERED, "—"),
            (PASSED, _("All passed")),
            *((c, Hand.Contract(c).label) for c in rules.contracts if c in Hand.Contract.values),
        ]
        for orientation in range(len(ORIENTATIONS)):
            self.fields[self.poignee_name(orientation)] = _line_choice(
                _("Poignée %(orientation)s") % {"orientation": orientation_letter(orientation)},
                # "—" for none, as the other cells of a line left empty: four "aucune"
                # pushed the traveller's last columns off a 1280 px screen.
                [("", "—"), *POIGNEE_CHOICES[1:]],
            )
        # The traveller's cells have their column's heading, not a <label> each: a
        # screen reader still names every field (axe-core's "label" and "select-name").
        for field in self.fields.values():
            if not field.widget.is_hidden:
                field.widget.attrs.setdefault("aria-label", str(field.label))

    @staticmethod
    def poignee_name(orientation: int) -> str:
        return f"poignee_{ORIENTATIONS[orientation]}"

    def poignee_fields(self) -> list[forms.BoundField]:
        return [self[self.poignee_name(o)] for o in range(4)]

    @classmethod
    def initial_from_hand(cls, hand: Hand, positions: Mapping[int, int]) -> dict[str, Any]:
        """The form's values for a stored result; `positions` maps player id -> orientation."""
        chelem = next(
            (
                key
                for key, (announced, made_by) in _CHELEM_FIELDS.items()
                if (announced, made_by) == (hand.chelem_announced, hand.chelem_made_by)
            ),
            "",
        )
        initial: dict[str, Any] = {
            "version": hand.version,
            "contract": hand.contract or PASSED,
            "taker": positions.get(hand.taker_id) if hand.taker_id else None,
            "oudlers": None if hand.passed else hand.oudlers,
            "points": "" if hand.passed else _format_points(hand.points),
            "petit_au_bout": hand.petit_au_bout,
            "chelem": chelem,
        }
        for item in hand.poignees or []:
            orientation = positions.get(item.get("player"))
            if orientation is not None:
                initial[cls.poignee_name(orientation)] = item.get("size", "")
        return initial

    def clean_points(self) -> Decimal | None:
        return parse_points(self.cleaned_data.get("points"))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        assert cleaned is not None  # Django's Form.clean answers cleaned_data
        contract = cleaned.get("contract")
        if contract and contract != PASSED:
            if cleaned.get("taker") is None and "taker" not in self.errors:
                self.add_error("taker", HAND_ERROR_MESSAGES["taker_missing"])
            if cleaned.get("oudlers") is None and "oudlers" not in self.errors:
                self.add_error("oudlers", HAND_ERROR_MESSAGES["oudlers_missing"])
            if cleaned.get("points") is None and "points" not in self.errors:
                self.add_error("points", HAND_ERROR_MESSAGES["points_missing"])
        return cleaned

    @property
    def entered(self) -> bool:
        return bool(self.cleaned_data.get("contract"))

    def build_hand(self, hand: Hand | None = None) -> Hand | None:
        """The line as an unsaved Hand (`hand`: the stored result to change), or None
        when the line is left unentered."""
        data = self.cleaned_data
        if not data.get("contract"):
            return None
        hand = hand if hand is not None else Hand()
        taker = self.seats.get(data["taker"]) if data.get("taker") is not None else None
        played = data["contract"] != PASSED
        hand.contract = data["contract"] if played else ""
        hand.taker_id = taker.player_id if played and taker is not None else None
        hand.partner_id = None
        hand.oudlers = (data.get("oudlers") or 0) if played else 0
        hand.points = data["points"] if played and data.get("points") is not None else Decimal(0)
        hand.petit_au_bout = data.get("petit_au_bout") or ""
        hand.poignees = [
            {"player": self.seats[o].player_id, "size": size}
            for o in range(4)
            if o in self.seats and (size := data.get(self.poignee_name(o)))
        ]
        announced, made_by = _CHELEM_FIELDS.get(data.get("chelem") or "", (False, ""))
        hand.chelem_announced, hand.chelem_made_by = announced, made_by
        hand.miseres = []
        return hand

    def error_field(self, error: scoring.HandError) -> str | None:
        value = error.params.get("value")
        if error.field == "poignees":
            for orientation, seat in self.seats.items():
                if seat.player_id == value:
                    return self.poignee_name(orientation)
            return None
        name = {
            "points": "points",
            "defence_points": "points",
            "oudlers": "oudlers",
            "taker": "taker",
            "contract": "contract",
            "petit_au_bout": "petit_au_bout",
            "chelem": "chelem",
        }.get(error.field)
        return name if name in self.fields else None

    def add_hand_error(self, error: scoring.HandError) -> None:
        names = {seat.player_id: orientation_label(seat) for seat in self.seats.values()}
        self.add_error(self.error_field(error), hand_error_message(error, names))


class BoardRolesForm(ServiceErrorMixin, forms.Form):
    """The organiser's taker and dealer of a board, before any table plays it."""

    taker = forms.TypedChoiceField(
        label=_("Taker"), choices=ORIENTATION_CHOICES[1:], coerce=int, widget=forms.Select(_SMALL)
    )
    dealer = forms.TypedChoiceField(
        label=_("Dealer"), choices=ORIENTATION_CHOICES[1:], coerce=int, widget=forms.Select(_SMALL)
    )
    contract = forms.ChoiceField(
        label=_("Contract"),
        choices=[("", _("the taker's choice")), *Hand.Contract.choices],
        required=False,
        widget=forms.Select(_SMALL),
    )


class SpecialResultForm(ServiceErrorMixin, forms.Form):
    table = forms.TypedChoiceField(label=_("Table"), coerce=int)
    orientation = forms.TypedChoiceField(
        label=_("Orientation"),
        choices=[("", _("the whole table")), *ORIENTATION_CHOICES[1:]],
        coerce=int,
        required=False,
        empty_value=None,
    )
    kind = forms.ChoiceField(label=_("Ruling"), choices=SpecialResult.Kind.choices)

    def __init__(self, *args: Any, tables: Sequence[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field_of(self, "table", forms.TypedChoiceField).choices = list(tables)
        for field in self.fields.values():
            field.widget.attrs.setdefault("class", "form-select")


class PenaltyForm(ServiceErrorMixin, forms.Form):
    """An arbiter's penalty (services.penalties.give_penalty). `holders`: ("p<id>",
    name) for the event's players, ("t<id>", name) for a team match's teams; `boards`:
    (number, label)."""

    holder = forms.ChoiceField(label=_("Penalised"))
    board = forms.TypedChoiceField(label=_("Board"), coerce=int, required=False, empty_value=None)
    amount = forms.DecimalField(
        label=_("Amount"),
        min_value=Decimal("0.01"),
        max_digits=7,
        decimal_places=2,
        localize=True,  # "12,5" as a French organiser types it
        error_messages={
            "min_value": _("A penalty is more than zero."),
            "invalid": _("Type a number, such as 25 or 12.5."),
        },
    )
    reason = forms.CharField(label=_("Reason"), max_length=200)

    def __init__(
        self,
        *args: Any,
        holders: Sequence[tuple[str, str]],
        boards: Sequence[tuple[int, str]],
        unit: str,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        field_of(self, "holder", forms.ChoiceField).choices = [("", "—"), *holders]
        field_of(self, "board", forms.TypedChoiceField).choices = [
            ("", _("the whole event")),
            *boards,
        ]
        self.fields["amount"].help_text = unit

    def holder_ids(self) -> tuple[int | None, int | None]:
        """(player id, team id) of the valid form's holder, one of them None."""
        kind, pk = self.cleaned_data["holder"][0], int(self.cleaned_data["holder"][1:])
        return (pk, None) if kind == "p" else (None, pk)
