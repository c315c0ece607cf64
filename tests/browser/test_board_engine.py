"""The duplicate board form's engine in the browser (Pyodide, js/engine.js) is the
server's: random board results, valid and refused, scored in Chromium by
rules/board_entry.py and by the server's board preview (views.duplicate_entry._preview)
give the same marques, or the same French messages at the same fields (the form's, the
board's named taker's, the engine's, the board's cards'). With the network cut, the
board form's preview and its refusals come from the engine (docs/OFFLINE_ENGINE.md)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from tests.conftest import PASSWORD
from tests.duplicate_app.board_forms import (
    engine_board_answer,
    random_board_fields,
    server_board_answer,
)
from tests.duplicate_app.conftest import make_duplicate
from tournaments.models import Board, Event, Membership, Table
from tournaments.selectors.access import SYSTEM
from tournaments.services import duplicate as services
from tournaments.services.hands import table_seats

from ..factories import make_club, make_member
from .conftest import choose, log_in
from .test_engine_parity import engine_ready

pytestmark = pytest.mark.slow


def seated(club, seed: int, **options: Any) -> Table:
    """Round 1's table 1 of a duplicate event (20 players), its boards dealt from `seed`
    (the same cards at every run)."""
    event = make_duplicate(club, **options)
    Event.objects.filter(pk=event.pk).update(seed=seed)
    event.refresh_from_db()
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    return Table.objects.select_related("round__event").get(
        round__event=event, round__number=1, number=1
    )


@pytest.fixture
def keeper(db):
    return make_member("marqueur_d", make_club("Club des étuis", "etuis"), role="scorekeeper")


def club_of(keeper, index: int):
    """The keeper's first club, or a new one he scores for (a club's players have names
    of their own: one event per club)."""
    if index == 0:
        return Membership.objects.get(user=keeper).club
    club = make_club(f"Club {index}", f"club{index}")
    Membership.objects.create(user=keeper, club=club, role="scorekeeper")
    return club


@pytest.fixture
def boards(keeper) -> list[tuple[Table, Board]]:
    """Table 1's two boards in three events: dealt by the app with the taker named
    (board 2 with its contract too), dealt with free bidding, dealt by hand."""
    cases = []
    for index, options in enumerate(
        (
            {"app_deals": True, "free_bidding": False},
            {"app_deals": True, "free_bidding": True},
            {"app_deals": False, "free_bidding": True},
        )
    ):
        table = seated(club_of(keeper, index), 2300 + index, **options)
        services.set_table_scorekeepers(
            by=SYSTEM, event=table.round.event, number=1, users=[keeper]
        )
        Board.objects.filter(event=table.round.event, number=2).update(contract="garde")
        for board in Board.objects.filter(event=table.round.event, number__in=(1, 2)):
            cases.append((table, Board.objects.select_related("event").get(pk=board.pk)))
    return cases


def open_board(page, table: Table, board: Board) -> None:
    url = reverse("board_entry", args=[table.pk, board.number])
    response = page.goto(url)
    assert response.status == 200 and page.url.endswith(url)
    engine_ready(page)


def test_random_board_results_score_and_are_refused_alike(phone, keeper, boards):
    rng = random.Random(2323)
    log_in(phone, keeper.username, PASSWORD)
    valid = refused = 0
    fields_refused: set[str] = set()
    # Both boards of the named-taker event, one of each other event (the other kind of
    # board): every shape of the board form, and one engine start per page (seconds of
    # CPU each) spent on 15 results rather than 10.
    for table, board in (boards[0], boards[1], boards[3], boards[4]):
        results = [random_board_fields(rng, table, board) for _ in range(15)]
        open_board(phone, table, board)
        in_browser = phone.evaluate(
            "forms => Promise.all(forms.map(f => window.tarotEngine.score(f)))", results
        )
        with translation.override("fr"):
            on_server = [server_board_answer(table, board, fields) for fields in results]
        for fields, browser, server in zip(results, in_browser, on_server, strict=True):
            assert engine_board_answer(browser) == server, fields
            valid += server["ok"]
            refused += not server["ok"]
            fields_refused.update(server.get("errors", {}))
    # Both kinds in number, or the comparison proves little. None by the cards: neither
    # preview checks them (the save does, on the server), and the page has no deal.
    assert valid >= 15 and refused >= 10, (valid, refused)
    assert len(fields_refused) >= 2, fields_refused


def _refused_at_the_points(table: Table, board: Board) -> tuple[dict[str, str], str]:
    """A result the engine refuses at the points (the server's own answer: 3 oudlers
    are worth 13.5 card points, more than the 10 typed), and its message."""
    taker = str(table_seats(table)[board.taker].player_id)
    fields = {"contract": "garde", "oudlers": "3", "points": "10", "taker": taker}
    with translation.override("fr"):
        answer = server_board_answer(table, board, {**fields, "points_camp": "taker"})
    assert list(answer.get("errors", {})) == ["points"], answer
    return fields, answer["errors"]["points"][0]


def test_the_board_preview_and_its_refusals_show_offline(phone, keeper, boards):
    table, board = boards[0]  # dealt, its taker named
    seats = table_seats(table)
    taker = seats[board.taker]
    refused_fields, message = _refused_at_the_points(table, board)
    log_in(phone, keeper.username, PASSWORD)
    open_board(phone, table, board)
    previews: list[str] = []
    phone.on("request", lambda r: previews.append(r.url) if "preview" in r.url else None)
    phone.context.set_offline(True)

    # The board names the taker: no button to choose him, the engine takes the board's.
    assert phone.locator("input[name=taker]:not([disabled])").count() == 0
    choose(phone, "contract", refused_fields["contract"])
    choose(phone, "oudlers", refused_fields["oudlers"])
    phone.fill("#id_points", refused_fields["points"])
    # The server's words (the inputs before the points are asked for the points first).
    expect(phone.locator("#err-points")).to_have_text(message)
    assert phone.locator("#preview #preview-errors a[href='#field-points']").count() == 1

    # A possible result: the marques come back, the taker's the others' times -3.
    with translation.override("fr"):
        for oudlers in "0123":
            fields = {**refused_fields, "oudlers": oudlers, "points": "56"}
            expected = server_board_answer(table, board, fields)
            if expected["ok"]:
                break
    assert expected["ok"], "no possible result to type"
    choose(phone, "oudlers", oudlers)
    phone.fill("#id_points", "56")
    scores = phone.locator("#preview #preview-scores[data-scored-by=browser]")
    # The last inputs' marques (the preview follows each input: 10 points first).
    taker_score = expected["scores"][taker.player_id]
    expect(scores.locator(f"[data-player='{taker.player_id}'] .score")).to_have_text(
        f"{taker_score:+d}" if taker_score else "0"
    )
    assert phone.locator("#err-points").inner_text() == ""
    shown = {
        int(row.get_attribute("data-player")): int(row.locator(".score").inner_text())
        for row in scores.locator("[data-player]").all()
    }
    assert shown == expected["scores"]
    assert shown[taker.player_id] == -3 * shown[seats[(board.taker + 1) % 4].player_id]
    assert "preneur" in scores.inner_text()
    assert previews == [], "offline, no preview request is even tried"
