"""Server time and queries of the main pages against a database at scale.

    # fill a throwaway database (SQLite file or PostgreSQL database, created here)
    DATABASE_URL=sqlite:////tmp/tarot_bench_100k.sqlite3 \\
        .venv/bin/python benchmarks/pages.py setup --players 2000 --hands 100000
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tarot_bench_100k \\
        .venv/bin/python benchmarks/pages.py setup --players 2000 --hands 100000
    # measure (median and p95 over --runs requests after a warm-up; queries of one request)
    DATABASE_URL=... .venv/bin/python benchmarks/pages.py measure [--runs 30] [--json out.json]
    # throw it away (deletes the SQLite file, or drops the PostgreSQL database)
    DATABASE_URL=... .venv/bin/python benchmarks/pages.py drop

Production settings (DEBUG=0, PAGE_CACHE=0 unless set, a SECRET_KEY made up here,
ALLOWED_HOSTS=testserver,
static files collected once into /tmp/tarot_bench_static for the manifest storage);
requests go through django.test.Client in-process, over "https" so the SSL redirect
stays out of the way. Server time is the Client call: URL routing, middleware
(session and user queries included), view, selectors, template, and for the
export the whole file read back.

`measure --gunicorn` then times the public pages again through gunicorn, started on a
free port with DEPLOYING.md's options (3 gthread workers x 4 threads, DEBUG=0, behind
a TLS proxy): sequential requests, a new connection each, round trip measured by
http.client. `compare a.json b.json ...` prints each page's median across sizes and its
growth from the first file.

Every run measures the floor first and last: the login page (a form, no data); each
page's figure is also given as a multiple of the floor's median in the same run, and
the load average (os.getloadavg) is printed at the start and the end.

Pages (subjects picked from what generate_data made):
- save a hand: POST to the hand form of an open table as its scorekeeper (force_login),
  and to a table of the Grand Open as an organiser (a correction there rewrites the
  places of its 200 players); the hands added are deleted afterwards;
- score sheet: the scorekeeper page of the club-night table with the most hands
  (as an organiser), and the same table's public page;
- club night results: the published club night with the most score rows;
- tournament ranking: the "Grand Open" (200 players, 6 rounds of 8 deals), its last
  round's results, and its event page, event results and event chart;
- season ranking: /season/<pk>/ for the biggest club's last full season, and the
  season selector (selectors.season.season_placings + rules.season_standings, called
  directly) over every event of the database;
- player page: the player with the most score rows; head-to-head: him and the player
  he met at the most tables;
- Excel export of the Grand Open: time, hand-score rows per second, tracemalloc peak.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import secrets
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
STATIC_ROOT = "/tmp/tarot_bench_static"
FLOOR = "floor: login page (public)"


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
    sys.path.insert(0, str(ROOT))
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
    ratio: float = 0.0  # median / the floor page's median, same run


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def timed(
    page: str,
    subject: str,
    call: Callable[[], Any],
    *,
    runs: int,
    warmup: int = 3,
    extra: str = "",
) -> Result:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for _ in range(warmup):
        call()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    with CaptureQueriesContext(connection) as queries:
        call()
    return Result(
        page,
        subject,
        runs,
        statistics.median(times),
        _percentile(times, 0.95),
        len(queries.captured_queries),
        extra,
    )


def _get(client: Any, url: str, status: int = 200) -> Callable[[], Any]:
    def call() -> Any:
        response = client.get(url, secure=True)
        if response.status_code != status:
            raise RuntimeError(f"GET {url}: {response.status_code}")
        if response.streaming:
            b"".join(response.streaming_content)
        return response

    return call


# Proposed fixes, applied in this process only (no file is changed), so that their
# effect is measured with the same harness: `measure --what-if score-ordering`.
WHAT_IFS = {
    "score-ordering": "HandScore.Meta.ordering = ['hand_id', 'player_id']: grouped ledger "
    "queries without .order_by() no longer join Hand, Table, Round and Event",
    "jit-off": "PostgreSQL jit = off on the app's connections",
}


def apply_what_ifs(names: list[str]) -> None:
    from django.db.backends.signals import connection_created

    from tournaments.models import HandScore

    for name in names:
        if name == "score-ordering":
            HandScore._meta.ordering = ["hand_id", "player_id"]
        elif name == "jit-off":

            def jit_off(sender: Any, connection: Any, **kwargs: Any) -> None:
                if connection.vendor == "postgresql":
                    with connection.cursor() as cursor:
                        cursor.execute("SET jit = off")

            connection_created.connect(jit_off, weak=False)


def measure(
    url: str,
    runs: int,
    json_path: str | None,
    what_ifs: list[str] | None = None,
    *,
    gunicorn: bool = False,
) -> list[Result]:
    if url.startswith("sqlite") and not _sqlite_path(url).exists():
        sys.exit(f"No database at {url}: run setup first.")
    django_setup()
    apply_what_ifs(what_ifs or [])
    for name in what_ifs or []:
        print(f"what if: {WHAT_IFS[name]}")
    from django.conf import settings
    from django.contrib.auth.models import Permission, User
    from django.core.management import call_command
    from django.db import connection
    from django.db.models import Count, Exists, OuterRef
    from django.test import Client
    from django.urls import reverse

    from tournaments.models import Event, Hand, HandScore, Player, Round, Season, Table
    from tournaments.rules.season import season_standings
    from tournaments.selectors.season import season_placings

    if not Path(settings.STATIC_ROOT, "staticfiles.json").exists():
        call_command("collectstatic", interactive=False, verbosity=0)

    hands_total = Hand.objects.count()
    scores_total = HandScore.objects.count()
    print(
        f"{connection.vendor} {connection.settings_dict['NAME']}: {hands_total:,} hands, "
        f"{scores_total:,} score rows, {Player.objects.count():,} players, "
        f"{Event.objects.count():,} events"
    )

    organiser, _ = User.objects.get_or_create(username="bench-organiser")
    organiser.user_permissions.add(Permission.objects.get(codename="federation"))
    keeper, _ = User.objects.get_or_create(username="bench-scorekeeper")
    as_organiser, as_keeper, anonymous = Client(), Client(), Client()
    as_organiser.force_login(organiser)
    as_keeper.force_login(keeper)

    results: list[Result] = []
    load_start = os.getloadavg()
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in load_start)}", flush=True)
    floor: list[float] = []

    def add(result: Result) -> None:
        results.append(result)
        result.ratio = result.median_ms / floor[0] if floor else 1.0
        print(
            f"  {result.page:<40} {result.median_ms:8.1f} ms  p95 {result.p95_ms:8.1f} ms  "
            f"x{result.ratio:5.1f}  {result.queries:3d} queries  {result.subject} {result.extra}",
            flush=True,
        )

    # The floor: the login page, a form and no data; every page is compared with it.
    login_url = reverse("login")
    add(timed(FLOOR, "a form, no data", _get(anonymous, login_url), runs=runs))
    floor.append(results[-1].median_ms)
    public_urls: list[tuple[str, str]] = [(FLOOR, login_url)]

    def public(page: str, subject: str, url: str) -> None:
        """A public page, read anonymously in-process (and through gunicorn later)."""
        add(timed(page, subject, _get(anonymous, url), runs=runs))
        public_urls.append((page, url))

    from tournaments.services.results import refresh_event_results

    def measure_saves(page: str, client: Any, table: Table) -> None:
        """POST new hands to a table of 4, then delete them and bring the event's
        results back in step (the hands are removed behind the services' back)."""
        seats = list(table.seats.order_by("position"))
        before = set(table.hands.values_list("pk", flat=True))
        url = reverse("hand_new", args=[table.pk])
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
            }
            response = client.post(url, data, secure=True)
            if response.status_code != 302:
                raise RuntimeError(
                    f"hand not saved: {response.status_code} {response.content[:2000]}"
                )

        try:
            add(timed(page, f"table {table.pk} ({len(before)} hands before)", save, runs=runs))
        finally:
            added = Hand.objects.filter(table=table).exclude(pk__in=before)
            added_ids = list(added.values_list("pk", flat=True))
            added.delete()
            Hand.history.filter(id__in=added_ids).delete()
            refresh_event_results(
                event_id=table.round.event_id, player_ids=[seat.player_id for seat in seats]
            )

    # save a hand: an open table of 4 of an unfinished club night
    open_table = (
        Table.objects.filter(
            round__status=Round.Status.OPEN,
            validated_at=None,
            round__event__kind=Event.Kind.CLUB_NIGHT,
        )
        .annotate(n=Count("seats"))
        .filter(n=4)
        .select_related("round__event")
        .order_by("-pk")
        .first()
    )
    open_table.scorekeepers.add(keeper)
    try:
        measure_saves("save a hand (POST, scorekeeper)", as_keeper, open_table)
    finally:
        open_table.scorekeepers.remove(keeper)

    # score sheet: the club-night table with the most hands
    sheet_table = (
        Table.objects.filter(round__event__kind=Event.Kind.CLUB_NIGHT, round__event__published=True)
        .annotate(n=Count("hands"))
        .order_by("-n", "pk")
        .first()
    )
    add(
        timed(
            "score sheet (organiser)",
            f"table {sheet_table.pk}: {sheet_table.n} hands",
            _get(as_organiser, reverse("table_sheet", args=[sheet_table.pk])),
            runs=runs,
        )
    )
    public(
        "table page (public)",
        f"table {sheet_table.pk}: {sheet_table.n} hands",
        reverse("table_public", args=[sheet_table.pk]),
    )

    # club night results: the published club night with the most score rows
    night = (
        Event.objects.filter(kind=Event.Kind.CLUB_NIGHT, published=True)
        .annotate(n=Count("hand_scores"))
        .order_by("-n", "pk")
        .first()
    )
    public(
        "club night results (public)",
        f"event {night.pk}: {night.n} score rows",
        reverse("event_results", args=[night.pk]),
    )

    # tournament ranking: the Grand Open (or the biggest tournament)
    big = (
        Event.objects.filter(kind=Event.Kind.TOURNAMENT, published=True)
        .annotate(n=Count("registrations", distinct=True), r=Count("rounds", distinct=True))
        .order_by("-n", "-r", "pk")
        .first()
    )
    big_rows = HandScore.objects.filter(event=big).count()
    big_subject = f"event {big.pk}: {big.n} players, {big.r} rounds, {big_rows} score rows"
    public("tournament ranking (public)", big_subject, reverse("tournament_ranking", args=[big.pk]))
    public(
        "round results (public)",
        f"round {big.r} of {big_subject}",
        reverse("tournament_round_results", args=[big.pk, big.r]),
    )
    # The event's own pages, for the same tournament: they used to grow with the database.
    public("event page (public)", big_subject, reverse("event_detail", args=[big.pk]))
    public("event results (public)", big_subject, reverse("event_results", args=[big.pk]))
    public("event chart (public)", big_subject, reverse("event_chart", args=[big.pk]))

    # a correction at the Grand Open: every one of its players' places is rewritten
    big_table = (
        Table.objects.filter(round__event=big)
        .annotate(n=Count("seats"))
        .filter(n=4)
        .select_related("round__event")
        .order_by("-round__number", "number")
        .first()
    )
    measure_saves("save a hand at a tournament (organiser)", as_organiser, big_table)

    # season: the biggest club's last full season (the one before the current one)
    club_id = Player.objects.values("club_id").annotate(n=Count("id")).order_by("-n")[0]["club_id"]
    seasons = list(Season.objects.filter(club_id=club_id).order_by("-start")[:2])
    season = seasons[-1]
    season_rows = HandScore.objects.filter(
        event__club_id=club_id, event__date__gte=season.start, event__date__lte=season.end
    ).count()
    public(
        "season ranking page (public)",
        f"season {season.pk}: {season_rows} score rows",
        reverse("season_detail", args=[season.pk]),
    )

    scored = HandScore.objects.filter(event=OuterRef("pk"))

    def whole_season() -> None:
        events = list(Event.objects.filter(Exists(scored)).order_by("date", "pk"))
        data = season_placings(events)
        season_standings(data.placings, names=data.names, event_order=[e.pk for e in events])

    add(
        timed(
            "season selector, whole database",
            f"{Event.objects.count()} events, {scores_total} score rows",
            whole_season,
            runs=3,
            warmup=1,
        )
    )

    # player page: the player with the most score rows
    busiest = (
        HandScore.objects.values("player_id").annotate(n=Count("id")).order_by("-n", "player_id")
    )[0]
    public(
        "player page (public)",
        f"player {busiest['player_id']}: {busiest['n']} score rows",
        reverse("player_public", args=[busiest["player_id"]]),
    )

    # head-to-head: that player and the one he met at most tables
    his_tables = HandScore.objects.filter(player_id=busiest["player_id"]).values("table_id")
    rival = (
        HandScore.objects.filter(table_id__in=his_tables)
        .exclude(player_id=busiest["player_id"])
        .values("player_id")
        .annotate(n=Count("table_id", distinct=True))
        .order_by("-n", "player_id")
    )[0]
    public(
        "head-to-head (public)",
        f"players {busiest['player_id']} and {rival['player_id']}: {rival['n']} tables",
        reverse("head_to_head", args=[busiest["player_id"], rival["player_id"]]),
    )

    # Excel export of the Grand Open
    export = _get(as_organiser, reverse("tournament_export", args=[big.pk]))
    result = timed(
        "Excel export (organiser)",
        f"event {big.pk}: {big_rows} hand rows",
        export,
        runs=5,
        warmup=1,
    )
    tracemalloc.start()
    export()
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    result.extra = (
        f"{big_rows / (result.median_ms / 1000):,.0f} rows/s, tracemalloc peak "
        f"{peak / 2**20:.1f} MiB"
    )
    add(result)

    # The floor again: a page that moved much between the start and the end of the run
    # says the machine's load changed under the measurements.
    again = timed(FLOOR + " again", "a form, no data", _get(anonymous, login_url), runs=runs)
    add(again)
    load_end = os.getloadavg()
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in load_end)}", flush=True)

    served: list[Result] = []
    if gunicorn:
        served = measure_gunicorn(url, public_urls, subjects=dict(_subjects(results)), runs=runs)

    if json_path:
        meta = {
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "database": connection.vendor,
            "name": str(connection.settings_dict["NAME"]),
            "hands": hands_total,
            "score_rows": scores_total,
            "cpus": os.cpu_count(),
            "loadavg_start": load_start,
            "loadavg_end": load_end,
            "python": platform.python_version(),
            "what_if": what_ifs or [],
        }
        Path(json_path).write_text(
            json.dumps(
                {
                    "meta": meta,
                    "results": [asdict(r) for r in results],
                    "gunicorn": [asdict(r) for r in served],
                },
                indent=1,
            )
        )
    return results


