"""No peeking (tournaments.rules.board_visibility): while a published duplicate event
runs, nothing of a board some table has still to play (its marques, running totals,
places, who took, bonuses, or what its cards say in a preview) reaches anyone but the
organisers and the table entering it; a table enters nothing before its round opens;
once the board is complete, its traveller (bonuses included) and its deal are public.

Board 1 is played at one table of five: East takes a garde contre with 3 oudlers and
77 points, a petit au bout and a poignée: marques far from any other."""

from __future__ import annotations

import re
import uuid
from decimal import Decimal
from itertools import combinations

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Board, Event, Player, Round, SpecialResult, Table
from tournaments.rules.boards import trumps_dealt
from tournaments.selectors.access import SYSTEM
from tournaments.services.duplicate import set_table_scorekeepers
from tournaments.services.duplicate_results import set_special_result

from ..factories import logged_in, make_member
from .helpers import enter_board

# East: garde contre made by 41 with 3 oudlers -> (25 + 41) x 6 = 396 per defender, plus
# the petit au bout (10 x 6 = 60) and a poignée simple (20): 476 each, East +1428.
SECRET_RE = re.compile(r"(?<![\d.,])(1[\s\u00a0\u202f,.]?428|[-\u2212]476)(?![\d])")
SECRET_WORDS = ("garde contre", "petit au bout", "poignée")


def secret_in(html: str) -> list[str]:
    text = re.sub(r"<[^>]*>", " ", html)
    found = SECRET_RE.findall(text)
    return found + [word for word in SECRET_WORDS if word in text.lower()]


def play_secret(table: Table, user) -> None:
    east = table.seats.get(position=1).player_id
    enter_board(
        table,
        1,
        user,
        taker=1,
        contract="garde_contre",
        oudlers=3,
        points=Decimal(77),
        petit_au_bout="taker",
        poignees=[{"player": east, "size": "simple"}],
    )


def pass_board(table: Table, number: int, user) -> None:
    """Everybody passed: the one result no deal contradicts (the app dealt these)."""
    enter_board(table, number, user, contract="", taker_id=None, oudlers=0, points=Decimal(0))


@pytest.fixture
def running(seated_event, organiser) -> tuple[Event, Table]:
    seated_event.published = True
    seated_event.save()
    table = Table.objects.get(round__event=seated_event, round__number=1, board_set=1)
    play_secret(table, organiser)
    return seated_event, table


def public_urls(event: Event) -> list[tuple[str, dict]]:
    """Every public page of the event that could tell anything of a board: the player
    pages (plain, ?event=, htmx), the event's pages, the boards', the tables', the
    head-to-heads of every two players who ever share a table."""
    urls: list[tuple[str, dict]] = []
    players = list(Player.objects.filter(registrations__event=event))
    for player in players:
        url = reverse("player_public", args=[player.pk])
        urls += [
            (url, {}),
            (url + f"?event={event.pk}", {}),
            (url + f"?event={event.pk}", {"HTTP_HX_REQUEST": "true"}),
        ]
        urls.append((reverse("duplicate_player", args=[event.pk, player.pk]), {}))
    for name in (
        "duplicate_ranking",
        "duplicate_teams",  # a team match's (404 here); test_team_figures asks one
        "event_screen",
        "event_detail",
        "event_results",
        "event_chart",
    ):
        urls.append((reverse(name, args=[event.pk]), {}))
    for number in Board.objects.filter(event=event).values_list("number", flat=True):
        urls.append((reverse("duplicate_board", args=[event.pk, number]), {}))
    for table in Table.objects.filter(round__event=event):
        urls.append((reverse("table_public", args=[table.pk]), {}))
    met: set[tuple[int, int]] = set()
    for table in Table.objects.filter(round__event=event):
        ids = sorted(table.seats.values_list("player_id", flat=True))
        met.update(combinations(ids, 2))
    for a, b in sorted(met):
        urls.append((reverse("head_to_head", args=[a, b]), {}))
    return urls


def leaks(client: Client, event: Event) -> list[tuple[str, list[str]]]:
    found = []
    for url, headers in public_urls(event):
        response = client.get(url, follow=True, **headers)
        secret = secret_in(response.content.decode())
        if secret:
            found.append((url, secret))
    return found


