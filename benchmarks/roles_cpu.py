"""CPU time, queries and Python calls of reading a signed-in user's roles
(selectors.access.roles), per call and per request, for the roles.py of the tree and
any other versions of that file given with --version, measured in turn in one process.

    git show HEAD:tournaments/selectors/access/roles.py > /tmp/roles_head.py
    DEBUG=1 .venv/bin/python benchmarks/roles_cpu.py --version head=/tmp/roles_head.py
    DEBUG=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/tarot_club \\
        .venv/bin/python benchmarks/roles_cpu.py --version head=/tmp/roles_head.py

On a throwaway database (Django's test database of DATABASE_URL, created and dropped
here) with the six kinds of users tests/permissions/test_roles_query.py reads (club
organiser, guest organiser of an event, scorekeeper, federation through a group and
through his own permission, a plain user). Each version is loaded as a module of the
package (its relative imports work) and swapped in as roles._roles, which
access.viewer calls; versions alternate round by round, so they share the load.

- per call: access.viewer(user) after forget_roles, for each user: CPU time
  (time.process_time) of a batch of --batch calls, median over --runs rounds, the
  queries of one call and its Python calls (cProfile); the warm-up calls keep a
  version's one-time work (a compiled-SQL cache) out of the figures;
- per request: the login page (the floor) and the home page signed in as the club
  organiser and as the plain user (their roles read once), median CPU over --runs
  requests, ratio to the floor, Python calls a request.

settings.DEBUG is off while measuring, as in the tests (no query log); PAGE_CACHE=0.
The load average (os.getloadavg) is printed at the start and the end.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import os
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
PACKAGE = "tournaments.selectors.access"


def _load(name: str, path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"{PACKAGE}._bench_{name}", path)
    if spec is None or spec.loader is None:
        sys.exit(f"Cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _calls(call: Callable[[], Any], times: int) -> int:
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(times):
        call()
    profile.disable()
    return round(pstats.Stats(profile).total_calls / times)


def _world() -> dict[str, Any]:
    from django.contrib.auth.models import Group, Permission

    from tests.factories import (
        make_club,
        make_event,
        make_member,
        make_players,
        make_round,
        make_table,
        make_user,
    )
    from tournaments.models import EventGuest, Role

    lyon, paris = make_club(), make_club("Tarot Club de Paris", "paris")
    night = make_event(paris)
    table = make_table(make_round(night), make_players(paris)[:4])
    guest = make_user("guest")
    EventGuest.objects.create(event=night, user=guest, role=Role.ORGANISER)
    keeper = make_user("keeper")
    table.scorekeepers.add(keeper)
    grouped = make_user("grouped")
    group = Group.objects.create(name="Fédération")
    group.permissions.add(Permission.objects.get(codename="federation"))
    grouped.groups.add(group)
    return {
        "club organiser": make_member("organiser", lyon),
        "guest organiser": guest,
        "scorekeeper": keeper,
        "federation (group)": grouped,
        "federation (own)": make_user("federation", federation=True),
        "plain user": make_user("nobody"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--version",
        action="append",
        default=[],
        metavar="NAME=FILE",
        help="another roles.py to measure beside the tree's (repeatable)",
    )
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--batch", type=int, default=20)
    args = parser.parse_args()
    if os.environ.get("DEBUG") != "1":
        sys.exit("Set DEBUG=1 (the development settings; DEBUG is turned off to measure).")
    os.environ["PAGE_CACHE"] = "0"
    os.environ.setdefault("LOG_LEVEL", "ERROR")
    os.environ["DJANGO_SETTINGS_MODULE"] = "tarot_club.settings"
    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import (
        CaptureQueriesContext,
        setup_test_environment,
        teardown_test_environment,
    )
    from django.urls import reverse

    from tournaments.selectors import access
    from tournaments.selectors.access import roles

    versions: dict[str, Callable[[Any], Any]] = {}
    for given in args.version:
        name, _, path = given.partition("=")
        versions[name] = _load(name, path)._roles
    versions["tree"] = roles._roles
    load = os.getloadavg()
    setup_test_environment(debug=False)
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        users = _world()
        per_call: dict[str, dict[str, list[float]]] = {v: {u: [] for u in users} for v in versions}
        queries: dict[str, dict[str, int]] = {v: {} for v in versions}
        calls: dict[str, dict[str, int]] = {v: {} for v in versions}
        answers: dict[str, dict[str, Any]] = {v: {} for v in versions}

        def read(user: Any) -> Callable[[], Any]:
            def call() -> Any:
                access.forget_roles(user)
                return access.viewer(user)

            return call

        for version, reader in versions.items():
            roles._roles = reader
            for kind, user in users.items():
                for _ in range(3):
                    answers[version][kind] = read(user)()
                with CaptureQueriesContext(connection) as captured:
                    read(user)()
                queries[version][kind] = len(captured)
                calls[version][kind] = _calls(read(user), args.batch)
        for _ in range(args.runs):
            for version, reader in versions.items():
                roles._roles = reader
                for kind, user in users.items():
                    call = read(user)
                    start = time.process_time()
                    for _ in range(args.batch):
                        call()
                    per_call[version][kind].append((time.process_time() - start) / args.batch)

        clients = {"floor: login page": Client(HTTP_HOST="testserver")}
        for kind in ("club organiser", "plain user"):
            client = Client(HTTP_HOST="testserver")
            client.force_login(users[kind])
            clients[f"home page ({kind})"] = client
        paths = {page: reverse("login" if page.startswith("floor") else "home") for page in clients}
        per_request: dict[str, dict[str, list[float]]] = {
            v: {page: [] for page in clients} for v in versions
        }
        request_calls: dict[str, dict[str, int]] = {v: {} for v in versions}
        for version, reader in versions.items():
            roles._roles = reader
            for page, client in clients.items():
                for _ in range(3):
                    if client.get(paths[page]).status_code != 200:
                        sys.exit(f"GET {paths[page]} ({page}): not 200")
                request_calls[version][page] = _calls(lambda c=client, p=paths[page]: c.get(p), 5)
        for _ in range(args.runs):
            for version, reader in versions.items():
                roles._roles = reader
                for page, client in clients.items():
                    start = time.process_time()
                    client.get(paths[page])
                    per_request[version][page].append(time.process_time() - start)
    finally:
        roles._roles = versions["tree"]
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()

    first = next(iter(versions))
    for version in versions:
        if answers[version] != answers[first]:
            print(f"!! {version} answers differently from {first}: {answers[version]}")
    print(
        f"{connection.vendor}, load average {[round(x, 2) for x in load]} -> "
        f"{[round(x, 2) for x in os.getloadavg()]}"
    )
    print(f"per call of access.viewer (median of {args.runs} batches of {args.batch}):")
    for version in versions:
        for kind in users:
            us = statistics.median(per_call[version][kind]) * 1e6
            print(
                f"  {version:<10} {kind:<20} {us:7.0f} us  {queries[version][kind]} query  "
                f"{calls[version][kind]:6,} calls"
            )
    print(f"per request (median CPU of {args.runs}):")
    for version in versions:
        floor = statistics.median(per_request[version]["floor: login page"])
        for page in clients:
            ms = statistics.median(per_request[version][page]) * 1000
            print(
                f"  {version:<10} {page:<30} {ms:6.2f} ms  x{ms / 1000 / floor:.2f}  "
                f"{request_calls[version][page]:7,} calls"
            )


if __name__ == "__main__":
    main()
