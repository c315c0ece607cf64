"""Server time and queries of the main pages against a database at scale.

    # fill a throwaway database (SQLite file or PostgreSQL database, created here)
    DATABASE_URL=sqlite:////tmp/tarot_bench_100k.sqlite3 \\
        .venv/bin/python benchmarks/pages.py setup --players 2000 --hands 100000
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tarot_bench_100k \\
        .venv/bin/python benchmarks/pages.py setup --players 2000 --hands 100000
    # measure in-process, then through gunicorn (median and p95 over --runs requests
    # after a warm-up; queries of one request)
    DATABASE_URL=... .venv/bin/python benchmarks/pages.py measure --runs 15 --gunicorn --json x.json
    # each page across sizes: growth from the smallest database, ratio to the floor
    .venv/bin/python benchmarks/pages.py compare run_10k.json run_100k.json run_1m.json
    # throw it away (deletes the SQLite file, or drops the PostgreSQL database)
    DATABASE_URL=... .venv/bin/python benchmarks/pages.py drop

Production settings (DEBUG=0, PAGE_CACHE=0 unless set, a SECRET_KEY made up here,
static files collected once into /tmp/tarot_bench_static for the manifest storage).
In-process, requests go through django.test.Client over "https": URL routing,
middleware (session and user queries included), view, selectors, template, and for the
export the whole file read back. `--gunicorn` then times the public pages through
gunicorn (benchmarks/served.py: DEPLOYING.md's options, a new connection a request).

The floor (the login page: a form, no data) is measured first and last in both modes;
each page is also given as a multiple of the lower of the two floors of its mode
("x floor"), which moves much less with the machine's load than milliseconds do. The
load average (os.getloadavg) is printed and stored at the start and end of each mode.
In-process, the floor is also timed right after each run of every page: "CPU x the
paired floor" is the page's CPU over that floor's, both from the same moments of the
run, which a machine whose speed swings within a minute does not move.

Subjects (picked from what generate_data made), FIXED ones the same at every size and
GROWING ones (the busiest, as a worst case) growing with the database:
- save a hand: the real form POST (with its one-time submission key) to an open table
  of 4 of an unfinished club night as its scorekeeper, and to a table of the Grand Open
  as an organiser; the hands added are deleted afterwards;
- the club-night table with the most hands: score sheet (organiser) and public page;
- the published club night with the most score rows: its results;
- the "Grand Open" (200 players, 6 rounds of 8 deals, the same at every size): its
  ranking, last round's results, event page, results, chart, hall screen, export;
- season page: FIXED a season of the Grand Open's club covering the Grand Open's day
  only (created here through the service if missing: 200 players, one event), and
  GROWING the biggest club's last full season; and the cost a write pays to store a
  season's ranking again (services.standings) for that biggest season;
- player page: FIXED the Grand Open's winner, GROWING the player with the most score
  rows; head-to-head: FIXED the winner and his neighbour at his first Grand Open table,
  GROWING the busiest player and the one he met at the most tables.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import secrets
import statistics
import sys
import time
import tracemalloc
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks import served  # noqa: E402
from benchmarks.compare import compare  # noqa: E402
from benchmarks.subjects import pick_subjects, player_rows, shared_tables  # noqa: E402

STATIC_ROOT = "/tmp/tarot_bench_static"
FLOOR = "floor: login page (public)"
FLOOR_AGAIN = FLOOR + " again"
FIXED, GROWING = "fixed", "grows"
HIT_PREFIX = "(cache hit)"  # the page served from the page cache (Redis)


def configure() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        sys.exit("Set DATABASE_URL (sqlite:////tmp/x.sqlite3 or postgres://.../tarot_bench_x).")
    os.environ["DEBUG"] = "0"
    if len(os.environ.get("SECRET_KEY", "")) < 32:
        os.environ["SECRET_KEY"] = secrets.token_urlsafe(50)
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ.setdefault("STATIC_ROOT", STATIC_ROOT)
    os.environ.setdefault("LOG_LEVEL", "ERROR")
    # The pages' own cost, rendered on every request: the page cache (PAGE_CACHE, on
    # with REDIS_URL) would serve all but the first from memory. PAGE_CACHE=1 to
    # measure it.
    os.environ.setdefault("PAGE_CACHE", "0")
    os.environ["DJANGO_SETTINGS_MODULE"] = "tarot_club.settings"
    return url


def django_setup() -> None:
    import django

    django.setup()


# --- setup / drop ------------------------------------------------------------------------


def _pg_admin(url: str, sql: str) -> None:
    import psycopg

    parsed = urlparse(url)
    admin = parsed._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(sql)


def _db_name(url: str) -> str:
    name = urlparse(url).path.lstrip("/")
    if not name.startswith("tarot_bench"):
        sys.exit(f"Refusing to create or drop {name!r}: bench databases are named tarot_bench*.")
    return name


def _sqlite_path(url: str) -> Path:
    from tarot_club.env import database_from_url

    path = Path(str(database_from_url(url)["NAME"])).resolve()
    if not str(path).startswith("/tmp/"):
        sys.exit(f"Refusing to create or delete {path}: bench SQLite files live under /tmp.")
    return path


def drop(url: str) -> None:
    if url.startswith("sqlite"):
        path = _sqlite_path(url)
        for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            p.unlink(missing_ok=True)
    else:
        _pg_admin(url, f'DROP DATABASE IF EXISTS "{_db_name(url)}" WITH (FORCE)')
    print(f"dropped {url}")


def setup(url: str, players: int, hands: int, seed: int) -> None:
    drop(url)
    if url.startswith("postgres"):
        _pg_admin(url, f'CREATE DATABASE "{_db_name(url)}"')
    django_setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    call_command("generate_data", players=players, hands=hands, seed=seed)
    print(f"generate_data: {time.perf_counter() - start:.1f} s")
    if connection.vendor == "postgresql":
        # What autovacuum would have done by the time anybody looks at the pages.
        start = time.perf_counter()
        connection.ensure_connection()
        connection.connection.autocommit = True
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
        print(f"VACUUM ANALYZE: {time.perf_counter() - start:.1f} s")


# --- measuring ---------------------------------------------------------------------------


@dataclass
class Result:
    page: str
    subject: str
    runs: int
    median_ms: float
    p95_ms: float
    queries: int
    extra: str = ""
    ratio: float = 0.0  # median / the lower floor's median, same run and mode
    kind: str = FIXED  # FIXED: the same subject at every size; GROWING: it grows with it
    # In-process only: the median CPU time of a request, this process's and its
    # PostgreSQL backend's (_cpu_ns), and its ratio to the floor's.
    cpu_ms: float = 0.0
    cpu_ratio: float = 0.0
    # In-process: the floor timed right after each run of this page (PAIRED_FLOOR), and
    # the page's CPU over that floor's: both in the same seconds of the machine, whose
    # speed changes by itself (the same login page took 7.2 ms of CPU at the start of a
    # run and 3.8 ms at its end), which moves the ratio to the floors of the run's two
    # ends by as much.
    paired_floor_cpu_ms: float = 0.0
    paired_cpu_ratio: float = 0.0


# The floor's request, once measure() has timed it: timed() runs it after each run of a
# page, for the page's ratio to a floor of the same moment.
PAIRED_FLOOR: Callable[[], Any] | None = None


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def _result(page: str, subject: str, times: list[float], **kwargs: Any) -> Result:
    return Result(
        page, subject, len(times), statistics.median(times), _percentile(times, 0.95), **kwargs
    )


def _cpu_ns(backend: int | None) -> int:
    """CPU time used so far by this process and by its PostgreSQL backend `backend`
    (/proc/<pid>/schedstat, nanoseconds): what a page costs the machine, which a loaded
    machine stretches far less than the time it takes (benchmarks/RESULTS.md). OSError
    when the backend is gone (its connection renewed)."""
    used = time.process_time_ns()
    if backend:
        used += int(Path(f"/proc/{backend}/schedstat").read_text().split()[0])
    return used


def _backend_pid() -> int | None:
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:  # CONN_MAX_AGE keeps it between requests
        cursor.execute("SELECT pg_backend_pid()")
        return int(cursor.fetchone()[0])


def timed(
    page: str,
    subject: str,
    call: Callable[[], Any],
    *,
    runs: int,
    warmup: int = 3,
    kind: str = FIXED,
) -> Result:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for _ in range(warmup):
        call()
    times, cpu, floor_cpu = [], [], []
    for _ in range(runs):
        backend = _backend_pid()  # outside the timing: a connection may have been renewed
        used = _cpu_ns(backend)
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
        # A request that renewed the connection (OSError) gives no CPU figure.
        with contextlib.suppress(OSError):
            cpu.append((_cpu_ns(backend) - used) / 1e6)
        if PAIRED_FLOOR is not None and call is not PAIRED_FLOOR:
            backend = _backend_pid()
            used = _cpu_ns(backend)
            PAIRED_FLOOR()
            with contextlib.suppress(OSError):
                floor_cpu.append((_cpu_ns(backend) - used) / 1e6)
    with CaptureQueriesContext(connection) as queries:
        call()
    result = _result(page, subject, times, queries=len(queries.captured_queries), kind=kind)
    result.cpu_ms = statistics.median(cpu) if cpu else 0.0
    if floor_cpu:
        result.paired_floor_cpu_ms = statistics.median(floor_cpu)
        result.paired_cpu_ratio = result.cpu_ms / result.paired_floor_cpu_ms
    return result


def _get(client: Any, url: str, status: int = 200) -> Callable[[], Any]:
    def call() -> Any:
        response = client.get(url, secure=True)
        if response.status_code != status:
            raise RuntimeError(f"GET {url}: {response.status_code}")
        if response.streaming:
            b"".join(response.streaming_content)
        return response

    return call


def with_ratios(results: list[Result]) -> list[Result]:
    """Each result's ratio to the lower of the floors measured first and last: a load
    that moved during the run makes the ratios larger, not smaller."""
    floors = [r for r in results if r.page in (FLOOR, FLOOR_AGAIN)]
    least = min((r.median_ms for r in floors), default=0.0)
    least_cpu = min((r.cpu_ms for r in floors), default=0.0)
    for result in results:
        result.ratio = result.median_ms / least if least else 0.0
        result.cpu_ratio = result.cpu_ms / least_cpu if least_cpu else 0.0
    return results


def _print(result: Result) -> None:
    print(
        f"  {result.page:<46} {result.median_ms:8.1f} ms  p95 {result.p95_ms:8.1f} ms  "
        f"{result.queries:3d} q  {result.kind:5}  {result.subject} {result.extra}",
        flush=True,
    )


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def measure(
    url: str,
    runs: int,
    json_path: str | None,
    *,
    gunicorn: bool = False,
    cache_hits: bool = False,
) -> None:
    if url.startswith("sqlite") and not _sqlite_path(url).exists():
        sys.exit(f"No database at {url}: run setup first.")
    django_setup()
    from django.conf import settings
    from django.contrib.auth.models import Permission, User
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.urls import reverse

    from tournaments.models import Event, Hand, HandScore, Player, SeasonStanding
    from tournaments.services.results import refresh_event_results
    from tournaments.services.standings import refresh_season_standings

    if not Path(settings.STATIC_ROOT, "staticfiles.json").exists():
        call_command("collectstatic", interactive=False, verbosity=0)
    hands_total = Hand.objects.count()
    scores_total = HandScore.objects.count()
    print(
        f"{connection.vendor} {connection.settings_dict['NAME']}: {hands_total:,} hands, "
        f"{scores_total:,} score rows, {Player.objects.count():,} players, "
        f"{Event.objects.count():,} events"
    )
    subjects = pick_subjects()
    big = subjects.big

    organiser, _ = User.objects.get_or_create(username="bench-organiser")
    organiser.user_permissions.add(Permission.objects.get(codename="federation"))
    keeper, _ = User.objects.get_or_create(username="bench-scorekeeper")
    as_organiser, as_keeper, anonymous = Client(), Client(), Client()
    as_organiser.force_login(organiser)
    as_keeper.force_login(keeper)

    results: list[Result] = []
    public_pages: list[tuple[str, str, str, str]] = []  # page, subject, path, kind
    load = {"in-process": [_load()]}
    print(f"in-process, load average at start: {load['in-process'][0]}", flush=True)

    def add(result: Result) -> None:
        results.append(result)
        _print(result)

    def public(page: str, subject: str, path: str, kind: str = FIXED) -> None:
        """A public page, read anonymously in-process (and through gunicorn later)."""
        add(timed(page, subject, _get(anonymous, path), runs=runs, kind=kind))
        public_pages.append((page, subject, path, kind))

    login_url = reverse("login")
    global PAIRED_FLOOR
    floor = _get(anonymous, login_url)
    add(timed(FLOOR, "a form, no data", floor, runs=runs))
    PAIRED_FLOOR = floor

    def measure_saves(page: str, client: Any, table: Any) -> None:
        """POST the hand form as a browser does (with its one-time submission key),
        then delete the hands added and bring the event's results back in step."""
        seats = list(table.seats.order_by("position"))
        before = set(table.hands.values_list("pk", flat=True))
        path = reverse("hand_new", args=[table.pk])
        counter = [len(before)]

        def save() -> None:
            counter[0] += 1
            data = {
                "dealer": seats[counter[0] % 4].player_id,
                "contract": "garde",
                "taker": seats[(counter[0] + 1) % 4].player_id,
                "oudlers": "2",
                "points": "45",
                "points_camp": "taker",
                "petit_au_bout": "",
                "chelem_made_by": "",
                "version": "",
                "submission_key": str(uuid.uuid4()),
            }
            response = client.post(path, data, secure=True)
            if response.status_code != 302:
                raise RuntimeError(f"hand not saved: {response.status_code}")

        try:
            add(timed(page, f"table {table.pk} ({len(before)} hands before)", save, runs=runs))
        finally:
            added = Hand.objects.filter(table=table).exclude(pk__in=before)
            added_ids = list(added.values_list("pk", flat=True))
            added.delete()
            Hand.history.filter(id__in=added_ids).delete()
            refresh_event_results(event_id=table.round.event_id)

    table = subjects.open_table
    table.scorekeepers.add(keeper)
    try:
        published = "published" if table.round.event.published else "unpublished"
        measure_saves(f"save a hand (POST, scorekeeper, {published} night)", as_keeper, table)
    finally:
        table.scorekeepers.remove(keeper)

    sheet = subjects.sheet_table
    add(
        timed(
            "score sheet (organiser)",
            f"table {sheet.pk}: {sheet.n} hands",
            _get(as_organiser, reverse("table_sheet", args=[sheet.pk])),
            runs=runs,
        )
    )
    # The same sheet as one of its scorekeepers reads it, in-process and through
    # gunicorn (his session cookie sent along); he is its scorekeeper for this run only.
    sheet.scorekeepers.add(keeper)
    keeper_page = ("score sheet (scorekeeper)", f"table {sheet.pk}: {sheet.n} hands")
    keeper_path = reverse("table_sheet", args=[sheet.pk])
    add(timed(*keeper_page, _get(as_keeper, keeper_path), runs=runs))
    keeper_cookie = {
        "Cookie": f"{settings.SESSION_COOKIE_NAME}="
        f"{as_keeper.cookies[settings.SESSION_COOKIE_NAME].value}"
    }
    public(
        "table page (public)",
        f"table {sheet.pk}: {sheet.n} hands",
        reverse("table_public", args=[sheet.pk]),
    )
    night = subjects.night
    public(
        "club night results (public)",
        f"event {night.pk}: {night.n} score rows",
        reverse("event_results", args=[night.pk]),
    )

    big_subject = (
        f"event {big.pk}: {big.n} players, {subjects.big_rounds} rounds, "
        f"{subjects.big_rows} score rows"
    )
    public("tournament ranking (public)", big_subject, reverse("tournament_ranking", args=[big.pk]))
    public(
        "round results (public)",
        f"round {subjects.big_rounds} of {big_subject}",
        reverse("tournament_round_results", args=[big.pk, subjects.big_rounds]),
    )
    public("event page (public)", big_subject, reverse("event_detail", args=[big.pk]))
    public("event results (public)", big_subject, reverse("event_results", args=[big.pk]))
    public("event chart (public)", big_subject, reverse("event_chart", args=[big.pk]))
    public("hall screen (public)", big_subject, reverse("tournament_screen", args=[big.pk]))
    measure_saves("save a hand at a tournament (organiser)", as_organiser, subjects.big_table)

    for season, kind in ((subjects.fixed_season, FIXED), (subjects.busiest_season, GROWING)):
        lines = SeasonStanding.objects.filter(season=season).count()
        public(
            f"season page (public){'' if kind == FIXED else ', busiest'}",
            f"season {season.pk}: {lines} players",
            reverse("season_detail", args=[season.pk]),
            kind,
        )
    season = subjects.busiest_season
    add(
        timed(
            "season ranking stored again (a write's share)",
            f"season {season.pk}: {subjects.busiest_season_rows} score rows",
            lambda: refresh_season_standings([season.pk]),
            runs=5,
            warmup=1,
            kind=GROWING,
        )
    )

    winner, runner_up = subjects.winner, subjects.runner_up
    busiest, rival = subjects.busiest["player_id"], subjects.rival["player_id"]
    public("player page (public)", player_rows(winner), reverse("player_public", args=[winner]))
    public(
        "player page (public), busiest",
        player_rows(busiest),
        reverse("player_public", args=[busiest]),
        GROWING,
    )
    public(
        "head-to-head (public)",
        f"players {winner} and {runner_up}: {shared_tables(winner, runner_up)} tables",
        reverse("head_to_head", args=[winner, runner_up]),
    )
    public(
        "head-to-head (public), busiest",
        f"players {busiest} and {rival}: {subjects.rival['n']} tables",
        reverse("head_to_head", args=[busiest, rival]),
        GROWING,
    )

    export = _get(as_organiser, reverse("tournament_export", args=[big.pk]))
    result = timed(
        "Excel export (organiser)",
        f"event {big.pk}: {subjects.big_rows} hand rows",
        export,
        runs=5,
        warmup=1,
    )
    tracemalloc.start()
    export()
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    result.extra = (
        f"{subjects.big_rows / (result.median_ms / 1000):,.0f} rows/s, tracemalloc peak "
        f"{peak / 2**20:.1f} MiB"
    )
    add(result)

    # The floor again: a page that moved much between the start and the end of the run
    # says the machine's load changed under the measurements.
    PAIRED_FLOOR = None
    add(timed(FLOOR_AGAIN, "a form, no data", _get(anonymous, login_url), runs=runs))
    load["in-process"].append(_load())
    print(f"in-process, load average at end: {load['in-process'][1]}", flush=True)
    with_ratios(results)

    served_results: list[Result] = []
    if gunicorn:
        load["gunicorn"] = [_load()]
        print(f"through gunicorn, load average at start: {load['gunicorn'][0]}", flush=True)
        kinds = {page: kind for page, _subject, _path, kind in public_pages}

        def record(page: str, subject: str, times: list[float], _path: str) -> None:
            kind = kinds.get(page, GROWING if page.endswith(HIT_PREFIX) else FIXED)
            result = _result(page, subject, times, queries=0, kind=kind)
            served_results.append(result)
            _print(result)

        pages: list[served.Page] = [
            (FLOOR, "a form, no data", login_url),
            *((page, subject, path) for page, subject, path, _kind in public_pages),
            (*keeper_page, keeper_path, keeper_cookie),
            (FLOOR_AGAIN, "a form, no data", login_url),
        ]
        served.time_pages(url, pages, runs=runs, record=record)
        if cache_hits:
            # The busiest subjects served from the page cache (Redis, as deployed),
            # each after its warm-up has stored it: what a hit costs, key included.
            hits: list[served.Page] = [
                (FLOOR, "a form, no data", login_url),
                *(
                    (f"{page} {HIT_PREFIX}", subject, path)
                    for page, subject, path, kind in public_pages
                    if kind == GROWING or page.startswith("player page")
                ),
                (FLOOR_AGAIN, "a form, no data", login_url),
            ]
            served.time_pages(
                url,
                hits,
                runs=runs,
                record=record,
                env={
                    "PAGE_CACHE": "1",
                    "REDIS_URL": os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/15"),
                    "CACHE_KEY_PREFIX": f"bench-pages-{os.getpid()}-{time.time_ns()}",
                },
                cache_state="hit",
            )
        load["gunicorn"].append(_load())
        print(f"through gunicorn, load average at end: {load['gunicorn'][1]}", flush=True)
        with_ratios(served_results)

    sheet.scorekeepers.remove(keeper)
    print_table("in-process", results)
    if served_results:
        print_table("through gunicorn", served_results)
    if json_path:
        meta = {
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "database": connection.vendor,
            "name": str(connection.settings_dict["NAME"]),
            "hands": hands_total,
            "score_rows": scores_total,
            "cpus": os.cpu_count(),
            "loadavg": load,
            "python": platform.python_version(),
        }
        Path(json_path).write_text(
            json.dumps(
                {
                    "meta": meta,
                    "results": [asdict(r) for r in results],
                    "gunicorn": [asdict(r) for r in served_results],
                },
                indent=1,
            )
        )


