"""EventResult stays in step with the ledger on every write path."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournaments.models import EventResult, Hand
from tournaments.selectors.access import SYSTEM
from tournaments.services.hands import delete_hand, rescore_event, save_hand
from tournaments.services.results import refresh_all_event_results

from ..factories import seated, store_hand

# Its subject is the database, so CI runs it on SQLite too (docs/TESTING.md):
# stored results, written with SQL of each vendor's own.
pytestmark = pytest.mark.both_databases


def results(event) -> list[tuple[str, int, int, int, int]]:
    return list(
        EventResult.objects.filter(event=event)
        .order_by("rank", "player__name")
        .values_list("player__name", "total", "hands", "rank", "field_size")
    )


def garde(table, user, taker_position: int, points: int) -> Hand:
    """A garde with 2 oudlers by the player at `taker_position` (1-based), stored."""
    return store_hand(table, user, taker=seated(table)[taker_position - 1], points=points)


def test_results_follow_saves_edits_deletes_and_rescore(table4, scorekeeper, club_night):
    first = garde(table4, scorekeeper, 1, 56)
    # Anne +240, the others -80: equal totals share the place.
    assert results(club_night) == [
        ("Anne", 240, 1, 1, 4),
        ("Bruno", -80, 1, 2, 4),
        ("Chloé", -80, 1, 2, 4),
        ("David", -80, 1, 2, 4),
    ]
    second = garde(table4, scorekeeper, 2, 40)
    # Bruno's garde fails by 1: (25 + 1) x 2 = 52 per defender, Bruno -156.
    assert results(club_night)[0] == ("Anne", 292, 2, 1, 4)
    assert ("Bruno", -236, 2, 4, 4) in results(club_night)
    delete_hand(hand=second, user=scorekeeper, expected_version=1)
    assert results(club_night)[0] == ("Anne", 240, 1, 1, 4)
    first.points = Decimal(30)  # now failed by 11: (25 + 11) x 2 = 72
    save_hand(table=table4, hand=first, user=scorekeeper, expected_version=1)
    assert results(club_night)[-1] == ("Anne", -216, 1, 4, 4)
    EventResult.objects.all().delete()
    rescore_event(event=club_night)
    assert results(club_night)[-1] == ("Anne", -216, 1, 4, 4)


def test_a_dealer_sitting_out_has_not_played_the_hand(night_round, players, scorekeeper):
    from tournaments.models import Table
    from tournaments.services.hands import seat_table

    table = seat_table(
        by=SYSTEM,
        round=night_round,
        number=7,
        players=players[:5],
        five_mode=Table.FiveMode.DEALER_OUT,
        scorekeepers=[scorekeeper],
    )
    garde(table, scorekeeper, 2, 56)
    anne = EventResult.objects.get(event=night_round.event, player=players[0])
    assert (anne.total, anne.hands) == (0, 0)


def test_rebuilding_everything_gives_the_same_rows(
    table4, table5, scorekeeper, other_scorekeeper, club_night
):
    garde(table4, scorekeeper, 1, 56)
    garde(table5, other_scorekeeper, 3, 70)
    before = results(club_night)
    assert refresh_all_event_results() == 9
    assert results(club_night) == before
