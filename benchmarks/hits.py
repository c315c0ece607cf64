"""The busiest subjects rendered (cache miss) and served from the page cache (hit),
in-process, with the CPU time of each request (this process and its PostgreSQL
backend: benchmarks/pages.py), against the floor measured first and last, and against
the floor timed right after each run of the page (pages.PAIRED_FLOOR).

    DATABASE_URL=postgres://.../tarot_bench1m .venv/bin/python benchmarks/hits.py \\
        --runs 30 --json hits.json

A hit goes through the whole cache path of views.cached (the page's key from the
database's versions, the stored page, a CSRF token of the visitor's own) on this
process's local-memory cache (pages.py --gunicorn --cache-hits times them on Redis
through gunicorn). What the CPU figures say, where the wall times of a loaded machine
do not: benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import pages  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    pages.configure()
    pages.django_setup()
    from django.core.cache import cache
    from django.test import Client, override_settings
    from django.urls import reverse

    from benchmarks.subjects import pick_subjects
    from tournaments.models import Hand

    subjects = pick_subjects()
    busiest, rival = subjects.busiest["player_id"], subjects.rival["player_id"]
    targets = [
        ("player page (public), busiest", reverse("player_public", args=[busiest])),
        ("player page (public)", reverse("player_public", args=[subjects.winner])),
        ("head-to-head (public), busiest", reverse("head_to_head", args=[busiest, rival])),
        (
            "season page (public), busiest",
            reverse("season_detail", args=[subjects.busiest_season.pk]),
        ),
    ]
    client = Client()
    login = reverse("login")
    load = [pages._load()]
    floor = pages._get(client, login)
    results = [pages.timed(pages.FLOOR, "", floor, runs=args.runs)]
    pages.PAIRED_FLOOR = floor  # each run of a page is followed by one of the floor
    for page, path in targets:
        results.append(pages.timed(page, path, pages._get(client, path), runs=args.runs))
        with override_settings(PAGE_CACHE=True):
            cache.clear()  # this process's own memory
            get = pages._get(client, path)
            get()  # a miss, which stores the page

            def hit(get=get, path=path) -> None:
                if get().get("X-Page-Cache") != "hit":  # the warm-up stored it
                    raise RuntimeError(f"GET {path}: not served from the cache")

            results.append(pages.timed(f"{page} {pages.HIT_PREFIX}", path, hit, runs=args.runs))
    pages.PAIRED_FLOOR = None
    results.append(pages.timed(pages.FLOOR_AGAIN, "", pages._get(client, login), runs=args.runs))
    load.append(pages._load())
    pages.with_ratios(results)
    for result in results:
        pages._print(result)
    pages.print_table("in-process, misses and hits", results)
    print(f"load average at start and end: {load}")
    if args.json:
        meta = {
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "database": "postgresql",
            "hands": Hand.objects.count(),
            "loadavg": {"in-process": load},
        }
        Path(args.json).write_text(
            json.dumps({"meta": meta, "results": [asdict(r) for r in results]}, indent=1)
        )


if __name__ == "__main__":
    main()
