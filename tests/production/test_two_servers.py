"""Two real app servers on one database (and one Redis): what docs/DEPLOYING.md
"Several app servers" promises, checked through HTTP as a phone behind the proxy sees it.

Each test starts two gunicorns (one worker each) on loopback ports, on this test's
database (committed data: `transactional_db`; on SQLite the test database is a file,
tarot_club.env.sqlite_database) and, when the tests' Redis answers (TEST_REDIS_URL; or CI says
it must: REQUIRE_REDIS=1), on one Redis with the page cache on, under a key prefix of
their own. The servers run with DEBUG=1 only so that static files need no collectstatic;
everything a second server could get wrong (sessions, locks, keys, cache) is as in
production. They are stopped (their own process group) even when a test fails.
"""

from __future__ import annotations

import http.client
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import quote, urlencode

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.contrib.auth.models import User
from django.db import connection
from django.urls import reverse

from tests import factories
from tests.outside import REDIS_URL, REQUIRE_REDIS, redis_answers
from tests.waiting import START, ceiling, until
from tournaments.models import Event, Hand, Submission, Table
from tournaments.views.cached import HEADER

ROOT = Path(__file__).resolve().parents[2]
GUNICORN = Path(sys.executable).parent / "gunicorn"
FAILURE_LIMIT = 3  # the servers' AXES_FAILURE_LIMIT: fewer round trips than the default 5
PHONE = "203.0.113.5"  # the address the proxy forwards (AXES_PROXY_COUNT=1)
ELSEWHERE = "198.51.100.9"

