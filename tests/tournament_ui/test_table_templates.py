"""The big public tables write their rows in their own templates (templates/tables/
ranking.html...): what they print must be what django-tables2 prints from the same
columns through the site's table template (tables/responsive.html), cell for cell.
Each table is rendered both ways and compared."""

from __future__ import annotations

import re
from decimal import Decimal

import django_tables2 as tables
import pytest
from django.conf import settings
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation

from tournaments.models import Event
from tournaments.selectors.ranking import RankingRow
from tournaments.selectors.screen import ScreenLine
from tournaments.selectors.season import StandingLine
from tournaments.selectors.tournament import RankingLine
from tournaments.tables import RankingTable, SeasonRankingTable, configure
from tournaments.tables.links import url_maker, url_of
from tournaments.tables.screen import HallRankingTable

from ..factories import store_hand

GENERIC = settings.DJANGO_TABLES2_TEMPLATE


def _normalised(html: str) -> str:
    """White space next to a tag or inside one goes: the templates' layout."""
    html = re.sub(r"\s+", " ", html)
    html = re.sub(r"\s*([<>])\s*", r"\1", html)
    return re.sub(r"<(\w+) >", r"<\1>", html)


def _assert_same(table, request=None, rows: int | None = None) -> str:
    """The table through its own template and through the generic one: the same."""
    request = request or RequestFactory().get("/")
    own_template = table.template_name
    assert own_template != GENERIC
    own = _normalised(table.as_html(request))
    table.template_name = GENERIC
    generic = _normalised(table.as_html(request))
    table.template_name = own_template
    assert "<tbody" in own
    assert own == generic
    if rows is not None:
        assert own.count("<tr") == rows + 1  # and the header's
    return own


@pytest.mark.parametrize("page", ["tournament_ranking", "tournament_round_results"])
def test_tournament_ranking(client, played, page):
    event = played(2)
    Event.objects.filter(pk=event.pk).update(published=True)
    args = [event.pk] if page == "tournament_ranking" else [event.pk, 1]
    response = client.get(reverse(page, args=args))
    html = _assert_same(response.context["ranking"], rows=16)
    assert "score-pos" in html and "score-neg" in html


def _ranking_line(number: int, team: str | None, totals: dict[int, int]) -> RankingLine:
    row = RankingRow(number, f"Joueur <{number}>", "" if number == 2 else "Club & co", team)
    row.round_totals, row.total, row.rank = totals, sum(totals.values()), number
    return RankingLine(row, [totals.get(n) for n in (1, 2)])


@pytest.mark.parametrize("teams", [True, False])
def test_ranking_with_teams_missing_rounds_and_empty_values(db, teams):
    lines = [
        _ranking_line(1, "Équipe <A>", {1: 120, 2: -20}),
        _ranking_line(2, None, {2: -40}),  # no club, no team, round 1 not played
        _ranking_line(3, "", {1: 0}),  # a total of 0
    ]
    html = _assert_same(RankingTable(lines, numbers=[1, 2], teams=teams), rows=3)
    assert "Joueur &lt;1&gt;" in html and "Club &amp; co" in html
    assert ("Équipe &lt;A&gt;" in html) == teams


def test_empty_ranking(db):
    html = _assert_same(RankingTable([], numbers=[], teams=False), rows=1)
    assert "colspan" in html


def test_club_night_standings_sorted_and_paginated(client, club_night, table4, table5, organiser):
    Event.objects.filter(pk=club_night.pk).update(published=True)
    for _ in range(2):
        store_hand(table4, organiser)
        store_hand(table5, organiser)
    response = client.get(reverse("event_results", args=[club_night.pk]))
    table = response.context["standings"]
    _assert_same(table, rows=9)
    request = RequestFactory().get("/?sort=-total&page=2")
    table = configure(type(table)(list(table.data)), request)
    table.paginate(per_page=4, page=2)
    html = _assert_same(table, request, rows=4)
    assert 'class="pagination' in html and "sort=-total" in html


def test_player_events(client, club_night, table4, organiser, players):
    Event.objects.filter(pk=club_night.pk).update(published=True)
    store_hand(table4, organiser)
    response = client.get(reverse("player_public", args=[players[0].pk]))
    for language in ("fr", "en"):
        with translation.override(language):
            _assert_same(response.context["events_table"], rows=1)


def test_season_ranking(db):
    lines = [
        StandingLine(7, "Anne <A>", "Club & co", 1, 520, 4, 3, 300),
        StandingLine(8, "Bruno", "", 2, -40, 1, 1, -40),
    ]
    html = _assert_same(SeasonRankingTable(lines), rows=2)
    assert url_of("player_public", 7) in html
    _assert_same(SeasonRankingTable([]), rows=1)


