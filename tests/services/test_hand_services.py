"""The write path of hands: one transaction, zero-sum ledger rows, versions, locks."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.db.models import Sum

import scoring
from tournaments.errors import Conflict
from tournaments.models import Hand, HandScore, Round, Table
from tournaments.selectors.access import SYSTEM
from tournaments.services.hands import (
    delete_hand,
    preview_hand,
    rescore_event,
    save_hand,
    seat_table,
)
from tournaments.services.sheets import reopen_sheet, validate_sheet

# Its subject is the database, so CI runs it on SQLite too (docs/TESTING.md):
# the hand's write path: one transaction, zero-sum rows, locks.
pytestmark = pytest.mark.both_databases


def garde(table: Table, **changes) -> Hand:
    seats = list(table.seats.order_by("position"))
    values = dict(
        dealer=seats[0].player,
        contract="garde",
        taker=seats[1].player,
        oudlers=2,
        points=Decimal(56),
    )
    values.update(changes)
    return Hand(**values)


def scores_of(hand: Hand) -> dict[str, int]:
    return {s.player.name: s.points for s in hand.scores.select_related("player")}


def test_save_hand_writes_one_zero_sum_row_per_player(table4, scorekeeper):
    saved = save_hand(table=table4, hand=garde(table4), user=scorekeeper)
    assert scores_of(saved.hand) == {"Bruno": 240, "Anne": -80, "Chloé": -80, "David": -80}
    assert saved.hand.number == 1 and saved.hand.version == 1
    assert HandScore.objects.filter(hand=saved.hand).aggregate(s=Sum("points"))["s"] == 0


def test_hand_numbers_follow_each_other(table4, scorekeeper):
    numbers = [
        save_hand(table=table4, hand=garde(table4), user=scorekeeper).hand.number for _ in range(3)
    ]
    assert numbers == [1, 2, 3]


def test_edit_rewrites_scores_and_bumps_version(table4, scorekeeper):
    hand = save_hand(table=table4, hand=garde(table4), user=scorekeeper).hand
    hand.points = Decimal(40)
    save_hand(table=table4, hand=hand, user=scorekeeper, expected_version=1)
    hand.refresh_from_db()
    assert hand.version == 2
    assert scores_of(hand)["Bruno"] == -(25 + 1) * 2 * 3
    assert HandScore.objects.filter(hand=hand).count() == 4


def test_stale_edit_raises_conflict_and_changes_nothing(table4, scorekeeper, organiser):
    hand = save_hand(table=table4, hand=garde(table4), user=scorekeeper).hand
    first = Hand.objects.get(pk=hand.pk)
    first.points = Decimal(60)
    save_hand(table=table4, hand=first, user=organiser, expected_version=1)
    stale = Hand.objects.get(pk=hand.pk)
    stale.points = Decimal(30)
    with pytest.raises(Conflict) as conflict:
        save_hand(table=table4, hand=stale, user=scorekeeper, expected_version=1)
    assert conflict.value.current.version == 2
    hand.refresh_from_db()
    assert hand.points == Decimal(60)
    assert scores_of(hand)["Bruno"] == (25 + 19) * 2 * 3


def test_invalid_hand_is_rejected_before_anything_is_written(table4, scorekeeper):
    with pytest.raises(scoring.HandError) as error:
        save_hand(table=table4, hand=garde(table4, points=Decimal("40.5")), user=scorekeeper)
    assert error.value.field == "points"
    assert not Hand.objects.exists() and not HandScore.objects.exists()


def test_invalid_edit_keeps_the_saved_hand(table4, scorekeeper):
    hand = save_hand(table=table4, hand=garde(table4), user=scorekeeper).hand
    hand.oudlers = 7
    with pytest.raises(scoring.HandError):
        save_hand(table=table4, hand=hand, user=scorekeeper, expected_version=1)
    stored = Hand.objects.get(pk=hand.pk)
    assert stored.oudlers == 2 and stored.version == 1
    assert scores_of(stored)["Bruno"] == 240


def test_scorekeeper_of_another_table_cannot_save(table4, other_scorekeeper):
    with pytest.raises(PermissionDenied):
        save_hand(table=table4, hand=garde(table4), user=other_scorekeeper)
    assert not Hand.objects.exists()


def test_validated_sheet_locks_scorekeepers_but_not_organisers(table4, scorekeeper, organiser):
    hand = save_hand(table=table4, hand=garde(table4), user=scorekeeper).hand
    validate_sheet(table=table4, user=scorekeeper)
    with pytest.raises(PermissionDenied):
        save_hand(table=table4, hand=garde(table4), user=scorekeeper)
    with pytest.raises(PermissionDenied):
        delete_hand(hand=hand, user=scorekeeper, expected_version=1)
    save_hand(table=table4, hand=garde(table4), user=organiser)
    assert table4.hands.count() == 2


def test_round_locks_when_every_sheet_is_validated_and_reopens(
    table4, table5, scorekeeper, other_scorekeeper, organiser
):
    save_hand(table=table4, hand=garde(table4), user=scorekeeper)
    save_hand(table=table5, hand=garde(table5), user=other_scorekeeper)
    validate_sheet(table=table4, user=scorekeeper)
    assert Round.objects.get(pk=table4.round_id).status == Round.Status.OPEN
    validate_sheet(table=table5, user=other_scorekeeper)
    assert Round.objects.get(pk=table4.round_id).status == Round.Status.LOCKED
    reopen_sheet(table=table5, user=organiser)
    assert Round.objects.get(pk=table4.round_id).status == Round.Status.OPEN


def test_only_an_organiser_reopens_a_sheet(table4, scorekeeper):
    save_hand(table=table4, hand=garde(table4), user=scorekeeper)
    validate_sheet(table=table4, user=scorekeeper)
    with pytest.raises(PermissionDenied):
        reopen_sheet(table=table4, user=scorekeeper)


def test_delete_needs_the_current_version_and_is_recorded(table4, scorekeeper):
    hand = save_hand(table=table4, hand=garde(table4), user=scorekeeper).hand
    with pytest.raises(Conflict):
        delete_hand(hand=hand, user=scorekeeper, expected_version=0)
    delete_hand(hand=hand, user=scorekeeper, expected_version=1)
    assert not Hand.objects.exists() and not HandScore.objects.exists()
    history = Hand.history.filter(id=hand.pk).order_by("history_date")
    assert [h.history_type for h in history] == ["+", "-"]


def test_dealer_sits_out_at_a_table_of_five_in_dealer_out_mode(night_round, players, scorekeeper):
    table = seat_table(
        by=SYSTEM,
        round=night_round,
        number=9,
        players=players[:5],
        five_mode=Table.FiveMode.DEALER_OUT,
        scorekeepers=[scorekeeper],
    )
    hand = garde(table, dealer=players[0], taker=players[1])
    saved = save_hand(table=table, hand=hand, user=scorekeeper)
    assert scores_of(saved.hand) == {
        "Anne": 0,
        "Bruno": 240,
        "Chloé": -80,
        "David": -80,
        "Emma": -80,
    }


def test_called_partner_at_five(table5, other_scorekeeper, players):
    hand = garde(table5, taker=players[4], partner=players[5], dealer=players[8])
    saved = save_hand(table=table5, hand=hand, user=other_scorekeeper)
    assert scores_of(saved.hand) == {
        "Emma": 160,
        "Fabien": 80,
        "Gaëlle": -80,
        "Hugo": -80,
        "Inès": -80,
    }


def test_preview_writes_nothing(table4):
    result = preview_hand(table=table4, hand=garde(table4))
    assert result.value == 80
    assert not Hand.objects.exists()


def test_rescore_rebuilds_the_ledger_from_inputs(table4, scorekeeper, club_night):
    save_hand(table=table4, hand=garde(table4), user=scorekeeper)
    save_hand(table=table4, hand=garde(table4, contract="prise"), user=scorekeeper)
    HandScore.objects.update(points=999)
    assert rescore_event(event=club_night) == 2
    totals = dict(HandScore.objects.values_list("player__name").annotate(t=Sum("points")))
    assert totals == {"Bruno": 240 + 120, "Anne": -120, "Chloé": -120, "David": -120}


@pytest.mark.django_db(transaction=True)
def test_concurrent_saves_lose_and_duplicate_nothing(table4, scorekeeper):
    """Eight scorekeepers' saves at once at one table: eight hands, numbered 1..8."""
    errors: list[BaseException] = []

    def enter() -> None:
        try:
            save_hand(table=table4, hand=garde(table4), user=scorekeeper)
        except BaseException as exc:  # reported below; a thread must not die silently
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=enter) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert sorted(table4.hands.values_list("number", flat=True)) == list(range(1, 9))
    assert HandScore.objects.count() == 32
    sums = HandScore.objects.values("hand").annotate(s=Sum("points")).values_list("s", flat=True)
    assert set(sums) == {0}


def test_rescore_reads_a_fixed_number_of_queries(
    table4, table5, scorekeeper, other_scorekeeper, club_night, django_assert_max_num_queries
):
    for _ in range(3):
        save_hand(table=table4, hand=garde(table4), user=scorekeeper)
        save_hand(table=table5, hand=garde(table5), user=other_scorekeeper)
    # tables, seats, hands, delete, insert, then the event results (lock, current
    # results, hands sat out, aggregate, ledger rows, delete, insert), with savepoints:
    # a fixed count, not one per table
    with django_assert_max_num_queries(16):
        assert rescore_event(event=club_night) == 6
