"""The duplicate pages of a large event, uncached, as multiples of the login page.

    .venv/bin/python benchmarks/duplicate_pages.py [--tables 30] [--rounds 10] [--boards 3]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tarot_club .venv/bin/python \\
        benchmarks/duplicate_pages.py                      # a test database beside it

It builds a throwaway test database (Django's test runner: SQLite in memory by default;
with DATABASE_URL=postgres://... a test database beside it, dropped at the end), a
published duplicate event of `--tables` tables (4 players each) and `--rounds` rounds
of `--boards` boards (30 tables x 30 boards by default: every board played at every one
of the 30 tables, 900 board results and 3,600 marques), seated from the movement and
every board entered through services.duplicate_results.save_board_result (the time of
those saves is printed too), and two of the arbiter's penalties (one on the event, one
on board 1) through services.penalties, which every ranking then reads.
Then, in-process through django.test.Client over "https" (routing, middleware, view,
selectors, templates), `--runs` requests of each page after 3 warm-up ones, taken in
turn (one of each page, then again), median and p95, and the queries of one request:

- the floor: the login page (a form, no data), first and last (as benchmarks/pages.py);
- the event's ranking, a board's public traveller, a player's detail and the hall
  screen, anonymously;
- the organiser's traveller of a board (its 30 entry lines), his event page and the
  penalties page, as the organiser.

Each page is also given as a multiple of the lower of the two floors ("x floor"),
which moves much less with the machine's load than milliseconds do, and the process's CPU time
(time.process_time: no wait for a core, no database server time) beside it, and the
Python function calls of one request (cProfile over 10 requests), which the machine's
load does not move; the load average is printed at the start and the end. Production
settings as benchmarks/pages.py (DEBUG=0, PAGE_CACHE=0: every request renders the page).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import secrets
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ["DEBUG"] = "0"
if len(os.environ.get("SECRET_KEY", "")) < 32:
    os.environ["SECRET_KEY"] = secrets.token_urlsafe(50)
os.environ["ALLOWED_HOSTS"] = "testserver"
os.environ.setdefault("STATIC_ROOT", "/tmp/tarot_bench_static_duplicate")
os.environ.setdefault("LOG_LEVEL", "ERROR")
os.environ["PAGE_CACHE"] = "0"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarot_club.settings")


def build(tables: int, rounds: int, boards: int, unentered: int = 0) -> tuple[int, object, float]:
    """The event, every board played at every table that plays it; its organiser; and
    the mean time of a save."""
    import datetime
    from decimal import Decimal

    from django.contrib.auth.models import User

    from tournaments.models import Board, Club, Hand, Membership, Player, Registration, Table
    from tournaments.models.people import Role
    from tournaments.selectors.access import SYSTEM
    from tournaments.services import duplicate as services
    from tournaments.services.duplicate_results import save_board_result
    from tournaments.services.events import publish_event
    from tournaments.services.hands import table_seats

    club = Club.objects.create(name="Bench", slug="bench")
    user = User.objects.create_superuser("bench", password="x")
    event = services.create_duplicate(
        by=SYSTEM,
        club=club,
        name="Bench duplicate",
        date=datetime.date(2026, 12, 5),
        rounds_planned=rounds,
        boards_per_round=boards,
        app_deals=False,
        free_bidding=True,
    )
    people = [Player.objects.create(club=club, name=f"Joueur {i:03d}") for i in range(tables * 4)]
    Registration.objects.bulk_create(Registration(event=event, player=p) for p in people)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    # The club's scorekeepers (each table's form on the organiser's page lists them),
    # two named at every table.
    keepers = [User.objects.create_user(f"marqueur{i:02d}") for i in range(12)]
    Membership.objects.bulk_create(
        Membership(club=club, user=keeper, role=Role.SCOREKEEPER) for keeper in keepers
    )
    for number in range(1, tables + 1):
        pair = [keepers[number % 12], keepers[(number + 5) % 12]]
        services.set_table_scorekeepers(by=SYSTEM, event=event, number=number, users=pair)
    publish_event(by=SYSTEM, event=event)
    by_number = {b.number: b for b in Board.objects.filter(event=event)}
    saves, start = 0, time.perf_counter()
    for table in Table.objects.filter(round__event=event).select_related("round__event"):
        seats = table_seats(table)
        first = (table.board_set - 1) * boards + 1
        for number in range(first, first + boards):
            if number > rounds * boards - unentered:
                continue  # left for the organiser's traveller of a board nobody entered
            hand = Hand(
                contract="garde",
                taker_id=seats[(table.number + number) % 4].player_id,
                oudlers=2,
                points=Decimal(30 + (table.number * 7 + number * 3) % 30),
            )
            save_board_result(table=table, board=by_number[number], hand=hand, user=user)
            saves += 1
    from tournaments.services.penalties import give_penalty

    give_penalty(by=SYSTEM, event=event, player=people[0], amount=Decimal(25), reason="retard")
    give_penalty(
        by=SYSTEM,
        event=event,
        player=people[1],
        board=by_number[1],
        amount=Decimal("12.5"),
        reason="téléphone",
    )
    return event.pk, user, (time.perf_counter() - start) * 1000 / max(saves, 1)


def timed_all(pages: list[tuple[str, object, str]], runs: int) -> list[tuple]:
    """Each page's median and p95 ms, median CPU ms, queries and calls. The runs are
    interleaved (one request of each page in turn, `runs` times): a slow spell of the
    shared machine then slows every page alike, the floor too, instead of the one page
    being timed (the ratios moved a great deal between runs timed page after page)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def call(client, url: str) -> None:
        response = client.get(url, secure=True)
        if response.status_code != 200:
            raise RuntimeError(f"GET {url}: {response.status_code}")

    for _ in range(3):
        for _page, client, url in pages:
            call(client, url)
    times: list[list[float]] = [[] for _ in pages]
    cpu: list[list[float]] = [[] for _ in pages]
    for _ in range(runs):
        for i, (_page, client, url) in enumerate(pages):
            start, start_cpu = time.perf_counter(), time.process_time()
            call(client, url)
            times[i].append((time.perf_counter() - start) * 1000)
            cpu[i].append((time.process_time() - start_cpu) * 1000)
    results = []
    for i, (page, client, url) in enumerate(pages):
        with CaptureQueriesContext(connection) as queries:
            call(client, url)
        # Counted now: the next request's start empties the connection's log they are
        # read from.
        query_count = len(queries.captured_queries)
        # Python function calls a request (cProfile over 10 requests): a count the
        # machine's load does not move, which leaves out the database's own time.
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(10):
            call(client, url)
        profile.disable()
        calls = pstats.Stats(profile).total_calls // 10  # type: ignore[attr-defined]
        if os.environ.get("PROFILE_DUMP"):  # PROFILE_DUMP=/tmp/prof: a file a page, for pstats
            profile.dump_stats(os.environ["PROFILE_DUMP"] + url.strip("/").replace("/", "_"))
        ordered = sorted(times[i])
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        results.append(
            (page, statistics.median(ordered), p95, statistics.median(cpu[i]), query_count, calls)
        )
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--boards", type=int, default=3)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument(
        "--unentered",
        type=int,
        default=0,
        help="leave the last N boards unentered at every table, and time the organiser's "
        "traveller of the last one (every line an open form), his event page and his "
        "scorekeepers page",
    )
    args = parser.parse_args()

    import django
    from django.conf import settings
    from django.core.management import call_command
    from django.test.utils import get_runner, setup_test_environment

    django.setup()
    # Every run: a static file added since the last run must be in the manifest.
    call_command("collectstatic", interactive=False, verbosity=0)
    setup_test_environment()
    runner = get_runner(settings)(verbosity=0, interactive=False)
    old = runner.setup_databases()
    try:
        from django.test import Client
        from django.urls import reverse

        from tournaments.models import Registration

        print(f"database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}")
        print(f"load average at start: {os.getloadavg()}")
        event_id, user, per_save = build(args.tables, args.rounds, args.boards, args.unentered)
        boards = args.rounds * args.boards
        print(
            f"{args.tables} tables x {boards} boards ({args.rounds} rounds of {args.boards}): "
            f"saves {per_save:.1f} ms each on average"
        )
        anonymous, organiser = Client(), Client()
        organiser.force_login(user)
        player = Registration.objects.filter(event_id=event_id).order_by("pk").first()
        pages = [
            ("floor: login page", anonymous, reverse("login")),
            (
                "duplicate ranking (public)",
                anonymous,
                reverse("duplicate_ranking", args=[event_id]),
            ),
            (
                "public traveller, board 1",
                anonymous,
                reverse("duplicate_board", args=[event_id, 1]),
            ),
            (
                "player's detail (public)",
                anonymous,
                reverse("duplicate_player", args=[event_id, player.player_id]),
            ),
            ("hall screen (public)", anonymous, reverse("event_screen", args=[event_id])),
            (
                "organiser's traveller, board 1",
                organiser,
                reverse("duplicate_traveller", args=[event_id, 1]),
            ),
            ("organiser's event page", organiser, reverse("duplicate_manage", args=[event_id])),
            ("penalties page", organiser, reverse("duplicate_penalties", args=[event_id])),
            ("floor: login page again", anonymous, reverse("login")),
        ]
        if args.unentered:
            last = args.rounds * args.boards
            pages[-1:-1] = [
                (
                    f"organiser's traveller, board {last} (nobody entered it)",
                    organiser,
                    reverse("duplicate_traveller", args=[event_id, last]),
                ),
                (
                    "organiser's scorekeepers page",
                    organiser,
                    reverse("duplicate_scorekeepers", args=[event_id]),
                ),
            ]
        results = timed_all(pages, args.runs)
        floor = min(r[1] for r in results if r[0].startswith("floor"))
        cpu_floor = min(r[3] for r in results if r[0].startswith("floor"))
        calls_floor = min(r[5] for r in results if r[0].startswith("floor"))
        print("| page | median / p95 ms | x floor | CPU ms | CPU x floor | queries | calls |")
        print("|---|---|---|---|---|---|---|")
        for page, median, p95, cpu, queries, calls in results:
            print(
                f"| {page} | {median:.1f} / {p95:.1f} | x{median / floor:.1f} "
                f"| {cpu:.1f} | x{cpu / cpu_floor:.1f} | {queries} "
                f"| {calls:,} (x{calls / calls_floor:.1f}) |"
            )
        print(f"load average at end: {os.getloadavg()}, {os.cpu_count()} CPUs")
    finally:
        runner.teardown_databases(old)


if __name__ == "__main__":
    main()