@pytest.mark.parametrize("with_detail", [True, False])
def test_hall_ranking(db, with_detail):
    lines = [
        ScreenLine(1, "Anne <A>", "Club & co", 240),
        ScreenLine(2, "Bruno", "", 0),
        ScreenLine(None, "Chloé", "Lyon", Decimal("52.75")),  # no result yet
        ScreenLine(None, "David", "Lyon", "—"),  # a duplicate player without a result
    ]
    table = HallRankingTable(
        lines, detail_label="Club", total_label="Total", with_detail=with_detail
    )
    for language in ("fr", "en"):
        with translation.override(language):
            html = _assert_same(table, rows=4)
    assert ("Club &amp; co" in html) == with_detail


@pytest.mark.parametrize(
    ("viewname", "ids"),
    [
        ("player_public", [1]),
        ("player_public", [987_654_321]),
        ("head_to_head", [12, 3]),
        ("table_public", [45]),
        ("duplicate_board", [3, 12]),
    ],
)
def test_links_are_reverses(db, viewname, ids):
    for language in ("fr", "en"):
        with translation.override(language):
            assert url_of(viewname, *ids) == reverse(viewname, args=ids)
            # A page's many links to one view, from one pattern (tables.links.url_maker).
            assert url_maker(viewname, len(ids))(*ids) == reverse(viewname, args=ids)


def test_the_stock_tables_pagination_is_labelled_in_french(db):
    """The paginated stock tables (registrations, tournaments) said "Table
    navigation" in English to a French screen reader."""

    class Names(tables.Table):
        name = tables.Column()

    request = RequestFactory().get("/")
    table = Names([{"name": "Anne"}, {"name": "Bruno"}])
    tables.RequestConfig(request, paginate={"per_page": 1}).configure(table)
    with translation.override("fr"):
        html = table.as_html(request)
    assert 'aria-label="Navigation dans le tableau"' in html
    assert "Table navigation" not in html
    assert 'class="page-link"' in html and "suivant" in html.lower()


def _duplicate_rows():
    from tournaments.selectors.duplicate_ranking import DuplicateRow

    return [
        DuplicateRow(3, "Anne <A>", "Club & co", "Équipe <A>", result=Decimal("52.5"), rank=1),
        DuplicateRow(4, "Bruno", "", "", result=Decimal("-1.25"), rank=2, board_count=30),
        DuplicateRow(5, "Chloé", "Lyon", None, result=Decimal("0"), rank=3, board_count=1),
        DuplicateRow(6, "David", "Lyon", None, result=None, rank=4),  # no result yet
    ]


@pytest.mark.parametrize("team_size", [0, 4])
@pytest.mark.parametrize("average", [False, True])
def test_duplicate_ranking_and_teams(db, team_size, average):
    from types import SimpleNamespace

    from tournaments.selectors.duplicate_ranking import DuplicateTeamRow
    from tournaments.tables.duplicate import DuplicateRankingTable, DuplicateTeamTable

    event = SimpleNamespace(pk=12, team_size=team_size)
    rows = _duplicate_rows()
    teams = [
        DuplicateTeamRow("Équipe <A>", rows[:2], Decimal("25.63"), 1),
        DuplicateTeamRow("B & co", rows[2:], None, 2),
    ]
    for language in ("fr", "en"):
        with translation.override(language):
            html = _assert_same(DuplicateRankingTable(rows, event=event, average=average), rows=4)
            _assert_same(DuplicateTeamTable(teams, average=average), rows=2)
            _assert_same(DuplicateRankingTable([], event=event, average=average), rows=1)
            _assert_same(DuplicateTeamTable([], average=average), rows=0)
            link = reverse("duplicate_player", args=[12, 3])
            assert url_of("duplicate_player", 12, 3) == link
            assert f'href="{link}"' in html
    assert "Anne &lt;A&gt;" in html
    assert ("Équipe &lt;A&gt;" in html) == bool(team_size)
    assert ("+52.50" in html) == average and "-1.25" in html  # English, the last rendered


def test_contracts_and_partners(db):
    from tournaments.selectors.stats import ContractRow, PartnerRow
    from tournaments.tables.stats import ContractTable, PartnerTable

    contracts = [
        ContractRow("prise", "prise", 164, 103, 4702),
        ContractRow("garde", "garde <b>", 3, 0, -240),  # escaped, capitalised
        ContractRow("garde_sans", "garde sans", 1, 1, 0),
        ContractRow("garde_contre", "garde contre", 0, 0, 0),  # no rate: 0 %
    ]
    partners = [
        PartnerRow(7, "Anne <A>", 3, 1, -58),
        PartnerRow(987_654_321, "Bruno & co", 2, 2, 200),
        PartnerRow(9, "Chloé", 1, 0, 0),
    ]
    for language in ("fr", "en"):
        with translation.override(language):
            html = _assert_same(ContractTable(contracts), rows=4)
            assert 'id="contract-garde"' in html and "Garde &lt;b&gt;" in html
            assert "63 %" in html and "0 %" in html
            _assert_same(ContractTable([]), rows=0)  # no empty text
            html = _assert_same(PartnerTable(partners, table_id="partners-called"), rows=3)
            assert f'href="{reverse("player_public", args=[987_654_321])}"' in html
            assert "Anne &lt;A&gt;" in html and "score-neg" in html and "score-pos" in html
            _assert_same(PartnerTable([], table_id="partners-called-by"), rows=0)