def _subjects(results: list[Result]) -> list[tuple[str, str]]:
    return [(r.page, r.subject) for r in results]


# --- through gunicorn ----------------------------------------------------------------------


def measure_gunicorn(
    url: str, pages: list[tuple[str, str]], *, subjects: dict[str, str], runs: int
) -> list[Result]:
    """The public pages again, through gunicorn started with DEPLOYING.md's options (3
    gthread workers of 4 threads, DEBUG=0, behind a TLS proxy) on a free port: the
    round trip of sequential requests on a new connection each, as nginx opens them.
    Queries are not counted here (the server is another process): see the in-process
    figures."""
    import socket
    import subprocess

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "ALLOWED_HOSTS": "127.0.0.1",
        "BEHIND_TLS_PROXY": "1",
        "AXES_PROXY_COUNT": "1",
        "LOG_LEVEL": "ERROR",
    }
    log = Path("/tmp/tarot_bench_gunicorn.log")
    with log.open("w") as log_file:
        server = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "gunicorn"),
                "tarot_club.wsgi",
                "--bind",
                f"127.0.0.1:{port}",
                *("--workers", "3", "--threads", "4", "--worker-class", "gthread"),
                *("--worker-connections", "8", "--timeout", "60"),
            ],
            cwd=ROOT,
            env=env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
        try:
            return _time_served(port, pages, subjects, runs, server)
        finally:
            # Only the server this function started, by its own process.
            server.terminate()
            server.wait(timeout=30)


