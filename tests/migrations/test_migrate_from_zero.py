"""Upgrades: an empty database migrated from zero to the latest migration, with data
added on the way, ends with the derived data the live code computes; and no migration
imports the application's live code (which changes after the migration is written)."""

from __future__ import annotations

import ast
import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

import scoring
import tournaments.migrations
from tournaments.services.hands import score_stored_hand
from tournaments.services.results import stale_event_results

APP = "tournaments"
MIGRATIONS_DIR = Path(tournaments.migrations.__file__).parent


def app_plan(executor: MigrationExecutor) -> list[str]:
    """The app's migrations in order up to its latest (read from the graph, so new
    migrations are included)."""
    (leaf,) = [node for node in executor.loader.graph.leaf_nodes() if node[0] == APP]
    return [name for app, name in executor.loader.graph.forwards_plan(leaf) if app == APP]


def migrate(target: list[tuple[str, str | None]]) -> Any:
    """Migrate and return the historical apps at the target (None at zero)."""
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    executor.loader.build_graph()
    if target[0][1] is None:
        return None
    return executor.loader.project_state(target).apps


class Table:
    """Seats one table with historical models and stores hands scored by the engine."""

    def __init__(self, apps: Any, round_: Any, number: int, players: list[Any], mode: str):
        self.apps = apps
        self.table = apps.get_model(APP, "Table").objects.create(
            round=round_, number=number, five_mode=mode
        )
        Seat = apps.get_model(APP, "Seat")
        self.seats = [
            Seat.objects.create(table=self.table, player=player, position=i)
            for i, player in enumerate(players, 1)
        ]
        self.players = players
        self.hands = 0

    def play(self, **values: Any) -> Any:
        Hand = self.apps.get_model(APP, "Hand")
        HandScore = self.apps.get_model(APP, "HandScore")
        self.hands += 1
        dealer = self.players[(self.hands - 1) % len(self.players)]
        defaults: dict[str, Any] = {
            "poignees": [],
            "miseres": [],
            "petit_au_bout": "",
            "chelem_made_by": "",
        }
        if len(self.players) == 5 and self.table.five_mode == "dealer_out":
            defaults["sitting_out"] = dealer
        hand = Hand(table=self.table, number=self.hands, dealer=dealer, **(defaults | values))
        # The engine reads plain attributes: a historical instance scores like a live one.
        result = score_stored_hand(hand, self.seats, scoring.rules_from_json("fft"))
        hand.save()
        HandScore.objects.bulk_create(
            HandScore(
                hand=hand,
                player_id=player_id,
                event_id=self.table.round.event_id,
                round_id=self.table.round_id,
                table=self.table,
                points=points,
                is_taker=player_id == hand.taker_id,
                made=result.made if player_id == hand.taker_id else None,
            )
            for player_id, points in result.scores.items()
        )
        return hand


def make_event(apps: Any, club: Any, name: str, kind: str, day: int) -> Any:
    return apps.get_model(APP, "Event").objects.create(
        club=club,
        kind=kind,
        name=name,
        date=datetime.date(2026, 10, day),
        rules_name="fft",
        rules_json=scoring.rules_from_json("fft").to_json(),
        rounds_planned=2,
    )


def play_night(apps: Any, club: Any, players: list[Any], name: str, day: int) -> None:
    """A club night: a table of 4 and a called-king table of 5, with announcements."""
    event = make_event(apps, club, name, "club_night", day)
    round_ = apps.get_model(APP, "Round").objects.create(event=event, number=1)
    four = Table(apps, round_, 1, players[:4], "called_king")
    p = four.players
    four.play(
        contract="garde",
        taker=p[1],
        oudlers=2,
        points=Decimal(56),
        petit_au_bout="taker",
        poignees=[{"player": p[1].pk, "size": "simple"}],
    )
    four.play(contract="prise", taker=p[2], oudlers=1, points=Decimal(40))
    four.play(contract="garde_sans", taker=p[0], oudlers=3, points=Decimal(40))
    five = Table(apps, round_, 2, players[4:9], "called_king")
    q = five.players
    five.play(contract="garde", taker=q[0], partner=q[3], oudlers=2, points=Decimal(60))
    five.play(
        contract="prise", taker=q[2], partner=q[1], oudlers=1, points=Decimal(45),
        petit_au_bout="defence",
    )  # fmt: skip
    five.play(contract="", oudlers=0, points=Decimal(0))  # all passed


def play_tournament(apps: Any, club: Any, players: list[Any]) -> None:
    """Two rounds; a table of 5 where the dealer sits out; equal totals to break."""
    event = make_event(apps, club, "Open", "tournament", 20)
    Round = apps.get_model(APP, "Round")
    # Gardes made (+240, -80 each): players 0, 1 and 2 end on 80, but player 2 on a best
    # round of 240 against 160: he is ahead, they share the next place (0004 put the three
    # level).
    takers = {1: (0, 1), 2: (2,)}
    for number in (1, 2):
        round_ = Round.objects.create(event=event, number=number, status="locked")
        four = Table(apps, round_, 1, players[:4], "dealer_out")
        for taker in takers[number]:
            four.play(contract="garde", taker=players[taker], oudlers=2, points=Decimal(56))
        five = Table(apps, round_, 2, players[4:9], "dealer_out")
        five.play(contract="prise", taker=five.players[1], oudlers=1, points=Decimal(51))
        five.play(contract="prise", taker=five.players[3], oudlers=2, points=Decimal(30))


