"""How fast, and in how much memory, a big tournament exports to Excel.

    .venv/bin/python benchmarks/export.py            # 100 000 hand-score rows
    .venv/bin/python benchmarks/export.py 20000      # any number of rows
    .venv/bin/python benchmarks/export.py --reuse    # keep the database of the last run

It builds a throwaway SQLite database (/tmp/tarot_export_bench.db, or --db), a
tournament of 64 players at 16 tables of 4 over 10 rounds with enough hands for
the rows asked, every hand scored by the engine (score_stored_hand; the rows are
bulk-inserted for speed), then exports the workbook to a temporary file in a
fresh process, so that its peak memory is the export's alone. It prints rows
per second, the tracemalloc peak (Python allocations) and the growth of the
process's maximum resident size. The aim: 100 000 hand rows within ~100 MB, and at
least 90 % of the speed of bare openpyxl (a write-only workbook, no style) writing
the same cells, whose values are read beforehand: the export's time includes its
queries, the bare library's does not.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = "/tmp/tarot_export_bench.db"
EVENT_NAME = "Benchmark export"
PLAYERS = 64
TABLE_SIZE = 4
ROUNDS = 10


def setup_django(db: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SETTINGS_MODULE"] = "tarot_club.settings"
    os.environ["DEBUG"] = "1"
    os.environ["DATABASE_URL"] = f"sqlite:///{db}"
    import django

    django.setup()


def build(rows: int) -> int:
    """The tournament, with at least `rows` hand-score rows; returns the exact count."""
    import datetime

    from django.core.management import call_command
    from django.db import transaction

    from tournaments.demo import random_hand
    from tournaments.models import Club, Event, Hand, HandScore, Player, Round
    from tournaments.selectors.access import SYSTEM
    from tournaments.services.hands import score_stored_hand, seat_table, table_seats

    call_command("migrate", verbosity=0)
    tables_per_round = PLAYERS // TABLE_SIZE
    hands_per_table = math.ceil(rows / (ROUNDS * tables_per_round * TABLE_SIZE))
    rng = random.Random(2026)
    with transaction.atomic():
        club = Club.objects.create(name="Club du banc d'essai", slug="banc-essai")
        players = Player.objects.bulk_create(
            Player(club=club, name=f"Joueur {i:03d}") for i in range(1, PLAYERS + 1)
        )
        event = Event.objects.create(
            club=club,
            kind=Event.Kind.TOURNAMENT,
            name=EVENT_NAME,
            date=datetime.date(2026, 6, 1),
            rounds_planned=ROUNDS,
            deals_per_round=hands_per_table,
        )
        rules = event.rules
        for number in range(1, ROUNDS + 1):
            round_ = Round.objects.create(event=event, number=number)
            order = rng.sample(players, len(players))
            for t in range(tables_per_round):
                seated = order[t * TABLE_SIZE : (t + 1) * TABLE_SIZE]
                table = seat_table(by=SYSTEM, round=round_, number=t + 1, players=seated)
                seats = table_seats(table)
                hands, results = [], []
                for n in range(1, hands_per_table + 1):
                    hand = random_hand(rng, seats, n)
                    hand.table = table
                    hands.append(hand)
                    results.append(score_stored_hand(hand, seats, rules))  # the engine's scores
                Hand.objects.bulk_create(hands)
                HandScore.objects.bulk_create(
                    (
                        HandScore(
                            hand=hand,
                            player_id=player_id,
                            event=event,
                            round=round_,
                            table=table,
                            points=points,
                            is_taker=player_id == hand.taker_id,
                            made=result.made if player_id == hand.taker_id else None,
                        )
                        for hand, result in zip(hands, results, strict=True)
                        for player_id, points in result.scores.items()
                    ),
                    batch_size=2000,
                )
    return HandScore.objects.filter(event__name=EVENT_NAME).count()


def maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def _plain(value: Any) -> Any:
    """The value openpyxl would be handed for an export cell, without any style."""
    from django.utils.functional import Promise

    from tournaments.exports.writer import Formula, Styled

    if isinstance(value, Styled):
        value = value.value
    if isinstance(value, Formula):
        return value.text
    if isinstance(value, Promise):
        return str(value)
    return value


def bare_openpyxl(event: Any, *, formats: bool) -> tuple[float, int]:
    """The library's own speed on the same cells: every sheet's values read first (not
    timed), then written with a bare write-only workbook; seconds and cells.

    formats=False: plain values, no style at all (the library's top speed).
    formats=True: the same cells with their number formats, the way openpyxl documents
    it for write-only sheets: a WriteOnlyCell with its number_format for each formatted
    number (the export's columns' formats)."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell

    from tournaments.exports import tournament_workbook

    sheets = [
        (
            sheet.title,
            [c.number_format for c in sheet.columns],
            [[_plain(v) for v in row] for row in sheet.rows],
        )
        for sheet in tournament_workbook(event).sheets
    ]
    cells = sum(len(row) for _title, _formats, rows in sheets for row in rows)
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        workbook = Workbook(write_only=True)
        for title, column_formats, rows in sheets:
            ws = workbook.create_sheet(title)
            formatted = [i for i, f in enumerate(column_formats) if f] if formats else []
            for row in rows:
                for i in formatted:
                    if isinstance(row[i], int | float):
                        cell = WriteOnlyCell(ws, row[i])
                        cell.number_format = column_formats[i]
                        row[i] = cell
                ws.append(row)
        workbook.save(out)
        seconds = time.perf_counter() - start
    return seconds, cells


def measure(repeat: int = 3) -> None:
    """Runs in its own process, so the memory figures are the export's."""
    from tournaments.exports import tournament_workbook
    from tournaments.models import Event, HandScore

    event = Event.objects.get(name=EVENT_NAME)
    hand_rows = HandScore.objects.filter(event=event).count()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    rss_before = maxrss_mb()
    # Best of `repeat`, alternating with the bare library, so that both see the same load.
    times, bare_times, styled_times = [], [], []
    for _ in range(repeat):
        with tempfile.NamedTemporaryFile(suffix=".xlsx") as out:
            start = time.perf_counter()
            written = tournament_workbook(event).write(out)
            times.append(time.perf_counter() - start)
            size = out.tell()
        if _ == 0:
            rss_growth = maxrss_mb() - rss_before
        bare, cells = bare_openpyxl(event, formats=False)
        bare_times.append(bare)
        styled_times.append(bare_openpyxl(event, formats=True)[0])
    seconds, bare, styled = min(times), min(bare_times), min(styled_times)

    tracemalloc.start()
    with tempfile.TemporaryFile() as out:
        tournament_workbook(event).write(out)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    print(f"hand-score rows:        {hand_rows:>12,}")
    print(f"rows written (all):     {written:>12,}")
    print(f"hand rows per second:   {hand_rows / seconds:>12,.0f}")
    print(f"file size:              {size / 1e6:>12.1f} MB")
    print(f"tracemalloc peak:       {peak / 2**20:>12.1f} MiB")
    print(f"maxrss before export:   {rss_before:>12.1f} MiB")
    print(f"maxrss growth (export): {rss_growth:>12.1f} MiB")
    print(f"export, best of {repeat}:      {seconds:>12.2f} s (queries included)")
    print(f"bare openpyxl, the same {cells:,} cells, values read beforehand (best of {repeat}):")
    for label, base in (("plain values, no style:", bare), ("with their number formats:", styled)):
        print(f"  {label:<30} {base:>6.2f} s; export at {base / seconds:>4.0%} of its speed")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", nargs="?", type=int, default=100_000, help="hand-score rows")
    parser.add_argument("--db", default=DEFAULT_DB, help="SQLite file (deleted first)")
    parser.add_argument("--reuse", action="store_true", help="keep the database if it exists")
    parser.add_argument("--measure-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.measure_only:
        setup_django(args.db)
        measure()
        return
    db = Path(args.db)
    if not (args.reuse and db.exists()):
        for path in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
            path.unlink(missing_ok=True)
        setup_django(args.db)
        start = time.perf_counter()
        count = build(args.rows)
        print(f"built {count:,} hand-score rows in {time.perf_counter() - start:.1f} s")
    subprocess.run(
        [sys.executable, __file__, "--measure-only", "--db", args.db], check=True, cwd=ROOT
    )


if __name__ == "__main__":
    main()
