"""Hands as entered, the score ledger and the per-event results kept from it."""

from __future__ import annotations

from decimal import Decimal
from typing import ClassVar

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from simple_history.models import HistoricalRecords

from .clubs import Player
from .events import Event, Round, Table


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

    class ChangeReason(models.TextChoices):
        """Why a history record of a hand was written (django-simple-history's
        change reason), stored as a code and worded in the reader's language when shown.
        Records written before the codes also say "deleted"."""

        DELETED = "deleted", _("removed from the score sheet")
        RENUMBERED = "renumbered", _("renumbered: an earlier hand was deleted")

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
    # At a duplicate table, the board this hand is the result of (models.duplicate).
    board = models.ForeignKey(
        "tournaments.Board",
        verbose_name=_("board"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="results",
    )
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
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_unique"),
            # One result per board and table (duplicate).
            models.UniqueConstraint(
                fields=["table", "board"],
                condition=models.Q(board__isnull=False),
                name="hand_board_unique",
            ),
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
    # lookups; the three cost space and insert time for nothing.
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
    contract_made = models.BooleanField(_("contract made"), null=True)

    class Meta:
        # Raw ids: ordering by "hand" would follow Hand's ordering into joins with
        # hands and tables on every ledger query.
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


class EventResult(models.Model):
    """A player's total, place and statistics in one event, kept in step with the ledger.

    Totals and places are rewritten for the whole event whenever one of its hands
    is saved, deleted or rescored; the statistics only for the players of the
    table that changed. A player's page and a season ranking then read one row per
    event instead of summing every hand he played (too slow for a player of many
    years when read from the ledger). Places follow the event's own ranking:
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
    # The player's statistics in this event (see services.event_stats.player_event_stats).
    taken = models.PositiveIntegerField(_("contracts taken"), default=0)
    contracts_made = models.PositiveIntegerField(_("contracts made"), default=0)
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
    # A tournament's rounds: round number -> [total, contracts won]; the ranking and
    # each round's standings are worked out from these (selectors.ranking), not from
    # the ledger. Empty at a club night.
    rounds = models.JSONField(_("rounds"), default=dict, blank=True)
    # The running total after each hand he played, in the order played: the event's
    # chart and the player's own chart read it (selectors.running_totals).
    running = models.JSONField(_("running total"), default=list, blank=True)
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
