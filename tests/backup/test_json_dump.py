"""The portable JSON dump (dumpdata / loaddata) brings every hand and score back."""

from __future__ import annotations

import datetime
import json
from typing import Any

from django.core.management import call_command

from tournaments.models import Hand, HandScore

from .conftest import snapshot, unbalanced_hands

DUMP_OPTIONS = (
    "--natural-foreign",
    "--exclude",
    "contenttypes",
    "--exclude",
    "auth.permission",
    "--exclude",
    "sessions",
)


def to_milliseconds(value: Any) -> Any:
    # Django's JSON serialiser writes times to the millisecond (DjangoJSONEncoder):
    # the portable dump is exact for everything but the microseconds of timestamps.
    if isinstance(value, datetime.datetime):
        return value.replace(microsecond=value.microsecond // 1000 * 1000)
    return value


def portable(picture: dict[str, list[tuple[Any, ...]]]) -> dict[str, list[tuple[Any, ...]]]:
    return {
        name: [tuple(to_milliseconds(v) for v in row) for row in table]
        for name, table in picture.items()
    }


def dump(path: Any) -> None:
    call_command("dumpdata", *DUMP_OPTIONS, "--indent", "1", "--output", str(path), verbosity=0)


def test_json_dump_restores_every_hand_and_score_into_an_emptied_database(live, filled, tmp_path):
    path = tmp_path / "backup.json"
    dump(path)

    call_command("flush", interactive=False, verbosity=0)
    assert Hand.objects.count() == HandScore.objects.count() == 0
    call_command("loaddata", str(path), verbosity=0)

    assert portable(snapshot()) == portable(filled)
    assert unbalanced_hands() == []


def test_json_dump_keeps_scores_exact_and_inputs_as_stored(live, filled, tmp_path):
    path = tmp_path / "backup.json"
    dump(path)
    records = json.loads(path.read_text())
    hands = {r["pk"]: r["fields"] for r in records if r["model"] == "tournaments.hand"}
    scores = [r["fields"] for r in records if r["model"] == "tournaments.handscore"]

    assert len(hands) == len(filled["tournaments.Hand"])
    assert len(scores) == len(filled["tournaments.HandScore"])
    # Points are decimals written as text: "50.5" stays 50.5, never a float's 50.4999.
    assert {f["points"] for f in hands.values()} >= {"50.5", "45.5", "91.0", "0.0"}
    chelem = next(f for f in hands.values() if f["chelem_announced"])
    assert chelem["chelem_made_by"] == "taker"
    # Who entered a hand is written by username, so the dump loads into another site.
    assert {tuple(f["entered_by"]) for f in hands.values()} == {("orga",), ("marqueur",)}
    per_hand: dict[int, int] = {}
    for row in scores:
        per_hand[row["hand"]] = per_hand.get(row["hand"], 0) + row["points"]
    assert set(per_hand) == set(hands)
    assert set(per_hand.values()) == {0}


def test_loading_the_dump_twice_changes_nothing(live, filled, tmp_path):
    path = tmp_path / "backup.json"
    dump(path)
    call_command("loaddata", str(path), verbosity=0)
    assert portable(snapshot()) == portable(filled)
