"""A team match's figures on paper: the team match page (duplicate_teams) and the
workbook's sheet « Équipes par étui », read back cell by cell and checked against
figures worked out here from the stored hands' score rows (HandScore): each member's
marque on each board, the team's sum, its value on the team scale (matchpoints: 2 for
each other team's sum beaten, 1 for each tie, over 2 (n - 1); total: the sum itself),
a ruling's value and words, the running total and mean, and the session result, which
must be the ranking's. Both scales, both languages, and the public reads the complete
boards only.

The world: four quadrettes (A to D) in two rounds of boards 1-2 and 3-4. Round 1 is
played everywhere: on board 1 each table's taker makes or fails a garde by a margin of
its own, on board 2 every taker makes the same (every team's sum is 0: all tie); in
round 2 board 3 is entered at one table only, a garde contre with a petit au bout and
a poignée (test_no_peeking's secret marques, +1428 and -476), and board 4 nowhere. The
event is published.
"""

from __future__ import annotations

import io
import re
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from tournaments.exports.duplicate import duplicate_workbook
from tournaments.models import Board, Event, HandScore, Player, SpecialResult, Table
from tournaments.selectors.access import SYSTEM
from tournaments.selectors.duplicate_ranking import team_rows
from tournaments.selectors.duplicate_stored import completion, stored_ranking
from tournaments.services import duplicate as services
from tournaments.services.duplicate_results import set_special_result
from tournaments.services.hands import table_seats

from ..factories import logged_in, make_club
from .conftest import make_duplicate
from .helpers import enter_board
from .test_no_peeking import leaks, public_urls, secret_in
from .test_team_match import make_match, team_of
from .worlds import SharedWorld, with_organiser

NBSP = "\u00a0"


def build() -> dict:
    world = with_organiser({"dup_club": make_club("Tarot Club Duplicate", "dup")})
    organiser = world["organiser"]
    event = make_match(world["dup_club"], teams=4, rounds=2)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    tables = Table.objects.filter(round__event=event).select_related("round__event")
    for table in tables.filter(round__number=1).order_by("number"):
        seats = table_seats(table)
        for number in (1, 2):
            taker = seats[Board.objects.get(event=event, number=number).taker].player_id
            # Board 1: a margin of each table's own (made by 4 to 17, or failed by 3), the
            # four teams' sums apart; board 2: the same garde everywhere, every team's sum
            # 0 (its taker's gain at one table, its defenders' loss at the other): all tie.
            if number == 1:
                points = Decimal(38 + 7 * table.number - (12 if table.number == 3 else 0))
            else:
                points = Decimal(46)
            enter_board(table, number, organiser, taker_id=taker, points=points)
    secret = tables.filter(round__number=2).order_by("number").first()
    seats = table_seats(secret)
    taker = seats[Board.objects.get(event=event, number=3).taker].player_id
    enter_board(
        secret, 3, organiser, taker_id=taker, contract="garde_contre", oudlers=3,
        points=Decimal(77), petit_au_bout="taker", poignees=[{"player": taker, "size": "simple"}],
    )  # fmt: skip
    Event.objects.filter(pk=event.pk).update(published=True)
    event.refresh_from_db()
    world["event"] = event
    return world


# --- what the figures must be, from the score rows -------------------------------------


def half_up(value: Fraction) -> Decimal:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def ledger(event: Event, boards: set[int]) -> dict[int, dict[int, int]]:
    """Board -> player -> his marque, from the stored score rows of `boards`."""
    found: dict[int, dict[int, int]] = defaultdict(dict)
    rows = HandScore.objects.filter(hand__table__round__event=event, hand__board__number__in=boards)
    for number, player, points in rows.values_list("hand__board__number", "player", "points"):
        found[number][player] = points
    return found


