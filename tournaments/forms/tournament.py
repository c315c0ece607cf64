"""Tournament and season forms: the event, registrations, imports, swaps, scorekeepers.

Forms only validate: the views hand their cleaned_data to services/tournament.py,
services/events.py and services/seasons.py, which write.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from ..models import Club, Event, Player, Registration, Season, Table, Team
from ..rules.season import parse_scale
from .organiser import ClubEventForm, ServiceErrorMixin, rounds_planned_field, team_size_field
from .typed import field_of

TEAM_MODES = (
    (0, _("Individual")),
    (2, _("Pairs (teams of 2)")),
    (4, _("Fours (teams of 4)")),
)
IMPORT_MAX_BYTES = 5 * 1024 * 1024
IMPORT_EXTENSIONS = ".csv,.txt,.xlsx,.xlsm"


def team_mode_label(team_size: int) -> str:
    """The team mode in a sentence ("4 rounds · pairs"); any other size is individual."""
    words = {2: gettext("pairs"), 4: gettext("fours")}
    return words.get(team_size) or gettext("individual")


class TournamentForm(ClubEventForm):
    """A tournament: the club-night fields (name, date, rule set) and its format."""

    rounds_planned = rounds_planned_field(initial=4)
    deals_per_round = forms.IntegerField(
        label=_("Deals per table per round"),
        min_value=1,
        max_value=99,
        initial=6,
        help_text=_("Every table plays this many deals in each round."),
    )
    team_size = team_size_field(_("Team mode"), TEAM_MODES)

    field_order = ["name", "date", "club", "rules_name", "rounds_planned", "deals_per_round"]
    SERVICE_FIELDS = (
        *ClubEventForm.SERVICE_FIELDS,
        "rounds_planned",
        "deals_per_round",
        "team_size",
    )

    def __init__(self, *args: Any, event: Event | None = None, **kwargs: Any) -> None:
        super().__init__(*args, event=event, **kwargs)
        if event is not None:
            self.rounds_seated = event.rounds.count()
            self.has_teams = Registration.objects.filter(event=event, team__isnull=False).exists()
        else:
            self.rounds_seated = 0
            self.has_teams = False

    def clean_rounds_planned(self) -> int:
        value = self.cleaned_data["rounds_planned"]
        if value < self.rounds_seated:
            raise forms.ValidationError(
                ngettext(
                    "%(count)s round is already seated: plan at least as many.",
                    "%(count)s rounds are already seated: plan at least as many.",
                    self.rounds_seated,
                )
                % {"count": self.rounds_seated}
            )
        return value

    def clean_team_size(self) -> int:
        value = self.cleaned_data["team_size"]
        if self.event is None or value == self.event.team_size:
            return value
        if self.rounds_seated:
            raise forms.ValidationError(
                gettext("The team mode cannot change once a round is seated.")
            )
        if self.has_teams:
            raise forms.ValidationError(
                gettext("Players are registered in teams: the team mode cannot change.")
            )
        return value

    @classmethod
    def initial_for(cls, event: Event) -> dict[str, Any]:
        return {**super().initial_for(event), "deals_per_round": event.deals_per_round}


class ExistingPlayerField(forms.ModelChoiceField):
    def label_from_instance(self, obj: Player) -> str:
        return f"{obj.name} ({obj.club.name})"


class RegistrationForm(ServiceErrorMixin, forms.Form):
    """Register a player by hand: one already known, or a new one."""

    player = ExistingPlayerField(
        label=_("Existing player"),
        queryset=Player.objects.none(),
        required=False,
        empty_label=_("(a new player)"),
    )
    name = forms.CharField(label=_("New player's name"), max_length=120, required=False)
    licence = forms.CharField(
        label=_("FFT licence number"), max_length=20, required=False, help_text=_("Optional.")
    )
    club = forms.ModelChoiceField(
        label=_("New player's club"),
        queryset=Club.objects.order_by("name"),
        required=False,
        help_text=_("The tournament's club when empty."),
    )
    team = forms.CharField(
        label=_("Team"),
        max_length=120,
        required=False,
        help_text=_("Team name; a new name creates the team."),
    )

    def __init__(
        self, *args: Any, event: Event, players: Any, clubs: Any = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.event = event
        field_of(self, "player", forms.ModelChoiceField).queryset = players
        if clubs is not None:  # where the person may create a new player
            field_of(self, "club", forms.ModelChoiceField).queryset = clubs
        if not event.team_size:
            del self.fields["team"]

    def clean_name(self) -> str:
        return " ".join(self.cleaned_data["name"].split())

    def clean_licence(self) -> str:
        return self.cleaned_data["licence"].replace(" ", "")

    def clean_team(self) -> str:
        return " ".join(self.cleaned_data["team"].split())

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        assert cleaned is not None  # Django's Form.clean answers cleaned_data
        player, name = cleaned.get("player"), cleaned.get("name")
        if "player" in self.errors or "name" in self.errors:
            return cleaned
        if player is not None and name:
            self.add_error(
                "name", gettext("Choose an existing player or type a new name, not both.")
            )
        elif player is None and not name:
            self.add_error("player", gettext("Choose a player, or type the name of a new player."))
        team_name = cleaned.get("team")
        if team_name and "team" not in self.errors:
            team = Team.objects.filter(event=self.event, name__iexact=team_name).first()
            members = team.members.count() if team else 0
            if members >= self.event.team_size:
                self.add_error(
                    "team",
                    ngettext(
                        "The team %(team)s already has %(count)s player.",
                        "The team %(team)s already has %(count)s players.",
                        members,
                    )
                    % {"team": team.name if team else team_name, "count": members},
                )
        return cleaned


class ImportForm(ServiceErrorMixin, forms.Form):
    file = forms.FileField(
        label=_("List of players (.csv or .xlsx)"),
        widget=forms.ClearableFileInput(attrs={"accept": IMPORT_EXTENSIONS}),
        # The limits are tournaments.imports.files' (forms may not import it); a test in
        # tests/security keeps the figures equal.
        help_text=format_lazy(
            "{} {}",
            _("First row: column titles. Needed: name (“Nom”); optional: licence, club, team."),
            _("At most 5 MB, 5000 rows and 50 columns (20 MB once unzipped)."),
        ),
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > IMPORT_MAX_BYTES:
            raise forms.ValidationError(
                gettext("The file is larger than %(size)s MB.")
                % {"size": IMPORT_MAX_BYTES // (1024 * 1024)}
            )
        return upload


class SwapForm(ServiceErrorMixin, forms.Form):
    """Two players of a round who exchange seats."""

    player_a = forms.TypedChoiceField(label=_("Player"), coerce=int)
    player_b = forms.TypedChoiceField(label=_("swaps with"), coerce=int)

    def __init__(self, *args: Any, tables: Sequence[Table], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players: dict[int, Player] = {}
        # (value, label) pairs, and per table (its name, the pairs of its players).
        choices: list[tuple[Any, Any]] = [("", gettext("Choose a player"))]
        for table in tables:
            group = []
            for seat in table.seats.all():
                self.players[seat.player_id] = seat.player
                group.append((seat.player_id, seat.player.name))
            choices.append((str(table), group))
        field_of(self, "player_a", forms.TypedChoiceField).choices = choices
        field_of(self, "player_b", forms.TypedChoiceField).choices = choices

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        assert cleaned is not None  # Django's Form.clean answers cleaned_data
        a, b = cleaned.get("player_a"), cleaned.get("player_b")
        if a is not None and a == b:
            self.add_error("player_b", gettext("Choose two different players."))
        return cleaned

    def chosen(self) -> tuple[Player, Player]:
        return (
            self.players[self.cleaned_data["player_a"]],
            self.players[self.cleaned_data["player_b"]],
        )


def user_label(user: Any) -> str:
    full = user.get_full_name()
    return f"{full} ({user.get_username()})" if full else user.get_username()


class ScorekeepersForm(ServiceErrorMixin, forms.Form):
    """The scorekeepers of every table of a round, in one form. `candidates` are the
    people who may be named (access.scorekeeper_candidates: the club's people and the
    event's guests); anybody else is refused as an invalid choice."""

    def __init__(self, *args: Any, tables: Sequence[Table], candidates: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Choices are read once for all the tables: a queryset per field would be a query
        # per table.
        users = list(candidates)
        self.users = {u.pk: u for u in users}
        choices = [(u.pk, user_label(u)) for u in users]
        self.tables = list(tables)
        for table in self.tables:
            self.fields[self.field_name(table)] = forms.TypedMultipleChoiceField(
                label=_("Scorekeepers"),
                choices=choices,
                coerce=int,
                required=False,
                initial=[u.pk for u in table.scorekeepers.all()],
                widget=forms.SelectMultiple(attrs={"size": 3}),
            )

    @staticmethod
    def field_name(table: Table) -> str:
        return f"table_{table.pk}"

    def rows(self) -> list[tuple[Table, forms.BoundField]]:
        return [(table, self[self.field_name(table)]) for table in self.tables]

    def choices(self) -> list[tuple[Table, list[Any]]]:
        """Each table with the users chosen for it, for services.tables.set_scorekeepers."""
        return [
            (table, [self.users[pk] for pk in self.cleaned_data[self.field_name(table)]])
            for table in self.tables
        ]


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["club", "name", "start", "end", "mode", "scale", "best_n", "published"]
        widgets = {
            "start": forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
            "end": forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"}),
            "mode": forms.RadioSelect,
        }
        help_texts = {
            "published": _("Everyone can see the season ranking once it is published."),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field_of(self, "club", forms.ModelChoiceField).empty_label = None
        self.fields["scale"].required = False

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(gettext("Enter a name for the season."))
        return name

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        assert cleaned is not None  # Django's Form.clean answers cleaned_data
        start: datetime.date | None = cleaned.get("start")
        end: datetime.date | None = cleaned.get("end")
        if start and end and end < start:
            self.add_error("end", gettext("The last day comes before the first day."))
        if cleaned.get("mode") == Season.Mode.PLACES and "scale" not in self.errors:
            try:
                scale = parse_scale(cleaned.get("scale") or "")
            except ValueError as exc:
                # rules.season speaks msgids (no Django there): translate here.
                self.add_error("scale", gettext(str(exc)))
            else:
                cleaned["scale"] = ",".join(map(str, scale))
        elif not cleaned.get("scale"):
            # A season counted by totals keeps a scale should it switch back to places.
            cleaned["scale"] = self.instance.scale or Season._meta.get_field("scale").default
        return cleaned