# Near the quick loop's budget (tests/budget.py): some 270 public pages asked, every page of the
# event, its boards, tables and players and every head-to-head of players who met.
@pytest.mark.slow
def test_a_board_played_at_one_table_shows_nowhere_public(running, organiser):
    event, _table = running
    # The organisers do read it at once (the fixture holds the secret).
    insider = secret_in(
        logged_in(organiser).get(reverse("duplicate_board", args=[event.pk, 1])).content.decode()
    )
    assert insider
    assert leaks(Client(), event) == []


def test_once_complete_the_board_shows_its_traveller_bonuses_and_player_figures(running, organiser):
    event, table = running
    for other in Table.objects.filter(round__event=event, board_set=1).exclude(pk=table.pk):
        enter_board(other, 1, organiser)
    client = Client()
    board = client.get(reverse("duplicate_board", args=[event.pk, 1]))
    assert board.status_code == 200
    html = board.content.decode()
    assert html.count('id="line-table-') == 5
    assert "petit au bout" in html and "poignée simple" in html
    east = table.seats.get(position=1).player_id
    page = client.get(reverse("player_public", args=[east]) + f"?event={event.pk}")
    assert secret_in(page.content.decode())  # his running total now counts board 1


def test_the_deal_is_public_once_the_board_is_complete(dealt_event, organiser):
    Event.objects.filter(pk=dealt_event.pk).update(published=True)
    tables = list(
        Table.objects.filter(round__event=dealt_event, board_set=1).order_by("round__number")
    )
    url = reverse("duplicate_board", args=[dealt_event.pk, 1])
    client = Client()
    assert client.get(url).status_code == 404
    assert 'id="board-deal"' in logged_in(organiser).get(url).content.decode()
    for table in tables:
        pass_board(table, 1, organiser)
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="board-deal"' in html and 'id="deal-dog"' in html


# --- the round that is not open yet ------------------------------------------------------


def round2_table_playing(event: Event, number: int) -> Table:
    return Table.objects.select_related("round__event").get(
        round__event=event, round__number=2, board_set=(number + 1) // 2
    )


def test_a_table_whose_round_is_not_open_cannot_preview_nor_enter_a_board(
    dealt_event, dup_club, organiser
):
    Event.objects.filter(pk=dealt_event.pk).update(published=True)
    number = 1
    table = round2_table_playing(dealt_event, number)
    keeper = make_member("marqueur_r2", dup_club, role="scorekeeper")
    set_table_scorekeepers(by=SYSTEM, event=dealt_event, number=table.number, users=[keeper])
    seats = list(table.seats.order_by("position"))
    trumps = trumps_dealt(Board.objects.get(event=dealt_event, number=number).deal)
    short = next(s for s in seats if s.position != 2 and trumps[s.position] < 10)
    data = {
        "contract": "garde",
        "taker": seats[2].player_id,
        "oudlers": "2",
        "points": "50",
        f"poignee_{short.player_id}": "simple",
        "points_camp": "taker",
    }
    client = logged_in(keeper)
    preview = client.post(reverse("board_preview", args=[table.pk, number]), data)
    assert preview.status_code == 403
    assert "atout" not in preview.content.decode().lower()
    save = client.post(
        reverse("board_entry", args=[table.pk, number]),
        {**data, "submission_key": str(uuid.uuid4())},
    )
    assert save.status_code == 403
    assert not table.hands.exists()
    page = client.get(reverse("board_entry", args=[table.pk, number]))
    assert page.status_code == 302 and page.url == table.get_absolute_url()
    # Round 1 over (its last table's board settled by the organiser's ruling), round 2
    # opens: the preview scores what is typed (it never checks the cards, which only the
    # save does, audited), and the save is refused at the poignée's field.
    round1 = list(Table.objects.filter(round__event=dealt_event, round__number=1))
    for done in round1:
        for board in (done.board_set * 2 - 1, done.board_set * 2):
            if done == round1[-1] and board == done.board_set * 2:
                set_special_result(
                    by=SYSTEM,
                    board=Board.objects.get(event=dealt_event, number=board),
                    table=done,
                    kind=SpecialResult.Kind.NOT_PLAYED,
                )
            else:
                pass_board(done, board, organiser)
    preview = client.post(reverse("board_preview", args=[table.pk, number]), data)
    assert preview.status_code == 200
    assert not preview.context["form"].errors
    save = client.post(
        reverse("board_entry", args=[table.pk, number]),
        {**data, "submission_key": str(uuid.uuid4())},
    )
    assert save.status_code == 200
    assert f"poignee_{short.player_id}" in save.context["form"].errors
    assert not table.hands.exists()


