"""Realistic data at scale, for benchmarks and load tests (the work is in tournaments.devdata).

manage.py generate_data --players 2000 --hands 1000000 [--clubs N] [--seed S]
"""

from __future__ import annotations

import datetime
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from tournaments import devdata
from tournaments.services.cache import touch


def _date(value: str) -> datetime.date:
    return datetime.date.fromisoformat(value)


class Command(BaseCommand):
    help = "Generate realistic clubs, players, events and engine-scored hands at scale."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, default=2000)
        parser.add_argument("--hands", type=int, default=1_000_000)
        parser.add_argument(
            "--clubs", type=int, default=None, help="Default: one club per 100 players."
        )
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument(
            "--seasons",
            type=int,
            default=None,
            help="Seasons of history (default: two, or more so that the busiest club plays "
            "about two club nights a week).",
        )
        parser.add_argument(
            "--until", type=_date, default=None, help="Last event date (YYYY-MM-DD); default today."
        )
        parser.add_argument(
            "--batch", type=int, default=50_000, help="Hands written per transaction."
        )
        parser.add_argument(
            "--orm",
            action="store_true",
            help="Write hands, seats and scores with bulk_create (slower) instead of "
            "COPY/executemany (tournaments.bulk).",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        players, hands, seed = opts["players"], opts["hands"], opts["seed"]
        clubs = opts["clubs"] or max(1, players // 100)
        until = opts["until"] or timezone.localdate()
        if players < 3:
            raise CommandError("At least 3 players are needed to play a hand.")
        if hands < 0 or clubs < 1 or (opts["seasons"] is not None and opts["seasons"] < 1):
            raise CommandError("--hands must be >= 0, --clubs and --seasons >= 1.")
        clubs = min(clubs, players)
        started = time.perf_counter()

        planner = devdata.Planner(
            players=players,
            hands=hands,
            clubs=clubs,
            seed=seed,
            until=until,
            seasons=opts["seasons"],
        )
        club_specs = planner.clubs()
        if devdata.clubs_exist(club_specs):
            raise CommandError(
                "The database already has these clubs (generated before?): "
                "use an empty database or another --seed."
            )
        player_specs = planner.players()
        plan = planner.events([c["rules_name"] for c in club_specs])
        planned = time.perf_counter()
        self.stdout.write(
            f"Planned {len(plan):,} events ({sum(p.hands for p in plan):,} hands) over "
            f"{planner.seasons} seasons ({planner.start} to {until}) in {planned - started:.1f} s."
        )

        club_objs, player_objs = devdata.write_clubs(planner, club_specs, player_specs)

        writer = devdata.Writer(
            seed=seed, players=player_objs, clubs=club_objs, fast=not opts["orm"]
        )
        index = 0
        for batch in devdata.batches(plan, opts["batch"]):
            writer.write(batch, index)
            index += len(batch)
            elapsed = time.perf_counter() - planned
            done = writer.stats.hands
            self.stdout.write(
                f"  {done:>10,} / {hands:,} hands ({100 * done / max(hands, 1):5.1f} %)"
                f"  {done / elapsed:>8,.0f} hands/s"
            )

        start = time.perf_counter()
        results = devdata.refresh_results()
        self.stdout.write(
            f"  {results:,} event results (totals, places and statistics) written in "
            f"{time.perf_counter() - start:.1f} s."
        )

        total = time.perf_counter() - started
        touch(everything=True)  # written in bulk, past the services' touches
        s = writer.stats
        self.stdout.write(
            self.style.SUCCESS(
                f"Generated {len(club_objs)} clubs, {len(player_objs):,} players, "
                f"{s.events:,} events ({s.club_nights:,} club nights, {s.tournaments:,} "
                f"tournaments), {s.tables:,} tables, {s.hands:,} hands, {s.scores:,} score rows "
                f"in {total:.1f} s: {s.hands / total:,.0f} hands/s "
                f"(engine and hand drawing {s.engine_seconds:.1f} s, "
                f"database writes {s.write_seconds:.1f} s, commits {s.commit_seconds:.1f} s "
                "(PostgreSQL checks the deferred foreign keys then))."
            )
        )
