"""The club night's workbook: ranking, each table's score sheet, rules; every figure as
the app's pages compute it, read back with openpyxl, formulas and stored values."""

from __future__ import annotations

import random

import pytest
from django.urls import reverse
from django.utils.translation import gettext as _

from tests.exports.conftest import give_licences, read_back, read_values, sheet_dicts
from tests.factories import logged_in, make_member
from tournaments.demo import random_hand
from tournaments.exports import XLSX_CONTENT_TYPE, club_night_workbook
from tournaments.exports.writer import SCORE
from tournaments.models import Event, Hand, HandScore, Player, Table
from tournaments.selectors.access import SYSTEM
from tournaments.selectors.sheet import sheet
from tournaments.selectors.standings import event_standings
from tournaments.services.hands import save_hand, seat_table, table_seats


def play_night(night_round, players, organiser, *, hands: int, seed: int = 3) -> list[Table]:
    """A table of 4 and a table of 5 where the dealer sits out; the first hand of the
    table of 4 is passed."""
    rng = random.Random(seed)
    tables = [
        seat_table(by=SYSTEM, round=night_round, number=1, players=players[:4]),
        seat_table(
            by=SYSTEM,
            round=night_round,
            number=2,
            players=players[4:9],
            five_mode=Table.FiveMode.DEALER_OUT,
        ),
    ]
    save_hand(table=tables[0], hand=Hand(dealer=players[0]), user=organiser)
    for table in tables:
        seats = table_seats(table)
        dealer_out = table.five_mode == Table.FiveMode.DEALER_OUT
        first = table.hands.count() + 1
        for number in range(first, first + hands):
            hand = random_hand(rng, seats, number, dealer_out=dealer_out)
            save_hand(table=table, hand=hand, user=organiser)
    return tables


@pytest.fixture
def night(club_night, night_round, players, organiser):
    play_night(night_round, players, organiser, hands=6)
    return club_night


def test_sheets_are_ranking_each_table_and_rules(night):
    workbook = read_back(club_night_workbook(night))
    assert workbook.sheetnames == [_("Ranking"), "Table 1", "Table 2", _("Rules")]
    for ws in workbook.worksheets:
        assert ws.page_setup.orientation == "landscape", ws.title
        assert ws.sheet_properties.pageSetUpPr.fitToPage, ws.title
        assert ws.page_setup.fitToWidth == 1, ws.title
        assert ws.print_title_rows == "$1:$1", ws.title
        assert night.name in ws.oddHeader.left.text, ws.title


def test_ranking_is_the_results_page_with_licences_and_the_sheets_sum(night, players):
    licences = give_licences(players)
    rows = sheet_dicts(read_back(club_night_workbook(night))[_("Ranking")])
    app = event_standings(night)
    assert len(rows) == len(app) == 9
    for row, standing in zip(rows, app, strict=True):
        assert row[_("Player ID")] == standing.player_id
        assert row[_("Player")] == standing.name
        assert row[_("Licence")] == licences[standing.player_id]
        assert row[_("Club")] == night.club.name
        assert row[_("Rank")] == standing.rank
        assert row[_("Total")] == standing.total
        assert row[_("Hands played")] == standing.hands
        assert row[_("Contracts taken")] == standing.taken
        assert row[_("Contracts won")] == standing.won
        assert row[_("Sum of the score sheets (check)")] == standing.total


def test_each_score_sheet_is_the_apps_score_sheet(night):
    workbook = read_back(club_night_workbook(night))
    for table in Table.objects.filter(round__event=night).order_by("number"):
        app = sheet(table)
        ws = workbook[str(table)]
        header = [c.value for c in ws[1]]
        rows = list(ws.iter_rows(min_row=2, values_only=True))
        assert len(rows) == app.hand_count
        for values, app_row in zip(rows, app.rows, strict=True):
            row = dict(zip(header, values, strict=True))
            assert row[_("Hand")] == app_row.hand.number
            assert row[_("Dealer")] == app_row.hand.dealer.name
            if app_row.hand.contract:
                assert row[_("Contract")] == app_row.hand.get_contract_display()
                assert row[_("Taker")] == app_row.hand.taker.name
                assert row[_("Oudlers")] == app_row.hand.oudlers
                assert row[_("Points")] == float(app_row.hand.points)
                assert row[_("Made")] == (_("yes") if app_row.contract_made else _("no"))
            else:
                assert row[_("Contract")] == _("passed")
            for player, cell in zip(app.players, app_row.cells, strict=True):
                assert row[player.name] == cell.points
                assert row[_("%(name)s: total") % {"name": player.name}] == cell.total
            assert row[_("Sum of the hand (0)")] == app_row.check == 0
        assert ws.cell(2, header.index(app.players[0].name) + 1).number_format == SCORE


