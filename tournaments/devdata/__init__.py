"""Realistic data at scale, for benchmarks and load tests (the generate_data command).

    manage.py generate_data --players 2000 --hands 1000000 [--clubs N] [--seed S]

Clubs of uneven size (default one per 100 players); players with FFT-like
licence numbers (7 digits, one player in ten without); club nights (one round,
2 to 6 tables, mostly of 4, some of 5 or 3, 14 to 30 deals a table) and
tournaments (20 to 200 players over 4 to 6 rounds of 5 or 6 deals, seated by
tournaments.planning.seating.seat_round, a few withdrawals between rounds). With 200
players or more, one tournament is always the "Grand Open": 200 players, 6
rounds of 8 deals, the shape the benchmarks rank and export.

Events spread over two seasons up to `--until` (default today), or over more
seasons when the hands asked for would have the busiest club play more than
about two club nights a week (`--seasons` to choose): a season keeps a
realistic size whatever the volume. Each club gets a season challenge per
season. Finished events have their sheets validated and rounds locked, and
most are published; the last days' events are still being played.

Hands come from tournaments.demo.random_hand and are scored by the engine
(services.hands.score_stored_hand after apply_table_mode); their score rows are
those save_hand writes (services.hands.score_rows). Rows are written in
batches of events, one transaction per batch: events, rounds and tables with
bulk_create; seats, hands and score rows with tournaments.bulk (COPY or
executemany, faster than bulk_create; `--orm` writes them with bulk_create).

Exactly `--hands` hands are written. The same seed and `--until` give the same
data (ids aside, which depend on what the database already holds).
"""

from __future__ import annotations

from .plan import PlannedEvent, PlannedTable, Planner
from .write import Stats, Writer, batches, clubs_exist, refresh_results, write_clubs

__all__ = [
    "PlannedEvent",
    "PlannedTable",
    "Planner",
    "Stats",
    "Writer",
    "batches",
    "clubs_exist",
    "refresh_results",
    "write_clubs",
]
