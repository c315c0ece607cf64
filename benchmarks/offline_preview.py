"""The scoring engine in the browser (offline entry): what it costs a phone to download, and
how soon the first offline preview shows with Chromium's CPU slowed 4x.

    .venv/bin/python benchmarks/offline_preview.py [--runs 5] [--throttle 4]

Set-up, as in production: collectstatic with the production storage (whitenoise's
gzip; brotli when the `brotli` module is installed) into a temporary STATIC_ROOT, a
fresh SQLite database with one table of 4 and its scorekeeper, and `manage.py
runserver --nostatic`-style serving by whitenoise with DEBUG=0 (http on 127.0.0.1,
so SECURE_SSL_REDIRECT=0 and SECURE_COOKIES=0). Then Chromium (Debian's, through
Playwright, 390x844), CPU throttled by CDP Emulation.setCPUThrottlingRate, for each
run in a new browser context (empty HTTP cache):

- bytes: what the engine made the browser fetch (Pyodide's files, the scoring zip, the
  worker), as received (encoded: compressed when whitenoise had it compressed);
- engine ready: from the start of the navigation to the new-hand page to
  `tarotEngine.ready` (download on localhost, so mostly CPU: compiling WebAssembly,
  starting Python, unpacking the bundle);
- first offline preview: the scorekeeper types a hand as soon as the page has loaded,
  with the server's preview failing (the hall without signal, page already open):
  from the start of the navigation to the engine's preview on screen;
- warm offline preview: engine loaded, network cut (context.set_offline), one field
  changed -> the preview redrawn (median of 5 changes);
- engine ready again, same context (files from the HTTP cache, as the service worker
  would give them).

Prints the figures of each run, their medians and the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PASSWORD = "bench-password-123"
ENGINE_PATHS = ("/static/vendor/pyodide/", "/engine/scoring.zip", "/static/js/engine")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _environment(static_root: Path, database: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DEBUG="0",
        SECRET_KEY="offline-preview-benchmark-" + "x" * 40,
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DATABASE_URL=f"sqlite:///{database}",
        STATIC_ROOT=str(static_root),
        SECURE_SSL_REDIRECT="0",
        SECURE_COOKIES="0",
        SECURE_HSTS_SECONDS="0",
    )
    env.pop("REDIS_URL", None)
    return env


SETUP = f"""
import django
django.setup()
from tests import factories
club = factories.make_club()
players = factories.make_players(club)
user = factories.make_member("bench", club, role="scorekeeper")
user.set_password({PASSWORD!r})
user.save()
table = factories.make_table(
    factories.make_round(factories.make_event(club)), players[:4], scorekeepers=[user]
)
print(table.pk, players[1].pk, players[0].pk)
"""


def prepare(workdir: Path) -> tuple[dict[str, str], int, int]:
    static_root, database = workdir / "static", workdir / "db.sqlite3"
    env = _environment(static_root, database)
    python = sys.executable
    manage = [python, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v", "0"], env=env, check=True, cwd=ROOT)
    subprocess.run([*manage, "collectstatic", "--noinput", "-v", "0"], env=env, check=True)
    env["DJANGO_SETTINGS_MODULE"] = "tarot_club.settings"
    out = subprocess.run(
        [python, "-c", SETUP], env=env, check=True, cwd=ROOT, capture_output=True, text=True
    )
    table, taker, _dealer = (int(x) for x in out.stdout.split())
    return env, table, taker


def serve(env: dict[str, str], port: int) -> subprocess.Popen[bytes]:
    gunicorn = Path(sys.executable).with_name("gunicorn")
    server = subprocess.Popen(
        [str(gunicorn), "tarot_club.wsgi", "-b", f"127.0.0.1:{port}", "-w", "2", "--threads", "4"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), 1).close()
            return server
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError("gunicorn did not start") from None
            time.sleep(0.3)


def one_run(browser, base: str, table: int, taker: int, throttle: float) -> dict[str, float]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    context.set_default_timeout(180_000)
    page = context.new_page()
    page.goto(base + "/accounts/login/")
    page.fill("input[name=username]", "bench")
    page.fill("input[name=password]", PASSWORD)
    page.click("form button[type=submit]")
    page.wait_for_load_state()
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})

    fetched: list[object] = []
    page.on(
        "requestfinished",
        lambda request: (
            fetched.append(request) if any(p in request.url for p in ENGINE_PATHS) else None
        ),
    )
    # The server's preview fails, as without signal: the engine answers.
    page.route("**/hand/preview/", lambda route: route.abort())
    url = f"{base}/score/table/{table}/hand/new/"
    start = time.perf_counter()
    page.goto(url, wait_until="load")
    page.select_option("#id_contract", "garde")
    page.select_option("#id_taker", str(taker))
    page.click("label[for=id_oudlers_2]")
    page.fill("#id_points", "56")
    page.locator("#preview-scores[data-scored-by=browser]").wait_for()
    first_preview = time.perf_counter() - start
    requests = len(fetched)
    body = sum(request.sizes()["responseBodySize"] for request in fetched)
    raw = 0
    for request in fetched:
        response = request.response()
        if response is not None:
            raw += len(response.body())

    # Warm: offline, one field changed, the preview redrawn.
    page.unroute("**/hand/preview/")
    context.set_offline(True)
    warm = []
    for points in ("41", "57", "36", "60", "44"):
        page.evaluate(
            "() => document.querySelector('#preview').replaceChildren()"
        )  # so that the next preview is a new element
        t0 = time.perf_counter()
        page.fill("#id_points", points)
        page.locator("#preview-scores[data-scored-by=browser]").wait_for()
        warm.append(time.perf_counter() - t0)
    context.set_offline(False)

    # The engine ready time alone: a fresh load, files from this context's HTTP cache.
    start = time.perf_counter()
    page.goto(url, wait_until="load")
    page.wait_for_function("window.tarotEngine !== undefined")
    page.evaluate("window.tarotEngine.ready")
    cached_ready = time.perf_counter() - start
    context.close()
    return {
        "bytes received": body,
        "bytes decoded": raw,
        "requests": requests,
        "first offline preview s": first_preview,
        "warm offline preview ms": statistics.median(warm) * 1000,
        "engine ready, cached files s": cached_ready,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--throttle", type=float, default=4.0)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as tmp:
        env, table, taker = prepare(Path(tmp))
        port = _free_port()
        server = serve(env, port)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM,
                    headless=True,
                    args=["--no-sandbox", "--disable-gpu", "--disable-quic"],
                )
                runs = []
                for number in range(args.runs):
                    figures = one_run(
                        browser, f"http://127.0.0.1:{port}", table, taker, args.throttle
                    )
                    runs.append(figures)
                    print(
                        f"run {number + 1}: "
                        + ", ".join(f"{k} {v:,.2f}" for k, v in figures.items())
                    )
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(f"CPU throttled {args.throttle}x, {args.runs} runs, medians:")
    for key in runs[0]:
        print(f"  {key}: {statistics.median(run[key] for run in runs):,.2f}")
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