def print_table(mode: str, results: list[Result]) -> None:
    print(f"\n{mode}: median / p95 ms, x the lower floor, queries of one request")
    print(
        "| page | subject | median / p95 ms | x floor | CPU ms (x floor) "
        "| CPU x the paired floor | queries |"
    )
    print("|---|---|---|---|---|---|---|")
    for r in results:
        cpu = f"{r.cpu_ms:.1f} (x{r.cpu_ratio:.1f})" if r.cpu_ms else "-"
        paired = (
            f"x{r.paired_cpu_ratio:.1f} ({r.paired_floor_cpu_ms:.1f} ms)"
            if r.paired_cpu_ratio
            else "-"
        )
        print(
            f"| {r.page} | {r.subject} | {r.median_ms:.1f} / {r.p95_ms:.1f} | "
            f"x{r.ratio:.1f} | {cpu} | {paired} | {r.queries or '-'} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("setup", help="create the database and fill it with generate_data")
    s.add_argument("--players", type=int, default=2000)
    s.add_argument("--hands", type=int, default=100_000)
    s.add_argument("--seed", type=int, default=2026)
    m = sub.add_parser("measure", help="measure the pages")
    m.add_argument("--runs", type=int, default=30)
    m.add_argument("--json", default=None)
    m.add_argument(
        "--gunicorn",
        action="store_true",
        help="also time the public pages through gunicorn (DEPLOYING.md's options)",
    )
    m.add_argument(
        "--cache-hits",
        action="store_true",
        help="with --gunicorn, also time the busiest subjects served from the page cache "
        "(Redis: REDIS_URL, by default redis://127.0.0.1:6379/15, under a key prefix of "
        "the run's own)",
    )
    sub.add_parser("drop", help="delete the SQLite file or drop the PostgreSQL database")
    c = sub.add_parser("compare", help="print each page across --json files of growing size")
    c.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.command == "compare":
        compare(args.files)
        return
    url = configure()
    if args.command == "setup":
        setup(url, args.players, args.hands, args.seed)
    elif args.command == "measure":
        measure(url, args.runs, args.json, gunicorn=args.gunicorn, cache_hits=args.cache_hits)
    else:
        drop(url)


if __name__ == "__main__":
    main()
