"""How fast, and in how much memory, a big tournament exports to Excel.

    .venv/bin/python benchmarks/export.py                 # 25k, 50k and 100k hand-score rows
    .venv/bin/python benchmarks/export.py --sizes 20000   # any sizes
    .venv/bin/python benchmarks/export.py --reuse         # keep the database of the last run
    .venv/bin/python benchmarks/export.py --repeat 9      # runs per variant (median; 7)

It builds a throwaway SQLite database (/tmp/tarot_export_bench.db, or --db) with one
tournament per size: 64 players at 16 tables of 4 over 10 rounds, enough hands for the
rows asked, every hand scored by the engine (score_stored_hand; the rows are
bulk-inserted for speed). Then, in a fresh process (so that its memory figures are the
export's alone):

- memory, for each size: the tracemalloc peak of one export (Python allocations) and
  the growth of the process's maximum resident size; flat in rows is the aim;
- speed, on the largest: the export of the workbook against bare openpyxl writing the
  same cells, whose values are read beforehand (the export's time includes its
  queries, the library's does not), `--repeat` times each, interleaved so that all
  three see the same load; medians (and the best) are printed:
  - bare openpyxl, same cells and styles: a write-only workbook written the fastest
    way the library's API allows: plain values as they are, one WriteOnlyCell per
    formatted column given each row's value in turn, a styled WriteOnlyCell for each
    special value (protected text, italic), the same header row, column widths,
    frozen panes, autofilter and print set-up. Its sheets are checked to be
    byte-for-byte the export's (same cells, same styles), else the script says so;
  - bare openpyxl, plain values: the same values and nothing else (no style at all).

The machine is shared: the load average is printed at the start, with each run and
at the end.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = "/tmp/tarot_export_bench.db"
EVENT_PREFIX = "Benchmark export"
PLAYERS = 64
TABLE_SIZE = 4
ROUNDS = 10
SIZES = (25_000, 50_000, 100_000)


def setup_django(db: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SETTINGS_MODULE"] = "tarot_club.settings"
    os.environ["DEBUG"] = "1"
    os.environ["DATABASE_URL"] = f"sqlite:///{db}"
    import django

    django.setup()


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def build(rows: int, club: Any, players: list[Any]) -> int:
    """A tournament with at least `rows` hand-score rows; returns the exact count."""
    import datetime

    from django.db import transaction

    from tournaments.demo import random_hand
    from tournaments.models import Event, Hand, HandScore, Round
    from tournaments.selectors.access import SYSTEM
    from tournaments.services.hands import score_stored_hand, seat_table, table_seats

    tables_per_round = PLAYERS // TABLE_SIZE
    hands_per_table = math.ceil(rows / (ROUNDS * tables_per_round * TABLE_SIZE))
    rng = random.Random(rows)
    with transaction.atomic():
        event = Event.objects.create(
            club=club,
            kind=Event.Kind.TOURNAMENT,
            name=f"{EVENT_PREFIX} {rows}",
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
                            contract_made=result.made if player_id == hand.taker_id else None,
                        )
                        for hand, result in zip(hands, results, strict=True)
                        for player_id, points in result.scores.items()
                    ),
                    batch_size=2000,
                )
    return HandScore.objects.filter(event=event).count()


def build_all(sizes: list[int]) -> None:
    from django.core.management import call_command

    from tournaments.models import Club, Player

    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Club du banc d'essai", slug="banc-essai")
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Joueur {i:03d}", licence=f"0{i:05d}")
        for i in range(1, PLAYERS + 1)
    )
    for size in sizes:
        start = time.perf_counter()
        count = build(size, club, players)
        print(f"built {count:,} hand-score rows in {time.perf_counter() - start:.1f} s")


def maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


# --- the bare library -------------------------------------------------------------------


def prepare(event: Any) -> list[dict[str, Any]]:
    """Every sheet of the export with its rows' values read (in the order the writer
    reads them, later sheets last), each value as the writer would hand it over: a plain
    value, or ("cell", value, number_format, italic, quote_prefix) for a styled one."""
    from django.utils.functional import Promise

    from tournaments.exports import tournament_workbook
    from tournaments.exports.writer import (
        Formula,
        Rows,
        Styled,
        _clean,
        needs_protection,
        sheet_title,
        wrapped_lines,
    )

    export = tournament_workbook(event)
    taken: set[str] = set()
    prepared = [
        {
            "title": sheet_title(sheet.title, taken),
            "columns": sheet.columns,
            "lines": max([wrapped_lines(c.header, c.width) for c in sheet.columns] or [1]),
            "later": sheet.later,
            "autofilter": sheet.autofilter,
            "source": sheet.rows,
            "rows": [],
        }
        for sheet in export.sheets
    ]

    def value(v: Any, fmt: str | None) -> Any:
        italic = False
        if isinstance(v, Styled):
            v, fmt, italic = v.value, v.number_format or fmt, v.italic
        if isinstance(v, Promise):
            v = str(v)
        if isinstance(v, Formula):
            v = v.text
        elif isinstance(v, str):
            v = _clean(v)
            if needs_protection(v):
                return ("cell", v, None, italic, True)
        if italic or (fmt is not None and v is not None and type(v) not in (int, float)):
            return ("cell", v, fmt, italic, False)
        return v

    for item in sorted(prepared, key=lambda p: p["later"]):
        formats = [c.number_format for c in item["columns"]]
        for given in item.pop("source"):
            rows = [[*given.head, *t] for t in given.tails] if isinstance(given, Rows) else [given]
            for row in rows:
                values = [value(v, f) for v, f in zip(row, formats, strict=False)]
                # The indexes of its styled values, found now: most rows have none.
                specials = tuple(i for i, v in enumerate(values) if type(v) is tuple)
                item["rows"].append((values, specials))
    return prepared


def clock() -> tuple[float, float]:
    return time.perf_counter(), time.process_time()


def since(start: tuple[float, float]) -> tuple[float, float]:
    """Wall and CPU seconds since `start` (CPU: this process's own, which other processes
    on the shared machine move much less than the wall clock)."""
    wall, cpu = clock()
    return wall - start[0], cpu - start[1]


def bare_styled(prepared: list[dict[str, Any]], out: Any, title: str) -> tuple[float, float]:
    """The same cells with the same styles, through the library's API; wall and CPU s."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Alignment, Font
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.worksheet import Worksheet

    from tournaments.exports.writer import LINE_HEIGHT, _header_text

    start = clock()
    workbook = Workbook(write_only=True)
    bold, italic = Font(bold=True), Font(italic=True)
    wrap = Alignment(wrap_text=True, vertical="top")
    sheets = []
    for item in prepared:
        ws = workbook.create_sheet(item["title"])
        ws.freeze_panes = "A2"
        for index, column in enumerate(item["columns"], 1):
            ws.column_dimensions[get_column_letter(index)].width = column.width
        if item["lines"] > 1:
            ws.row_dimensions[1].height = LINE_HEIGHT * min(item["lines"], 6)
        ws.page_setup.orientation = "landscape"
        ws.page_setup.paperSize = Worksheet.PAPERSIZE_A4
        ws.page_setup.fitToWidth, ws.page_setup.fitToHeight = 1, 0
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        ws.print_title_rows = "1:1"
        ws.print_options.gridLines = True
        ws.oddHeader.left.text = _header_text(title)
        ws.oddHeader.right.text = "&A"
        ws.oddFooter.center.text = "&P / &N"
        header = []
        for column in item["columns"]:
            cell = WriteOnlyCell(ws, column.header)
            cell.data_type, cell.font, cell.alignment = "s", bold, wrap
            header.append(cell)
        ws.append(header)
        sheets.append((item, ws))
    for item, ws in sorted(sheets, key=lambda s: s[0]["later"]):
        shared = []
        for index, column in enumerate(item["columns"]):
            if column.number_format:
                cell = WriteOnlyCell(ws)
                cell.number_format = column.number_format
                shared.append((index, cell))
        for values, specials in item["rows"]:
            row = list(values)
            for index, cell in shared:
                v = row[index]
                if type(v) is int or type(v) is float:
                    cell.value = v
                    row[index] = cell
            for index in specials:  # a styled value
                _kind, text, fmt, slant, quote = row[index]
                cell = WriteOnlyCell(ws, text)
                if quote:
                    cell.data_type, cell.quotePrefix = "s", True
                if fmt:
                    cell.number_format = fmt
                if slant:
                    cell.font = italic
                row[index] = cell
            ws.append(row)
        if item["autofilter"]:
            last = get_column_letter(len(item["columns"]))
            ws.auto_filter.ref = f"A1:{last}{len(item['rows']) + 1}"
    workbook.save(out)
    return since(start)