@pytest.mark.django_db(transaction=True)
@pytest.mark.slow
def test_an_empty_database_migrates_from_zero_with_data_to_what_the_code_computes():
    executor = MigrationExecutor(connection)
    names = app_plan(executor)
    latest = [(APP, names[-1])]
    assert {"0004_event_results", "0006_fill_event_statistics"} <= set(names)
    try:
        migrate([(APP, None)])
        for name in names:
            apps = migrate([(APP, name)])
            if name == "0001_initial":
                # Scores before results existed: 0004 and 0006 fill them.
                club = apps.get_model(APP, "Club").objects.create(name="Lyon", slug="lyon")
                Player = apps.get_model(APP, "Player")
                players = [Player.objects.create(club=club, name=f"J{i}") for i in range(9)]
                play_night(apps, club, players, "Jeudi", 1)
                play_tournament(apps, club, players)
            elif name == "0005_event_result_statistics":
                # Statistics columns exist but are empty; one event has no result row yet.
                club = apps.get_model(APP, "Club").objects.get()
                players = list(apps.get_model(APP, "Player").objects.order_by("pk"))
                play_night(apps, club, players[::-1], "Mardi", 8)
                EventResult = apps.get_model(APP, "EventResult")
                assert EventResult.objects.count() == 9 + 9  # from 0004 only
                assert not EventResult.objects.filter(taken__gt=0).exists()
            elif name == "0008_submission":
                organise_holders_and_scorekeepers(apps)
    finally:
        migrate(latest)
        # Back to every app's latest state, whatever happened above.
        call_command("migrate", verbosity=0)

    from tournaments.models import EventResult

    rows = EventResult.objects.all()
    assert rows.count() == 9 * 3
    # 0006 did the work: statistics filled, tournament places broken by the best round.
    assert rows.filter(taken__gt=0).count() >= 8
    assert rows.exclude(partners={}).exists() and rows.filter(best_hand__isnull=False).exists()
    assert rows.filter(event__name="Mardi").count() == 9
    places = dict(rows.filter(event__name="Open").values_list("player__name", "rank"))
    assert places["J2"] + 1 == places["J0"] == places["J1"]
    # ...and its rows are exactly what the live code rebuilds from the ledger.
    assert stale_event_results() == []
    call_command("check_ledger", verbosity=0)
    # 0009: the site-wide permission became roles in the clubs that have events.
    from tournaments.models import Membership

    # Every old organiser organises both clubs with events, and no club without.
    roles = set(Membership.objects.values_list("user__username", "club__slug", "role"))
    assert roles == {
        ("direct", "lyon", "organiser"),
        ("direct", "grenoble", "organiser"),
        ("grouped", "lyon", "organiser"),
        ("grouped", "grenoble", "organiser"),
        ("marqueur", "lyon", "scorekeeper"),
        ("marqueur_g", "grenoble", "scorekeeper"),
    }
    assert not Membership.objects.filter(club__slug="vide").exists()
    assert not Permission.objects.filter(codename="organise").exists()


def organise_holders_and_scorekeepers(apps: Any) -> None:
    """At 0008: two holders of the old "organise" permission (directly and through a
    group), a table scorekeeper, a user with nothing, a club without events, and a
    second club with an event (a table without hands, kept by a scorekeeper of its own)."""
    # auth and contenttypes stay at their latest state here: their live models.
    from django.contrib.auth.models import Group, User
    from django.contrib.contenttypes.models import ContentType

    event_type, _ = ContentType.objects.get_or_create(app_label=APP, model="event")
    organise, _ = Permission.objects.get_or_create(
        codename="organise", content_type=event_type, defaults={"name": "Can organise"}
    )
    User.objects.create(username="direct").user_permissions.add(organise)
    group = Group.objects.create(name="organisers")
    group.permissions.add(organise)
    User.objects.create(username="grouped").groups.add(group)
    User.objects.create(username="nobody")
    apps.get_model(APP, "Club").objects.create(name="Sans soirée", slug="vide")
    table = apps.get_model(APP, "Table").objects.order_by("pk").first()
    table.scorekeepers.add(User.objects.create(username="marqueur").pk)
    grenoble = apps.get_model(APP, "Club").objects.create(name="Grenoble", slug="grenoble")
    event = make_event(apps, grenoble, "Soirée de Grenoble", "club_night", 22)
    round_ = apps.get_model(APP, "Round").objects.create(event=event, number=1)
    table = apps.get_model(APP, "Table").objects.create(round=round_, number=1)
    table.scorekeepers.add(User.objects.create(username="marqueur_g").pk)


def live_imports(path: Path) -> list[str]:
    """Modules of the app that the migration file imports (anywhere in the file)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 1:
                continue  # from . import x: within tournaments.migrations
            if node.level:  # from ..services import y: the app itself
                modules = ["tournaments" + (f".{node.module}" if node.module else "")]
            else:
                modules = [node.module or ""]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "import_module":
            modules = [arg.value for arg in node.args if isinstance(arg, ast.Constant)]
        else:
            continue
        found += [
            m
            for m in modules
            if (m == "tournaments" or m.startswith("tournaments."))
            and not m.startswith("tournaments.migrations")
        ]
    return found


def test_no_migration_imports_live_app_code():
    files = sorted(MIGRATIONS_DIR.glob("[0-9]*.py"))
    assert len(files) >= 7
    offenders = {path.name: live_imports(path) for path in files}
    assert {name: mods for name, mods in offenders.items() if mods} == {}


def test_the_import_scan_catches_a_live_import(tmp_path):
    sample = tmp_path / "0099_sample.py"
    sample.write_text(
        "def fill(apps, schema_editor):\n"
        "    from tournaments.services.results import rebuild_all_event_results\n"
        "from ..models import Event\n"
        "from . import helpers\n"
    )
    assert sorted(live_imports(sample)) == ["tournaments.models", "tournaments.services.results"]
