"""services.results.stale_event_results: check_ledger's comparison of the stored event
results with what the ledger gives. It is a read (no lock, no write, so it can run on
a live database beside the tables saving hands), and it finds every kind of drift: a
changed figure, a changed JSON column, a missing row, a row that should not be there."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import Event, EventResult
from tournaments.services.results import stale_event_results

from ..factories import make_event, make_round, make_table, seated, store_hand

# Its subject is the database, so CI runs it on SQLite too (docs/TESTING.md):
# stored results, written with SQL of each vendor's own.
pytestmark = pytest.mark.both_databases

WRITES = ("INSERT", "UPDATE", "DELETE", "FOR UPDATE", "SAVEPOINT")


@pytest.fixture
def scored(table4, table5, scorekeeper, other_scorekeeper) -> tuple:
    """Two tables of the club night, a few hands each (a petit au bout, a poignée)."""
    store_hand(table4, scorekeeper)
    store_hand(table4, scorekeeper, petit_au_bout="taker", points=61)
    store_hand(table5, other_scorekeeper, contract="prise", oudlers=1, points=40)
    store_hand(table4, scorekeeper, contract="")
    return table4, table5


def test_results_kept_by_the_services_are_not_stale_and_the_check_is_a_read(scored):
    with CaptureQueriesContext(connection) as queries:
        assert stale_event_results() == []
    statements = [q["sql"].upper() for q in queries]
    assert statements, "the check reads the database"
    assert not [s for s in statements if any(word in s for word in WRITES)]


def test_a_changed_figure_is_reported_and_left_as_it_is(scored):
    table4, _table5 = scored
    taker = seated(table4)[1]
    row = EventResult.objects.get(player=taker)
    EventResult.objects.filter(pk=row.pk).update(total=row.total + 1)
    assert stale_event_results() == [(row.event_id, taker.pk)]
    assert EventResult.objects.get(pk=row.pk).total == row.total + 1  # nothing rewritten


def test_a_changed_statistic_in_a_json_column_is_reported(scored):
    table4, _table5 = scored
    player = seated(table4)[0]
    row = EventResult.objects.get(player=player)
    EventResult.objects.filter(pk=row.pk).update(opponents={})
    assert stale_event_results() == [(row.event_id, player.pk)]


def test_a_missing_row_and_a_row_with_no_hand_are_reported(scored, players):
    _table4, table5 = scored
    gone = seated(table5)[2]
    event_id = EventResult.objects.get(player=gone).event_id
    EventResult.objects.filter(player=gone).delete()
    # A row for an event where nobody has played a hand should not be there.
    idle = make_event(players[0].club, name="Autre soirée")
    EventResult.objects.create(
        event=idle, player=players[0], total=0, hands=0, rank=1, field_size=1
    )
    assert stale_event_results() == sorted([(event_id, gone.pk), (idle.pk, players[0].pk)])


def test_a_tournament_round_total_is_compared(club, players, scorekeeper):
    tournament = make_event(club, name="Open", kind=Event.Kind.TOURNAMENT)
    table = make_table(make_round(tournament), players[:4], scorekeepers=[scorekeeper])
    store_hand(table, scorekeeper)
    assert stale_event_results() == []
    taker = seated(table)[1]
    EventResult.objects.filter(event=tournament, player=taker).update(rounds={"1": [0, 0]})
    assert stale_event_results() == [(tournament.pk, taker.pk)]
