"""Migration 0016: the audit lines written as sentences (in the language of whoever
acted) read back as codes with their data where they match what the app wrote, and
stay as written otherwise."""

from __future__ import annotations

import datetime
import importlib
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

from tournaments.models import AuditEntry

migration = importlib.import_module("tournaments.migrations.0016_audit_codes")
NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("action", "detail", "lines"),
    [
        (
            "seating",
            "Séance 2 placée : 3 tables, 12 joueurs.",
            [["round_seated", {"number": 2, "tables": 3, "players": 12}]],
        ),
        (
            "seating",
            "Number 1 → 3. Players: a, b.",
            [["number_changed", {"old": 1, "new": 3}], ["table_players", {"players": "a, b"}]],
        ),
        (
            "seating",
            "Moved to Round 2. called king (5 players)",
            [
                ["table_moved", {"round": {"c": "round", "v": 2}}],
                ["five_mode", {"mode": {"c": "five_mode", "v": "called_king"}}],
            ],
        ),
        (
            "role",
            f"Marqueurs désignés{NBSP}: Table 1{NBSP}: marqueur; Table 1{NBSP}: marqueur",
            [["scorekeepers_named", {"tables": [{"table": 1, "rounds": [], "names": "marqueur"}]}]],
        ),
        (
            "role",
            "organisateur → marqueur",
            [
                [
                    "role_changed",
                    {"old": {"c": "role", "v": "organiser"}, "new": {"c": "role", "v": "scorekeeper"}},
                ]
            ],
        ),
        (
            "rules",
            f"séances{NBSP}: 5 → 6, team size: 0 → 2",
            [
                ["field_changed", {"field": {"c": "field", "v": "rounds_planned"}, "old": 5, "new": 6}],
                ["field_changed", {"field": {"c": "field", "v": "team_size"}, "old": 0, "new": 2}],
            ],
        ),
        ("rules", "fft → fft_round_10", [["rules_set", {"old": "fft", "new": "fft_round_10"}]]),
        (
            "rules",
            "type : tournoi → soirée de club, graine du tirage des places : None → 42",
            [
                [
                    "kind_changed",
                    {
                        "old": {"c": "event_kind", "v": "tournament"},
                        "new": {"c": "event_kind", "v": "club_night"},
                    },
                ],
                ["seed_changed", {"old": None, "new": 42}],
            ],
        ),
        (
            "ruling",
            f"Décision retirée{NBSP}: donne faussée",
            [["ruling_withdrawn", {"kind": {"c": "ruling", "v": "fouled"}}]],
        ),
        ("publish", "", []),
    ],
)
def test_a_sentence_the_app_wrote_reads_back_as_codes(action, detail, lines):
    assert migration._lines(action, detail) == lines


@pytest.mark.parametrize(
    ("action", "detail"),
    [
        ("seating", "Players: Jean D. Martin."),  # a full stop inside a name: not guessed
        ("seating", "Something an old version wrote."),
        ("role", "organisateur → président"),  # not a role
        ("rules", "rounds: 5 → 6, a change never written"),
    ],
)
def test_a_sentence_that_cannot_be_read_back_is_left_alone(action, detail):
    assert migration._lines(action, detail) is None


def _migrate(target: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    executor.loader.build_graph()
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
@pytest.mark.slow
def test_the_migration_codes_old_lines_and_keeps_the_others():
    executor = MigrationExecutor(connection)
    leaves = [node for node in executor.loader.graph.leaf_nodes() if node[0] == "tournaments"]
    apps = _migrate([("tournaments", "0014_fill_stored_rankings")])
    try:
        Club = apps.get_model("tournaments", "Club")
        Event = apps.get_model("tournaments", "Event")
        Entry = apps.get_model("tournaments", "AuditEntry")
        club = Club.objects.create(name="Club", slug="club")
        event = Event.objects.create(club=club, name="Open", date=datetime.date(2026, 11, 21))
        named = Entry.objects.create(
            club=club,
            event=event,
            action="role",
            target="Open (2026-11-21)",
            detail=f"Marqueurs désignés{NBSP}: Table 1{NBSP}: marqueur; Table 1{NBSP}: marqueur",
        )
        seated = Entry.objects.create(
            club=club,
            event=event,
            action="seating",
            target="Open (2026-11-21) · Séance 2",
            detail="Séance 2 placée : 3 tables, 12 joueurs.",
        )
        odd = Entry.objects.create(
            club=club, event=event, action="seating", target="Open · ?", detail="Fait main."
        )
        _migrate(leaves)
        with translation.override("en"):
            line = AuditEntry.objects.get(pk=named.pk)
            assert line.code == "scorekeepers_named"
            assert line.details == "Scorekeepers named: Table 1: marqueur"
            line = AuditEntry.objects.get(pk=seated.pk)
            assert line.what == "Open (21 Nov 2026) · Round 2"
            assert line.details == "Round 2 seated: 3 tables, 12 players."
            line = AuditEntry.objects.get(pk=odd.pk)
            assert (line.code, line.what, line.details) == ("", "Open · ?", "Fait main.")
    finally:
        _migrate(leaves)
