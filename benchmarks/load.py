"""Load test on loopback: `python benchmarks/load.py [--db sqlite|postgres|both] [--seconds S]`.

For each database it:

1. makes a throwaway database (SQLite file in WAL mode under /tmp, or a PostgreSQL
   database on 127.0.0.1:5432, user postgres, trust auth), migrates it, collects the
   static files and fills it (a published tournament of 45 tables with 3 hands each,
   past club nights for the player pages, 50 scorekeepers);
2. starts gunicorn with the PRODUCTION settings (DEBUG=0, a SECRET_KEY,
   ALLOWED_HOSTS=127.0.0.1; no SSL redirect and no secure cookies, as this is plain
   http on loopback);
3. measures each public page with the server otherwise idle (one client), logs the
   scorekeepers in through the real login form, one login each (django-axes is never
   tripped), then for S seconds runs, all at once, without pauses (a stress test) or
   with --think T seconds between one person's pages (arrivals spread over T):
   - 50 scorekeepers: get the hand form, post its live preview, post the hand, read
     the score sheet it redirects to (40 tables with one scorekeeper, 5 shared by two);
   - 200 anonymous readers of the public tournament ranking, results, event page,
     table sheets, player pages and a static file;
4. stops gunicorn and checks the database: every hand a scorekeeper was told was
   saved exists exactly once, under the number it was told, with the inputs it sent;
   no other hand appeared; every hand's score rows sum to zero (SQL); one creation
   record in the history per new hand; every player's results and statistics per
   event (EventResult) equal a rebuild from the ledger.

Each request opens its own connection, as a reverse proxy does towards gunicorn
(--keep-alive: one connection per client instead). Everything is bounded: the run
stops by itself after S seconds (plus at most one request timeout), every wait has a
deadline, and the database and files are removed at the end (unless --keep). The
client is this process (threads and http.client, no extra dependency); it shares
the machine with the server, and the report shows the CPU each took (and what other
processes took), so the figures are a floor for a machine that only serves.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import resource
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent
PG_ADMIN = ["-h", "127.0.0.1", "-p", "5432", "-U", "postgres"]

WRITERS = 50
READERS = 200
SHARED_TABLES = 5  # tables scored by two scorekeepers at once: numbering under contention
PREFILLED_HANDS = 3
REQUEST_TIMEOUT = 60.0
MAX_ITERATIONS = 100_000  # per thread; the deadline stops it long before
# What each reader asks for, weighted like a results night: rankings and sheets.
READER_WEIGHTS = {
    "ranking": 25,
    "results": 20,
    "event": 10,
    "table_public": 30,
    "player": 10,
    "static": 5,
}
# Variables of the developer's shell that must not leak into "production".
DEV_ONLY = ("DEBUG", "SECRET_KEY", "SECURE_COOKIES", "DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL")


# --- the throwaway database and server ------------------------------------------


def production_env(database_url: str, static_root: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in DEV_ONLY}
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        SECURE_COOKIES="0",
        SECURE_HSTS_SECONDS="0",
        DATABASE_URL=database_url,
        STATIC_ROOT=str(static_root),
        DJANGO_SETTINGS_MODULE="tarot_club.settings",
        PYTHONPATH=str(ROOT),
        LOG_LEVEL="WARNING",
    )
    return env


def psql(sql: str) -> None:
    subprocess.run(
        ["psql", *PG_ADMIN, "-d", "postgres", "-v", "ON_ERROR_STOP=1", "-qc", sql],
        check=True,
        capture_output=True,
        timeout=60,
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run_child(mode: str, env: dict[str, str], *args: str, timeout: float = 600) -> None:
    subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), mode, *args],
        cwd=ROOT,
        env=env,
        check=True,
        timeout=timeout,
    )


class Server:
    """gunicorn, started and stopped by its own process id."""

    def __init__(
        self, env: dict[str, str], workers: int, threads: int, connections: int, log: Path
    ) -> None:
        self.port = free_port()
        self.log = log
        self.log_file = log.open("w")
        self.process = subprocess.Popen(
            [
                str(VENV_BIN / "gunicorn"),
                "tarot_club.wsgi",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(workers),
                "--threads",
                str(threads),
                "--worker-class",
                "gthread",
                # A gthread worker accepts connections up to this number and queues them
                # for its threads; with the default (1000) one worker can take most of
                # a burst while the other idles. A small number leaves the waiting
                # connections in the kernel's queue, to whichever worker is free.
                "--worker-connections",
                str(connections),
                # Longer than the run: a keep-alive connection is never closed under a client.
                "--keep-alive",
                "120",
                "--timeout",
                "120",
                "--backlog",
                "2048",
            ],
            cwd=ROOT,
            env=env,
            stdout=self.log_file,
            stderr=subprocess.STDOUT,
        )

    def wait_ready(self, deadline_seconds: float = 60) -> None:
        deadline = time.monotonic() + deadline_seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited: see {self.log}")
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
                conn.request("GET", "/")
                status = conn.getresponse().status
                conn.close()
                if status == 200:
                    return
                raise RuntimeError(f"home page answered {status}: see {self.log}")
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("gunicorn did not answer within the deadline")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.log_file.close()


# --- a minimal browser -----------------------------------------------------------


@dataclass
class Response:
    status: int
    headers: http.client.HTTPMessage
    text: str


class RequestFailed(Exception):
    pass


CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
DEALER_SELECT_RE = re.compile(r'<select name="dealer"[^>]*>(.*?)</select>', re.S)
SELECTED_RE = re.compile(r'<option value="(\d+)" selected>')


class Browser:
    """A cookie jar and a connection, as one phone or laptop has.

    By default a new connection per request, as a reverse proxy (nginx's default
    to its upstream) opens them: each request then goes to whichever gunicorn worker
    accepts it. With keep-alive, every connection stays on the worker that accepted
    it first, and one worker can end up with most of the clients.
    """

    keep_alive = False

    def __init__(self, port: int) -> None:
        self.port = port
        self.origin = f"http://127.0.0.1:{port}"
        self.cookies: dict[str, str] = {}
        self.conn: http.client.HTTPConnection | None = None

    def request(
        self,
        method: str,
        path: str,
        data: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> Response:
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT)
        sent = {"User-Agent": "tarot-club-load-test", **(headers or {})}
        if not self.keep_alive:
            sent["Connection"] = "close"
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urlencode(data, doseq=True).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            sent["Origin"] = self.origin  # as browsers do; Django checks it for POSTs
        try:
            self.conn.request(method, path, body=body, headers=sent)
            response = self.conn.getresponse()
            text = response.read().decode("utf-8", "replace")
        except (OSError, http.client.HTTPException) as exc:
            self.conn.close()
            self.conn = None
            raise RequestFailed(f"{type(exc).__name__}: {exc}") from exc
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = cookie.partition("=")
            value = rest.split(";", 1)[0]
            if value and "max-age=0" not in cookie.lower():
                self.cookies[name.strip()] = value
            else:
                self.cookies.pop(name.strip(), None)
        if not self.keep_alive or response.getheader("Connection", "").lower() == "close":
            self.conn.close()
            self.conn = None
        return Response(response.status, response.headers, text)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


# --- measurements ----------------------------------------------------------------


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    errors: Counter[str] = field(default_factory=Counter)
    samples: list[str] = field(default_factory=list)

    def error(self, kind: str, detail: str) -> None:
        self.errors[kind] += 1
        if len(self.samples) < 10:
            self.samples.append(f"{kind}: {detail[:300]}")

    def merge(self, other: Stats) -> None:
        for kind, values in other.latencies.items():
            self.latencies[kind].extend(values)
        for kind, counts in other.statuses.items():
            self.statuses[kind].update(counts)
        self.errors.update(other.errors)
        self.samples.extend(other.samples[: max(0, 20 - len(self.samples))])


def timed(
    stats: Stats,
    kind: str,
    browser: Browser,
    method: str,
    path: str,
    expected: tuple[int, ...],
    data: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> Response | None:
    start = time.perf_counter()
    try:
        response = browser.request(method, path, data, headers)
    except RequestFailed as exc:
        stats.latencies[kind].append(time.perf_counter() - start)
        stats.error(kind, f"{method} {path}: {exc}")
        return None
    stats.latencies[kind].append(time.perf_counter() - start)
    stats.statuses[kind][response.status] += 1
    if response.status not in expected:
        stats.error(kind, f"{method} {path} -> {response.status}: {response.text[:200]!r}")
        return None
    return response


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))
    return ordered[index]


def pause(
    rng: random.Random, think: float, deadline: list[float], low: float = 0.5, high: float = 1.5
) -> None:
    """A person's pause between two pages (0: none, a stress test), cut at the deadline."""
    if think > 0:
        seconds = rng.uniform(low, high) * think
        time.sleep(max(0.0, min(seconds, deadline[0] - time.monotonic())))


