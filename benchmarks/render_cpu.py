"""The public pages' CPU time in-process, for a machine too loaded for wall clocks.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tarot_bench_10k \\
        .venv/bin/python benchmarks/render_cpu.py --runs 20 --json cpu.jsonl

pages.py times requests by the wall clock, which on a shared, heavily loaded machine
moves a great deal between two runs of the same code (benchmarks/RESULTS.md). This
script times the same public pages (benchmarks/subjects.py, the same
production settings as pages.py) by the process's CPU time (time.process_time): the
Python side of a request (routing, middleware, view, selectors, template), without the
database server's own time and without the time the process waits for a core. Each
page: 3 warm-up requests, then the median of --runs, and its ratio to the login page's
median in the same run. --json appends one line per run, to compare code versions run
in turn on the same database. The score sheet of the club-night table with the most
hands is read signed in, as an organiser and as one of its scorekeepers (pages.py's
users; he keeps that table for the run only). --only SUBSTRING times the pages whose
name holds it (and the login page).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import pages  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--json", default=None, help="append this run's figures to a file")
    parser.add_argument("--only", default="", help="only the pages whose name holds this")
    parser.add_argument(
        "--calls",
        type=int,
        default=0,
        help="also count Python function calls a request (cProfile over this many requests, "
        "after the timed ones): a figure that does not move with the machine's load",
    )
    parser.add_argument("--top", type=int, default=0, help="with --calls: the profile's top N")
    args = parser.parse_args()
    pages.configure()
    pages.django_setup()
    from django.contrib.auth.models import Permission, User
    from django.test import Client
    from django.urls import reverse

    from benchmarks.subjects import pick_subjects

    s = pick_subjects()
    big = s.big.pk
    paths = {
        pages.FLOOR: reverse("login"),
        "table page (public)": reverse("table_public", args=[s.sheet_table.pk]),
        "club night results (public)": reverse("event_results", args=[s.night.pk]),
        "tournament ranking (public)": reverse("tournament_ranking", args=[big]),
        "round results (public)": reverse("tournament_round_results", args=[big, s.big_rounds]),
        "event page (public)": reverse("event_detail", args=[big]),
        "event results (public)": reverse("event_results", args=[big]),
        "hall screen (public)": reverse("tournament_screen", args=[big]),
        "season page (public)": reverse("season_detail", args=[s.fixed_season.pk]),
        "season page (public), busiest": reverse("season_detail", args=[s.busiest_season.pk]),
        "player page (public)": reverse("player_public", args=[s.winner]),
        "player page (public), busiest": reverse("player_public", args=[s.busiest["player_id"]]),
        "head-to-head (public)": reverse("head_to_head", args=[s.winner, s.runner_up]),
        "score sheet (organiser)": reverse("table_sheet", args=[s.sheet_table.pk]),
        "score sheet (scorekeeper)": reverse("table_sheet", args=[s.sheet_table.pk]),
    }
    paths = {page: path for page, path in paths.items() if page == pages.FLOOR or args.only in page}
    anonymous = Client(HTTP_HOST="testserver")
    organiser, _ = User.objects.get_or_create(username="bench-organiser")
    organiser.user_permissions.add(Permission.objects.get(codename="federation"))
    keeper, _ = User.objects.get_or_create(username="bench-scorekeeper")
    clients = {
        "organiser": Client(HTTP_HOST="testserver"),
        "scorekeeper": Client(HTTP_HOST="testserver"),
    }
    clients["organiser"].force_login(organiser)
    clients["scorekeeper"].force_login(keeper)
    s.sheet_table.scorekeepers.add(keeper)
    load = os.getloadavg()
    medians: dict[str, float] = {}
    calls: dict[str, int] = {}
    for page, path in paths.items():
        client = next((c for role, c in clients.items() if f"({role})" in page), anonymous)
        for _ in range(3):
            client.get(path, secure=True)
        times = []
        for _ in range(args.runs):
            start = time.process_time()
            response = client.get(path, secure=True)
            times.append(time.process_time() - start)
            if response.status_code != 200:
                sys.exit(f"GET {path}: {response.status_code}")
        medians[page] = statistics.median(times) * 1000
        if args.calls:
            calls[page] = count_calls(client, path, args.calls, args.top)
    s.sheet_table.scorekeepers.remove(keeper)
    floor = medians[pages.FLOOR]
    print(f"CPU ms of a request (median of {args.runs}), load average {load} -> {os.getloadavg()}")
    for page, ms in medians.items():
        counted = ""
        if page in calls:
            counted = f"  {calls[page]:9,} calls (x{calls[page] / calls[pages.FLOOR]:.1f})"
        print(f"  {page:<40} {ms:6.1f} ms  x{ms / floor:.1f}{counted}")
    if args.json:
        with open(args.json, "a", encoding="utf-8") as out:
            line = {"root": str(ROOT), "load": [load, os.getloadavg()], "cpu_ms": medians}
            if calls:
                line["calls"] = calls
            out.write(json.dumps(line) + "\n")


def count_calls(client, path: str, requests: int, top: int) -> int:
    """Python function calls a request, by cProfile over `requests` requests."""
    import cProfile
    import pstats

    profile = cProfile.Profile()
    profile.enable()
    for _ in range(requests):
        client.get(path, secure=True)
    profile.disable()
    stats = pstats.Stats(profile)
    if os.environ.get("PROFILE_DUMP"):
        profile.dump_stats(os.environ["PROFILE_DUMP"] + "." + path.strip("/").replace("/", "_"))
    if top:
        print(f"--- {path}")
        stats.sort_stats("cumulative").print_stats(top)
    return round(stats.total_calls / requests)


if __name__ == "__main__":
    main()
