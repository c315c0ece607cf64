"""The public pages through gunicorn, for benchmarks/pages.py (`measure --gunicorn`).

gunicorn is started with DEPLOYING.md's options (3 gthread workers of 4 threads,
worker-connections 8, timeout 60, DEBUG=0, behind a TLS proxy, PAGE_CACHE=0) on a free
port; each page is requested sequentially on a new connection each time (as nginx
opens them) and the round trip is timed by http.client. Every worker thread warms up
on each page first. The floor page is measured first and last, as in-process.
Queries are not counted here (the server is another process): see the in-process
figures.
"""

from __future__ import annotations

import http.client
import os
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOG = Path("/tmp/tarot_bench_gunicorn.log")
WORKERS, THREADS = 3, 4


def fetch(port: int, path: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    """GET `path`: the status and the page cache's header ("hit", "miss" or "")."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        sent = {"X-Forwarded-Proto": "https", "Host": "127.0.0.1", **(headers or {})}
        conn.request("GET", path, headers=sent)
        response = conn.getresponse()
        response.read()
        return response.status, response.getheader("X-Page-Cache", "")
    finally:
        conn.close()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_until_up(port: int, path: str, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while True:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn exited: see {LOG}")
        try:
            fetch(port, path)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


# A page to time: (page, subject, path), or with the request's headers (a session
# cookie for a signed-in page) as a fourth item.
Page = tuple[str, str, str] | tuple[str, str, str, dict[str, str]]


def time_pages(
    url: str,
    pages: list[Page],
    *,
    runs: int,
    record: Callable[[str, str, list[float], str], Any],
    env: dict[str, str] | None = None,
    cache_state: str | None = None,
) -> None:
    """Start gunicorn on the database at `url`, then time each (page, subject, path) of
    `pages` in order: `record(page, subject, times_ms, path)` for each. The caller puts
    the floor page first and last. `env`: more settings for the server (PAGE_CACHE=1
    and REDIS_URL to time cache hits); `cache_state`: the X-Page-Cache answer every
    timed request of a page but the floor must carry ("hit": served from the cache)."""
    port = _free_port()
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "ALLOWED_HOSTS": "127.0.0.1",
        "BEHIND_TLS_PROXY": "1",
        "AXES_PROXY_COUNT": "1",
        "LOG_LEVEL": "ERROR",
        **(env or {}),
    }
    with LOG.open("w") as log_file:
        server = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "gunicorn"),
                "tarot_club.wsgi",
                "--bind",
                f"127.0.0.1:{port}",
                *("--workers", str(WORKERS), "--threads", str(THREADS)),
                *("--worker-class", "gthread", "--worker-connections", "8", "--timeout", "60"),
            ],
            cwd=ROOT,
            env=env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
        try:
            _wait_until_up(port, pages[0][2], server)
            for page, subject, path, *more in pages:
                headers = more[0] if more else None
                # Every thread of every worker warms up on the page (its own database
                # connection with its prepared statements, its own first render),
                # connections spread by the kernel: three requests a thread.
                for _ in range(3 * WORKERS * THREADS + 3):
                    fetch(port, path, headers)
                times = []
                for _ in range(runs):
                    start = time.perf_counter()
                    status, state = fetch(port, path, headers)
                    times.append((time.perf_counter() - start) * 1000)
                    if status != 200:
                        raise RuntimeError(f"GET {path} through gunicorn: {status}")
                    if cache_state and path != pages[0][2] and state != cache_state:
                        raise RuntimeError(f"GET {path}: {state!r}, not {cache_state!r}")
                record(page, subject, times, path)
        finally:
            # Only the server this function started, by its own process.
            server.terminate()
            server.wait(timeout=30)


def median(times: list[float]) -> float:
    return statistics.median(times)
