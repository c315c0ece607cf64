"""Several `pages.py measure --gunicorn --json` runs per database, summarised: for each
public page and size, the median of the runs' medians and the median and worst of the
runs' ratios to their own floor, then the growth from the smallest size to the largest.

    .venv/bin/python benchmarks/summary.py /tmp/bench/pg_*_r?.json

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

from benchmarks.compare import with_ratios_json  # noqa: E402


def summary(paths: list[str]) -> None:
    by_size: dict[tuple[str, int], list[dict]] = {}
    for path in paths:
        run = json.loads(Path(path).read_text())
        by_size.setdefault((run["meta"]["database"], run["meta"]["hands"]), []).append(run)
    sizes = sorted(by_size, key=lambda key: (key[0], key[1]))
    pages: dict[str, dict[tuple[str, int], list[tuple[float, float]]]] = {}
    for size in sizes:
        for run in by_size[size]:
            for row in with_ratios_json(run.get("gunicorn", [])):
                pages.setdefault(row["page"], {}).setdefault(size, []).append(
                    (row["median_ms"], row["ratio"])
                )
    heads = [f"{db} {hands:,} ({len(by_size[(db, hands)])} runs)" for db, hands in sizes]
    print("through gunicorn: median ms of the runs (median x floor, worst x floor)")
    print("| page | " + " | ".join(heads) + " | growth |")
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
    for size in sizes:
        loads = [run["meta"]["loadavg"].get("gunicorn") for run in by_size[size]]
        dates = [run["meta"]["date"] for run in by_size[size]]
        print(f"{size[0]} {size[1]:,}: {dates}, load average (1, 5, 15 min) {loads}")


if __name__ == "__main__":
    summary(sys.argv[1:])
