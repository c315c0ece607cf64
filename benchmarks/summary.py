"""Several `pages.py measure --gunicorn --json` runs per database, summarised: for each
public page and size, the median of the runs' medians and the median and worst of the
runs' ratios to their own floor, then the growth from the smallest size to the largest.

    .venv/bin/python benchmarks/summary.py /tmp/bench/pg_*_r?.json
    .venv/bin/python benchmarks/summary.py before=/tmp/b_r1.json before=/tmp/b_r2.json \\
        after=/tmp/a_r1.json after=/tmp/a_r2.json   # two versions on one database

One run moves with the machine's load (benchmarks/RESULTS.md); three runs per size,
taken in turn, say what holds.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.compare import FLOOR, with_ratios_json  # noqa: E402


def _by_pass(rows: list[dict]) -> list[dict]:
    """Each gunicorn pass (a server of its own, from a floor to the floor again: the
    pages, then their cache hits with `--cache-hits`) with ratios to its own floors,
    measured under the same load as its pages."""
    passes: list[list[dict]] = []
    for row in rows:
        if row["page"] == FLOOR or not passes:
            passes.append([])
        passes[-1].append(row)
    return [row for found in passes for row in with_ratios_json(found)]


def summary(paths: list[str]) -> None:
    """`paths`: JSON files, each as `label=path` to tell versions apart on the same
    database (before and after a change), or a bare path (grouped by size alone)."""
    by_size: dict[tuple[str, str, int], list[dict]] = {}
    for given in paths:
        label, _, path = given.rpartition("=")
        run = json.loads(Path(path).read_text())
        meta = run["meta"]
        by_size.setdefault((label, meta["database"], meta["hands"]), []).append(run)
    # By size, and versions in the order given (the change is from the first to the last).
    order = {key: i for i, key in enumerate(by_size)}
    sizes = sorted(by_size, key=lambda key: (key[1], key[2], order[key]))
    pages: dict[str, dict[tuple[str, str, int], list[tuple[float, float]]]] = {}
    for size in sizes:
        for run in by_size[size]:
            for row in _by_pass(run.get("gunicorn", [])):
                pages.setdefault(row["page"], {}).setdefault(size, []).append(
                    (row["median_ms"], row["ratio"])
                )
    heads = [
        f"{label + ' ' if label else ''}{db} {hands:,} ({len(by_size[(label, db, hands)])} runs)"
        for label, db, hands in sizes
    ]
    print("through gunicorn: median ms of the runs (median x floor, worst x floor)")
    print("| page | " + " | ".join(heads) + " | change |")
    print("|---|" + "---|" * (len(sizes) + 1))
    for page, found in pages.items():
        cells, medians = [], []
        for size in sizes:
            runs = found.get(size, [])
            if not runs:
                cells.append("-")
                continue
            median = statistics.median(ms for ms, _ in runs)
            medians.append(median)
            ratio = statistics.median(r for _, r in runs)
            cells.append(f"{median:.1f} (x{ratio:.1f}, x{max(r for _, r in runs):.1f})")
        growth = f"{medians[-1] / medians[0] - 1:+.0%}" if len(medians) > 1 else ""
        print(f"| {page} | " + " | ".join(cells) + f" | {growth} |")
    cpu_rows: dict[str, dict[tuple[str, str, int], list[tuple[float, float]]]] = {}
    for size in sizes:
        for run in by_size[size]:
            for row in run.get("results", []):
                if row.get("cpu_ms"):
                    cpu_rows.setdefault(row["page"], {}).setdefault(size, []).append(
                        (row["cpu_ms"], row["cpu_ratio"])
                    )
    if cpu_rows:
        print("\nin-process CPU (this process and its PostgreSQL backend): median ms of the")
        print("runs (median x floor's CPU, worst x floor's CPU)")
        print("| page | " + " | ".join(heads) + " | change |")
        print("|---|" + "---|" * (len(sizes) + 1))
        for page, found in cpu_rows.items():
            cells, medians = [], []
            for size in sizes:
                runs = found.get(size, [])
                if not runs:
                    cells.append("-")
                    continue
                median = statistics.median(ms for ms, _ in runs)
                medians.append(median)
                ratio = statistics.median(r for _, r in runs)
                cells.append(f"{median:.1f} (x{ratio:.1f}, x{max(r for _, r in runs):.1f})")
            growth = f"{medians[-1] / medians[0] - 1:+.0%}" if len(medians) > 1 else ""
            print(f"| {page} | " + " | ".join(cells) + f" | {growth} |")
    for size in sizes:
        loads = [run["meta"]["loadavg"] for run in by_size[size]]
        dates = [run["meta"]["date"] for run in by_size[size]]
        name = " ".join(str(part) for part in size if part != "")
        print(f"{name}: {dates}, load average (1, 5, 15 min) {loads}")


if __name__ == "__main__":
    summary(sys.argv[1:])
