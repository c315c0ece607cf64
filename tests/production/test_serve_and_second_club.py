"""scripts/serve.sh honours PORT, and the README's steps for a second club and
its organiser work as written."""

from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tournaments.models import Club, Membership, Role
from tournaments.selectors import access

from ..factories import logged_in

ROOT = Path(__file__).resolve().parents[2]


def serve(tmp_path: Path, port: str | None) -> tuple[subprocess.CompletedProcess[str], str]:
    """Run a copy of serve.sh whose install step and Python only record what they are
    asked: the script's own logic, without installing or serving anything."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "serve.sh", tmp_path / "scripts" / "serve.sh")
    (tmp_path / "scripts" / "install.sh").write_text("exit 0\n")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(f'#!/bin/sh\necho "$@" >> "{tmp_path}/calls"\n')
    python.chmod(python.stat().st_mode | stat.S_IEXEC)
    env = {k: v for k, v in os.environ.items() if k != "PORT"}
    if port is not None:
        env["PORT"] = port
    done = subprocess.run(
        ["bash", str(tmp_path / "scripts" / "serve.sh")],
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    calls = tmp_path / "calls"
    return done, calls.read_text() if calls.exists() else ""


def test_serve_honours_port_and_keeps_8000_without_it(tmp_path):
    done, calls = serve(tmp_path, "8123")
    assert done.returncode == 0, done.stderr
    assert calls.splitlines()[-1] == "manage.py runserver 127.0.0.1:8123"
    (tmp_path / "default").mkdir()
    done, calls = serve(tmp_path / "default", None)
    assert calls.splitlines()[-1] == "manage.py runserver 127.0.0.1:8000"


def test_serve_refuses_a_port_that_is_not_a_number(tmp_path):
    done, calls = serve(tmp_path, "80; rm -rf x")
    assert done.returncode == 2
    assert "PORT" in done.stderr
    assert calls == ""


def second_club_section() -> str:
    readme = (ROOT / "docs" / "USING.md").read_text()
    section = readme[readme.index("## A second club and its organiser") :]
    return section[: section.index("\n## ")]


@pytest.mark.django_db
def test_the_readmes_steps_make_a_second_club_and_its_organiser(club):
    """The README's steps, as a superuser follows them; `club` is the first club."""
    section = second_club_section()
    for step in ("createsuperuser", "/admin/", "Add club", "password link"):
        assert step in section, step
    people_url = re.search(r"`(/organise/club/\?club=grenoble)`", section).group(1)
    root = User.objects.create_superuser("federation", password="x-pass-2026-long")
    admin = logged_in(root)
    response = admin.post(
        reverse("admin:tournaments_club_add"),
        {"name": "Tarot Club de Grenoble", "slug": "grenoble"},
    )
    assert response.status_code == 302
    grenoble = Club.objects.get(slug="grenoble")
    response = admin.post(people_url, {"username": "julie", "role": Role.ORGANISER})
    assert response.status_code == 302
    julie = User.objects.get(username="julie")
    assert Membership.objects.get(user=julie).club == grenoble
    assert access.organises_club(julie, grenoble)
    assert not access.organises_club(julie, club)
