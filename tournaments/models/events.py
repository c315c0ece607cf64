"""Events and how they are laid out: rounds, tables, seats, teams and registrations."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

import scoring

from .clubs import Club, Player
from .collation import by_name


class Event(models.Model):
    class Kind(models.TextChoices):
        CLUB_NIGHT = "club_night", _("club night")
        TOURNAMENT = "tournament", _("tournament")
        DUPLICATE = "duplicate", _("duplicate tournament")

    class Comparison(models.TextChoices):
        """How a duplicate event compares the marques of one board (DUPLICATE.md)."""

        MATCHPOINTS = "matchpoints", _("matchpoints (percentage)")
        DIFFERENCE = "difference", _("difference from the average")

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.PROTECT, related_name="events"
    )
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices, default=Kind.CLUB_NIGHT)
    name = models.CharField(_("name"), max_length=160)
    date = models.DateField(_("date"))
    rules_name = models.CharField(_("rule set"), max_length=60, default="fft")
    # The exact rules the hands were scored with, kept even if a preset changes later.
    rules_json = models.JSONField(_("rules (JSON)"), default=dict, blank=True)
    published = models.BooleanField(_("published"), default=False)
    rounds_planned = models.PositiveSmallIntegerField(
        _("number of rounds"), default=1, validators=[MinValueValidator(1), MaxValueValidator(30)]
    )
    deals_per_round = models.PositiveSmallIntegerField(
        _("deals per table per round"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(99)],
    )
    team_size = models.PositiveSmallIntegerField(
        _("team size"),
        default=0,
        help_text=_("0 for an individual event, 2 for pairs, 4 for fours."),
        validators=[MaxValueValidator(4)],
    )
    seed = models.BigIntegerField(_("seating seed"), null=True, blank=True)
    # Duplicate: each table number's scorekeepers (user ids) when the seating was
    # cleared, given back to the tables of that number when the rounds are seated again
    # (services.duplicate): clearing and redoing a draw must not drop them.
    kept_scorekeepers = models.JSONField(default=dict, blank=True, editable=False)
    # Duplicate events only (models/duplicate.py); the boards per round are
    # deals_per_round, the rounds rounds_planned.
    comparison = models.CharField(
        _("comparison"),
        max_length=12,
        choices=Comparison.choices,
        default=Comparison.MATCHPOINTS,
    )
    app_deals = models.BooleanField(
        _("boards dealt by the app"),
        default=True,
        help_text=_("Untick when the boards are dealt by hand and only numbered here."),
    )
    # Duplicate: False (the federation's practice) when each board names its taker
    # (Board.taker) and every table plays it with that taker; True for the club's
    # "enchères libres", where each table bids as in a free deal.
    # Duplicate team forms: False seats team-mates apart and ranks the teams on their
    # members' results (the team ranking of an individual event); True seats team
    # matches (planning.team_match: team-mates defend together against a taker of
    # another team) and ranks the teams on their marques (rules.team_match).
    team_match = models.BooleanField(
        _("team match"),
        default=False,
        help_text=_("Team-mates defend together against a taker of another team."),
    )
    free_bidding = models.BooleanField(
        _("free bidding"),
        default=False,
        help_text=_("Each table bids freely instead of the taker named by the board."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-date", "-pk"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        # The reader's date format (a choice list, the admin), not ISO on English pages.
        return f"{self.name} ({date_format(self.date, 'SHORT_DATE_FORMAT')})"

    def get_absolute_url(self) -> str:
        # A tournament's public face is its ranking; a club night's, its results.
        if self.kind == self.Kind.TOURNAMENT:
            return reverse("tournament_ranking", args=[self.pk])
        if self.kind == self.Kind.DUPLICATE:
            return reverse("duplicate_ranking", args=[self.pk])
        return reverse("event_detail", args=[self.pk])

    def get_manage_url(self) -> str:
        """The organiser's page of the event, by kind."""
        names: dict[str, str] = {
            self.Kind.TOURNAMENT: "tournament_manage",
            self.Kind.DUPLICATE: "duplicate_manage",
        }
        return reverse(names.get(self.kind, "event_manage"), args=[self.pk])

    @property
    def is_duplicate(self) -> bool:
        return self.kind == self.Kind.DUPLICATE

    @property
    def rules(self) -> scoring.RuleSet:
        return scoring.rules_from_json(self.rules_json or self.rules_name)


class Round(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open")
        LOCKED = "locked", _("locked")

    event = models.ForeignKey(
        Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="rounds"
    )
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN
    )

    class Meta:
        ordering = ["event", "number"]
        verbose_name = pgettext_lazy("tournament", "round")
        verbose_name_plural = pgettext_lazy("tournament", "rounds")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_unique")
        ]

    def __str__(self) -> str:
        return _("Round %(number)s") % {"number": self.number}


class Table(models.Model):
    class FiveMode(models.TextChoices):
        CALLED_KING = "called_king", _("called king (5 players)")
        DEALER_OUT = "dealer_out", _("dealer sits out (4 players)")

    round = models.ForeignKey(
        Round,
        verbose_name=pgettext_lazy("tournament", "round"),
        on_delete=models.CASCADE,
        related_name="tables",
    )
    number = models.PositiveSmallIntegerField(_("table number"))
    five_mode = models.CharField(
        _("game at 5"),
        max_length=20,
        choices=FiveMode.choices,
        default=FiveMode.CALLED_KING,
        help_text=_("Only used at a table of 5."),
    )
    scorekeepers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("scorekeepers"),
        blank=True,
        related_name="scored_tables",
    )
    validated_at = models.DateTimeField(_("sheet validated at"), null=True, blank=True)
    validated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("sheet validated by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # At a duplicate event, the set of boards this table plays in its round (sets are
    # numbered from 1; models.duplicate.boards_of_set); None elsewhere.
    board_set = models.PositiveSmallIntegerField(_("board set"), null=True, blank=True)

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_unique")
        ]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}

    def get_absolute_url(self) -> str:
        return reverse("table_sheet", args=[self.pk])

    @property
    def is_validated(self) -> bool:
        return self.validated_at is not None


class Seat(models.Model):
    """A player's place at a table: 1, 2, 3... in dealing order; at a duplicate table his
    orientation, 0 to 3 for North, East, South, West (models.duplicate.ORIENTATIONS)."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="seats"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="seats"
    )
    position = models.PositiveSmallIntegerField(_("position"))

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["table", "player"], name="seat_player_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.position}: {self.player}"


class Team(models.Model):
    event = models.ForeignKey(
        Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="teams"
    )
    name = models.CharField(_("name"), max_length=120)

    class Meta:
        ordering = ["event", "name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="team_name_unique")]

    def __str__(self) -> str:
        return self.name


class Registration(models.Model):
    """A player entered in a tournament; withdrawn players keep their scores."""

    event = models.ForeignKey(
        Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.PROTECT, related_name="registrations"
    )
    team = models.ForeignKey(
        Team,
        verbose_name=_("team"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="members",
    )
    present = models.BooleanField(
        _("present"), default=True, help_text=_("Untick for a withdrawal before the next round.")
    )

    class Meta:
        ordering = ["event", by_name("player__name"), "pk"]  # French order
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="registration_unique")
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.event}"
