"""Verify the score ledger: every hand's rows sum to zero, one row per seated player."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db.models import Count, OuterRef, Subquery, Sum

from tournaments.models import Hand, Seat


class Command(BaseCommand):
    help = "Check that every stored hand sums to zero and has a score row per seated player."

    def handle(self, *args: Any, **opts: Any) -> None:
        seated = (
            Seat.objects.filter(table=OuterRef("table"))
            .values("table")
            .annotate(n=Count("id"))
            .values("n")
        )
        bad = (
            Hand.objects.annotate(
                total=Sum("scores__points"), rows=Count("scores"), seats=Subquery(seated)
            )
            .exclude(total=0, rows=Subquery(seated))
            .values_list("pk", "total", "rows", "seats")
        )
        problems = list(bad[:50])
        checked = Hand.objects.count()
        if problems:
            lines = [
                f"hand {pk}: sum {total}, {rows} rows for {seats} seats"
                for pk, total, rows, seats in problems
            ]
            raise CommandError("Ledger errors:\n" + "\n".join(lines))
        self.stdout.write(f"{checked} hands checked: every hand sums to zero.")
