"""Forget old one-time submission keys (services.submissions): a key only matters while
its form can still be posted again."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tournaments.services.submissions import KEEP, purge


class Command(BaseCommand):
    help = "Delete the form submission keys older than --days days (default 30)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--days", type=int, default=KEEP.days)

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["days"] < 1:
            raise CommandError("--days must be at least 1.")
        deleted = purge(older_than=timedelta(days=opts["days"]))
        self.stdout.write(f"{deleted} submission keys deleted.")