def process_cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and its children (gunicorn's workers)."""
    total = 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        # Children of every thread: a process may fork from a thread other than its first.
        children = [
            int(child)
            for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()
        ]
    except OSError:
        return total
    return total + sum(process_cpu_seconds(child) for child in children)


def machine_cpu_seconds() -> tuple[float, float]:
    """(busy, total) CPU seconds of the whole machine since boot, from /proc/stat.

    The machine may run other jobs during the test: busy minus the server's and the
    client's share tells how much of it they took.
    """
    try:
        values = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except OSError:
        return 0.0, 0.0
    tick = os.sysconf("SC_CLK_TCK")
    idle = values[3] + (values[4] if len(values) > 4 else 0)  # idle + iowait
    total = sum(values[:8])  # guest time is already counted in user time
    return (total - idle) / tick, total / tick


# --- the scorekeepers ------------------------------------------------------------


def _points_text(points: Decimal) -> str:
    # Typed the French way, as on the phones: "40,5".
    return str(points).replace(".", ",") if points % 1 else str(int(points))


def random_hand_post(
    rng: random.Random, table: dict[str, Any], dealer: int
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(form data, what the stored hand must hold) for a possible hand at `table`."""
    seats: list[int] = table["players"]
    dealer_out = len(seats) == 5 and table["five_mode"] == "dealer_out"
    called_king = len(seats) == 5 and not dealer_out
    active = [p for p in seats if not (dealer_out and p == dealer)]
    data: dict[str, Any] = {
        "version": "",
        "dealer": dealer,
        "petit_au_bout": "",
        "chelem_made_by": "",
        "points_camp": "taker",
        "oudlers": "0",
        "points": "",
        "taker": "",
    }
    if called_king:
        data["partner"] = ""
    contract = rng.choices(["", "prise", "garde", "garde_sans", "garde_contre"], [5, 45, 40, 8, 2])[
        0
    ]
    data["contract"] = contract
    if not contract:
        return data, {"contract": "", "taker": None, "oudlers": 0, "points": "0"}
    taker = rng.choice(active)
    data["taker"] = taker
    if called_king and rng.random() < 0.875:
        data["partner"] = rng.choice([p for p in active if p != taker])
    oudlers = rng.choices([0, 1, 2, 3], [10, 35, 40, 15])[0]
    low = Decimal("4.5") * oudlers
    high = Decimal(91) - Decimal("4.5") * (3 - oudlers)
    whole = len(active) == 4  # at 4 players card points are whole numbers
    steps = int((high - low) * 2)
    points = low + Decimal(rng.randint(0, steps)) / 2
    if whole:
        points = max(
            low.to_integral_value("ROUND_CEILING"), points.to_integral_value("ROUND_FLOOR")
        )
    data["oudlers"] = str(oudlers)
    if rng.random() < 0.3:  # the defence counted its cards
        data["points_camp"] = "defence"
        data["points"] = _points_text(Decimal(91) - points)
    else:
        data["points"] = _points_text(points)
    if rng.random() < 0.1:
        # The petit is an oudler: the camp that led it to the last trick held it (the
        # engine refuses a petit au bout by a taker without oudlers, or by the defence
        # when the taker holds all three: 2 of 191 saves were refused that way).
        camps = ["taker"] * (oudlers > 0) + ["defence"] * (oudlers < 3)
        data["petit_au_bout"] = rng.choice(camps)
    if rng.random() < 0.08:
        data[f"poignee_{rng.choice(active)}"] = rng.choice(["simple", "double", "triple"])
    if points == 91 and oudlers == 3:
        data["chelem_made_by"] = "taker"
        if rng.random() < 0.5:
            data["chelem_announced"] = "on"
    expected = {"contract": contract, "taker": taker, "oudlers": oudlers, "points": str(points)}
    return data, expected


FORM_FIELDS = ("dealer", "contract", "taker", "oudlers", "points", "points_camp", "petit_au_bout")


def scorekeeper(
    index: int,
    browser: Browser,
    table: dict[str, Any],
    start: threading.Event,
    deadline: list[float],
    stats: Stats,
    saved: list[dict[str, Any]],
    think: float = 0.0,
) -> None:
    rng = random.Random(1000 + index)
    table_id = table["id"]
    form_path = f"/score/table/{table_id}/hand/new/"
    preview_path = f"/score/table/{table_id}/hand/preview/"
    start.wait(timeout=600)
    # With pauses, people arrive spread over one pause rather than all in the same instant.
    pause(rng, think, deadline, 0.0, 1.0)
    checked_fields = False
    for _ in range(MAX_ITERATIONS):
        if time.monotonic() >= deadline[0]:
            break
        form = timed(stats, "hand_form", browser, "GET", form_path, (200,))
        if form is None:
            continue
        token = CSRF_RE.search(form.text)
        if token is None:
            stats.error("hand_form", "no CSRF token in the form")
            continue
        if not checked_fields:
            missing = [f for f in FORM_FIELDS if f'name="{f}"' not in form.text]
            if missing:
                stats.error("hand_form", f"fields missing from the form: {missing}")
                return
            checked_fields = True
        select = DEALER_SELECT_RE.search(form.text)
        chosen = SELECTED_RE.search(select.group(1)) if select else None
        dealer = int(chosen.group(1)) if chosen else rng.choice(table["players"])
        data, expected = random_hand_post(rng, table, dealer)
        data["csrfmiddlewaretoken"] = token.group(1)
        timed(
            stats,
            "hand_preview",
            browser,
            "POST",
            preview_path,
            (200,),
            data,
            {"HX-Request": "true", "HX-Target": "preview"},
        )
        response = timed(stats, "hand_save", browser, "POST", form_path, (302,), data)
        if response is None:
            continue
        location = response.headers.get("Location", "")
        match = re.search(r"#hand-(\d+)$", location)
        if match is None:
            stats.error("hand_save", f"unexpected redirect {location!r}")
            continue
        saved.append(
            {"table": table_id, "number": int(match.group(1)), "writer": index, **expected}
        )
        timed(stats, "sheet", browser, "GET", urlsplit(location).path, (200,))
        pause(rng, think, deadline)


def login(browser: Browser, username: str, password: str, stats: Stats) -> bool:
    page = timed(stats, "login", browser, "GET", "/accounts/login/", (200,))
    token = CSRF_RE.search(page.text) if page else None
    if token is None:
        stats.error("login", "no login form")
        return False
    data = {
        "username": username,
        "password": password,
        "csrfmiddlewaretoken": token.group(1),
        "next": "/score/",
    }
    response = timed(stats, "login", browser, "POST", "/accounts/login/", (302,), data)
    return response is not None and "sessionid" in browser.cookies


# --- the readers -----------------------------------------------------------------


def reader(
    index: int,
    port: int,
    urls: dict[str, list[str]],
    start: threading.Event,
    deadline: list[float],
    stats: Stats,
    think: float = 0.0,
) -> None:
    rng = random.Random(5000 + index)
    browser = Browser(port)
    kinds = list(READER_WEIGHTS)
    weights = list(READER_WEIGHTS.values())
    start.wait(timeout=600)
    pause(rng, think, deadline, 0.0, 1.0)
    try:
        for _ in range(MAX_ITERATIONS):
            if time.monotonic() >= deadline[0]:
                break
            kind = rng.choices(kinds, weights)[0]
            timed(stats, kind, browser, "GET", rng.choice(urls[kind]), (200,))
            pause(rng, think, deadline)
    finally:
        browser.close()


# --- one run ---------------------------------------------------------------------


def run_database(kind: str, args: argparse.Namespace) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix=f"tarot-load-{kind}-"))
    db_name = f"tarot_load_{os.getpid()}"
    if kind == "sqlite":
        database_url = f"sqlite:///{work / 'db.sqlite3'}"
    else:
        psql(f"DROP DATABASE IF EXISTS {db_name}")
        psql(f"CREATE DATABASE {db_name}")
        database_url = f"postgres://postgres@127.0.0.1:5432/{db_name}"
    env = production_env(database_url, work / "static")
    manifest_path = work / "manifest.json"
    server = None
    try:
        started = time.monotonic()
        print(f"[{kind}] migrate, collectstatic, data set ...", flush=True)
        run_child("_setup", env, str(manifest_path), str(args.history_events))
        manifest = json.loads(manifest_path.read_text())
        print(f"[{kind}] set up in {time.monotonic() - started:.0f} s", flush=True)

        server = Server(
            env, args.workers, args.threads, args.worker_connections, work / "gunicorn.log"
        )
        server.wait_ready()
        result = drive(server.port, manifest, args, server.process.pid)
        server.stop()
        server_log = (work / "gunicorn.log").read_text(errors="replace")
        server = None

        saved_path = work / "saved.json"
        saved_path.write_text(json.dumps(result.pop("saved")))
        verify_path = work / "verify.json"
        run_child("_verify", env, str(manifest_path), str(saved_path), str(verify_path))
        result["verify"] = json.loads(verify_path.read_text())
        result["server_errors"] = server_log.count("Internal Server Error") + server_log.count(
            "Traceback"
        )
        result["database"] = kind
        return result
    finally:
        if server is not None:
            server.stop()
        if args.keep:
            print(
                f"[{kind}] kept {work}" + (f" and database {db_name}" if kind != "sqlite" else "")
            )
        else:
            shutil.rmtree(work, ignore_errors=True)
            if kind == "postgres":
                psql(f"DROP DATABASE IF EXISTS {db_name} WITH (FORCE)")


def baseline(port: int, urls: dict[str, list[str]], rounds: int = 10) -> dict[str, float]:
    """Median time of each public page with the server otherwise idle (one client)."""
    browser = Browser(port)
    stats = Stats()
    try:
        for kind in READER_WEIGHTS:
            for i in range(rounds):
                timed(stats, kind, browser, "GET", urls[kind][i % len(urls[kind])], (200,))
    finally:
        browser.close()
    if stats.errors:
        raise RuntimeError(f"baseline failed: {stats.samples}")
    return {kind: percentile(values, 0.5) * 1000 for kind, values in stats.latencies.items()}


def drive(
    port: int, manifest: dict[str, Any], args: argparse.Namespace, server_pid: int
) -> dict[str, Any]:
    tables = {t["id"]: t for t in manifest["tables"]}
    writers = manifest["writers"][: args.writers]
    idle = baseline(port, manifest["urls"])
    start = threading.Event()
    deadline = [float("inf")]

    # Logins first, outside the measured window: each scorekeeper logs in once.
    login_stats = Stats()
    browsers = [Browser(port) for _ in writers]
    ok = [False] * len(writers)

    def do_login(i: int) -> None:
        ok[i] = login(browsers[i], writers[i]["username"], manifest["password"], login_stats)

    login_started = time.monotonic()
    threads = [threading.Thread(target=do_login, args=(i,)) for i in range(len(writers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=REQUEST_TIMEOUT * 2 + 30)
    login_seconds = time.monotonic() - login_started
    if not all(ok):
        raise RuntimeError(f"logins failed: {login_stats.samples}")
    print(f"    {len(writers)} logins in {login_seconds:.1f} s", flush=True)

    writer_stats = [Stats() for _ in writers]
    reader_stats = [Stats() for _ in range(args.readers)]
    saved: list[list[dict[str, Any]]] = [[] for _ in writers]
    workers = [
        threading.Thread(
            target=scorekeeper,
            args=(
                i,
                browsers[i],
                tables[w["table"]],
                start,
                deadline,
                writer_stats[i],
                saved[i],
                args.think,
            ),
            daemon=True,
        )
        for i, w in enumerate(writers)
    ] + [
        threading.Thread(
            target=reader,
            args=(i, port, manifest["urls"], start, deadline, reader_stats[i], args.think),
            daemon=True,
        )
        for i in range(args.readers)
    ]
    for thread in workers:
        thread.start()
    client_cpu = resource.getrusage(resource.RUSAGE_SELF)
    server_cpu = process_cpu_seconds(server_pid)
    machine_busy, machine_total = machine_cpu_seconds()
    began = time.monotonic()
    deadline[0] = began + args.seconds
    start.set()
    for thread in workers:
        # Every thread stops at the deadline, after at most one request in flight.
        thread.join(timeout=max(0.0, deadline[0] + REQUEST_TIMEOUT + 5 - time.monotonic()))
    elapsed = time.monotonic() - began
    server_cpu = process_cpu_seconds(server_pid) - server_cpu
    busy, all_cpu = machine_cpu_seconds()
    machine_busy, machine_total = busy - machine_busy, all_cpu - machine_total
    usage = resource.getrusage(resource.RUSAGE_SELF)
    client_cpu_seconds = usage.ru_utime + usage.ru_stime - client_cpu.ru_utime - client_cpu.ru_stime
    stuck = sum(thread.is_alive() for thread in workers)
    for browser in browsers:
        browser.close()

    total = Stats()
    for stats in [*writer_stats, *reader_stats]:
        total.merge(stats)
    return {
        "elapsed": elapsed,
        "idle_p50_ms": idle,
        "server_cpu_seconds": server_cpu,
        "client_cpu_seconds": client_cpu_seconds,
        "machine_busy_seconds": machine_busy,
        "machine_cpu_seconds": machine_total,
        "stuck_threads": stuck,
        "login_seconds": login_seconds,
        "login_errors": sum(login_stats.errors.values()),
        "kinds": {
            kind: {
                "requests": len(values),
                "per_second": len(values) / elapsed,
                "p50": percentile(values, 0.50) * 1000,
                "p95": percentile(values, 0.95) * 1000,
                "p99": percentile(values, 0.99) * 1000,
                "errors": total.errors.get(kind, 0),
                "statuses": dict(total.statuses[kind]),
            }
            for kind, values in sorted(total.latencies.items())
        },
        "errors": sum(total.errors.values()),
        "error_samples": total.samples,
        "saved": [item for items in saved for item in items],
    }


# --- children: set up and verify, with Django -------------------------------------


def child_setup(manifest_path: str, history_events: int) -> None:
    import django

    django.setup()
    import datetime

    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import Permission, User
    from django.core.management import call_command
    from django.db import connection, transaction
    from django.templatetags.static import static

    from tournaments.demo import random_hand
    from tournaments.models import Club, Event, Player, Registration, Round, Table
    from tournaments.selectors.access import SYSTEM
    from tournaments.services.hands import save_hand, seat_table, table_seats

    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)
    rng = random.Random(2026)
    password = secrets.token_urlsafe(12)
    # One hash for every account: hashing 51 passwords would only slow the set-up.
    hashed = make_password(password)
    organiser = User.objects.create(username="organisateur", password=hashed, is_staff=True)
    organiser.user_permissions.add(Permission.objects.get(codename="federation"))
    users = User.objects.bulk_create(
        User(username=f"marqueur{i:02d}", password=hashed) for i in range(1, WRITERS + 1)
    )
    club = Club.objects.create(name="Club de charge", slug="charge")
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Joueur {i:03d}") for i in range(1, 241)
    )

    def fill(table: Table, count: int, dealer_out: bool) -> None:
        seats = table_seats(table)
        for number in range(1, count + 1):
            hand = random_hand(rng, seats, number, dealer_out=dealer_out)
            save_hand(table=table, hand=hand, user=organiser)

    # Past club nights, so that player pages and the database have some history.
    today = datetime.date.today()
    for e in range(history_events):
        with transaction.atomic():
            night = Event.objects.create(
                club=club,
                name=f"Soirée {e + 1}",
                date=today - datetime.timedelta(days=7 * (e + 1)),
                published=True,
            )
            round_ = Round.objects.create(event=night, number=1)
            chosen = rng.sample(players, 40)
            for t in range(10):
                table = seat_table(
                    by=SYSTEM, round=round_, number=t + 1, players=chosen[4 * t : 4 * t + 4]
                )
                fill(table, 12, False)

    # Tonight's tournament, published: the public follows it while it is scored.
    layout = (
        [(4, Table.FiveMode.CALLED_KING)] * 33
        + [(5, Table.FiveMode.DEALER_OUT)] * 4
        + [(5, Table.FiveMode.CALLED_KING)] * 4
        + [(3, Table.FiveMode.CALLED_KING)] * 4
    )
    tables_out: list[dict[str, Any]] = []
    writers: list[dict[str, Any]] = []
    with transaction.atomic():
        event = Event.objects.create(
            club=club,
            kind=Event.Kind.TOURNAMENT,
            name="Tournoi de charge",
            date=today,
            published=True,
            rounds_planned=1,
        )
        round_ = Round.objects.create(event=event, number=1)
        seated = rng.sample(players, sum(size for size, _ in layout))
        Registration.objects.bulk_create(Registration(event=event, player=p) for p in seated)
        position = 0
        for t, (size, mode) in enumerate(layout):
            # The last SHARED_TABLES tables get two scorekeepers each.
            single = len(layout) - SHARED_TABLES
            if t < single:
                keepers = [users[t]]
            else:
                first = single + 2 * (t - single)
                keepers = [users[first], users[first + 1]]
            table = seat_table(
                by=SYSTEM,
                round=round_,
                number=t + 1,
                players=seated[position : position + size],
                five_mode=mode,
                scorekeepers=keepers,
            )
            position += size
            fill(table, PREFILLED_HANDS, mode == Table.FiveMode.DEALER_OUT)
            tables_out.append(
                {
                    "id": table.pk,
                    "players": [s.player_id for s in table_seats(table)],
                    "five_mode": mode,
                }
            )
            writers.extend({"username": u.username, "table": table.pk} for u in keepers)
    assert len(writers) == WRITERS, len(writers)
    writers.sort(key=lambda w: w["username"])
    urls = {
        "ranking": [f"/tournament/{event.pk}/"],
        "results": [f"/events/{event.pk}/results/"],
        "event": [f"/events/{event.pk}/"],
        "table_public": [f"/tables/{t['id']}/" for t in tables_out],
        "player": [f"/players/{p.pk}/" for p in seated],
        "static": [static("css/site.css"), static("vendor/htmx/htmx.min.js")],
    }
    journal = None
    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            journal = cursor.execute("PRAGMA journal_mode").fetchone()[0]
    Path(manifest_path).write_text(
        json.dumps(
            {
                "password": password,
                "event": event.pk,
                "tables": tables_out,
                "writers": writers,
                "urls": urls,
                "prefilled": PREFILLED_HANDS,
                "sqlite_journal_mode": journal,
            }
        )
    )


def child_verify(manifest_path: str, saved_path: str, out_path: str) -> None:
    import django

    django.setup()
    from django.db import connection

    from tournaments.models import Hand, HandScore

    manifest = json.loads(Path(manifest_path).read_text())
    saved = json.loads(Path(saved_path).read_text())
    prefilled = manifest["prefilled"]
    table_ids = [t["id"] for t in manifest["tables"]]

    told = Counter((s["table"], s["number"]) for s in saved)
    duplicates_told = sorted(k for k, n in told.items() if n > 1)
    stored = {
        (h.table_id, h.number): h
        for h in Hand.objects.filter(table_id__in=table_ids, number__gt=prefilled)
    }
    lost = sorted(set(told) - set(stored))
    unconfirmed = sorted(set(stored) - set(told))
    mismatched = []
    for item in saved:
        hand = stored.get((item["table"], item["number"]))
        if hand is None:
            continue
        values = {
            "contract": hand.contract,
            "taker": hand.taker_id,
            "oudlers": hand.oudlers,
            "points": str(Decimal(hand.points).normalize()),
        }
        wanted = {**{k: item[k] for k in ("contract", "taker", "oudlers")}}
        wanted["points"] = str(Decimal(item["points"]).normalize())
        if values != wanted:
            mismatched.append({"told": item, "stored": values})

    hand_table = Hand._meta.db_table
    score_table = HandScore._meta.db_table
    history_table = Hand.history.model._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT table_id, number, COUNT(*) FROM {hand_table} "
            "GROUP BY table_id, number HAVING COUNT(*) > 1"
        )
        duplicate_rows = cursor.fetchall()
        # Every hand has score rows and they add up to zero: the ledger's invariant.
        cursor.execute(
            f"SELECT h.id, COUNT(s.id), COALESCE(SUM(s.points), 0) FROM {hand_table} h "
            f"LEFT JOIN {score_table} s ON s.hand_id = h.id GROUP BY h.id "
            "HAVING COUNT(s.id) < 3 OR COALESCE(SUM(s.points), 0) <> 0"
        )
        unbalanced = cursor.fetchall()
        cursor.execute(f"SELECT COUNT(*) FROM {hand_table}")
        hands_total = cursor.fetchone()[0]
        cursor.execute(f"SELECT COUNT(*) FROM {score_table}")
        scores_total = cursor.fetchone()[0]
        ids = [h.pk for h in stored.values()] or [0]
        cursor.execute(
            f"SELECT id, COUNT(*) FROM {history_table} WHERE history_type = '+' "
            f"AND id IN ({','.join(str(i) for i in ids)}) GROUP BY id"
        )
        created_records = dict(cursor.fetchall())
    history_missing = [pk for pk in ids if pk and created_records.get(pk) != 1]
    stale_results = _stale_event_results()
    Path(out_path).write_text(
        json.dumps(
            {
                "saves_told": len(saved),
                "new_hands_stored": len(stored),
                "lost": lost[:20],
                "lost_count": len(lost),
                "unconfirmed": unconfirmed[:20],
                "unconfirmed_count": len(unconfirmed),
                "duplicates_told": duplicates_told[:20],
                "duplicate_rows": len(duplicate_rows),
                "mismatched": mismatched[:5],
                "mismatched_count": len(mismatched),
                "unbalanced_hands": len(unbalanced),
                "unbalanced_sample": unbalanced[:5],
                "history_missing": len(history_missing),
                "stale_results": stale_results,
                "hands_total": hands_total,
                "scores_total": scores_total,
                "sqlite_journal_mode": manifest["sqlite_journal_mode"],
            },
            default=str,
        )
    )


def _stale_event_results() -> int:
    """EventResult rows (places, totals, statistics) that differ from a rebuild from the
    ledger: each save refreshed them under the event's lock while others saved."""
    from tournaments.services.results import stale_event_results

    return len(stale_event_results())


# --- report ----------------------------------------------------------------------


def print_report(results: list[dict[str, Any]], args: argparse.Namespace) -> bool:
    header = (
        f"{'database':<9} {'kind':<13} {'requests':>8} {'req/s':>7} "
        f"{'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>6}"
    )
    print()
    pace = f"pause {args.think:g} s (x0.5-1.5) between pages" if args.think else "no pauses"
    connections = "keep-alive" if args.keep_alive else "a connection per request"
    print(
        f"{args.writers} scorekeepers + {args.readers} readers, {args.seconds:.0f} s, {pace}, "
        f"{connections}, "
        f"gunicorn {args.workers} workers x {args.threads} threads "
        f"(worker-connections {args.worker_connections}), {os.cpu_count()} CPUs"
    )
    print(header)
    print("-" * len(header))
    passed = True
    for result in results:
        db = result["database"]
        total_requests = 0
        for kind, row in result["kinds"].items():
            total_requests += row["requests"]
            print(
                f"{db:<9} {kind:<13} {row['requests']:>8} {row['per_second']:>7.1f} "
                f"{row['p50']:>8.0f} {row['p95']:>8.0f} {row['p99']:>8.0f} {row['errors']:>6}"
            )
        print(
            f"{db:<9} {'ALL':<13} {total_requests:>8} "
            f"{total_requests / result['elapsed']:>7.1f} {'':>8} {'':>8} {'':>8} "
            f"{result['errors']:>6}"
        )
        v = result["verify"]
        idle = ", ".join(f"{k} {ms:.0f}" for k, ms in result["idle_p50_ms"].items())
        print(f"{db:<9} idle server, one client, p50 ms: {idle}")
        others = (
            result["machine_busy_seconds"]
            - result["server_cpu_seconds"]
            - result["client_cpu_seconds"]
        )
        print(
            f"{db:<9} CPU during the run: server {result['server_cpu_seconds']:.0f} s, "
            f"load client {result['client_cpu_seconds']:.0f} s, other processes "
            f"{max(0.0, others):.0f} s, idle "
            f"{result['machine_cpu_seconds'] - result['machine_busy_seconds']:.0f} s, "
            f"of {result['machine_cpu_seconds']:.0f} s"
        )
        print(
            f"{db:<9} logins {result['login_seconds']:.1f} s; saves told {v['saves_told']}, "
            f"new hands stored {v['new_hands_stored']}, lost {v['lost_count']}, "
            f"unconfirmed {v['unconfirmed_count']}, told twice {len(v['duplicates_told'])}, "
            f"duplicate rows {v['duplicate_rows']}, inputs differing {v['mismatched_count']}, "
            f"hands not summing to zero {v['unbalanced_hands']} (of {v['hands_total']}), "
            f"history records missing {v['history_missing']}, event results differing "
            f"from a rebuild {v['stale_results']}, server errors logged "
            f"{result['server_errors']}, threads stuck {result['stuck_threads']}"
            + (f", journal_mode={v['sqlite_journal_mode']}" if v["sqlite_journal_mode"] else "")
        )
        for sample in result["error_samples"]:
            print(f"    error: {sample}")
        ok = (
            result["errors"] == 0
            and result["login_errors"] == 0
            and result["server_errors"] == 0
            and result["stuck_threads"] == 0
            and v["lost_count"] == 0
            and v["unconfirmed_count"] == 0
            and not v["duplicates_told"]
            and v["duplicate_rows"] == 0
            and v["mismatched_count"] == 0
            and v["unbalanced_hands"] == 0
            and v["history_missing"] == 0
            and v["stale_results"] == 0
            and v["saves_told"] > 0
        )
        print(f"{db:<9} {'PASS' if ok else 'FAIL'}")
        passed = passed and ok
    return passed


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "_setup":
        child_setup(argv[1], int(argv[2]))
        return 0
    if argv and argv[0] == "_verify":
        child_verify(argv[1], argv[2], argv[3])
        return 0
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--seconds", type=float, default=45)
    parser.add_argument("--writers", type=int, default=WRITERS)
    parser.add_argument("--readers", type=int, default=READERS)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument(
        "--worker-connections",
        type=int,
        default=0,
        help="gunicorn --worker-connections (default: 2 x threads)",
    )
    parser.add_argument(
        "--think",
        type=float,
        default=0.0,
        help="mean pause in seconds between two pages of one person (0: stress test)",
    )
    parser.add_argument(
        "--keep-alive",
        action="store_true",
        help="one keep-alive connection per client (default: one connection per request)",
    )
    parser.add_argument("--history-events", type=int, default=6)
    parser.add_argument("--json", type=Path, help="also write the results to this file")
    parser.add_argument("--keep", action="store_true", help="keep the database and files")
    args = parser.parse_args(argv)
    if not 1 <= args.seconds <= 600:
        parser.error("--seconds must be between 1 and 600")
    if not 1 <= args.writers <= WRITERS:
        parser.error(f"--writers must be between 1 and {WRITERS}")
    if not 0 <= args.think <= 120:
        parser.error("--think must be between 0 and 120")
    if not 0 <= args.readers <= 1000:
        parser.error("--readers must be between 0 and 1000")
    Browser.keep_alive = args.keep_alive
    args.worker_connections = args.worker_connections or 2 * args.threads
    databases = ["sqlite", "postgres"] if args.db == "both" else [args.db]
    results = [run_database(db, args) for db in databases]
    passed = print_report(results, args)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str))
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
