"""The page cache's gain: an event page and a tournament ranking, served from the cache
(hit) and rendered (miss), in-process, with the load average.

    .venv/bin/python benchmarks/cache.py [--players 64] [--rounds 4] [--runs 50]
    REDIS_URL=redis://127.0.0.1:6379/15 .venv/bin/python benchmarks/cache.py   # on Redis

It builds a throwaway test database (Django's test runner: SQLite in memory by
default; with DATABASE_URL=postgres://... a test database beside it, dropped at the
end), a published tournament played through the services, then times
anonymous GETs through django.test.Client: a miss is forced before each request by
raising the event's version (services.cache.touch), as a write would; hits are repeated
requests. DEBUG=1 (development settings, template caching on as in production).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DEBUG", "1")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarot_club.settings")
os.environ.setdefault("PAGE_CACHE", "1")
# Keys of this run only (a Redis database may be shared): never a FLUSHDB.
os.environ["CACHE_KEY_PREFIX"] = f"bench-cache-{os.getpid()}-{time.time_ns()}"


def build(players: int, rounds: int) -> int:
    import datetime

    from django.contrib.auth.models import User

    from tournaments.demo import random_hand
    from tournaments.models import Club, Event, Player, Registration
    from tournaments.selectors.access import SYSTEM
    from tournaments.services.events import publish_event
    from tournaments.services.hands import save_hand, table_seats
    from tournaments.services.rounds import generate_round
    from tournaments.services.sheets import validate_sheet

    club = Club.objects.create(name="Bench", slug="bench")
    user = User.objects.create_superuser("bench", password="x")
    event = Event.objects.create(
        club=club,
        kind=Event.Kind.TOURNAMENT,
        name="Bench Open",
        date=datetime.date(2026, 12, 5),
        rounds_planned=rounds,
        deals_per_round=4,
        seed=1,
    )
    people = [Player.objects.create(club=club, name=f"Joueur {i:03d}") for i in range(players)]
    Registration.objects.bulk_create(Registration(event=event, player=p) for p in people)
    rng = random.Random(1)
    for _ in range(rounds):
        round_ = generate_round(by=SYSTEM, event=event)
        for table in round_.tables.all():
            seats = table_seats(table)
            for number in range(1, 5):
                hand = random_hand(rng, seats, number, dealer_out=len(seats) == 5)
                save_hand(table=table, hand=hand, user=user)
            validate_sheet(table=table, user=SYSTEM, confirm=True)
    publish_event(by=SYSTEM, event=event)
    return event.pk


def timed(client, url: str, runs: int, before=None) -> tuple[list[float], str]:
    times = []
    state = ""
    for _ in range(runs):
        if before:
            before()
        start = time.perf_counter()
        response = client.get(url, secure=True)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, (url, response.status_code)
        state = response.get("X-Page-Cache", "")
    return times, state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()

    import django
    from django.conf import settings
    from django.test.utils import get_runner, setup_test_environment

    django.setup()
    setup_test_environment()
    # A throwaway test database (created and destroyed by Django's test runner).
    runner = get_runner(settings)(verbosity=0, interactive=False)
    old = runner.setup_databases()
    try:
        from django.test import Client
        from django.urls import reverse

        from tournaments.services.cache import touch

        print(
            f"cache: {settings.CACHES['default']['BACKEND']}, database: "
            f"{settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}"
        )
        print(f"load average at start: {os.getloadavg()}")
        pk = build(args.players, args.rounds)
        forget_this_runs_keys()
        client = Client()
        for name in ("event_detail", "tournament_ranking"):
            url = reverse(name, args=[pk])
            client.get(url, secure=True)  # warm-up
            miss, miss_state = timed(client, url, args.runs, lambda: touch(events=[pk]))
            hit, hit_state = timed(client, url, args.runs)
            assert (miss_state, hit_state) == ("miss", "hit"), (miss_state, hit_state)
            for label, values in (("miss", miss), ("hit", hit)):
                values.sort()
                print(
                    f"{name:20} {label:4}: median {statistics.median(values):7.2f} ms, "
                    f"p95 {values[int(len(values) * 0.95) - 1]:7.2f} ms ({len(values)} requests)"
                )
        print(
            f"load average at end: {os.getloadavg()}, {os.cpu_count()} CPUs; "
            f"{args.players} players, {args.rounds} rounds of 4 deals"
        )
    finally:
        forget_this_runs_keys()
        runner.teardown_databases(old)


def forget_this_runs_keys() -> None:
    """Empty the cache of this run's keys only (CACHE_KEY_PREFIX above)."""
    from django.conf import settings
    from django.core.cache import cache

    if "redis" not in settings.CACHES["default"]["BACKEND"].lower():
        cache.clear()  # this process's own memory
        return
    client = cache._cache.get_client(write=True)
    for key in client.scan_iter(f"{settings.CACHES['default']['KEY_PREFIX']}:*"):
        client.delete(key)


if __name__ == "__main__":
    main()
