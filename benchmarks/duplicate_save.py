"""A duplicate board saved at a table: the write's time and queries, with the load average.

    .venv/bin/python benchmarks/duplicate_save.py [--players 96] [--rounds 6] [--runs 40]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/tarot_club .venv/bin/python \\
        benchmarks/duplicate_save.py                       # a test database beside it

It builds a throwaway test database (Django's test runner: SQLite in memory by default;
with DATABASE_URL=postgres://... a test database beside it, dropped at the end), a
published duplicate event (boards dealt by hand, 2 per round) seated from the movement,
every round but the last two played through the services, then times the save of a
board at a table of the round before the last (the board still to be played at a
table of the last round), and the save at the board's last table (it completes):
services.duplicate_results.save_board_result (the checks, the hand, the ledger rows,
the event's results and places), `--runs` times each, the board entered then corrected
in turn. DEBUG=1 (development settings).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DEBUG", "1")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarot_club.settings")


def play(table, user, skip_board=None) -> None:
    """Both boards of the table's set, but `skip_board`."""
    from decimal import Decimal

    from tournaments.models import Board, Hand
    from tournaments.services.duplicate_results import save_board_result
    from tournaments.services.hands import table_seats

    seats = table_seats(table)
    for offset, number in enumerate((table.board_set * 2 - 1, table.board_set * 2)):
        if number == skip_board:
            continue
        hand = Hand(
            contract="garde",
            taker_id=seats[(table.number + offset) % 4].player_id,
            oudlers=2,
            points=Decimal(30 + (table.number * 7 + number) % 30),
        )
        board = Board.objects.get(event_id=table.round.event_id, number=number)
        save_board_result(table=table, board=board, hand=hand, user=user)


def build(players: int, rounds: int) -> tuple[int, object]:
    """The event, every round but the last two played; and its organiser."""
    import datetime

    from django.contrib.auth.models import User

    from tournaments.models import Club, Player, Registration, Table
    from tournaments.selectors.access import SYSTEM
    from tournaments.services import duplicate as services
    from tournaments.services.events import publish_event

    club = Club.objects.create(name="Bench", slug="bench")
    user = User.objects.create_superuser("bench", password="x")
    event = services.create_duplicate(
        by=SYSTEM,
        club=club,
        name="Bench duplicate",
        date=datetime.date(2026, 12, 5),
        rounds_planned=rounds,
        boards_per_round=2,
        app_deals=False,
        free_bidding=True,  # its results name any taker (the board names none)
    )
    people = [Player.objects.create(club=club, name=f"Joueur {i:03d}") for i in range(players)]
    Registration.objects.bulk_create(Registration(event=event, player=p) for p in people)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    publish_event(by=SYSTEM, event=event)
    tables = Table.objects.filter(round__event=event).select_related("round__event")
    last = max(t.round.number for t in tables)
    for table in tables:
        if table.round.number < last - 1:
            play(table, user)
    return event.pk, user


def times(table, user, runs: int, label: str) -> None:
    """Time `runs` saves of the first board of the table's set (entered, then corrected)."""
    from decimal import Decimal

    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    from tournaments.models import Board, Hand
    from tournaments.services.duplicate_results import save_board_result
    from tournaments.services.hands import table_seats

    board = Board.objects.get(event_id=table.round.event_id, number=table.board_set * 2 - 1)
    seats = table_seats(table)
    elapsed: list[float] = []
    queries: list[int] = []
    for run in range(runs + 2):  # two warm-up saves
        stored = Hand.objects.filter(table=table, board=board).first()
        hand = stored or Hand()
        hand.contract, hand.taker_id, hand.oudlers = "garde", seats[1].player_id, 2
        hand.points = Decimal(40 + run % 20)
        reset_queries()  # DEBUG keeps 9,000 queries at most: the count would stop there
        with CaptureQueriesContext(connection) as captured:
            start = time.perf_counter()
            save_board_result(
                table=table,
                board=board,
                hand=hand,
                user=user,
                expected_version=stored.version if stored else None,
            )
            took = (time.perf_counter() - start) * 1000
        if run >= 2:
            elapsed.append(took)
            queries.append(len(captured))
    elapsed.sort()
    print(
        f"{label}: median {statistics.median(elapsed):7.2f} ms, "
        f"p95 {elapsed[int(len(elapsed) * 0.95) - 1]:7.2f} ms, "
        f"queries {statistics.median(queries):.0f} ({len(elapsed)} saves)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=96)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()

    import django
    from django.conf import settings
    from django.test.utils import get_runner, setup_test_environment

    django.setup()
    setup_test_environment()
    runner = get_runner(settings)(verbosity=0, interactive=False)
    old = runner.setup_databases()
    try:
        from tournaments.models import Hand, Table

        print(f"database: {settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]}")
        print(f"load average at start: {os.getloadavg()}")
        event_id, user = build(args.players, args.rounds)
        tables = list(
            Table.objects.filter(round__event_id=event_id)
            .select_related("round__event")
            .order_by("round__number", "number")
        )
        last = tables[-1].round.number
        # Mid-event: a board of the round before the last, which a table of the last
        # round has still to play.
        running = next(t for t in tables if t.round.number == last - 1)
        times(running, user, args.runs, "a board some table has still to play")
        # The board's last table: every other line of it entered first.
        play(running, user, skip_board=running.board_set * 2 - 1)
        for table in tables:
            if table.round.number >= last - 1 and table != running:
                play(table, user)
        final = next(t for t in tables if t.round.number == last)
        number = final.board_set * 2 - 1
        Hand.objects.filter(table=final, board__number=number).delete()
        times(final, user, args.runs, "a board's last table (it completes)")
        print(
            f"load average at end: {os.getloadavg()}, {os.cpu_count()} CPUs; "
            f"{args.players} players, {args.rounds} rounds of 2 boards"
        )
    finally:
        runner.teardown_databases(old)


if __name__ == "__main__":
    main()