# Its subject is the database as two servers share it (sessions, locks, keys), so CI
# runs it on SQLite too (docs/TESTING.md).
pytestmark = [
    pytest.mark.slow,
    pytest.mark.both_databases,
    pytest.mark.django_db(transaction=True),
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _database_url() -> str:
    """This test's database, as DATABASE_URL gives it to a server."""
    db = connection.settings_dict
    if connection.vendor == "sqlite":
        name = str(db["NAME"])
        assert name != ":memory:" and "mode=memory" not in name, "servers need a file"
        return "sqlite:///" + os.path.abspath(name)
    user = quote(str(db["USER"] or ""), safe="")
    password = quote(str(db["PASSWORD"] or ""), safe="")
    credentials = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    port = f":{db['PORT']}" if db["PORT"] else ""
    return f"postgres://{credentials}{db['HOST'] or ''}{port}/{quote(str(db['NAME']))}"


# --- the servers -------------------------------------------------------------------------


@dataclass
class Server:
    name: str
    port: int
    log: Path
    process: subprocess.Popen[bytes]

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL to the whole server (its master and worker): a machine that dies,
        with no chance to finish a request or close a connection."""
        if self.alive():
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=ceiling(30))

    def stop(self) -> None:
        if self.alive():
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=ceiling(20))
            except subprocess.TimeoutExpired:
                self.kill()

    def log_tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""


def _wait_until_up(server: Server) -> None:
    def answers() -> bool:
        if not server.alive():
            raise RuntimeError(f"{server.name} exited:\n{server.log_tail()}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
            conn.request("GET", "/", headers={"Host": "127.0.0.1"})
            status = conn.getresponse().status
            conn.close()
        except OSError:
            return False
        return status == 200

    # Two servers importing Django on a busy machine: the start-up ceiling.
    try:
        until(answers, f"{server.name} to answer", seconds=START)
    except AssertionError as error:
        raise RuntimeError(f"{server.name} did not answer:\n{server.log_tail()}") from error


@dataclass
class Servers:
    one: Server
    two: Server
    page_cache: bool


@pytest.fixture
def servers(transactional_db, tmp_path) -> Iterator[Servers]:
    redis = redis_answers()
    if REQUIRE_REDIS and not redis:
        pytest.fail(f"REQUIRE_REDIS=1 but no Redis answers at {REDIS_URL}")
    prefix = f"test-two-servers-{uuid.uuid4().hex}"
    keep = {"PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "PYTHONHASHSEED"}
    env = {k: v for k, v in os.environ.items() if k in keep}
    env.update(
        {
            "PYTHONPATH": str(ROOT),  # this checkout's code, whatever the venv points to
            "DJANGO_SETTINGS_MODULE": "tarot_club.settings",
            "DEBUG": "1",
            # The same for both, as "Several app servers" requires: sessions and CSRF
            # tokens signed by one are read by the other.
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_COOKIES": "0",
            "DATABASE_URL": _database_url(),
            "CONN_MAX_AGE": "0",
            "AXES_PROXY_COUNT": "1",
            "AXES_FAILURE_LIMIT": str(FAILURE_LIMIT),
            "LOG_LEVEL": "ERROR",
        }
    )
    if redis:
        env.update(
            {
                "REDIS_URL": REDIS_URL,
                "CACHE_KEY_PREFIX": prefix,
                "PAGE_CACHE": "1",
            }
        )
    else:
        # Without a shared cache the page cache must stay off on several servers.
        env["PAGE_CACHE"] = "0"
    started: list[Server] = []
    try:
        for name in ("server 1", "server 2"):
            port = _free_port()
            log = tmp_path / f"{name.replace(' ', '')}.log"
            with log.open("wb") as out:
                process = subprocess.Popen(
                    [
                        str(GUNICORN),
                        "tarot_club.wsgi",
                        *("--bind", f"127.0.0.1:{port}", "--workers", "1"),
                        *("--worker-class", "gthread", "--threads", "2", "--timeout", "60"),
                    ],
                    cwd=ROOT,
                    env=env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    # Its own process group: stop() and kill() reach its worker too,
                    # and nothing else.
                    start_new_session=True,
                )
            started.append(Server(name, port, log, process))
        for server in started:
            _wait_until_up(server)
        yield Servers(started[0], started[1], page_cache=redis)
    finally:
        for server in started:
            server.stop()
        if redis:
            _forget_keys(prefix)


def _forget_keys(prefix: str) -> None:
    """Only the servers' keys: the Redis database may be shared with other runs."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    keys = list(client.scan_iter(f"{prefix}:*"))
    if keys:
        client.delete(*keys)
    client.close()


# --- a phone behind the proxy --------------------------------------------------------------


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: str


@dataclass
class Phone:
    """One browser: its cookies go to whichever server the proxy picks, and the proxy
    tells each server the phone's address in X-Forwarded-For."""

    address: str = PHONE
    cookies: dict[str, str] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def request(
        self,
        server: Server,
        method: str,
        path: str,
        data: dict | None = None,
        sent: threading.Event | None = None,
    ) -> Answer:
        """The answer; `sent` is set once the whole request is written to the socket."""
        headers = {"Host": "127.0.0.1", "X-Forwarded-For": self.address}
        with self.lock:
            if self.cookies:
                headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urlencode(data, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        try:
            conn.request(method, path, body=body, headers=headers)
            if sent is not None:
                sent.set()
            response = conn.getresponse()
            text = response.read().decode(errors="replace")
            for header in response.msg.get_all("Set-Cookie") or []:
                cookie = SimpleCookie(header)
                with self.lock:
                    for key, morsel in cookie.items():
                        self.cookies[key] = morsel.value
            return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, text)
        finally:
            conn.close()

    def get(self, server: Server, path: str) -> Answer:
        return self.request(server, "GET", path)

    def post(
        self, server: Server, path: str, data: dict, sent: threading.Event | None = None
    ) -> Answer:
        return self.request(server, "POST", path, data, sent)

    def log_in(self, server: Server, username: str, password: str) -> Answer:
        page = self.get(server, reverse("login"))
        fields = form_fields(page.body, form_id=None)
        fields.update({"username": username, "password": password})
        return self.post(server, reverse("login"), fields)


class _FormReader(HTMLParser):
    """The fields a browser would send from one form of a page: hidden and text inputs,
    checked radios and boxes, each select's selected option. The form is the one with
    id `form_id`, or (None) the first posting form without an action of its own (the
    login page's: the site's header carries other forms, with actions)."""

    def __init__(self, form_id: str | None) -> None:
        super().__init__()
        self.form_id = form_id
        self.inside = False
        self.done = False
        self.fields: dict[str, str] = {}
        self.select: str | None = None

    def _is_the_form(self, attrs: dict[str, str]) -> bool:
        if self.form_id is not None:
            return attrs.get("id") == self.form_id
        return attrs.get("method") == "post" and not attrs.get("action")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = not self.done and self._is_the_form(a)
        elif not self.inside:
            return
        elif tag == "input" and "name" in a:
            kind = a.get("type", "text")
            if kind in ("radio", "checkbox"):
                if "checked" in a:
                    self.fields[a["name"]] = a.get("value", "on")
            elif kind not in ("submit", "button"):
                self.fields[a["name"]] = a.get("value", "")
        elif tag == "textarea" and "name" in a:
            self.fields[a["name"]] = ""
        elif tag == "select" and "name" in a:
            self.select = a["name"]
            self.fields[self.select] = ""
        elif tag == "option" and self.select is not None and "selected" in a:
            self.fields[self.select] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None
        elif tag == "form" and self.inside:
            self.inside = False
            self.done = True


def form_fields(html: str, form_id: str | None = "hand-form") -> dict[str, str]:
    """The fields of the form with id `form_id` (None: the page's login form)."""
    reader = _FormReader(form_id)
    reader.feed(html)
    assert reader.fields, "no form fields found on the page"
    return reader.fields


def hand_post(phone: Phone, server: Server, table: Table, points: int) -> tuple[str, dict]:
    """Open the new-hand form on `server` and fill it the way a scorekeeper would (a garde
    by the first seat, 2 oudlers, `points`): the form's own fields, with whatever hidden
    ones it carries (the CSRF token, its one-time submission key...), plus the choices."""
    path = reverse("hand_new", args=[table.pk])
    page = phone.get(server, path)
    assert page.status == 200, f"{server.name}: {page.status}\n{server.log_tail()}"
    fields = form_fields(page.body)
    assert fields.get("submission_key"), "the form carries its one-time key"
    taker = table.seats.get(position=1).player_id
    fields.update({"contract": "garde", "taker": str(taker), "oudlers": "2", "points": str(points)})
    return path, fields


def saved(answer: Answer, table: Table) -> bool:
    """A save the server answered with success: back to the table's sheet."""
    location = answer.headers.get("location", "")
    return answer.status == 302 and table.get_absolute_url() in location


# --- the set-up ------------------------------------------------------------------------------


def cheap_password(user: User) -> None:
    """The suite hashes with MD5 (tests/conftest.py), which the servers' settings do
    not accept; a PBKDF2 hash with few rounds logs in there quickly."""
    hasher = PBKDF2PasswordHasher()
    user.password = hasher.encode(factories.PASSWORD, hasher.salt(), iterations=1000)
    user.save(update_fields=["password"])


@pytest.fixture
def published_table(club_night, table4, scorekeeper) -> Table:
    Event.objects.filter(pk=club_night.pk).update(published=True)
    cheap_password(scorekeeper)
    return table4


@pytest.fixture
def phone(servers, published_table, scorekeeper) -> Phone:
    """The scorekeeper, logged in once through server 1."""
    phone = Phone()
    answer = phone.log_in(servers.one, scorekeeper.username, factories.PASSWORD)
    assert answer.status == 302, servers.one.log_tail()
    assert "sessionid" in phone.cookies
    return phone


# --- the tests -------------------------------------------------------------------------------


def test_a_session_opened_on_one_server_is_known_to_the_other(servers, phone, published_table):
    for server in (servers.one, servers.two):
        page = phone.get(server, reverse("hand_new", args=[published_table.pk]))
        assert page.status == 200, server.name
        assert 'id="hand-form"' in page.body


def test_a_hand_saved_on_one_server_shows_on_the_others_next_public_page(
    servers, phone, published_table, club_night
):
    public = Phone()
    page = reverse("event_detail", args=[club_night.pk])
    before = public.get(servers.two, page)
    assert before.status == 200
    assert "240" not in before.body  # the garde's +240 is not there yet
    if servers.page_cache:
        # Server 2 now holds the page in the shared cache: the next read is a hit, so
        # what follows shows the save renewed it, not that it was never cached.
        assert public.get(servers.two, page).headers.get(HEADER.lower()) == "hit"

    path, fields = hand_post(phone, servers.one, published_table, points=56)
    assert saved(phone.post(servers.one, path, fields), published_table)

    after = public.get(servers.two, page)
    assert after.status == 200
    assert "240" in after.body, servers.two.log_tail()
    if servers.page_cache:
        assert after.headers.get(HEADER.lower()) == "miss"


def test_a_double_tap_split_across_the_servers_stores_one_hand(servers, phone, published_table):
    path, fields = hand_post(phone, servers.one, published_table, points=56)
    answers: dict[str, Answer] = {}

    def send(server: Server) -> None:
        answers[server.name] = phone.post(server, path, fields)

    # The same POST, the same one-time key, to each server at once.
    taps = [threading.Thread(target=send, args=(s,)) for s in (servers.one, servers.two)]
    for tap in taps:
        tap.start()
    for tap in taps:
        tap.join(timeout=ceiling(START))
    assert len(answers) == 2
    for name, answer in answers.items():
        assert saved(answer, published_table), f"{name}: {answer.status}"
    assert Hand.objects.filter(table=published_table).count() == 1
    assert Submission.objects.filter(key=fields["submission_key"]).count() == 1


def test_a_login_lockout_on_one_server_holds_on_the_other(servers, published_table, scorekeeper):
    phone = Phone()
    for attempt in range(1, FAILURE_LIMIT + 1):
        answer = phone.log_in(servers.one, scorekeeper.username, "not-the-password")
        assert answer.status == (429 if attempt == FAILURE_LIMIT else 200), attempt
    for server in (servers.two, servers.one):
        same_phone = Phone()
        refused = same_phone.log_in(server, scorekeeper.username, factories.PASSWORD)
        assert refused.status == 429, server.name
        assert "sessionid" not in same_phone.cookies
    # The lock is his from that address only: the same password from elsewhere passes,
    # so the refusals above were the lock, not a server that refuses everything.
    elsewhere = Phone(address=ELSEWHERE)
    assert elsewhere.log_in(servers.two, scorekeeper.username, factories.PASSWORD).status == 302
    assert "sessionid" in elsewhere.cookies


def post_while_killed(phone: Phone, server: Server, path: str, fields: dict) -> Answer | Exception:
    """POST, and SIGKILL the server while the request is on the wire (or just after its
    answer: the timing is the network's). Returns the answer, or the connection's error."""
    outcome: list[Answer | Exception] = []

    sent = threading.Event()

    def send() -> None:
        try:
            outcome.append(phone.post(server, path, fields, sent))
        except (OSError, http.client.HTTPException) as error:
            outcome.append(error)  # the connection died with the server
        finally:
            sent.set()

    in_flight = threading.Thread(target=send)
    in_flight.start()
    # Killed once the request is on the wire: the server may have read it or not, stored
    # it or not, answered or not (the machine's timing); each outcome is checked.
    assert sent.wait(ceiling()), "the request never left"
    server.kill()
    in_flight.join(timeout=ceiling(START))
    assert not server.alive() and len(outcome) == 1
    return outcome[0]


def test_killing_one_server_mid_run_loses_no_answered_save(servers, phone, published_table):
    """Saves alternate between the servers; server 2 is killed (SIGKILL) while one of its
    saves is on the wire: it may have been stored and answered, stored without an answer,
    or neither. That save is then sent again through server 1 with the same form (the
    proxy's retry, or the scorekeeper's second tap): stored once in every case. Every
    save answered with success is stored exactly once, and server 1 goes on answering."""
    saves = 10
    kill_at = 5  # a save of server 2's
    answered: list[int] = []
    for i in range(saves):
        points = 41 + i  # tells the hands apart
        server = servers.one if i % 2 == 0 or i > kill_at else servers.two
        path, fields = hand_post(phone, server, published_table, points=points)
        if i == kill_at:
            cut = post_while_killed(phone, server, path, fields)
            if isinstance(cut, Answer):
                assert saved(cut, published_table), cut.status
            server = servers.one  # the same form again, to the server still up
        answer = phone.post(server, path, fields)
        assert saved(answer, published_table), f"save {i} on {server.name}: {answer.status}"
        answered.append(points)

    assert len(answered) == saves
    for points in answered:
        assert Hand.objects.filter(table=published_table, points=points).count() == 1, points
    numbers = sorted(Hand.objects.filter(table=published_table).values_list("number", flat=True))
    assert numbers == list(range(1, saves + 1))
    # And the server left standing still answers, its pages included.
    assert phone.get(servers.one, published_table.get_absolute_url()).status == 200