def expected_figures(
    event: Event,
    boards: set[int],
    scale: str,
    rulings: dict[tuple[int, str], Fraction] | None = None,
) -> dict[str, dict]:
    """Team -> {"boards": board -> (members' marques, sum, value), "session": ...}: the
    sums added up here, the values compared here; `rulings` (board, team) -> the value
    a ruling gives the team there (its marques then count in no comparison)."""
    rulings = rulings or {}
    teams = team_of(event)
    marques = ledger(event, boards)
    figures: dict[str, dict] = {t: {"boards": {}} for t in sorted(set(teams.values()))}
    for number in sorted(boards):
        sums: dict[str, int] = defaultdict(int)
        for player, points in marques[number].items():
            sums[teams[player]] += points
        compared = {t: s for t, s in sums.items() if (number, t) not in rulings}
        for team in figures:
            if (number, team) in rulings:
                value = rulings[number, team]
            elif scale == "total":
                value = Fraction(compared[team])
            else:
                others = [s for t, s in compared.items() if t != team]
                points = sum(2 if compared[team] > s else 1 if compared[team] == s else 0
                             for s in others)  # fmt: skip
                value = Fraction(100 * points, 2 * len(others))
            members = {p: m for p, m in marques[number].items() if teams[p] == team}
            total = None if (number, team) in rulings else sums[team]
            figures[team]["boards"][number] = (members, total, value)
    for team in figures.values():
        values = [value for _m, _s, value in team["boards"].values()]
        team["session"] = sum(values, Fraction(0)) / (len(values) if scale != "total" else 1)
    return figures


# --- the page read back ------------------------------------------------------------------


def number(text: str) -> Decimal | None:
    """A figure as the page prints it, in either language: "66,67 %", "+1 428", "—"."""
    text = text.replace("%", "").replace("\u202f", "").replace(NBSP, "").replace(" ", "")
    if text in ("—", ""):
        return None
    return Decimal(text.replace(",", ".").replace("\u2212", "-"))


SECTION = re.compile(r'<section [^>]*data-team="([^"]+)">(.*?)</section>', re.S)
BOARD_ROW = re.compile(r'<tr id="team-\d+-board-(\d+)"[^>]*>(.*?)</tr>', re.S)
CELL = re.compile(r'<td class="[^"]*?([\w-]+)">(.*?)</td>', re.S)
# A member's span up to its own end: the next member's, or the cell's end.
MEMBER = re.compile(
    r'<span class="d-block member[^"]*"[^>]*>(.*?)</span>(?=<span class="d-block|</td>)', re.S
)
RESULT = re.compile(r'class="[^"]*team-result"[^>]*>(.*?)</td>', re.S)


def member(html: str) -> tuple[str, str]:
    """ "Joueur A1 : +240" as (name, marque), the colon as either language sets it."""
    name, _colon, marque = text(html).partition(NBSP + ":" if NBSP + ":" in text(html) else ":")
    return name.strip(), marque.strip()


def cells(html: str) -> dict[str, dict]:
    """Team -> {"boards": board -> {cell class: text, "members": [(name, text)]},
    "result": text}, from each team's section of the page."""
    teams: dict[str, dict] = {}
    for name, section in SECTION.findall(html):
        boards = {}
        for board, row in BOARD_ROW.findall(section):
            found: dict = {kind: text(cell) for kind, cell in CELL.findall(row)}
            found["members"] = [member(part) for part in MEMBER.findall(row)]
            boards[int(board)] = found
        result = RESULT.search(section)
        teams[unescape(name)] = {
            "boards": boards,
            "result": text(result.group(1)) if result else None,
        }
    return teams


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def check_page(page: dict[str, dict], expected: dict[str, dict], names: dict[int, str], mean: bool):
    assert set(page) == set(expected)
    for team, figures in expected.items():
        shown = page[team]["boards"]
        assert sorted(shown) == sorted(figures["boards"]), team
        running = Fraction(0)
        for count, (board, (members, total, value)) in enumerate(figures["boards"].items(), 1):
            row = shown[board]
            running += value
            assert number(row["team-sum"]) == total, (team, board, row)
            assert number(row["scale-value"]) == half_up(value), (team, board, row)
            assert number(row["running-sum"]) == half_up(running), (team, board, row)
            if mean:
                assert number(row["running-mean"]) == half_up(running / count), (team, board)
            else:
                assert "running-mean" not in row
            if total is not None:  # each member named with his marque, which sum to the total
                assert sorted((n, number(m)) for n, m in row["members"]) == sorted(
                    (names[p], Decimal(m)) for p, m in members.items()
                ), (team, board)
                assert sum(members.values()) == total
        assert number(page[team]["result"]) == half_up(figures["session"]), team
        last = shown[max(shown)]
        assert number(last["running-mean" if mean else "running-sum"]) == half_up(
            figures["session"]
        )