def bare_plain(prepared: list[dict[str, Any]], out: Any) -> tuple[float, float]:
    """The same values, no style, no settings; wall and CPU seconds."""
    from openpyxl import Workbook

    start = clock()
    workbook = Workbook(write_only=True)
    for item in prepared:
        ws = workbook.create_sheet(item["title"])
        ws.append([c.header for c in item["columns"]])
        for values, _specials in item["rows"]:
            ws.append([v[1] if type(v) is tuple else v for v in values])
    workbook.save(out)
    return since(start)


_IDS = re.compile(r'(numFmtId|fontId)="\d+"')


def _canonical(archive: zipfile.ZipFile) -> dict[str, str]:
    """Each sheet's XML with every style index replaced by the style it stands for: two
    writers may number the same styles in another order."""
    styles = archive.read("xl/styles.xml").decode()
    xfs = re.search(r"<cellXfs[^>]*>(.*?)</cellXfs>", styles, re.S)
    found = re.findall(r"<xf .*?(?:/>|</xf>)", xfs[1] if xfs else "", re.S)
    formats = dict(re.findall(r'<numFmt numFmtId="(\d+)" formatCode="([^"]*)"', styles))
    fonts = re.findall(r"<font>.*?</font>|<font/>", styles, re.S)

    def style(match: re.Match[str]) -> str:
        xf = found[int(match[1])]
        number = re.search(r'numFmtId="(\d+)"', xf)[1]
        font = fonts[int(re.search(r'fontId="(\d+)"', xf)[1])]
        rest = _IDS.sub("", xf)
        return f's="{formats.get(number, number)}|{font}|{rest}"'

    return {
        name: re.sub(r's="(\d+)"', style, archive.read(name).decode())
        for name in archive.namelist()
        if name.startswith("xl/worksheets/sheet")
    }


