"""Production settings: check --deploy is clean, logins are throttled, errors are ours."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from tests.conftest import PASSWORD

ROOT = Path(__file__).resolve().parents[2]


def documented_environment() -> dict[str, str]:
    """The env file of docs/DEPLOYING.md section 3, exactly as a deployer copies it."""
    text = (ROOT / "docs" / "DEPLOYING.md").read_text()
    section = text[text.index("### 3. Environment variables") :]
    start = section.index("```sh") + len("```sh")
    block = section[start : section.index("```", start)]
    env = dict(line.split("=", 1) for line in block.strip().splitlines() if "=" in line)
    env["SECRET_KEY"] = secrets.token_urlsafe(50)  # the doc shows how to make one
    return env


PRODUCTION_ENV = documented_environment()


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    # The test run's own development variables must not leak into "production".
    dev_only = ("DEBUG", "SECRET_KEY", "SECURE_COOKIES", "DJANGO_ALLOW_ASYNC_UNSAFE")
    clean = {k: v for k, v in os.environ.items() if k not in dev_only}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_documented_environment_is_read_whole():
    assert set(PRODUCTION_ENV) == {
        "DEBUG",
        "SECRET_KEY",
        "ALLOWED_HOSTS",
        "DATABASE_URL",
        "BEHIND_TLS_PROXY",
        "AXES_PROXY_COUNT",
        "STATIC_ROOT",
        "REDIS_URL",
    }


def test_the_documented_environment_caches_public_pages_in_redis():
    code = (
        "from django.conf import settings; c = settings.CACHES['default']; "
        "print(settings.PAGE_CACHE, c['BACKEND'], c['OPTIONS']['socket_timeout'], "
        "c['OPTIONS']['socket_connect_timeout'], c['OPTIONS']['retry_after'])"
    )
    result = manage("shell", "-c", code, env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]  # after the shell's own notices
    # Redis behind short timeouts and a breaker: an accelerator, never a
    # dependency.
    assert last.split() == ["True", "tarot_club.cache.FailSafeRedisCache", "0.2", "0.2", "5"]


def test_check_deploy_is_clean_with_the_production_variables():
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = {**PRODUCTION_ENV, "SECRET_KEY": ""}
    result = manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_a_bad_boolean_stops_the_server_loudly():
    result = manage("check", env={**PRODUCTION_ENV, "SECURE_HSTS_PRELOAD": "maybe"})
    assert result.returncode != 0
    assert "SECURE_HSTS_PRELOAD='maybe' is not a boolean" in result.stderr


def test_login_is_throttled_after_five_failures(db, scorekeeper):
    client = Client()
    url = reverse("login")
    for _ in range(5):
        client.post(url, {"username": scorekeeper.username, "password": "wrong"})
    # Even the right password is refused while the lock lasts.
    response = client.post(url, {"username": scorekeeper.username, "password": PASSWORD})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_right_password_logs_in(db, scorekeeper):
    client = Client()
    response = client.post(
        reverse("login"), {"username": scorekeeper.username, "password": PASSWORD}
    )
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(scorekeeper.pk)


@override_settings(DEBUG=False)
def test_unknown_page_gets_our_404_in_french(client, db):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert "404.html" in [t.name for t in response.templates]
    assert '<html lang="fr">' in response.content.decode()


def test_500_page_needs_no_database_or_context():
    from django.template.loader import get_template

    html = get_template("500.html").render({})
    assert "Erreur du serveur" in html


@pytest.mark.parametrize("name", ["DEBUG", "SECURE_COOKIES"])
def test_env_helpers_read_booleans(monkeypatch, name):
    from tarot_club.env import EnvError, env_bool

    monkeypatch.setenv(name, "yes")
    assert env_bool(name, False) is True
    monkeypatch.setenv(name, "off")
    assert env_bool(name, True) is False
    monkeypatch.setenv(name, "2")
    with pytest.raises(EnvError):
        env_bool(name, True)


def test_database_url_parsing():
    from tarot_club.env import EnvError, database_from_url

    pg = database_from_url("postgres://u:p%40ss@db.local:5433/tarot?sslmode=require")
    assert (pg["NAME"], pg["USER"], pg["PASSWORD"], pg["HOST"], pg["PORT"]) == (
        "tarot",
        "u",
        "p@ss",
        "db.local",
        "5433",
    )
    assert pg["OPTIONS"] == {
        "sslmode": "require",
        "options": "-c jit=off -c random_page_cost=1.1",
        "server_side_binding": True,
        "prepare_threshold": 1,
    }
    lite = database_from_url("sqlite:////var/lib/tarot/db.sqlite3")
    assert lite["NAME"] == "/var/lib/tarot/db.sqlite3"
    assert lite["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    with pytest.raises(EnvError):
        database_from_url("mysql://x/y")


def test_prepared_statements_can_be_turned_off(monkeypatch):
    """Behind PgBouncer in transaction mode: PG_PREPARE=0, Django's own defaults."""
    from tarot_club.env import database_from_url

    monkeypatch.setenv("PG_PREPARE", "0")
    options = database_from_url("postgres://u@db/tarot")["OPTIONS"]
    assert "server_side_binding" not in options and "prepare_threshold" not in options


@pytest.mark.django_db
def test_public_queries_are_prepared_on_postgresql(client):
    """The same public read again on one connection: PostgreSQL keeps it prepared
    (planned once), as tarot_club.env asks on PostgreSQL."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's")
    for _ in range(3):
        assert client.get(reverse("home"), secure=True).status_code == 200
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_prepared_statements")
        assert cursor.fetchone()[0] > 0


def test_random_page_cost_can_be_left_to_the_server(monkeypatch):
    from tarot_club.env import database_from_url

    monkeypatch.setenv("PG_RANDOM_PAGE_COST", "")
    assert database_from_url("postgres://u@db/tarot")["OPTIONS"]["options"] == "-c jit=off"
    monkeypatch.setenv("PG_RANDOM_PAGE_COST", "2")
    assert "-c random_page_cost=2.0" in database_from_url("postgres://u@db/t")["OPTIONS"]["options"]


@pytest.mark.django_db
def test_each_postgresql_connection_plans_for_a_database_in_memory():
    """The planner's index lookup cost, as tarot_club.env sets it on every connection."""
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("a PostgreSQL planner setting")
    with connection.cursor() as cursor:
        cursor.execute("SHOW random_page_cost")
        assert cursor.fetchone()[0] == "1.1"
