"""Stored season standings: each player's line in a season's public ranking.

Kept in step by services.standings in the transaction of every write that changes
them (a hand's results, an event's publication, date or club, a season's settings),
so that the season page reads one page of lines instead of counting every result of
the season's events at each request.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .clubs import Player, Season


class SeasonStanding(models.Model):
    """A player's place in a season's public ranking (published events only)."""

    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="standings"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="+"
    )
    rank = models.PositiveIntegerField(_("rank"))
    total = models.IntegerField(_("total"))
    events = models.PositiveIntegerField(_("events played"))
    counted = models.PositiveIntegerField(_("results counted"))
    best = models.IntegerField(_("best result"))

    class Meta:
        ordering = ["season_id", "rank"]
        verbose_name = _("season standing")
        verbose_name_plural = _("season standings")
        constraints = [
            models.UniqueConstraint(fields=["season", "player"], name="season_standing_unique")
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.season}: {self.rank}"
