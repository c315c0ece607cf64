"""The versions the public page cache keys on, kept with the data they describe."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class PageVersion(models.Model):
    """How many times the pages showing one subject (an event, a season, a player, a
    club, or every page) have been renewed.

    Written only by services.cache.touch, in the write's own transaction, and never
    lowered: a page cached under a counter is never read again once the counter moved,
    whatever the cache itself keeps or restores (views.cached). Kept in the database,
    not in the cache: a cache restored from an old snapshot brings its old pages back,
    never the old counters with them. A subject never renewed has no row (0).
    """

    key = models.CharField(_("key"), max_length=40, primary_key=True)
    counter = models.BigIntegerField(_("counter"), default=0)

    class Meta:
        verbose_name = _("page version")
        verbose_name_plural = _("page versions")

    def __str__(self) -> str:
        return f"{self.key} {self.counter}"
