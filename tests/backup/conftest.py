"""A database full of scored hands, and an exact picture of it to compare after a restore."""

from __future__ import annotations

import datetime
import random
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.models import Model

from tournaments.demo import random_hand
from tournaments.models import (
    Event,
    Hand,
    HandScore,
    Player,
    Registration,
    Round,
    Seat,
    Table,
)
from tournaments.selectors.access import SYSTEM
from tournaments.services.hands import delete_hand, save_hand, seat_table, table_seats

from ..factories import store_hand

# Every model a restore must bring back row for row (the history of hands included).
MODELS: tuple[type[Model], ...] = (
    User,
    Player,
    Event,
    Round,
    Table,
    Seat,
    Registration,
    Hand,
    HandScore,
    Hand.history.model,
)


def rows(model: type[Model]) -> list[tuple[Any, ...]]:
    """Every stored value of every row, primary key first, in primary-key order."""
    fields = [f.attname for f in model._meta.concrete_fields]
    return list(model._default_manager.order_by("pk").values_list(*fields))


def snapshot() -> dict[str, list[tuple[Any, ...]]]:
    picture = {model._meta.label: rows(model) for model in MODELS}
    # The JSON dump writes a table's scorekeepers as a list: the link rows' own ids are
    # not data and are not kept.
    picture["table scorekeepers"] = sorted(
        Table.scorekeepers.through.objects.values_list("table_id", "user_id")
    )
    return picture


def unbalanced_hands() -> list[tuple[int, int, int]]:
    """Hands whose score rows are missing or do not add up to zero, by SQL."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT h.id, COUNT(s.id), COALESCE(SUM(s.points), 0) "
            f"FROM {Hand._meta.db_table} h LEFT JOIN {HandScore._meta.db_table} s "
            "ON s.hand_id = h.id GROUP BY h.id "
            "HAVING COUNT(s.id) < 3 OR COALESCE(SUM(s.points), 0) <> 0"
        )
        return cursor.fetchall()


def fill(organiser: User, scorekeeper: User, players: list[Player]) -> None:
    """Hands of every shape, through save_hand: 4 and 5 players, a called partner, the dealer
    sitting out, 3 players, passed hands, poignées, petit au bout, chelems, a misère,
    an edited hand and a deleted one (so the history has every kind of record)."""
    a, b, c, d, e, f, g, h, i = players
    event = Event.objects.create(
        club=a.club, name="Soirée sauvegarde", date=datetime.date(2026, 11, 19), published=True
    )
    first = Round.objects.create(event=event, number=1)
    second = Round.objects.create(event=event, number=2)
    four = seat_table(
        by=SYSTEM, round=first, number=1, players=[a, b, c, d], scorekeepers=[scorekeeper]
    )
    called = seat_table(by=SYSTEM, round=first, number=2, players=[e, f, g, h, i])
    dealer_out = seat_table(
        by=SYSTEM,
        round=second,
        number=1,
        players=[a, b, c, d, e],
        five_mode=Table.FiveMode.DEALER_OUT,
    )
    three = seat_table(by=SYSTEM, round=second, number=2, players=[f, g, h])
    misere_event = Event.objects.create(
        club=a.club, name="Misère", date=datetime.date(2026, 11, 20), rules_name="misere"
    )
    Registration.objects.create(event=misere_event, player=a)
    misere_table = seat_table(
        by=SYSTEM,
        round=Round.objects.create(event=misere_event, number=1),
        number=1,
        players=[a, b, c, d],
    )

    def save(table: Table, **values: Any) -> Hand:
        return store_hand(table, organiser, **values)

    save(four, dealer=a, contract="")  # everybody passed
    save(
        four,
        dealer=b,
        contract="garde",
        taker=b,
        oudlers=2,
        points=Decimal(56),
        petit_au_bout="taker",
        poignees=[{"player": b.pk, "size": "simple"}],
    )
    save(
        four,
        dealer=c,
        contract="garde_sans",
        taker=c,
        oudlers=3,
        points=Decimal(91),
        chelem_announced=True,
        chelem_made_by="taker",
        poignees=[{"player": c.pk, "size": "double"}],
    )
    save(
        four,
        dealer=d,
        contract="prise",
        taker=d,
        oudlers=1,
        points=Decimal(40),
        petit_au_bout="defence",
        poignees=[{"player": a.pk, "size": "triple"}],
    )
    save(
        four,
        dealer=a,
        contract="garde_contre",
        taker=a,
        oudlers=0,
        points=Decimal(0),
        chelem_made_by="defence",
    )
    save(
        called,
        dealer=e,
        contract="garde",
        taker=e,
        partner=f,
        oudlers=2,
        points=Decimal("50.5"),
        poignees=[{"player": g.pk, "size": "simple"}, {"player": e.pk, "size": "simple"}],
    )
    save(called, dealer=f, contract="prise", taker=g, oudlers=1, points=Decimal(51))
    save(dealer_out, dealer=a, contract="garde", taker=b, oudlers=2, points=Decimal(41))
    save(
        dealer_out,
        dealer=b,
        contract="prise",
        taker=c,
        oudlers=1,
        points=Decimal(60),
        poignees=[{"player": d.pk, "size": "simple"}],
    )
    save(three, dealer=f, contract="prise", taker=g, oudlers=2, points=Decimal("45.5"))
    save(
        misere_table,
        dealer=a,
        contract="garde",
        taker=a,
        oudlers=2,
        points=Decimal(56),
        miseres=[{"player": b.pk, "size": "double"}],
    )

    # Volume: realistic random hands at every table.
    rng = random.Random(11)
    for table in (four, called, dealer_out, three):
        seats = table_seats(table)
        out = table.five_mode == Table.FiveMode.DEALER_OUT
        for number in range(8):
            save_hand(
                table=table,
                hand=random_hand(rng, seats, number + 1, dealer_out=out),
                user=scorekeeper if table == four else organiser,
            )

    # An edit (version 2) and a deletion leave "~" and "-" records in the history.
    edited = Hand.objects.get(table=four, number=2)
    edited.points = Decimal(61)
    save_hand(table=four, hand=edited, user=organiser, expected_version=1)
    gone = Hand.objects.get(table=called, number=2)
    delete_hand(hand=gone, user=organiser, expected_version=gone.version)


@pytest.fixture
def live(transactional_db):
    """Committed data, as on a running site: pg_dump reads it from another session, and a
    flush (TRUNCATE on PostgreSQL) cannot run inside the transaction `db` wraps tests in."""


@pytest.fixture(autouse=True)
def fresh_content_type_cache():
    """A flush gives content types new ids; the rollback after the test brings the old ones
    back, but ContentType's process-wide cache would keep the new ones for later tests."""
    ContentType.objects.clear_cache()
    yield
    ContentType.objects.clear_cache()


@pytest.fixture
def filled(organiser, scorekeeper, players) -> dict[str, list[tuple[Any, ...]]]:
    fill(organiser, scorekeeper, players)
    picture = snapshot()
    # The picture must be worth comparing: every kind of row is there.
    assert len(picture["tournaments.Hand"]) >= 40
    assert len(picture["tournaments.HandScore"]) >= 160
    kinds = set(Hand.history.model.objects.values_list("history_type", flat=True))
    assert kinds == {"+", "~", "-"}
    assert unbalanced_hands() == []
    return picture