def _fetch(port: int, path: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("GET", path, headers={"X-Forwarded-Proto": "https", "Host": "127.0.0.1"})
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def _time_served(
    port: int, pages: list[tuple[str, str]], subjects: dict[str, str], runs: int, server: Any
) -> list[Result]:
    deadline = time.monotonic() + 60
    while True:
        if server.poll() is not None:
            raise RuntimeError("gunicorn exited: see /tmp/tarot_bench_gunicorn.log")
        try:
            _fetch(port, pages[0][1])
            break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
    print(f"through gunicorn (3 workers x 4 threads), load {os.getloadavg()}", flush=True)
    served: list[Result] = []
    floor_ms = 0.0
    for page, path in pages:
        # Every worker warms up on the page (3 workers, connections spread by the kernel).
        for _ in range(9):
            _fetch(port, path)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            status = _fetch(port, path)
            times.append((time.perf_counter() - start) * 1000)
            if status != 200:
                raise RuntimeError(f"GET {path} through gunicorn: {status}")
        result = Result(
            page,
            subjects.get(page, ""),
            runs,
            statistics.median(times),
            _percentile(times, 0.95),
            0,
        )
        floor_ms = floor_ms or result.median_ms
        result.ratio = result.median_ms / floor_ms
        served.append(result)
        print(
            f"  {page:<40} {result.median_ms:8.1f} ms  p95 {result.p95_ms:8.1f} ms  "
            f"x{result.ratio:5.1f}",
            flush=True,
        )
    print(f"load average after gunicorn: {os.getloadavg()}", flush=True)
    return served


# --- comparing runs ------------------------------------------------------------------------


def compare(paths: list[str]) -> None:
    """Each page's median across runs at growing sizes, and its growth from the first."""
    runs = [json.loads(Path(p).read_text()) for p in paths]
    heads = [f"{r['meta']['database']} {r['meta']['hands']:,}" for r in runs]
    for r in runs:
        # The floor was measured first and last: the lower of the two is the reference,
        # which gives the larger (the more cautious) ratios on a machine whose load moved.
        for section in ("results", "gunicorn"):
            floors = [x["median_ms"] for x in r.get(section, []) if x["page"].startswith(FLOOR)]
            for x in r.get(section, []):
                x["ratio"] = x["median_ms"] / min(floors) if floors else 0.0
    for section in ("results", "gunicorn"):
        tables = [{x["page"]: x for x in r.get(section, [])} for r in runs]
        if not any(tables):
            continue
        print(f"\n{section}: median / p95 ms (x lower floor, queries), growth of the median")
        print("| page | " + " | ".join(heads) + " | growth |")
        print("|---|" + "---|" * (len(heads) + 1))
        for page in tables[0]:
            cells = [t.get(page) for t in tables]
            shown = [
                f"{c['median_ms']:.1f} / {c['p95_ms']:.1f} (x{c['ratio']:.1f}, {c['queries']} q)"
                if c
                else "-"
                for c in cells
            ]
            first, last = cells[0], cells[-1]
            growth = (
                f"{last['median_ms'] / first['median_ms'] - 1:+.0%}"
                if first and last and first["median_ms"]
                else "-"
            )
            print(f"| {page} | " + " | ".join(shown) + f" | {growth} |")


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
        "--what-if",
        action="append",
        choices=sorted(WHAT_IFS),
        default=[],
        help="measure with a proposed fix applied in this process (repeatable)",
    )
    m.add_argument(
        "--gunicorn",
        action="store_true",
        help="also time the public pages through gunicorn (DEPLOYING.md's options)",
    )
    sub.add_parser("drop", help="delete the SQLite file or drop the PostgreSQL database")
    c = sub.add_parser("compare", help="print the growth of each page across --json files")
    c.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.command == "compare":
        compare(args.files)
        return
    url = configure()
    if args.command == "setup":
        setup(url, args.players, args.hands, args.seed)
    elif args.command == "measure":
        measure(url, args.runs, args.json, args.what_if, gunicorn=args.gunicorn)
    else:
        drop(url)


if __name__ == "__main__":
    main()
