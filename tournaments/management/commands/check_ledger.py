"""Verify the score ledger: every hand's rows sum to zero, one row per seated player;
and every event's results and statistics (EventResult), and every season's stored
ranking (SeasonStanding), are what the ledger gives."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db.models import Count, OuterRef, Subquery, Sum

from tournaments.models import Hand, Seat
from tournaments.services.results import refresh_all_event_results, stale_event_results
from tournaments.services.standings import stale_season_standings


class Command(BaseCommand):
    help = (
        "Check that every stored hand sums to zero and has a score row per seated player, "
        "and that the event results and statistics match the ledger."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--rebuild-results",
            action="store_true",
            help="Rewrite every event's results from the ledger when some differ "
            "(after hands were changed behind the application's back).",
        )

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
        stale = stale_event_results()
        seasons = stale_season_standings()
        if (stale or seasons) and opts["rebuild_results"]:
            # Every cached page is renewed with them (services.cache.touch).
            rows = refresh_all_event_results()
            self.stdout.write(
                f"Event results rebuilt from the ledger: {rows} rows; season rankings "
                "stored again; every cached page renewed."
            )
        elif stale or seasons:
            shown = ", ".join(
                [f"event {e} player {p}" for e, p in stale[:20]]
                + [f"season {s} player {p}" for s, p in seasons[:20]]
            )
            raise CommandError(
                f"{len(stale)} event results and {len(seasons)} season ranking lines differ "
                f"from the ledger ({shown}); run check_ledger --rebuild-results to rewrite them."
            )
        else:
            self.stdout.write(
                "Every event's results and statistics, and every season's ranking, match the "
                "ledger."
            )