def differences(a: Path, b: Path) -> list[str]:
    """The sheets of two .xlsx files that differ in a cell, a value or a style."""
    with zipfile.ZipFile(a) as za, zipfile.ZipFile(b) as zb:
        first, second = _canonical(za), _canonical(zb)
    return sorted(
        name for name in first.keys() | second.keys() if first.get(name) != second.get(name)
    )


# --- the measures ----------------------------------------------------------------------


def memory(event: Any) -> tuple[float, float, float, int]:
    """One export: seconds, tracemalloc peak (MiB), the process's maximum resident size
    so far (MiB; the sizes run smallest first, so it grows if a bigger export needs
    more), rows."""
    from tournaments.exports import tournament_workbook
    from tournaments.models import HandScore

    rows = HandScore.objects.filter(event=event).count()
    tracemalloc.start()
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        tournament_workbook(event).write(out)
        seconds = time.perf_counter() - start
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return seconds, peak / 2**20, maxrss_mb(), rows


def measure(repeat: int) -> None:
    """Runs in its own process, so the memory figures are the export's."""
    from tournaments.exports import tournament_workbook
    from tournaments.models import Event, HandScore

    events = sorted(
        Event.objects.filter(name__startswith=EVENT_PREFIX),
        key=lambda e: int(e.name.rsplit(" ", 1)[1]),
    )
    print(f"load average at start: {load()}")
    memory(events[0])  # imports, translations and the library's caches, once
    print("\nmemory of one export (tracemalloc run, so slower than the timed runs):")
    print(f"{'hand rows':>12} {'tracemalloc peak':>17} {'process maxrss':>15}")
    for event in events:
        _s, peak, rss, rows = memory(event)
        print(f"{rows:>12,} {peak:>13.1f} MiB {rss:>11.1f} MiB")

    event = events[-1]
    prepared = prepare(event)
    # The bare library's 1.6M values stay in memory for its runs: kept out of the cyclic
    # garbage collector's sight, so that they slow down neither side's collections.
    gc.collect()
    gc.freeze()
    title = tournament_workbook(event).title
    hand_rows = HandScore.objects.filter(event=event).count()
    cells = sum(len(row) for item in prepared for row, _specials in item["rows"])
    with tempfile.TemporaryDirectory() as tmp:
        export_file, styled_file = Path(tmp, "export.xlsx"), Path(tmp, "bare.xlsx")
        with export_file.open("wb") as out:
            tournament_workbook(event).write(out)
        with styled_file.open("wb") as out:
            bare_styled(prepared, out, title)
        differ = differences(export_file, styled_file)
    print(
        f"\nspeed on the largest ({cells:,} cells), {repeat} runs each, interleaved; "
        "the bare library's sheets "
        + (f"DIFFER from the export's: {differ}" if differ else "are byte-for-byte the export's")
    )
    times: dict[str, list[tuple[float, float]]] = {"export": [], "styled": [], "plain": []}
    for run in range(1, repeat + 1):
        gc.collect()
        with tempfile.TemporaryFile() as out:
            start = clock()
            tournament_workbook(event).write(out)
            times["export"].append(since(start))
        gc.collect()
        with tempfile.TemporaryFile() as out:
            times["styled"].append(bare_styled(prepared, out, title))
        gc.collect()
        with tempfile.TemporaryFile() as out:
            times["plain"].append(bare_plain(prepared, out))
        print(
            f"  run {run}: "
            + ", ".join(
                f"{key} {times[key][-1][0]:.2f} s (CPU {times[key][-1][1]:.2f} s)" for key in times
            )
            + f"; load {load()}"
        )
    print(f"\nhand-score rows: {hand_rows:,}; medians of {repeat} runs, wall clock / CPU time:")
    for clock_name, at in (("wall", 0), ("CPU", 1)):
        export = statistics.median(t[at] for t in times["export"])
        line = f"  {clock_name:>4}: export {export:.2f} s ({hand_rows / export:,.0f} hand rows/s)"
        for key, label in (("styled", "same cells and styles"), ("plain", "plain values")):
            base = statistics.median(t[at] for t in times[key])
            line += f"; bare openpyxl, {label} {base:.2f} s: export at {base / export:.0%}"
        print(line)
    export = min(t[0] for t in times["export"])
    line = f"  best wall clock: export {export:.2f} s"
    for key, label in (("styled", "same cells and styles"), ("plain", "plain values")):
        base = min(t[0] for t in times[key])
        line += f"; bare openpyxl, {label} {base:.2f} s: export at {base / export:.0%}"
    print(line)
    print(f"load average at end: {load()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sizes", default=",".join(map(str, SIZES)), help="hand-score rows, comma-separated"
    )
    parser.add_argument("--db", default=DEFAULT_DB, help="SQLite file (deleted first)")
    parser.add_argument("--reuse", action="store_true", help="keep the database if it exists")
    parser.add_argument("--repeat", type=int, default=7, help="runs of each variant")
    parser.add_argument("--measure-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.measure_only:
        setup_django(args.db)
        measure(args.repeat)
        return
    db = Path(args.db)
    if not (args.reuse and db.exists()):
        for path in (db, Path(f"{db}-wal"), Path(f"{db}-shm")):
            path.unlink(missing_ok=True)
        setup_django(args.db)
        build_all(sorted(int(s) for s in args.sizes.split(",")))
    subprocess.run(
        [
            sys.executable,
            __file__,
            "--measure-only",
            "--db",
            args.db,
            "--repeat",
            str(args.repeat),
        ],
        check=True,
        cwd=ROOT,
    )


if __name__ == "__main__":
    main()