def test_the_dealer_sitting_out_scores_nothing_that_hand(night):
    table = Table.objects.get(round__event=night, number=2)
    ws = read_back(club_night_workbook(night))["Table 2"]
    header = [c.value for c in ws[1]]
    hand = table.hands.order_by("number").first()
    sat_out = hand.sitting_out.name
    row = dict(zip(header, next(ws.iter_rows(min_row=2, values_only=True)), strict=True))
    assert row[sat_out] == 0  # his ledger row, as on the app's sheet
    assert row[_("%(name)s: total") % {"name": sat_out}] == 0


def test_a_reader_of_stored_values_reads_every_figure_as_the_app_computes_it(night, players):
    licences = give_licences(players)
    values = read_values(club_night_workbook(night))
    ranking = values[_("Ranking")]
    app = event_standings(night)
    assert [r[_("Total")] for r in ranking] == [s.total for s in app]
    assert [r[_("Sum of the score sheets (check)")] for r in ranking] == [s.total for s in app]
    assert [r[_("Licence")] for r in ranking] == [licences[s.player_id] for s in app]
    for table in Table.objects.filter(round__event=night):
        app_sheet = sheet(table)
        rows = values[str(table)]
        last = rows[-1]
        for player, total in zip(app_sheet.players, app_sheet.totals, strict=True):
            assert last[_("%(name)s: total") % {"name": player.name}] == total
        assert {r[_("Sum of the hand (0)")] for r in rows} == {0}


def test_a_player_moved_after_scoring_keeps_his_columns(night, players, organiser):
    table = Table.objects.get(round__event=night, number=1)
    moved = players[0]
    table.seats.filter(player=moved).update(
        player=Player.objects.create(club=night.club, name="Zoé")
    )
    ws = read_back(club_night_workbook(night))["Table 1"]
    header = [c.value for c in ws[1]]
    assert "Zoé" in header
    assert moved.name in header  # his scores stay on the sheet, after the seated
    assert header.index(moved.name) > header.index("Zoé")


def test_query_count_does_not_grow_with_tables_or_hands(
    club_night, night_round, players, organiser, django_assert_max_num_queries
):
    play_night(night_round, players, organiser, hands=10)
    with django_assert_max_num_queries(6):
        club_night_workbook(club_night).write(__import__("io").BytesIO())


def test_an_empty_club_night_exports_headers_only(club_night):
    workbook = read_back(club_night_workbook(club_night))
    assert workbook.sheetnames == [_("Ranking"), _("Rules")]
    assert workbook[_("Ranking")].max_row == 1


def test_the_organiser_downloads_it_from_the_club_nights_page(night, club):
    organiser = make_member("chef", club)
    client = logged_in(organiser)
    url = reverse("club_night_export", args=[night.pk])
    page = client.get(reverse("event_manage", args=[night.pk]))
    assert f'href="{url}"' in page.content.decode()
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == XLSX_CONTENT_TYPE
    assert (
        f'filename="soiree-du-jeudi_2026-11-19_e{night.pk}.xlsx"'
        in (response["Content-Disposition"])
    )
    assert b"".join(response.streaming_content)[:2] == b"PK"


def test_a_tournament_is_not_a_club_night(night, club):
    night.kind = Event.Kind.TOURNAMENT
    night.save()
    client = logged_in(make_member("chef", club))
    assert client.get(reverse("club_night_export", args=[night.pk])).status_code == 404
    page = client.get(reverse("event_manage", args=[night.pk])).content.decode()
    assert reverse("tournament_export", args=[night.pk]) in page


def test_every_hand_score_is_on_a_score_sheet(night):
    values = read_values(club_night_workbook(night))
    written = 0
    for table in Table.objects.filter(round__event=night):
        rows = values[str(table)]
        names = [p.name for p in sheet(table).players]
        written += sum(1 for r in rows for name in names if r[name] is not None)
    assert written == HandScore.objects.filter(event=night).count()
