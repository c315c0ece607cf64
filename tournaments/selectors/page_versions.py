"""The version of a public page: what the page cache keys it on (views.cached).

Every subject a page shows (its event, a season, a player, a club, and the site as a
whole) has a counter in the database (models.PageVersion) that services.cache.touch
raises in the transaction of every write changing it. A page's version is read in one
query before the page's own rows, so a page stored under a version shows at least the
data of that version; and since counters never go down, a page stored under an old
version is never read again, whatever the cache keeps or restores.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from django.db.models import Q, Sum

from ..models import PageVersion

# In every page's version: a write whose reach is unknown (the admin's bulk tools,
# repairs, a restored database, generated data) raises it and so renews every page.
SITE = "site"


def event_key(pk: int) -> str:
    return f"event:{pk}"


def season_key(pk: int) -> str:
    return f"season:{pk}"


def player_key(pk: int) -> str:
    return f"player:{pk}"


def club_key(pk: int) -> str:
    return f"club:{pk}"


@dataclass(frozen=True)
class Version:
    """The site's counter, and the sum of the counters of a page's subjects.

    A sum is enough for a fixed set of subjects (the page's key includes the set):
    every touch raises at least one of them and none ever goes down, so the sum moves
    on every change and never comes back to an earlier value. It spares a player's
    page, which shows every event he played (hundreds for the busiest), from reading
    a row per event. The site's counter is kept apart: a restored database (whose
    counters went back) jumps it past every value used before (services.cache)."""

    site: int
    subjects: int


def page_version(keys: Collection[str]) -> Version:
    """The version of a page showing the subjects `keys` (and the site). One query; a
    subject never touched counts 0."""
    found = PageVersion.objects.filter(key__in=[SITE, *keys]).aggregate(
        site=Sum("counter", filter=Q(key=SITE)),
        subjects=Sum("counter", filter=~Q(key=SITE)),
    )
    return Version(site=found["site"] or 0, subjects=found["subjects"] or 0)
