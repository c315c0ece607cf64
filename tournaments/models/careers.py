"""PlayerCareer: each player's figures over all his published events, stored.

The player page showed sums over every published result of the player, read and added
up at each request: 600 rows and their JSON for the busiest player at 1M hands, the
page's largest cost (benchmarks/RESULTS.md). services.careers keeps these sums in step
in the transaction of every write that changes them (an event's results while it is
published, its publication, its date), so the page reads one row and one page of
events whatever the length of the career.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .clubs import Player
from .hands import Hand


class PlayerCareer(models.Model):
    """The sums of a player's EventResult rows of published events (a player with none
    has no row). Each figure is the one of EventResult of the same name, added up."""

    player = models.OneToOneField(
        Player,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="career",
    )
    events = models.PositiveIntegerField(_("events played"), default=0)
    hands = models.PositiveIntegerField(_("hands played"), default=0)
    total = models.IntegerField(_("total"), default=0)
    taken = models.PositiveIntegerField(_("contracts taken"), default=0)
    contracts_made = models.PositiveIntegerField(_("contracts made"), default=0)
    petits_won = models.PositiveIntegerField(_("petits au bout won"), default=0)
    petits_lost = models.PositiveIntegerField(_("petits au bout lost"), default=0)
    chelems_announced = models.PositiveIntegerField(_("chelems announced"), default=0)
    chelems_made = models.PositiveIntegerField(_("chelems made"), default=0)
    chelems_conceded = models.PositiveIntegerField(_("chelems conceded"), default=0)
    # As EventResult's, summed key by key.
    poignees = models.JSONField(_("poignées"), default=dict, blank=True)
    contracts = models.JSONField(_("contracts"), default=dict, blank=True)
    partners = models.JSONField(_("partners"), default=dict, blank=True)
    opponents = models.JSONField(_("opponents"), default=dict, blank=True)
    # The best and worst single hands of all his events, the earliest event on a tie.
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
        verbose_name = _("player career")
        verbose_name_plural = _("player careers")

    def __str__(self) -> str:
        return f"{self.player_id}: {self.events} events"
