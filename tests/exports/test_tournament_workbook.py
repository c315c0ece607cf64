"""The event workbook: every total read back from the file equals the ledger's."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest
from django.db.models import Sum
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from openpyxl.utils import get_column_letter

from tests.exports.conftest import (
    evaluate_sumifs,
    give_licences,
    play,
    read_back,
    read_values,
    sheet_dicts,
)
from tournaments.exports import XLSX_CONTENT_TYPE, tournament_workbook
from tournaments.exports.writer import INTEGER, SCORE
from tournaments.models import Club, Hand, HandScore, Player, Registration, Round, Team
from tournaments.selectors.ranking import tournament_ranking
from tournaments.services.hands import save_hand


@pytest.fixture
def played(tournament, players, organiser):
    play(tournament, players, organiser, hands_per_table=6)
    return tournament


def ledger_totals(event) -> dict[int, int]:
    return dict(
        HandScore.objects.filter(event=event)
        .values_list("player_id")
        .annotate(total=Sum("points"))
        .order_by()
    )


def test_sheets_are_ranking_rounds_hands_and_rules(played):
    workbook = read_back(tournament_workbook(played))
    rounds = [str(r) for r in Round.objects.filter(event=played).order_by("number")]
    assert workbook.sheetnames == [_("Ranking"), *rounds, _("Hands"), _("Rules")]


def test_every_sheet_has_a_bold_frozen_filtered_header(played):
    workbook = read_back(tournament_workbook(played))
    for ws in workbook.worksheets:
        assert ws.freeze_panes == "A2", ws.title
        assert all(cell.font.b for cell in ws[1]), ws.title
        assert not any(cell.font.b for cell in ws[2]), ws.title
        last = get_column_letter(ws.max_column)
        if ws.title != _("Rules"):  # a list of settings, nothing to filter
            assert ws.auto_filter.ref == f"A1:{last}{ws.max_row}", ws.title
        for index in range(1, ws.max_column + 1):
            assert ws.column_dimensions[get_column_letter(index)].customWidth, ws.title


def test_ranking_totals_are_the_ledger_totals_in_decreasing_order(played):
    workbook = read_back(tournament_workbook(played))
    rows = sheet_dicts(workbook[_("Ranking")])
    totals = ledger_totals(played)
    assert workbook[_("Ranking")].column_dimensions["B"].width == 26
    assert {r[_("Player ID")]: r[_("Total")] for r in rows} == totals
    assert [r[_("Total")] for r in rows] == sorted(totals.values(), reverse=True)
    assert rows[0][_("Rank")] == 1
    names = dict(Player.objects.values_list("pk", "name"))
    assert all(r[_("Player")] == names[r[_("Player ID")]] for r in rows)


def test_ranking_has_the_ledger_total_of_each_round(played):
    workbook = read_back(tournament_workbook(played))
    per_round = defaultdict(dict)
    for player_id, number, total in (
        HandScore.objects.filter(event=played)
        .values_list("player_id", "round__number")
        .annotate(total=Sum("points"))
        .order_by()
    ):
        per_round[player_id][number] = total
    for row in sheet_dicts(workbook[_("Ranking")]):
        player_id = row[_("Player ID")]
        for number in (1, 2):
            assert row[str(Round(number=number))] == per_round[player_id].get(number)


def test_ranking_check_is_stored_and_its_formula_gives_the_app_total(played):
    workbook = read_back(tournament_workbook(played))
    ws = workbook[_("Ranking")]
    header = [c.value for c in ws[1]]
    stored = header.index(_("Sum of the hands (check)")) + 1
    check = header.index(_("Sum of the hands (formula)")) + 1
    assert check == stored + 1  # the formula beside the value it re-computes
    total = header.index(_("Total")) + 1
    assert ws.max_row == 10  # nine players
    for line in range(2, ws.max_row + 1):
        assert ws.cell(line, stored).data_type == "n"
        assert ws.cell(line, stored).value == ws.cell(line, total).value
        formula = ws.cell(line, check).value
        assert formula.startswith("=SUMIFS(")
        assert evaluate_sumifs(workbook, ws, formula) == ws.cell(line, total).value


def test_ranking_has_licences_clubs_and_the_tie_break_figures(played, players):
    licences = give_licences(players)
    visitor = Club.objects.create(name="Tarot Club de Grenoble", slug="grenoble")
    Player.objects.filter(pk=players[8].pk).update(club=visitor)
    rows = sheet_dicts(read_back(tournament_workbook(played))[_("Ranking")])
    app = {r.player_id: r for r in tournament_ranking(played)}
    assert [r[_("Player ID")] for r in rows] == [r.player_id for r in tournament_ranking(played)]
    for row in rows:
        ranked = app[row[_("Player ID")]]
        assert row[_("Licence")] == licences[ranked.player_id]
        assert row[_("Club")] == ranked.club
        assert row[_("Rank")] == ranked.rank
        assert row[_("Tie-break 1: best round")] == ranked.best_round
        assert row[_("Tie-break 2: contracts won as taker")] == ranked.contracts_won
    assert {r[_("Club")] for r in rows} == {"Tarot Club de Lyon", "Tarot Club de Grenoble"}


def test_a_reader_of_stored_values_reads_every_figure_of_the_ranking(played, players):
    """Readers of stored values (openpyxl's data_only here) see every figure, the check included;
    only the formula column beside it reads empty."""
    licences = give_licences(players)
    values = read_values(tournament_workbook(played))
    rows = values[_("Ranking")]
    app = tournament_ranking(played)
    rounds = [str(r) for r in Round.objects.filter(event=played).order_by("number")]
    assert len(rows) == len(app) == 9
    for row, ranked in zip(rows, app, strict=True):
        assert row[_("Player ID")] == ranked.player_id
        assert row[_("Player")] == ranked.name
        assert row[_("Licence")] == licences[ranked.player_id]  # text, its zero kept
        assert row[_("Rank")] == ranked.rank
        assert row[_("Total")] == ranked.total
        assert row[_("Sum of the hands (check)")] == ranked.total
        assert row[_("Tie-break 1: best round")] == ranked.best_round
        assert row[_("Tie-break 2: contracts won as taker")] == ranked.contracts_won
        for number, title in enumerate(rounds, 1):
            assert row[title] == ranked.round_totals.get(number)
        assert row[_("Sum of the hands (formula)")] is None
    hands = values[_("Hands")]
    assert len(hands) == HandScore.objects.filter(event=played).count()
    assert sum(r[_("Score")] for r in hands) == 0
    by_round = values[rounds[0]]
    assert {r[_("Player ID")]: r[_("Round total")] for r in by_round} == {
        r.player_id: r.round_totals.get(1, 0) for r in app
    }


def test_round_sheets_have_each_players_table_total(played):
    workbook = read_back(tournament_workbook(played))
    expected = {
        (number, table, player_id): total
        for number, table, player_id, total in HandScore.objects.filter(event=played)
        .values_list("round__number", "table__number", "player_id")
        .annotate(total=Sum("points"))
        .order_by()
    }
    found = {}
    for number in (1, 2):
        for row in sheet_dicts(workbook[str(Round(number=number))]):
            found[(number, row[_("Table")], row[_("Player ID")])] = row[_("Round total")]
    assert found == expected


def test_hands_sheet_has_one_row_per_score_row_and_each_hand_sums_to_zero(played):
    workbook = read_back(tournament_workbook(played))
    rows = sheet_dicts(workbook[_("Hands")])
    assert len(rows) == HandScore.objects.filter(event=played).count()
    by_hand = Counter()
    for row in rows:
        by_hand[(row[pgettext("tournament", "Round")], row[_("Table")], row[_("Hand")])] += row[
            _("Score")
        ]
    assert len(by_hand) == Hand.objects.filter(table__round__event=played).count()
    assert set(by_hand.values()) == {0}


def test_hands_sheet_shows_the_stored_inputs_of_a_hand(played):
    hand = (
        Hand.objects.filter(table__round__event=played)
        .exclude(contract="")
        .select_related("taker", "dealer", "table__round")
        .first()
    )
    workbook = read_back(tournament_workbook(played))
    rows = [
        r
        for r in sheet_dicts(workbook[_("Hands")])
        if (r[pgettext("tournament", "Round")], r[_("Table")], r[_("Hand")])
        == (hand.table.round.number, hand.table.number, hand.number)
    ]
    scores = dict(hand.scores.values_list("player__name", "points"))
    assert {r[_("Player")]: r[_("Score")] for r in rows} == scores
    first = rows[0]
    assert first[_("Contract")] == hand.get_contract_display()
    assert first[_("Taker")] == hand.taker.name
    assert first[_("Dealer")] == hand.dealer.name
    assert first[_("Oudlers")] == hand.oudlers
    assert first[_("Points")] == float(hand.points)
    made = hand.scores.get(is_taker=True).contract_made
    assert first[_("Made")] == (_("yes") if made else _("no"))


def test_a_passed_hand_says_so(tournament, players, organiser, table4):
    save_hand(table=table4, hand=Hand(dealer=players[0]), user=organiser)
    workbook = read_back(tournament_workbook(tournament))
    rows = sheet_dicts(workbook[_("Hands")])
    assert len(rows) == 4
    assert {r[_("Contract")] for r in rows} == {_("passed")}
    assert {r[_("Score")] for r in rows} == {0}
    assert {r[_("Oudlers")] for r in rows} == {None}


def test_number_formats_of_scores_ranks_and_counts(played):
    workbook = read_back(tournament_workbook(played))
    ranking = workbook[_("Ranking")]
    header = [c.value for c in ranking[1]]
    assert ranking.cell(2, 1).number_format == INTEGER
    assert ranking.cell(2, header.index(_("Total")) + 1).number_format == SCORE
    assert ranking.cell(2, header.index(str(Round(number=1))) + 1).number_format == SCORE
    hands = workbook[_("Hands")]
    header = [c.value for c in hands[1]]
    assert hands.cell(2, header.index(_("Score")) + 1).number_format == SCORE
    assert hands.cell(2, header.index(_("Hand")) + 1).number_format == "General"
    assert isinstance(hands.cell(2, header.index(_("Score")) + 1).value, int)


def test_rules_sheet_lists_the_stored_rule_set(played):
    played.rules_json = {**played.rules_json, "rounding": 5}  # what the hands were scored with
    with translation.override("en"):  # the ranking order is read in English below
        workbook = read_back(tournament_workbook(played))
        rules = {
            row[0]: row[1] for row in workbook[_("Rules")].iter_rows(min_row=2, values_only=True)
        }
        assert rules[_("Event")] == "Open de Lyon"
        assert rules[_("Date")].date() == played.date
        assert rules[_("Club")] == played.club.name
        assert "tie-break 1, the best round" in rules[_("Ranking")]
        assert "tie-break 2, the contracts won as taker" in rules[_("Ranking")]
        assert rules["Rule set code"] == "fft"
    # In the reader's language (the stored JSON keys once showed, in English).
    rules = {
        row[0]: row[1]
        for row in read_back(tournament_workbook(played))[_("Rules")].iter_rows(
            min_row=2, values_only=True
        )
    }
    assert rules["Code des règles"] == "fft"
    assert rules["Scores arrondis à"] == 5
    assert rules["Valeur de base d'un contrat"] == 25
    assert rules["Multiplicateur · garde sans"] == 4
    assert rules["Valeurs des poignées (simple, double, triple)"] == "20, 30, 40"
    assert rules["Atouts montrés dans une poignée (simple, double, triple) · à 4 joueurs"] == (
        "10, 13, 15"
    )
    assert not [key for key in rules if "_" in key or "." in key]
    flat_keys = sum(
        len(v) if isinstance(v, dict) else 1 for v in played.rules_json.values() if v is not None
    )
    flat_keys += sum(1 for v in played.rules_json.values() if v is None)
    assert len(rules) == 5 + flat_keys


def test_team_event_has_a_team_column_and_a_team_sheet(played, players):
    played.team_size = 2
    played.save()
    team = Team.objects.create(event=played, name="Les Rois")
    Registration.objects.create(event=played, player=players[0], team=team)
    Registration.objects.create(event=played, player=players[1], team=team)
    workbook = read_back(tournament_workbook(played))
    assert _("Teams") in workbook.sheetnames
    ranking = {r[_("Player")]: r[_("Team")] for r in sheet_dicts(workbook[_("Ranking")])}
    assert ranking["Anne"] == ranking["Bruno"] == "Les Rois"
    teams = sheet_dicts(workbook[_("Teams")])
    totals = ledger_totals(played)
    assert teams[0][_("Total")] == totals[players[0].pk] + totals[players[1].pk]


def test_a_name_that_looks_like_a_formula_stays_text_even_once_edited(played, players):
    Player.objects.filter(pk=players[0].pk).update(name='=HYPERLINK("http://x","y")')
    Player.objects.filter(pk=players[1].pk).update(name="-1+2")
    workbook = read_back(tournament_workbook(played))
    for ws in workbook.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.value in ('=HYPERLINK("http://x","y")', "-1+2"):
                    assert cell.data_type == "s", ws.title
                    assert cell.quotePrefix, ws.title  # Excel keeps it text on an edit
    values = read_values(tournament_workbook(played))
    assert '=HYPERLINK("http://x","y")' in {row[_("Player")] for row in values[_("Ranking")]}


@pytest.mark.parametrize("hands_per_table", [2, 12])
def test_query_count_does_not_grow_with_the_hands(
    tournament, players, organiser, hands_per_table, django_assert_max_num_queries
):
    play(tournament, players, organiser, hands_per_table=hands_per_table)
    with django_assert_max_num_queries(8):
        workbook = read_back(tournament_workbook(tournament))
    assert workbook[_("Hands")].max_row == 1 + HandScore.objects.filter(event=tournament).count()


def test_response_is_an_xlsx_download(played):
    response = tournament_workbook(played).response()
    assert response["Content-Type"] == XLSX_CONTENT_TYPE
    assert response["Content-Disposition"].startswith("attachment;")
    assert response["Content-Disposition"] == (
        f'attachment; filename="open-de-lyon_2026-11-19_e{played.pk}.xlsx"; '
        f"filename*=utf-8''Open%20de%20Lyon_2026-11-19_e{played.pk}.xlsx"
    )
    body = b"".join(response.streaming_content)
    assert body[:2] == b"PK"
    assert int(response["Content-Length"]) == len(body)


def test_an_event_without_hands_exports_headers_only(tournament):
    workbook = read_back(tournament_workbook(tournament))
    assert workbook.sheetnames == [_("Ranking"), _("Hands"), _("Rules")]
    assert workbook[_("Hands")].max_row == 1
    assert workbook[_("Ranking")].auto_filter.ref.endswith("1")
