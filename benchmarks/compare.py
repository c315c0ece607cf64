"""`pages.py compare`: each page across runs at growing sizes, against the targets below."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FLOOR = "floor: login page (public)"
FLOOR_AGAIN = FLOOR + " again"
GROWING = "grows"


# The targets for the public pages, through gunicorn: under 5x the floor, and the
# same subject within 20 % from the smallest to the largest database.
TARGET_RATIO = 5.0
TARGET_GROWTH = 0.20


def compare(paths: list[str]) -> None:
    """Each page's median across runs at growing sizes, its growth from the first, and
    (through gunicorn) whether it meets the targets at the largest size."""
    runs = [json.loads(Path(p).read_text()) for p in paths]
    heads = [f"{r['meta']['database']} {r['meta']['hands']:,}" for r in runs]
    for section in ("results", "gunicorn"):
        tables = [{x["page"]: x for x in with_ratios_json(r.get(section, []))} for r in runs]
        if not any(tables):
            continue
        title = "in-process" if section == "results" else "through gunicorn"
        print(f"\n{title}: median ms (x lower floor), growth of the median from the first")
        verdict = " | targets |" if section == "gunicorn" else " |"
        print("| page | " + " | ".join(heads) + " | growth" + verdict)
        print("|---|" + "---|" * (len(heads) + (2 if section == "gunicorn" else 1)))
        for page in tables[0]:
            cells = [t.get(page) for t in tables]
            shown = [f"{c['median_ms']:.1f} (x{c['ratio']:.1f})" if c else "-" for c in cells]
            first, last = cells[0], cells[-1]
            growth = (
                last["median_ms"] / first["median_ms"] - 1
                if first and last and first["median_ms"]
                else None
            )
            line = f"| {page} | " + " | ".join(shown) + " | "
            line += f"{growth:+.0%}" if growth is not None else "-"
            if section == "gunicorn":
                line += " | " + _verdict(page, last, growth)
            print(line + " |")


def with_ratios_json(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    floors = [x["median_ms"] for x in rows if x["page"] in (FLOOR, FLOOR_AGAIN)]
    for x in rows:
        x["ratio"] = x["median_ms"] / min(floors) if floors else 0.0
    return rows


def _verdict(page: str, last: dict[str, Any] | None, growth: float | None) -> str:
    if page.startswith(FLOOR) or last is None:
        return ""
    if last.get("kind") == GROWING:
        return "worst case (subject grows)"
    ratio_ok = last["ratio"] < TARGET_RATIO
    flat_ok = growth is None or abs(growth) <= TARGET_GROWTH
    return f"{'ok' if ratio_ok else 'MISSED'} < x5, {'ok' if flat_ok else 'MISSED'} flat"
