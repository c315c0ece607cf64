"""Everything stored: clubs, players, events, rounds, tables, hands and the score ledger."""

from __future__ import annotations

from decimal import Decimal
from typing import Any, ClassVar

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

import scoring


class Club(models.Model):
    name = models.CharField(_("name"), max_length=120, unique=True)
    slug = models.SlugField(_("slug"), max_length=120, unique=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.PROTECT, related_name="players"
    )
    name = models.CharField(_("name"), max_length=120)
    licence = models.CharField(
        _("FFT licence number"), max_length=20, blank=True, help_text=_("Optional.")
    )
    active = models.BooleanField(_("active"), default=True)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="player",
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["licence"],
                condition=~models.Q(licence=""),
                name="player_licence_unique",
                violation_error_message=_("A player with this licence number already exists."),
            ),
            models.UniqueConstraint(
                fields=["club", "name"],
                name="player_name_unique_in_club",
                violation_error_message=_("This club already has a player with this name."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("player_public", args=[self.pk])


class Event(models.Model):
    class Kind(models.TextChoices):
        CLUB_NIGHT = "club_night", _("club night")
        TOURNAMENT = "tournament", _("tournament")

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
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["-date", "-pk"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        permissions = [("organise", _("Can organise events, players and tables"))]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self.rules_json:
            self.rules_json = scoring.rules_from_json(self.rules_name).to_json()
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        # A tournament's public face is its ranking; a club night's, its results.
        if self.kind == self.Kind.TOURNAMENT:
            return reverse("tournament_ranking", args=[self.pk])
        return reverse("event_detail", args=[self.pk])

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


class Hand(models.Model):
    """The scorekeeper's inputs. Scores live in HandScore, written by services only."""

    # What a scorekeeper enters for a hand, in sheet order: the one list the admin
    # form, the hand history and the workbook export read (sitting_out is derived
    # from the dealer, number and version are bookkeeping).
    INPUT_FIELDS: ClassVar[tuple[str, ...]] = (
        "dealer",
        "contract",
        "taker",
        "partner",
        "oudlers",
        "points",
        "petit_au_bout",
        "poignees",
        "chelem_announced",
        "chelem_made_by",
        "miseres",
    )

    class Contract(models.TextChoices):
        PRISE = "prise", _("prise")
        POUSSE = "pousse", _("pousse")
        GARDE = "garde", _("garde")
        GARDE_SANS = "garde_sans", _("garde sans")
        GARDE_CONTRE = "garde_contre", _("garde contre")

    class Camp(models.TextChoices):
        TAKER = "taker", _("taker camp")
        DEFENCE = "defence", _("defence")

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="hands"
    )
    number = models.PositiveSmallIntegerField(_("hand number"))
    dealer = models.ForeignKey(
        Player,
        verbose_name=_("dealer"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    contract = models.CharField(
        _("contract"),
        max_length=20,
        choices=Contract.choices,
        blank=True,
        help_text=_("Empty when everybody passed."),
    )
    taker = models.ForeignKey(
        Player,
        verbose_name=_("taker"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    partner = models.ForeignKey(
        Player,
        verbose_name=_("called partner"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    sitting_out = models.ForeignKey(
        Player,
        verbose_name=_("sitting out"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
    )
    oudlers = models.PositiveSmallIntegerField(_("oudlers"), default=0)
    points = models.DecimalField(
        _("taker camp points"), max_digits=3, decimal_places=1, default=Decimal(0)
    )
    petit_au_bout = models.CharField(
        _("petit au bout"), max_length=10, choices=Camp.choices, blank=True
    )
    # [{"player": <player id>, "size": "simple"|"double"|"triple"}]
    poignees = models.JSONField(_("poignées"), default=list, blank=True)
    chelem_announced = models.BooleanField(_("chelem announced"), default=False)
    chelem_made_by = models.CharField(
        _("chelem made by"), max_length=10, choices=Camp.choices, blank=True
    )
    # [{"player": <player id>, "size": "simple"|"double"}]
    miseres = models.JSONField(_("misères"), default=list, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("entered by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # Optimistic lock: a save must name the version it was edited from.
    version = models.PositiveIntegerField(_("version"), default=1)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    history = HistoricalRecords(excluded_fields=["updated_at"])

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_unique")
        ]

    def __str__(self) -> str:
        return _("Hand %(number)s") % {"number": self.number}

    @property
    def passed(self) -> bool:
        return not self.contract


# On a HandScore: the player played the hand (a dealer sitting out at a table of 5
# has a 0 row for it, which is not a hand he played).
PLAYED_HAND = ~models.Q(hand__sitting_out=models.F("player"))


class HandScore(models.Model):
    """One row per player per hand: the ledger every total is summed from."""

    # No single-column index on hand, player or event: the unique (hand, player) and the
    # (event, player) and (player, event) indexes lead with them and serve the same
    # lookups. At 1M hands the three took 110 MB and a third of the ledger's insert time.
    hand = models.ForeignKey(
        Hand,
        verbose_name=_("hand"),
        on_delete=models.CASCADE,
        related_name="scores",
        db_index=False,
    )
    player = models.ForeignKey(
        Player,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        related_name="hand_scores",
        db_index=False,
    )
    # Denormalised so that standings aggregate one table without joins.
    event = models.ForeignKey(
        Event,
        verbose_name=_("event"),
        on_delete=models.CASCADE,
        related_name="hand_scores",
        db_index=False,
    )
    round = models.ForeignKey(
        Round,
        verbose_name=pgettext_lazy("tournament", "round"),
        on_delete=models.CASCADE,
        related_name="hand_scores",
    )
    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="hand_scores"
    )
    points = models.IntegerField(_("score"))
    is_taker = models.BooleanField(_("taker"), default=False)
    made = models.BooleanField(_("contract made"), null=True)

    class Meta:
        # Raw ids: ordering by "hand" would follow Hand's ordering into joins with
        # hands and tables on every ledger query (100 ms at 1M hands).
        ordering = ["hand_id", "player_id"]
        verbose_name = _("hand score")
        verbose_name_plural = _("hand scores")
        constraints = [models.UniqueConstraint(fields=["hand", "player"], name="hand_score_unique")]
        indexes = [
            models.Index(fields=["event", "player"]),
            models.Index(fields=["player", "event"]),
        ]

    def __str__(self) -> str:
        return f"{self.hand}: {self.player} {self.points:+d}"


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
    active = models.BooleanField(
        _("present"), default=True, help_text=_("Untick for a withdrawal before the next round.")
    )

    class Meta:
        ordering = ["event", "player__name"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="registration_unique")
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.event}"


class Season(models.Model):
    """A club's season challenge: its events between two dates, best N results counted."""

    class Mode(models.TextChoices):
        PLACES = "places", _("points by finishing place")
        TOTALS = "totals", _("raw totals")

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="seasons"
    )
    name = models.CharField(_("name"), max_length=120)
    start = models.DateField(_("first day"))
    end = models.DateField(_("last day"))
    mode = models.CharField(_("counting"), max_length=10, choices=Mode.choices, default=Mode.PLACES)
    scale = models.CharField(
        _("points scale"),
        max_length=200,
        default="25,20,16,13,11,10,9,8,7,6,5,4,3,2,1",
        help_text=_("Points for 1st, 2nd, 3rd... place, separated by commas."),
    )
    best_n = models.PositiveSmallIntegerField(
        _("results counted"),
        default=10,
        help_text=_("Each player's best N events count; 0 counts them all."),
    )
    published = models.BooleanField(_("published"), default=False)

    class Meta:
        ordering = ["club", "-start"]
        verbose_name = _("season challenge")
        verbose_name_plural = _("season challenges")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("season_detail", args=[self.pk])


class EventResult(models.Model):
    """A player's total, place and statistics in one event, kept in step with the ledger.

    Totals and places are rewritten for the whole event whenever one of its hands
    is saved, deleted or rescored; the statistics only for the players of the
    table that changed. A player's page and a season ranking then read one row per
    event instead of summing every hand he played (player page at 1M hands on
    PostgreSQL: 1,749 ms from the ledger). Places follow the event's own ranking:
    total for a club night, total then best round then contracts won for a
    tournament.
    """

    event = models.ForeignKey(
        Event, verbose_name=_("event"), on_delete=models.CASCADE, related_name="results"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="results"
    )
    total = models.IntegerField(_("total"))
    hands = models.PositiveIntegerField(_("hands played"))
    rank = models.PositiveIntegerField(_("rank"))
    field_size = models.PositiveIntegerField(_("players"))
    # The player's statistics in this event (see services.results.player_event_stats).
    taken = models.PositiveIntegerField(_("contracts taken"), default=0)
    made = models.PositiveIntegerField(_("contracts made"), default=0)
    petits_won = models.PositiveIntegerField(_("petits au bout won"), default=0)
    petits_lost = models.PositiveIntegerField(_("petits au bout lost"), default=0)
    chelems_announced = models.PositiveIntegerField(_("chelems announced"), default=0)
    chelems_made = models.PositiveIntegerField(_("chelems made"), default=0)
    chelems_conceded = models.PositiveIntegerField(_("chelems conceded"), default=0)
    # size -> poignées shown
    poignees = models.JSONField(_("poignées"), default=dict, blank=True)
    # contract -> [taken, made, points]
    contracts = models.JSONField(_("contracts"), default=dict, blank=True)
    # {"called": {partner id: [hands, made, points]}, "called_by": {taker id: [...]}}
    partners = models.JSONField(_("partners"), default=dict, blank=True)
    # opponent id -> [tables shared, hands played together]
    opponents = models.JSONField(_("opponents"), default=dict, blank=True)
    # The best and worst single hands, the earliest on a tie.
    best_points = models.IntegerField(_("best hand"), null=True, blank=True)
    best_hand = models.ForeignKey(
        Hand,
        verbose_name=_("best hand"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    worst_points = models.IntegerField(_("worst hand"), null=True, blank=True)
    worst_hand = models.ForeignKey(
        Hand,
        verbose_name=_("worst hand"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["event_id", "rank"]
        verbose_name = _("event result")
        verbose_name_plural = _("event results")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="event_result_unique")
        ]
        indexes = [models.Index(fields=["player", "event"])]

    def __str__(self) -> str:
        return f"{self.player} @ {self.event}: {self.total:+d}"


class Submission(models.Model):
    """One posted form, by its one-time key: the answer the first post got.

    A double tap or a re-sent form posts the same key again; the write is not
    repeated and the stored answer is given instead (services.submissions).
    """

    key = models.UUIDField(_("key"), unique=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    action = models.CharField(_("action"), max_length=100)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True, db_index=True)
    redirect_url = models.CharField(_("redirect URL"), max_length=500, blank=True)
    message = models.TextField(_("message"), blank=True)
    message_level = models.PositiveSmallIntegerField(_("message level"), default=25)
    data = models.JSONField(_("data"), default=dict, blank=True)

    class Meta:
        verbose_name = _("form submission")
        verbose_name_plural = _("form submissions")

    def __str__(self) -> str:
        return f"{self.action} {self.key}"
