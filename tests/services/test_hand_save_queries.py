"""Saving a hand at a club night costs a fixed, small number of queries, whatever the
size of the database (at most 12, the refresh of the stored results included, in the
same transaction)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.db.models import F

from tournaments.models import EventResult, Hand, HandScore, Table
from tournaments.selectors.access import can_score
from tournaments.services import hands as hands_module
from tournaments.services.hands import save_hand
from tournaments.services.results import stale_event_results

from ..factories import store_hand

# Its subject is the database, so CI runs it on SQLite too (docs/TESTING.md):
# the queries of a save, counted on each database.
pytestmark = pytest.mark.both_databases

MAX_QUERIES = 12


def garde(table: Table, **changes: object) -> Hand:
    seats = list(table.seats.order_by("position"))
    values: dict[str, object] = dict(
        dealer=seats[0].player,
        contract="garde",
        taker=seats[1].player,
        oudlers=2,
        points=Decimal(56),
    )
    values.update(changes)
    return Hand(**values)


@pytest.fixture(params=["table4", "table5"])
def table(request: pytest.FixtureRequest, table4: Table, table5: Table) -> Table:
    """One of the two tables; the other has played two hands, so the refresh has other
    players' places to keep (and, on an edit, to move)."""
    mine, other = (table4, table5) if request.param == "table4" else (table5, table4)
    for taker in (1, 2):
        store_hand(other, _keeper(other), taker=_seat(other, taker))
    return mine


def _seat(table: Table, index: int):
    return table.seats.order_by("position")[index].player


def _keeper(table: Table):
    return table.scorekeepers.get()


def _scorekeeper(table: Table):
    """The table's scorekeeper, his roles read as the view reads them before it saves
    (views.scorekeeping checks can_score first; the roles are cached on the user)."""
    user = table.scorekeepers.get()
    assert can_score(user, table)
    return user


@pytest.mark.parametrize("before", [0, 5])
def test_new_hand_at_a_club_night(table, before, django_assert_max_num_queries):
    user = _scorekeeper(table)
    for _ in range(before):
        save_hand(table=table, hand=garde(table), user=user)
    hand = garde(table)
    with django_assert_max_num_queries(MAX_QUERIES) as captured:
        saved = save_hand(table=table, hand=hand, user=user)
    print(f"new hand, {table.seats.count()} seats, {before} before: {len(captured)} queries")
    seats = table.seats.count()
    assert HandScore.objects.filter(hand=saved.hand).count() == seats
    results = EventResult.objects.filter(event_id=table.round.event_id)
    played = HandScore.objects.filter(event_id=table.round.event_id).exclude(
        hand__sitting_out=F("player")
    )
    assert sum(r.hands for r in results) == played.count() > 0
    assert stale_event_results() == []


@pytest.mark.parametrize("before", [0, 5])
def test_edit_at_a_club_night(table, before, django_assert_max_num_queries):
    user = _scorekeeper(table)
    for _ in range(before):
        save_hand(table=table, hand=garde(table), user=user)
    saved = save_hand(table=table, hand=garde(table), user=user).hand
    edit = Hand.objects.get(pk=saved.pk)
    seats = list(table.seats.order_by("position"))
    edit.taker_id = seats[2].player_id
    with django_assert_max_num_queries(MAX_QUERIES) as captured:
        save_hand(table=table, hand=edit, user=user, expected_version=saved.version)
    print(f"edit, {len(seats)} seats, {before} before: {len(captured)} queries")
    assert EventResult.objects.get(event_id=table.round.event_id, player=seats[2].player).taken == 1
    assert stale_event_results() == []


@pytest.mark.django_db(transaction=True)  # real commits: a second transaction would show
def test_the_refresh_is_in_the_same_transaction(table4, table5, monkeypatch):
    """A failure after the results are refreshed undoes the hand, its score rows and the
    refreshed results: they were written in the save's one transaction. (Under a test
    transaction nothing ever commits, so only a real one can tell.)"""
    user = _scorekeeper(table4)
    save_hand(table=table5, hand=garde(table5), user=_keeper(table5))
    save_hand(table=table4, hand=garde(table4), user=user)
    before = sorted(EventResult.objects.values_list("player_id", "total", "hands", "rank"))
    refreshed: list[int] = []
    real_refresh = hands_module.refresh_event_results

    def refresh_then_note(**kwargs: object) -> None:
        real_refresh(**kwargs)
        refreshed.append(EventResult.objects.filter(event_id=table4.round.event_id).count())

    def failing_touch(**kwargs: object) -> None:
        raise RuntimeError("after the refresh")

    monkeypatch.setattr(hands_module, "refresh_event_results", refresh_then_note)
    monkeypatch.setattr(hands_module, "touch", failing_touch)
    with pytest.raises(RuntimeError, match="after the refresh"):
        save_hand(table=table4, hand=garde(table4, taker=_seat(table4, 2)), user=user)
    assert refreshed  # the refresh ran, and wrote, before the failure
    assert table4.hands.count() == 1
    assert HandScore.objects.filter(hand__table=table4).count() == 4
    assert sorted(EventResult.objects.values_list("player_id", "total", "hands", "rank")) == before
    assert stale_event_results() == []
