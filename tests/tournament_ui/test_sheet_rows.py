"""The score sheet's rows (templates/tournaments/scorekeeping/_sheet_rows.html, printed from
selectors.sheet's lines) read back cell by cell and checked against the database: each
hand's number, dealer, contract, taker, partner, made or failed, card points and details,
each player's score and running total summed here from the stored score rows, the row's
sum, and the links each role gets (edit and delete for who may edit, history for the
organiser), in both languages, at tables of 3, 4 and 5 players (called king, and the
dealer sitting out), with passed, failed, edited and unbalanced hands, bonuses and half
points."""

from __future__ import annotations

import re
from decimal import Decimal
from html import unescape

import pytest
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.models import Hand, HandScore, Table
from tournaments.services.hands import save_hand

from ..factories import logged_in, make_table, seated, store_hand


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _rows(html: str) -> dict[int, list[str]]:
    """The wide rows of the sheet's table body: hand number -> the HTML of each cell."""
    body = re.search(r'<table [^>]*id="score-sheet">.*?<tbody>(.*?)</tbody>', html, re.S)
    assert body, "no score sheet"
    rows = {}
    for number, row in re.findall(r'<tr id="hand-(\d+)">(.*?)</tr>', body.group(1), re.S):
        rows[int(number)] = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
    return rows


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points)


def _expected_rows(table: Table, *, can_edit: bool, organiser: bool) -> dict[int, list]:
    """What each wide row must say, from the stored hand and its score rows: its words
    translated in the active language, the scores and totals summed here."""
    players = [seat.player for seat in table.seats.select_related("player").order_by("position")]
    partner_column = len(players) == 5 and table.five_mode == Table.FiveMode.CALLED_KING
    running = dict.fromkeys((player.pk for player in players), 0)
    expected = {}
    hands = Hand.objects.filter(table=table).select_related("dealer", "taker", "partner")
    ledger: dict[int, dict[int, tuple[int, bool | None]]] = {}
    rows = HandScore.objects.filter(hand__table=table)
    for hand_id, player_id, points, made in rows.values_list(
        "hand", "player", "points", "contract_made"
    ):
        ledger.setdefault(hand_id, {})[player_id] = (points, made)
    for hand in hands.order_by("number"):
        stored = ledger.get(hand.pk, {})
        scores = {player_id: points for player_id, (points, _made) in stored.items()}
        made = stored[hand.taker_id][1] if hand.taker_id in stored else None
        passed = not hand.contract
        cells = [
            str(hand.number),
            hand.dealer.name if hand.dealer_id else "—",
            _("all passed") if passed else hand.get_contract_display(),
            hand.taker.name if hand.taker_id else "—",
        ]
        if partner_column:
            cells.append("—" if passed else (hand.partner.name if hand.partner_id else _("alone")))
        cells.append("—" if made is None else _("made") if made else _("failed"))
        cells.append("—" if passed else floatformat(hand.points, "-1"))
        cells.append(None)  # the details: checked hand by hand in the tests
        for player in players:
            points = scores.get(player.pk)
            running[player.pk] += points or 0
            shown = "·" if points is None else _signed(points)
            cells.append(f"{shown} {running[player.pk]}")
        cells.append(str(sum(scores.values())))
        links = []
        if can_edit:
            links += [
                (reverse("hand_edit", args=[hand.pk]), _("Edit")),
                (reverse("hand_delete", args=[hand.pk]), _("Delete")),
            ]
        if organiser:
            links.append((reverse("hand_history", args=[hand.pk]), _("History")))
        expected[hand.number] = [cells, links]
    return expected


def _check_sheet(user, table: Table, hands: int, *, can_edit: bool, organiser: bool) -> dict:
    """The sheet as `user` reads it, each row checked against the database in French and
    in English; returns the French rows' cells (HTML), for the tests' own checks."""
    client = logged_in(user)
    french = {}
    for language in ("fr", "en"):
        with translation.override(language):
            response = client.get(
                reverse("table_sheet", args=[table.pk]), HTTP_ACCEPT_LANGUAGE=language
            )
            assert response.status_code == 200
            html = response.content.decode()
            rows = _rows(html)
            expected = _expected_rows(table, can_edit=can_edit, organiser=organiser)
            assert sorted(rows) == sorted(expected) and len(rows) == hands
            for number, cells in rows.items():
                words, links = expected[number]
                shown = [_text(cell) for cell in cells]
                if links:
                    found = re.findall(r'<a [^>]*href="([^"]+)"[^>]*>([^<]+)</a>', cells[-1])
                    assert [(url, unescape(word).strip()) for url, word in found] == links, (
                        number,
                        cells[-1],
                    )
                    shown = shown[:-1]
                assert len(shown) == len(words), (number, shown, words)
                for i, (got, want) in enumerate(zip(shown, words, strict=True)):
                    if want is not None:
                        assert got == want, (language, number, i, shown, words)
                # An unbalanced hand's sum is marked, on the wide row and on the summary.
                row = re.search(rf'<tr id="hand-{number}">(.*?)</tr>', html, re.S).group(1)
                unbalanced = words[-1] != "0"
                assert ('zero-check check-bad"' in row) == unbalanced, (number, row)
                # The summary row a phone shows above: the same hand, the same links.
                summary = re.search(rf'<tr [^>]*id="summary-{number}">(.*?)</tr>', html, re.S)
                assert summary and _text(summary.group(1)).startswith(f"{number}.")
                assert ('class="check-bad"' in summary.group(1)) == unbalanced
                for url, _word in links:
                    assert f'href="{url}"' in summary.group(1)
            if not any(links for _cells, links in expected.values()):
                assert "/edit/" not in html.split('id="score-sheet"', 1)[1]
            if language == "fr":
                french = rows
    return french


