"""Migration 0024: the fields whose names meant two things renamed in place (a
contract made, the contracts made, present at an event), every stored value kept, and
back again; Player.active (membership of the club) is not one of them."""

from __future__ import annotations

import datetime
from decimal import Decimal
from functools import partial
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

APP = "tournaments"
BEFORE = [(APP, "0023_event_kept_scorekeepers")]
RENAMES = [(APP, "0024_unambiguous_field_names")]


def _migrate(target: list[tuple[str, str]]) -> Any:
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    executor.loader.build_graph()
    return executor.loader.project_state(target).apps


def _store(apps: Any) -> dict[str, int]:
    """A hand (one row made, one failed, two without a contract of their own), a
    result, a career and two registrations, under the names before 0024."""
    model = partial(apps.get_model, APP)
    club = model("Club").objects.create(name="Lyon", slug="lyon")
    players = [model("Player").objects.create(club=club, name=f"J{i}") for i in range(4)]
    model("Player").objects.filter(pk=players[3].pk).update(active=False)
    event = model("Event").objects.create(
        club=club, kind="tournament", name="Open", date=datetime.date(2026, 12, 5)
    )
    round_ = model("Round").objects.create(event=event, number=1)
    table = model("Table").objects.create(round=round_, number=1)
    hand = model("Hand").objects.create(
        table=table,
        number=1,
        dealer=players[0],
        contract="garde",
        taker=players[1],
        oudlers=2,
        points=Decimal(56),
    )
    made = {players[0].pk: None, players[1].pk: True, players[2].pk: False, players[3].pk: None}
    for player in players:
        model("HandScore").objects.create(
            hand=hand,
            player=player,
            event=event,
            round=round_,
            table=table,
            points=0,
            is_taker=player == players[1],
            made=made[player.pk],
        )
    model("EventResult").objects.create(
        event=event, player=players[1], total=240, hands=1, rank=1, field_size=4, taken=4, made=3
    )
    model("PlayerCareer").objects.create(player=players[1], events=1, taken=7, made=5)
    model("Registration").objects.create(event=event, player=players[0], active=False)
    model("Registration").objects.create(event=event, player=players[1])
    return {"hand": hand.pk, "away": players[0].pk, "taker": players[1].pk}


@pytest.mark.django_db(transaction=True)
@pytest.mark.slow
def test_the_renamed_fields_keep_their_values_both_ways():
    executor = MigrationExecutor(connection)
    leaves = [node for node in executor.loader.graph.leaf_nodes() if node[0] == APP]
    try:
        ids = _store(_migrate(BEFORE))
        apps = _migrate(RENAMES)
        model = partial(apps.get_model, APP)
        scores = model("HandScore").objects.filter(hand_id=ids["hand"])
        assert sorted(scores.values_list("contract_made", flat=True), key=str) == [
            False,
            None,
            None,
            True,
        ]
        assert scores.get(player_id=ids["taker"]).contract_made is True
        result = model("EventResult").objects.get(player_id=ids["taker"])
        assert (result.taken, result.contracts_made) == (4, 3)
        career = model("PlayerCareer").objects.get(player_id=ids["taker"])
        assert (career.taken, career.contracts_made) == (7, 5)
        present = dict(model("Registration").objects.values_list("player_id", "present"))
        assert present == {ids["away"]: False, ids["taker"]: True}
        # The club's members keep "active": only the entry in one event was ambiguous.
        assert list(model("Player").objects.order_by("pk").values_list("active", flat=True)) == [
            True,
            True,
            True,
            False,
        ]
        # Backwards, the same values under the old names.
        apps = _migrate(BEFORE)
        model = partial(apps.get_model, APP)
        taker_row = model("HandScore").objects.get(hand_id=ids["hand"], player_id=ids["taker"])
        assert taker_row.made is True
        assert model("EventResult").objects.get(player_id=ids["taker"]).made == 3
        assert model("PlayerCareer").objects.get(player_id=ids["taker"]).made == 5
        assert not model("Registration").objects.get(player_id=ids["away"]).active
    finally:
        _migrate(leaves)