def ranking_results(event: Event, boards: set[int] | None) -> dict[str, Decimal]:
    return {t.name: t.result for t in team_rows(stored_ranking(event, boards=boards), event)}


class TestTeamFigures(SharedWorld):
    build = staticmethod(build)

    def url(self, event: Event, language: str = "fr") -> str:
        with translation.override(language):
            return reverse("duplicate_teams", args=[event.pk])

    def names(self, event: Event) -> dict[int, str]:
        return dict(Player.objects.filter(registrations__event=event).values_list("pk", "name"))

    def test_the_public_reads_each_teams_complete_boards_summed_and_compared(self, seated_event):
        event = seated_event
        complete = completion(event).complete
        assert complete == {1, 2}  # board 3 is entered at one table, board 4 nowhere
        response = Client().get(self.url(event))
        assert response.status_code == 200
        html = response.content.decode()
        expected = expected_figures(event, complete, "matchpoints")
        check_page(cells(html), expected, self.names(event), mean=True)
        # The teams in the ranking's order, with the ranking's figure: the public's
        # ranking page adds up the same boards.
        ranking = Client().get(reverse("duplicate_ranking", args=[event.pk]))
        ranked = [(t.name, t.result) for t in ranking.context["teams"]]
        shown = [(name, number(page["result"])) for name, page in cells(html).items()]
        assert shown == ranked
        assert ranked == sorted(ranked, key=lambda t: -t[1])
        assert dict(ranked) == ranking_results(event, complete)
        assert {t: half_up(f["session"]) for t, f in expected.items()} == dict(ranked)
        # Nothing of board 3 (played at one table) nor of board 4.
        assert 'data-board="3"' not in html and 'data-board="4"' not in html
        assert not secret_in(html)
        assert "Pas encore compté" not in html

    # test_no_peeking's sweep over this team match: every public page of the event, its
    # boards, tables, players and head-to-heads (some 150 pages asked), the team page
    # among them.
    @pytest.mark.slow
    def test_no_public_page_of_the_team_match_shows_the_board_played_at_one_table(
        self, seated_event
    ):
        urls = [url for url, _headers in public_urls(seated_event)]
        assert self.url(seated_event) in urls
        assert leaks(Client(), seated_event) == []

    def test_the_organisers_read_every_board_the_unfinished_one_not_counted(
        self, seated_event, organiser
    ):
        event = seated_event
        html = logged_in(organiser).get(self.url(event)).content.decode()
        assert secret_in(html)  # the board entered at one table: theirs to read
        page = cells(html)
        expected = expected_figures(event, {1, 2}, "matchpoints")
        for figures in page.values():
            rows = figures["boards"]
            if 3 in rows:  # the two teams of the table that entered it
                assert rows[3]["scale-value"] == "—" and rows[3]["team-sum"] == "—"
                assert "Pas encore compté" in rows[3]["team-ruling"]
                del rows[3]
        # Both teams of that table, each written twice: in its column, and under the
        # members where a phone hides that column.
        assert html.count("Pas encore compté") == 4
        check_page(page, expected, self.names(event), mean=True)
        assert {t: number(p["result"]) for t, p in page.items()} == ranking_results(event, None)

    def test_a_ruling_on_a_member_replaces_his_teams_result_in_words_and_value(
        self, seated_event, organiser
    ):
        """An average plus for one member of a team on board 1: his team gets 60 % there,
        and leaves the board's comparison (the three others are compared among
        themselves); in total +25 (rules.team_match)."""
        event = seated_event
        table = Table.objects.get(round__event=event, round__number=1, number=1)
        ruled = table_seats(table)[0].player_id
        team = team_of(event)[ruled]
        set_special_result(
            by=organiser,
            board=Board.objects.get(event=event, number=1),
            table=table,
            kind=SpecialResult.Kind.AVERAGE_PLUS,
            orientation=0,
        )
        name = self.names(event)[ruled]
        for language, words in (
            ("fr", f"Moyenne plus pour {name}, à la place du résultat de l’équipe"),
            ("en", f"Average plus for {name}, in place of the team's result"),
        ):
            html = Client().get(self.url(event, language)).content.decode()
            row = cells(html)[team]["boards"][1]
            assert row["team-ruling"] == words
            assert row["team-sum"] == "—"
            assert (name, "moyenne plus" if language == "fr" else "average plus") in row["members"]
        expected = expected_figures(event, {1, 2}, "matchpoints", {(1, team): Fraction(60)})
        check_page(cells(html), expected, self.names(event), mean=True)
        assert {t: number(p["result"]) for t, p in cells(html).items()} == ranking_results(
            event, {1, 2}
        )
        self.use_total(event, organiser)
        html = Client().get(self.url(event)).content.decode()
        expected = expected_figures(event, {1, 2}, "total", {(1, team): Fraction(25)})
        check_page(cells(html), expected, self.names(event), mean=False)
        assert cells(html)[team]["boards"][1]["scale-value"] == "+25,00"

    def use_total(self, event: Event, organiser) -> None:
        services.update_duplicate(
            by=organiser, event=event, name=event.name, date=event.date,
            rules_name=event.rules_name, rounds_planned=event.rounds_planned,
            boards_per_round=event.deals_per_round, comparison=Event.Comparison.DIFFERENCE,
            team_size=event.team_size, app_deals=event.app_deals,
        )  # fmt: skip
        event.refresh_from_db()

    def test_on_the_total_scale_a_board_counts_its_sum_and_the_session_adds_them(
        self, seated_event, organiser
    ):
        event = seated_event
        self.use_total(event, organiser)
        html = Client().get(self.url(event, "en")).content.decode()
        expected = expected_figures(event, {1, 2}, "total")
        check_page(cells(html), expected, self.names(event), mean=False)
        assert {t: number(p["result"]) for t, p in cells(html).items()} == ranking_results(
            event, {1, 2}
        )
        assert "Running mean" not in html and "Session result" in html
        assert "The session is the sum of the boards' results." in text(html)

    def test_french_and_english_words(self, seated_event):
        event = seated_event
        french = Client().get(self.url(event)).content.decode()
        english = Client().get(self.url(event, "en")).content.decode()
        assert "Les équipes étui par étui" in french and "Résultat de la séance" in french
        assert "Moyenne courante" in french and "moyenne des pourcentages" in french
        assert "Teams board by board" in english and "Session result" in english
        assert "Running mean" in english and "mean of the boards' percentages" in text(english)
        # A member named with his marque, the colon set as each language sets it.
        assert re.search(r"Joueur [A-D]\d\u00a0: <span class=\"marque", french)
        assert re.search(r"Joueur [A-D]\d: <span class=\"marque", english)
        assert re.search(r">\d+,\d\d\u202f%<", french) and not re.search(r"\d\.\d\d%", french)
        assert re.search(r">\d+\.\d\d%<", english)

    def test_the_ranking_and_the_organisers_pages_link_to_it(self, seated_event, organiser):
        url = self.url(seated_event)
        ranking = Client().get(reverse("duplicate_ranking", args=[seated_event.pk]))
        assert f'href="{url}" id="teams-board-link"' in ranking.content.decode()
        manage = logged_in(organiser).get(reverse("duplicate_manage", args=[seated_event.pk]))
        assert f'href="{url}"' in manage.content.decode()

    def test_the_workbook_sheet_holds_each_teams_boards_as_numbers(self, seated_event):
        event = seated_event
        expected = expected_figures(event, {1, 2}, "matchpoints")
        names = self.names(event)
        for language, title in (("fr", "Équipes par étui"), ("en", "Teams by board")):
            with translation.override(language):
                buffer = io.BytesIO()
                duplicate_workbook(event).write(buffer)
            book = load_workbook(io.BytesIO(buffer.getvalue()))
            assert title in book.sheetnames
        sheet = book["Teams by board"]
        header = [cell.value for cell in sheet[1]]
        assert header[:5] == ["Rank", "Team", "Board", "Player 1", "Marque 1"]
        assert header[11:] == [
            "Sum", "Percentage", "Ruling", "Running total", "Running mean", "Penalty",
            "Session result",
        ]  # fmt: skip
        lines = list(sheet.iter_rows(min_row=2, values_only=True))
        by_team: dict[str, list] = defaultdict(list)
        for line in lines:
            by_team[line[1]].append(line)
        ranking = ranking_results(event, None)
        assert [line[1] for line in lines] == sorted(
            (line[1] for line in lines), key=lambda t: (-ranking[t], t)
        )
        for team, rows in by_team.items():
            figures = expected[team]["boards"]
            running = Fraction(0)
            for count, line in enumerate(rows, 1):
                board = line[2]
                members = dict(zip(line[3:11:2], line[4:11:2], strict=True))
                if board == 3:  # entered at one table: not counted, said why
                    assert line[11] is None and line[12] is None
                    assert line[13].startswith("Not counted yet")
                    continue
                stored, total, value = figures[board]
                assert members == {names[p]: m for p, m in stored.items()}
                assert all(isinstance(m, int) for m in members.values())
                assert line[11] == total == sum(members.values())
                running += value
                assert line[12] == pytest.approx(float(value))
                assert line[14] == pytest.approx(float(running))
                assert line[15] == pytest.approx(float(running / count))
            assert rows[-1][17] == float(ranking[team])
            assert all(line[17] is None for line in rows[:-1])

    def test_a_team_penalty_is_listed_and_the_session_result_is_still_the_rankings(
        self, seated_event, organiser
    ):
        """20 % of a board off team B (services.penalties): the boards keep their values,
        the session is (the running sum - 20) / 2, as the ranking says."""
        from tournaments.models import Team
        from tournaments.services.penalties import give_penalty

        event = seated_event
        team = Team.objects.get(event=event, name="B")
        give_penalty(by=organiser, event=event, team=team, amount=Decimal(20), reason="bruit")
        html = Client().get(self.url(event)).content.decode()
        page = cells(html)
        expected = expected_figures(event, {1, 2}, "matchpoints")
        section = dict(SECTION.findall(html))["B"]
        assert "bruit" in text(re.search(r'<li class="team-penalty">(.*?)</li>', section, re.S)[1])
        values = [value for _m, _s, value in expected["B"]["boards"].values()]
        session = half_up((sum(values, Fraction(0)) - 20) / len(values))
        assert number(page["B"]["result"]) == session == ranking_results(event, {1, 2})["B"]
        assert number(page["B"]["boards"][2]["running-sum"]) == half_up(sum(values, Fraction(0)))
        assert list(page) == [t for t, _r in sorted(
            ranking_results(event, {1, 2}).items(), key=lambda item: (-item[1], item[0])
        )]  # fmt: skip

    def test_the_page_reads_a_fixed_number_of_queries(
        self, seated_event, organiser, django_assert_max_num_queries, uncached
    ):
        url = self.url(seated_event)
        for client in (Client(), logged_in(organiser)):
            with django_assert_max_num_queries(20):
                assert client.get(url).status_code == 200

    def test_not_a_team_match_answers_404(self, dup_club, organiser):
        event = make_duplicate(dup_club, players=8, rounds=2, boards=1)
        Event.objects.filter(pk=event.pk).update(published=True)
        url = self.url(event)
        assert Client().get(url).status_code == 404
        assert logged_in(organiser).get(url).status_code == 404