def test_a_round_opens_once_every_board_of_the_round_before_is_entered(seated_event, organiser):
    from tournaments.selectors.board_visibility import round_is_open

    rounds = {r.number: r for r in Round.objects.filter(event=seated_event)}
    assert round_is_open(rounds[1]) and not round_is_open(rounds[2])
    boards = [
        (table, number)
        for table in Table.objects.filter(round=rounds[1])
        for number in (table.board_set * 2 - 1, table.board_set * 2)
    ]
    for table, number in boards[:-1]:
        enter_board(table, number, organiser)
    assert not round_is_open(rounds[2])
    enter_board(*boards[-1], organiser)
    assert round_is_open(rounds[2]) and not round_is_open(rounds[3])


def test_cached_pages_computed_with_a_hidden_board_are_renewed_when_it_completes(
    running, organiser, client
):
    from tournaments.views.cached import HEADER

    from ..cache.test_invalidation import fill, fresh

    event, table = running
    east, north = (table.seats.get(position=p).player_id for p in (1, 0))
    urls = [
        reverse("player_public", args=[east]) + f"?event={event.pk}",
        reverse("head_to_head", args=[east, north]),
        reverse("duplicate_ranking", args=[event.pk]),
    ]
    fill(client, urls)
    assert all(not secret_in(client.get(url).content.decode()) for url in urls)
    assert client.get(urls[0]).get(HEADER) == "hit"
    for other in Table.objects.filter(round__event=event, board_set=1).exclude(pk=table.pk):
        enter_board(other, 1, organiser)
    assert secret_in(fresh(client, urls[0]))  # his running total and contracts
    assert secret_in(fresh(client, urls[1]))  # who took, both scores
    assert "1" in fresh(client, urls[2])


def test_no_scorekeepers_page_carries_the_seed_or_a_card(dealt_event, dup_club):
    """The scorekeeper is one of the players: at every table of the open round, his board
    pages, their previews (a possible result and an impossible poignée) and his sheet
    name no card of any board and not the event's seed, which deals them all."""
    import json

    Event.objects.filter(pk=dealt_event.pk).update(published=True)
    boards = list(Board.objects.filter(event=dealt_event))
    hands = [json.dumps(b.deal[k])[1:-1] for b in boards for k in ("N", "E", "S", "W", "dog")]
    seed = str(dealt_event.seed)
    asked = 0
    for table in Table.objects.filter(round__event=dealt_event, round__number=1):
        keeper = make_member(f"marqueur_s{table.number}", dup_club, role="scorekeeper")
        set_table_scorekeepers(by=SYSTEM, event=dealt_event, number=table.number, users=[keeper])
        client = logged_in(keeper)
        seats = list(table.seats.order_by("position"))
        pages = [client.get(table.get_absolute_url())]
        for number in (table.board_set * 2 - 1, table.board_set * 2):
            pages.append(client.get(reverse("board_entry", args=[table.pk, number])))
            for poignee in ("", "triple"):
                data = {"contract": "garde", "taker": seats[2].player_id, "oudlers": "2",
                        "points": "50", "points_camp": "taker",
                        f"poignee_{seats[0].player_id}": poignee}  # fmt: skip
                pages.append(client.post(reverse("board_preview", args=[table.pk, number]), data))
        for page in pages:
            assert page.status_code == 200
            html = page.content.decode()
            assert seed not in html
            assert not [hand for hand in hands if hand in html]
            asked += 1
    assert asked == 5 * 7
