"""Organiser forms: players, club nights, tables. Checks that need the database
live in services.events and come back as Refused (tournaments.errors), placed at
the field here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

import scoring

from ..errors import Refused
from ..models import Club, Event, Player, Table
from ..models.collation import by_name
from ..rules.names import clean_name as clean_player_name
from .typed import field_of

# The engine knows no Django: its labels are English. Marked here so that
# makemessages collects them; a test checks that every preset label is listed.
RULES_LABELS = (
    gettext_noop("FFT (Fédération Française de Tarot)"),
    gettext_noop("FFT, old poignée values 20/40/60"),
    gettext_noop("FFT, rounded to 5"),
    gettext_noop("FFT, rounded to 10"),
    gettext_noop("FFT, 5 players: taker and partner share equally"),
    gettext_noop("FFT with pousse (x1.5)"),
    gettext_noop("FFT with pousse (x1, scored as a prise)"),
    gettext_noop("FFT with misère (10/20)"),
    gettext_noop("FFT, garde contre x8"),
    gettext_noop("FFT, garde contre x7"),
    gettext_noop("Alternative scoring: base 10/20/40/80/160, no multiplier"),
)

MAX_SEATS = 5
MIN_SEATS = 3


def rules_label(rules_name: str, fallback: str = "") -> str:
    """The translated label of a preset; `fallback` (or the name) for other rules."""
    rules = scoring.PRESETS.get(rules_name)
    if rules is None:
        return fallback or rules_name
    return gettext(rules.label)


def rules_choices() -> list[tuple[str, str]]:
    return [(name, rules_label(name)) for name in scoring.PRESETS]


if TYPE_CHECKING:  # the mixin is always mixed into a form: its fields and add_error
    _Form = forms.BaseForm
else:
    _Form = object


class ServiceErrorMixin(_Form):
    """Put a Refused (raised by a service) at the field it names."""

    seat_prefix = "seat_"

    def add_service_error(self, error: Refused) -> None:
        field = error.field
        if field == "players":
            field = f"{self.seat_prefix}{error.position or 1}"
        if field not in self.fields:
            field = None
        self.add_error(field, error.message)


class PlayerForm(ServiceErrorMixin, forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    licence = forms.CharField(
        label=_("FFT licence number"),
        max_length=20,
        required=False,
        help_text=_("Optional."),
    )
    active = forms.BooleanField(
        label=_("Active"),
        required=False,
        initial=True,
        help_text=_("Inactive players are not offered when seating a table."),
    )
    # Set by the club at the player's request (GDPR); not sent (an older page) keeps it.
    public_name_style = forms.ChoiceField(
        label=_("Public name"),
        choices=Player._meta.get_field("public_name_style").choices or (),
        initial=Player._meta.get_field("public_name_style").default,
        required=False,
        help_text=_(
            "How the name appears on public pages, as the player asks. Organisers and "
            "scorekeepers of his events still see the full name."
        ),
    )

    # Asked only once the service said the name looks like another player's: hidden
    # (and False) until then, ticked to save such a name all the same.
    another_person = forms.BooleanField(
        label=_("Another person"),
        required=False,
        widget=forms.HiddenInput,
        help_text=_("This is not the player named above, only a similar name."),
    )

    def add_service_error(self, error: Refused) -> None:
        super().add_service_error(error)
        if error.code == "lookalike":
            self.fields["another_person"].widget = forms.CheckboxInput()

    def clean_name(self) -> str:
        name = clean_player_name(self.cleaned_data["name"])  # as the service stores it
        if not name:
            raise forms.ValidationError(_("Enter the player's name."))
        return name

    def clean_licence(self) -> str:
        return self.cleaned_data["licence"].strip()

    def clean_public_name_style(self) -> str | None:
        return self.cleaned_data.get("public_name_style") or None


class PlayerFilterForm(forms.Form):
    STATUS_CHOICES = (
        ("active", _("Active")),
        ("inactive", _("Inactive")),
        ("all", _("All")),
    )
    q = forms.CharField(
        label=_("Name"),
        required=False,
        max_length=120,
        widget=forms.SearchInput(
            attrs={"class": "form-control", "placeholder": _("Search by name")}
        ),
    )
    status = forms.ChoiceField(
        label=_("Show"),
        choices=STATUS_CHOICES,
        required=False,
        widget=forms.Select(attrs={"class": "form-select"}),
    )

    def filters(self) -> tuple[str, str]:
        """(status, search); invalid input falls back to every active player."""
        if not self.is_valid():
            return "active", ""
        return self.cleaned_data["status"] or "active", self.cleaned_data["q"].strip()


class ClubNightForm(ServiceErrorMixin, forms.Form):
    name = forms.CharField(label=_("Name"), max_length=160)
    date = forms.DateField(
        label=_("Date"),
        widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
    )
    rules_name = forms.ChoiceField(label=_("Rule set"), choices=rules_choices)
    rescore = forms.BooleanField(
        label=_("Rescore every hand already entered with the new rule set"),
        required=False,
    )

    # What the event's services (creating and updating it) take from the cleaned form.
    SERVICE_FIELDS: tuple[str, ...] = ("name", "date", "rules_name")

    def __init__(
        self,
        *args: Any,
        event: Event | None = None,
        has_hands: bool = False,
        current_rules: tuple[str, str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.event = event
        if current_rules and current_rules[0] not in scoring.PRESETS:
            # Custom rules stored on the event (not a preset) stay choosable, unchanged.
            field = field_of(self, "rules_name", forms.ChoiceField)
            field.choices = [current_rules, *rules_choices()]
        if not has_hands:
            # Only an event with stored hands needs the confirmation.
            del self.fields["rescore"]

    def clean_name(self) -> str:
        name = self.cleaned_data["name"].strip()
        if not name:
            raise forms.ValidationError(_("Enter a name for the event."))
        return name

    @classmethod
    def initial_for(cls, event: Event) -> dict[str, Any]:
        return {name: getattr(event, name) for name in ("name", "date", "rules_name")}

    def service_fields(self) -> dict[str, Any]:
        return {name: self.cleaned_data[name] for name in self.SERVICE_FIELDS}

    @classmethod
    def editing(cls, event: Event, *data: Any, has_hands: bool) -> ClubNightForm:
        """The form of an existing event: its values, its rule set kept choosable, and
        the rescore question when it has stored hands."""
        return cls(
            *data,
            event=event,
            initial=cls.initial_for(event),
            has_hands=has_hands,
            current_rules=(event.rules_name, rules_label(event.rules_name, event.rules.label)),
        )


def rounds_planned_field(*, initial: int) -> forms.IntegerField:
    """How many rounds a tournament or a duplicate event plans."""
    return forms.IntegerField(
        label=_("Number of rounds"), min_value=1, max_value=30, initial=initial
    )


def team_size_field(label: Any, choices: Any) -> forms.TypedChoiceField:
    """Individual (0) or one of the team sizes in `choices`."""
    return forms.TypedChoiceField(
        label=label,
        choices=choices,
        coerce=int,
        initial=0,
        help_text=_("Team mates never sit at the same table."),
    )


class ClubEventForm(ClubNightForm):
    """A tournament or a duplicate event: the club-night fields, the club it belongs to
    (a new one: among `clubs`, those the person organises), its rounds and team form.

    An existing event keeps its club: moving an event with its registrations to another
    club is not a form edit."""

    club = forms.ModelChoiceField(
        label=_("Club"), queryset=Club.objects.order_by("name"), empty_label=None
    )

    def __init__(
        self, *args: Any, event: Event | None = None, clubs: Any = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, event=event, **kwargs)
        if clubs is not None:
            field_of(self, "club", forms.ModelChoiceField).queryset = clubs
        if event is not None:
            del self.fields["club"]

    @classmethod
    def initial_for(cls, event: Event) -> dict[str, Any]:
        extra = ("rounds_planned", "team_size")
        return {**super().initial_for(event), **{name: getattr(event, name) for name in extra}}


class PlayerChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Player) -> str:
        return obj.name


MAX_ID = 2**63 - 1


class ScorekeeperChoiceField(forms.ModelMultipleChoiceField):
    def _check_values(self, value: Any) -> Any:
        # An id beyond 64 bits is no user of ours; SQLite would raise OverflowError.
        for pk in value:
            if not str(pk).isdigit() or int(pk) > MAX_ID:
                raise forms.ValidationError(
                    self.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": pk},
                )
        return super()._check_values(value)  # type: ignore[misc]  # private: not in django-stubs

    def label_from_instance(self, obj: Any) -> str:
        full = obj.get_full_name()
        return f"{full} ({obj.get_username()})" if full else obj.get_username()


class TableForm(ServiceErrorMixin, forms.Form):
    """A table: its number, 3 to 5 players in seat order, the game at 5, scorekeepers."""

    number = forms.IntegerField(label=_("Table number"), min_value=1, max_value=999)
    five_mode = forms.ChoiceField(
        label=_("Game at 5"),
        choices=Table.FiveMode.choices,
        initial=Table.FiveMode.CALLED_KING,
        widget=forms.RadioSelect,
        help_text=_("Only used when 5 players are seated."),
    )
    scorekeepers = ScorekeeperChoiceField(
        label=_("Scorekeepers"),
        queryset=get_user_model().objects.none(),
        required=False,
        widget=forms.SelectMultiple(attrs={"size": 6}),
        help_text=_("Users who may enter the hands of this table."),
    )

    def __init__(
        self,
        *args: Any,
        club: Club,
        candidates: QuerySet,
        table: Table | None = None,
        **kwargs: Any,
    ):
        """`candidates`: who may be named scorekeeper (access.scorekeeper_candidates: the
        club's people and the event's guests); anybody else is an invalid choice."""
        super().__init__(*args, **kwargs)
        self.table = table
        players = self._player_queryset(club, table)
        for position in range(1, MAX_SEATS + 1):
            self.fields[f"seat_{position}"] = PlayerChoiceField(
                label=_("Seat %(position)s") % {"position": position},
                queryset=players,
                required=position <= MIN_SEATS,
                empty_label=_("(empty)") if position > MIN_SEATS else _("Choose a player"),
            )
        # Seats first, in order, as on a paper sheet.
        order = [f"seat_{i}" for i in range(1, MAX_SEATS + 1)]
        self.order_fields(["number", *order, "five_mode", "scorekeepers"])
        field_of(self, "scorekeepers", ScorekeeperChoiceField).queryset = candidates

    @staticmethod
    def _player_queryset(club: Club, table: Table | None) -> QuerySet[Player]:
        # A player seated before becoming inactive must stay choosable on this table.
        condition = Q(active=True)
        if table is not None:
            condition |= Q(seats__table=table)
        return Player.objects.filter(Q(club=club) & condition).distinct().order_by(by_name(), "pk")

    @classmethod
    def initial_for(cls, table: Table) -> dict[str, Any]:
        initial: dict[str, Any] = {
            "number": table.number,
            "five_mode": table.five_mode,
            "scorekeepers": list(table.scorekeepers.all()),
        }
        for seat in table.seats.all():
            initial[f"seat_{seat.position}"] = seat.player_id
        return initial

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        assert cleaned is not None  # Django's Form.clean answers cleaned_data
        seen: dict[int, int] = {}
        empty_before = None
        for position in range(1, MAX_SEATS + 1):
            name = f"seat_{position}"
            if name in self.errors:
                continue
            player = cleaned.get(name)
            if player is None:
                empty_before = empty_before or position
                continue
            if empty_before is not None:
                self.add_error(
                    f"seat_{empty_before}",
                    _("Fill the seats in order: seat %(position)s is empty.")
                    % {"position": empty_before},
                )
                break
            if player.pk in seen:
                self.add_error(
                    name,
                    _("%(player)s is already in seat %(position)s.")
                    % {"player": player.name, "position": seen[player.pk]},
                )
            seen[player.pk] = position
        return cleaned

    def players(self) -> list[Player]:
        seats = (self.cleaned_data.get(f"seat_{i}") for i in range(1, MAX_SEATS + 1))
        return [player for player in seats if player is not None]
