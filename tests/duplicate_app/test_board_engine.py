"""The board form's engine (rules/board_entry.py, run by the browser offline) answers
as the server's board preview does: same marques, same refusals (the form's, the named
taker's, the engine's, the cards') at the same fields in the same words. Here in the
server's Python, quickly; tests/browser/test_engine_parity.py runs it in Pyodide. And
the deal reaches only the page of the table entering the board."""

from __future__ import annotations

import json
import random

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments.forms.hand import HandForm
from tournaments.models import Board, Event, Table
from tournaments.rules.board_entry import score_board_fields
from tournaments.selectors.access import SYSTEM
from tournaments.services import duplicate as services
from tournaments.services.duplicate import set_table_scorekeepers
from tournaments.services.hands import table_seats
from tournaments.templatetags.hand_engine import ENGINE_DATA_ID, engine_page
from tournaments.views.duplicate_entry import _form

from ..factories import logged_in, make_club, make_member
from .board_forms import engine_board_answer, random_board_fields, server_board_answer
from .conftest import make_duplicate


def board_cases(club) -> list[tuple[Table, Board]]:
    """Round 1, table 1's two boards in three events: dealt by the app with the taker
    named (board 2 with its contract too), dealt with free bidding, dealt by hand."""
    cases = []
    for index, options in enumerate(
        (
            {"app_deals": True, "free_bidding": False},
            {"app_deals": True, "free_bidding": True},
            {"app_deals": False, "free_bidding": True},
        )
    ):
        # A club each: a club's players have names of their own.
        event = make_duplicate(
            club if index == 0 else make_club(f"Club {index}", f"c{index}"), **options
        )
        # Dealt from a fixed seed: the same cards at every run.
        Event.objects.filter(pk=event.pk).update(seed=2300 + index)
        event.refresh_from_db()
        services.seat_duplicate(by=SYSTEM, event=event, draw=False)
        Board.objects.filter(event=event, number=2).update(contract="garde")
        table = Table.objects.select_related("round__event").get(
            round__event=event, round__number=1, number=1
        )
        for board in Board.objects.filter(event=event, number__in=(1, 2)).select_related("event"):
            cases.append((table, board))
    return cases


@pytest.mark.slow  # every board form of an event through both engines: near the quick loop's budget
def test_board_forms_score_and_are_refused_as_the_server_does(dup_club):
    rng = random.Random(2323)
    valid = refused = 0
    codes: set[str] = set()
    with translation.override("fr"):
        for table, board in board_cases(dup_club):
            page = json.loads(json.dumps(engine_page(_form(table, board, None))))
            seats = table_seats(table)  # the same at each form: read once
            for _ in range(60):
                fields = random_board_fields(rng, table, board, seats=seats)
                server = server_board_answer(table, board, fields)
                assert engine_board_answer(score_board_fields(fields, page)) == server, fields
                valid += server["ok"]
                refused += not server["ok"]
                codes.update(server.get("errors", {}))
    assert valid >= 60 and refused >= 60, (valid, refused)
    # Refusals at the cards' fields too, not only the form's.
    assert {"oudlers", "points", "contract"} <= codes, codes
    assert any(name.startswith("poignee_") for name in codes), codes


def test_the_deal_is_in_no_page_not_even_the_table_entering_the_board(dup_club):
    """The scorekeeper is one of the players: the cards stay on the server, which checks
    a result against them when it is saved."""
    event = make_duplicate(dup_club, app_deals=True, free_bidding=False)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    keeper = make_member("marqueur_t1", dup_club, role="scorekeeper")
    other = make_member("marqueur_t2", dup_club, role="scorekeeper")
    set_table_scorekeepers(by=SYSTEM, event=event, number=1, users=[keeper])
    set_table_scorekeepers(by=SYSTEM, event=event, number=2, users=[other])
    round1 = Table.objects.filter(round__event=event, round__number=1)
    table1, table2 = round1.get(number=1), round1.get(number=2)
    board = Board.objects.get(event=event, number=table1.board_set * 2 - 1)
    dog = board.deal["dog"]

    response = logged_in(keeper).get(reverse("board_entry", args=[table1.pk, board.number]))
    assert response.status_code == 200
    page = engine_data(response.content.decode())
    assert page["board"]["deal"] is None
    assert json.dumps(dog)[1:-1].encode() not in response.content
    assert str(event.seed).encode() not in response.content
    assert page["board"]["named_taker"] == table1.seats.get(position=board.taker).player_id

    # The table of another set this round cannot open it: nothing of its cards.
    response = logged_in(other).get(reverse("board_entry", args=[table1.pk, board.number]))
    assert response.status_code in (302, 403, 404)
    assert json.dumps(dog)[1:-1].encode() not in response.content
    response = logged_in(other).get(reverse("board_entry", args=[table2.pk, board.number]))
    assert response.status_code == 404
    # Round 2's table 1 plays the board's set later: not open yet, sent back to its sheet.
    later = Table.objects.get(round__event=event, round__number=2, board_set=table1.board_set)
    set_table_scorekeepers(by=SYSTEM, event=event, number=later.number, users=[other])
    response = logged_in(other).get(reverse("board_entry", args=[later.pk, board.number]))
    assert response.status_code == 302
    # The free deal's hand form carries no board.
    assert "board" not in engine_page_of_free_form(table1)


def engine_data(html: str) -> dict:
    """The page's json_script for the engine."""
    after = html.split(f'id="{ENGINE_DATA_ID}"', 1)[1].split(">", 1)[1]
    return json.loads(after.split("</script>", 1)[0])


def engine_page_of_free_form(table: Table) -> dict:
    form = HandForm(table=table, seats=table_seats(table), rules=table.round.event.rules)
    return engine_page(form)
