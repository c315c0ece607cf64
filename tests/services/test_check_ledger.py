from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import HandScore

from ..factories import seated, store_hand

# Its subject is the database, so CI runs it on SQLite too (docs/TESTING.md):
# the ledger's totals, summed by each database.
pytestmark = pytest.mark.both_databases


def test_check_ledger_passes_on_hands_saved_by_the_service(table4, scorekeeper):
    for points in (56, 30, 41):
        store_hand(table4, scorekeeper, points=points)
    out = StringIO()
    call_command("check_ledger", stdout=out)
    assert "3 hands checked" in out.getvalue()


def test_check_ledger_reports_a_tampered_row(table4, scorekeeper):
    saved = store_hand(table4, scorekeeper, contract="prise", oudlers=1, points=60)
    HandScore.objects.filter(hand=saved, player=seated(table4)[0]).update(points=1)
    with pytest.raises(CommandError, match=f"hand {saved.pk}: sum"):
        call_command("check_ledger")


def test_check_ledger_reports_a_missing_row(table4, scorekeeper):
    saved = store_hand(table4, scorekeeper, contract="")
    HandScore.objects.filter(hand=saved, player=seated(table4)[3]).delete()
    with pytest.raises(CommandError, match="3 rows for 4 seats"):
        call_command("check_ledger")


def test_check_ledger_reports_and_rebuilds_stale_event_results(table4, scorekeeper):
    from tournaments.models import EventResult

    store_hand(table4, scorekeeper, petit_au_bout="taker")
    out = StringIO()
    call_command("check_ledger", stdout=out)
    assert "match the ledger" in out.getvalue()
    taker = seated(table4)[1]
    EventResult.objects.filter(player=taker).update(petits_won=0)
    with pytest.raises(
        CommandError, match=f"1 event results and 0 season ranking lines differ .*player {taker.pk}"
    ):
        call_command("check_ledger")
    assert EventResult.objects.get(player=taker).petits_won == 0  # the check changed nothing
    call_command("check_ledger", "--rebuild-results", stdout=StringIO())
    assert EventResult.objects.get(player=taker).petits_won == 1
    call_command("check_ledger", stdout=StringIO())


def test_check_ledger_reports_and_rebuilds_a_stale_season_ranking(table4, scorekeeper, club_night):
    from tournaments.models import Event, Season, SeasonStanding
    from tournaments.selectors.access import SYSTEM
    from tournaments.services.seasons import save_season

    Event.objects.filter(pk=club_night.pk).update(published=True)
    season = save_season(
        by=SYSTEM,
        season=None,
        club=club_night.club,
        name="Saison",
        start=club_night.date,
        end=club_night.date,
        mode=Season.Mode.PLACES,
        scale="10,8,6,4",
        best_n=0,
        published=True,
    )
    store_hand(table4, scorekeeper)
    seats = seated(table4)
    call_command("check_ledger", stdout=StringIO())  # stored as counted afresh
    SeasonStanding.objects.filter(season=season, player=seats[1]).update(total=0)
    with pytest.raises(CommandError, match=f"season {season.pk} player {seats[1].pk}"):
        call_command("check_ledger")
    call_command("check_ledger", "--rebuild-results", stdout=StringIO())
    assert SeasonStanding.objects.get(season=season, player=seats[1]).total == 10
    call_command("check_ledger", stdout=StringIO())