def test_the_frame_refuses_a_table_it_would_draw_wrong(db):
    """templates/tables/frame.html draws no ordering link, no tables2 page and no footer:
    a table asking for one is an error (tables.common.FramedTable), not a table printed
    without it."""
    from tournaments.selectors.stats import PartnerRow
    from tournaments.tables.stats import PartnerTable

    rows = [PartnerRow(7, "Anne", 3, 1, -58)] * 3
    ordered = PartnerTable(rows, table_id="partners-called")
    ordered.orderable = True
    paged = PartnerTable(rows, table_id="partners-called")
    paged.paginate(per_page=2)

    class Footed(PartnerTable):
        hands = tables.Column(footer="9")

    footed = Footed(rows, table_id="partners-called")
    for table in (ordered, paged, footed):
        with pytest.raises(ValueError, match=r"frame\.html"):
            table.as_html(RequestFactory().get("/"))


def test_player_page_tables(client, club_night, table5, organiser, players):
    """The player page's contract and partner tables as the page builds them (a 5-player
    table: Fabien takes and calls Gaëlle), in both languages."""
    Event.objects.filter(pk=club_night.pk).update(published=True)
    fabien, gaelle = players[5], players[6]
    store_hand(table5, organiser, partner=gaelle)
    store_hand(table5, organiser, partner=gaelle, points=30)  # failed
    store_hand(table5, organiser, contract="prise", partner=gaelle, points=70)
    for player, called, called_by in ((fabien, 1, 0), (gaelle, 0, 1)):
        context = client.get(reverse("player_public", args=[player.pk])).context
        for language in ("fr", "en"):
            with translation.override(language):
                html = _assert_same(context["contract_table"], rows=len(context["contracts"]))
                assert ("contract-garde" in html) == (player == fabien)
                _assert_same(context["partners_called"], rows=called)
                _assert_same(context["partners_called_by"], rows=called_by)


@pytest.mark.parametrize("met", [True, False])
def test_head_to_head(db, met):
    from types import SimpleNamespace

    from tournaments.selectors.head_to_head import Encounter
    from tournaments.tables.stats import head_to_head_table

    h2h = SimpleNamespace(
        hands=193 if met else 0,
        a_total=-1687 if met else 0,
        b_total=2950 if met else 0,
        a_took=Encounter(35, 19, 1245, -293) if met else Encounter(0, 0, 0, 0),
        b_took=Encounter(44, 0, -1294, 3896) if met else Encounter(0, 0, 0, 0),
        partners=Encounter(6, 4, 0, 419) if met else Encounter(0, 0, 0, 0),
    )
    for language in ("fr", "en"):
        with translation.override(language):
            html = _assert_same(head_to_head_table(h2h, "Anne <A>", "L'autre & co"), rows=4)
            assert 'id="h2h-all" class="fw-bold even"' in html
            assert "Anne &lt;A&gt;" in html and "L&#x27;autre &amp; co" in html
            assert "—" in html


def test_round_progress(db, club):
    """The duplicate organiser's round table (its rows written out): names escaped, a seat
    without a player, a table with every board entered and one with none, in both
    languages (the West letter and the buttons' words)."""
    from tests.factories import make_event
    from tournaments.selectors.duplicate import SeatedPlayer
    from tournaments.selectors.duplicate_cards import TableRound
    from tournaments.tables.duplicate import RoundProgressTable

    event = make_event(club, kind=Event.Kind.DUPLICATE)
    names = ["Anne <A>", "Bruno & co", "Chloé d'Ô", None]
    players = [SeatedPlayer(i, name) if name else None for i, name in enumerate(names, 1)]
    rows = [
        TableRound(2, 41, 1, 3, range(7, 10), players, entered=3),
        TableRound(2, 987_654_321, 12, 4, range(10, 13), list(reversed(players)), entered=0),
    ]
    for language in ("fr", "en"):
        with translation.override(language):
            html = _assert_same(RoundProgressTable(rows, event=event), rows=2)
            assert 'id="round-2-table-12"' in html and "3/3" in html and "0/3" in html
            assert "Anne &lt;A&gt;" in html and "Bruno &amp; co" in html and "—" in html
            assert reverse("duplicate_traveller", args=[event.pk, 12]) in html
            assert reverse("board_next", args=[987_654_321]) in html
    _assert_same(RoundProgressTable([], event=event), rows=0)