@pytest.fixture
def four(table4, organiser) -> Table:
    """Every kind of row at a table of 4: a garde made, one failed with a petit au bout
    to the defence and a poignée, a garde with 3 oudlers, a passed hand, a hand
    edited after it was saved, an unbalanced hand (the ledger touched by hand: a score
    over 1,000, another one missing)."""
    anne, bruno, chloe, david = seated(table4)
    store_hand(table4, organiser)
    store_hand(
        table4,
        organiser,
        points=40,
        petit_au_bout="defence",
        poignees=[{"player": anne.pk, "size": "simple"}],
    )
    store_hand(table4, organiser, taker=chloe, oudlers=3, points=90)
    store_hand(table4, organiser, contract="")
    edited = store_hand(table4, organiser, taker=anne)
    edited.taker, edited.contract, edited.points = bruno, "garde_sans", Decimal(71)
    save_hand(table=table4, hand=edited, user=organiser, expected_version=edited.version)
    unbalanced = store_hand(
        table4, organiser, oudlers=3, points=91, chelem_announced=True, chelem_made_by="taker"
    )
    HandScore.objects.filter(hand=unbalanced, player=bruno).update(points=1241)
    HandScore.objects.filter(hand=unbalanced, player=david).delete()  # a cell without score
    return table4


@pytest.mark.parametrize("validated", [False, True])
def test_table_of_four_for_each_role(four, organiser, scorekeeper, federation, validated):
    if validated:
        Table.objects.filter(pk=four.pk).update(validated_at=timezone.now())
    # The scorekeeper edits an open sheet (no history link) and reads a validated one
    # only; the organiser, and the federation (organiser of every club), edit it open or
    # validated and read the history.
    for user, can_edit, is_organiser in (
        (scorekeeper, not validated, False),
        (organiser, True, True),
        (federation, True, True),
    ):
        rows = _check_sheet(user, four, hands=6, can_edit=can_edit, organiser=is_organiser)
    anne = seated(four)[0]
    details = {number: _text(cells[6]) for number, cells in rows.items()}
    assert details[1] == "2 bouts" and details[3] == "3 bouts" and details[4] == "—"
    assert details[2].startswith("2 bouts") and anne.name in details[2]  # and the poignée
    assert "score-neg" in rows[2][4] and "score-pos" in rows[1][4]  # failed, made
    assert 'class="text-muted">·' in "".join(rows[6]) and "+1241" in "".join(rows[6])
    assert _text(rows[6][-2]) != "0"  # the unbalanced hand's sum


def test_table_of_five_called_king(table5, organiser, other_scorekeeper):
    emma, fabien, _gaelle, hugo, _ines = seated(table5)
    store_hand(table5, organiser, taker=fabien, partner=hugo, points=Decimal("40.5"))
    store_hand(
        table5, organiser, taker=fabien, partner=None, oudlers=0, points=0, chelem_made_by="defence"
    )
    store_hand(table5, organiser, contract="")
    store_hand(table5, organiser, poignees=[{"player": emma.pk, "size": "double"}])
    for user, is_organiser in ((other_scorekeeper, False), (organiser, True)):
        rows = _check_sheet(user, table5, hands=4, can_edit=True, organiser=is_organiser)
    assert _text(rows[1][4]) == "Hugo" and _text(rows[1][6]) == "40,5"
    assert _text(rows[3][4]) == "—"  # no partner on a passed hand


def test_table_of_five_dealer_out_and_of_three(night_round, players, organiser, scorekeeper):
    five = make_table(
        night_round,
        players[:5],
        number=3,
        five_mode=Table.FiveMode.DEALER_OUT,
        scorekeepers=[scorekeeper],
    )
    three = make_table(night_round, players[5:8], number=4, scorekeepers=[scorekeeper])
    for table in (five, three):
        sitting = seated(table)
        for deal in range(3):
            store_hand(table, organiser, dealer=sitting[deal], taker=sitting[(deal + 1) % 3])
        if table == three:  # half points, at 3 as at 5
            store_hand(table, organiser, points=Decimal("52.5"))
        for user, is_organiser in ((scorekeeper, False), (organiser, True)):
            rows = _check_sheet(
                user, table, hands=3 + (table == three), can_edit=True, organiser=is_organiser
            )
        # No partner column at 5 with the dealer out, nor at 3: seven columns of the
        # hand's own, one score cell a player, the sum and the links.
        assert all(len(cells) == 7 + len(sitting) + 2 for cells in rows.values())
    assert _text(rows[4][5]) == "52,5"  # half points, in French


def test_empty_sheet(table4, scorekeeper):
    client = logged_in(scorekeeper)
    for language in ("fr", "en"):
        with translation.override(language):
            response = client.get(
                reverse("table_sheet", args=[table4.pk]), HTTP_ACCEPT_LANGUAGE=language
            )
            body = re.search(
                r'id="score-sheet">.*?<tbody>(.*?)</tbody>', response.content.decode(), re.S
            )
            assert _rows(response.content.decode()) == {}
            # Four players and eleven columns of a hand's own.
            assert 'colspan="15"' in body.group(1)
            assert _text(body.group(1)) == _("No hand yet.")
