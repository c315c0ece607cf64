"""A scorekeeper enters each board's result at his table on the phone form: every
integrity rule of a free deal applies, plus those of the board."""

from __future__ import annotations

import json
import uuid
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from tournaments.models import AuditEntry, Board, Event, Hand, HandScore, Seat, Table
from tournaments.rules.boards import trumps_dealt
from tournaments.selectors.access import SYSTEM
from tournaments.services.duplicate import set_table_scorekeepers
from tournaments.services.hands import save_hand
from tournaments.services.sheets import validate_sheet

from ..factories import logged_in, make_member
from .helpers import enter_board
from .test_board_engine import engine_data


@pytest.fixture
def keeper_of_dealt(dealt_event, dup_club):
    """The scorekeeper of table 1 at the event whose boards the app dealt."""
    user = make_member("marqueur_dealt", dup_club, role="scorekeeper")
    set_table_scorekeepers(by=SYSTEM, event=dealt_event, number=1, users=[user])
    return user


@pytest.fixture
def table1(seated_event) -> Table:
    return Table.objects.select_related("round__event").get(
        round__event=seated_event, round__number=1, number=1
    )


@pytest.fixture
def keeper(seated_event, dup_club):
    user = make_member("marqueur_t1", dup_club, role="scorekeeper")
    set_table_scorekeepers(by=SYSTEM, event=seated_event, number=1, users=[user])
    return user


def first_board(table: Table) -> int:
    return table.board_set * 2 - 1


def seats_of(table: Table) -> list[Seat]:
    return list(table.seats.select_related("player").order_by("position"))


def post_board(client, table: Table, number: int, **data) -> object:
    seats = seats_of(table)
    values = {
        "contract": "garde",
        "taker": str(seats[2].player_id),  # South takes
        "oudlers": "2",
        "points": "50",
        "points_camp": "taker",
        "submission_key": str(uuid.uuid4()),
    }
    values.update(data)
    return client.post(reverse("board_entry", args=[table.pk, number]), values)


def test_the_next_board_leads_to_the_first_board_of_the_set(table1, keeper):
    client = logged_in(keeper)
    response = client.get(reverse("board_next", args=[table1.pk]))
    assert response.url == reverse("board_entry", args=[table1.pk, first_board(table1)])
    page = client.get(response.url)
    assert page.status_code == 200
    html = page.content.decode()
    # Orientation labels and the board's dealer: the phone shows who sits where, West
    # as "O" (Ouest) on a French page.
    for seat in seats_of(table1):
        assert f"{'NESO'[seat.position]} · {seat.player.name}" in html
    assert 'id="board-dealer"' in html


def test_a_saved_board_writes_each_orientations_marque_and_moves_on(table1, keeper):
    number = first_board(table1)
    response = post_board(logged_in(keeper), table1, number)
    assert response.status_code == 302
    assert response.url == reverse("board_entry", args=[table1.pk, number + 1])
    hand = Hand.objects.get(table=table1)
    board = Board.objects.get(event=table1.round.event, number=number)
    assert hand.board == board and hand.number == number
    seats = seats_of(table1)
    assert hand.dealer_id == seats[board.dealer].player_id  # the board's dealer
    marques = dict(HandScore.objects.filter(hand=hand).values_list("player_id", "points"))
    # Garde, 2 oudlers, 50 points: (25 + 9) x 2 = 68 a defender, the taker +204.
    assert [marques[s.player_id] for s in seats] == [-68, -68, 204, -68]
    assert hand.entered_by == keeper and hand.history.count() == 1


def test_the_live_preview_shows_the_marque_of_each_orientation(table1, keeper):
    seats = seats_of(table1)
    response = logged_in(keeper).post(
        reverse("board_preview", args=[table1.pk, first_board(table1)]),
        {"contract": "garde", "taker": seats[2].player_id, "oudlers": "2", "points": "50"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-orientation="S"' in html and "+204" in html
    assert not Hand.objects.exists()


def test_a_double_tap_saves_the_board_once(table1, keeper):
    client = logged_in(keeper)
    key = str(uuid.uuid4())
    first = post_board(client, table1, first_board(table1), submission_key=key)
    second = post_board(client, table1, first_board(table1), submission_key=key)
    assert first.status_code == second.status_code == 302
    assert Hand.objects.filter(table=table1).count() == 1


def test_a_second_entry_of_the_same_board_shows_the_first_as_a_conflict(table1, keeper, organiser):
    number = first_board(table1)
    enter_board(table1, number, organiser)
    response = post_board(logged_in(keeper), table1, number)
    assert response.status_code == 409
    assert b'id="conflict"' in response.content
    assert Hand.objects.filter(table=table1).count() == 1


def test_a_board_of_another_set_is_not_found_at_this_table(table1, keeper):
    other = first_board(table1) + 2 if table1.board_set < 5 else 1
    response = logged_in(keeper).get(reverse("board_entry", args=[table1.pk, other]))
    assert response.status_code == 404


def test_the_free_deal_path_is_closed_at_a_duplicate_table(table1, keeper):
    client = logged_in(keeper)
    assert client.get(reverse("hand_new", args=[table1.pk])).url == reverse(
        "board_next", args=[table1.pk]
    )
    seats = seats_of(table1)
    hand = Hand(dealer_id=seats[0].player_id, contract="prise", taker_id=seats[1].player_id,
                oudlers=1, points=Decimal(60))  # fmt: skip
    with pytest.raises(PermissionDenied):
        save_hand(table=table1, hand=hand, user=keeper)


def test_editing_a_board_redirects_the_free_edit_and_keeps_the_version_lock(table1, keeper):
    number = first_board(table1)
    hand = enter_board(table1, number, keeper)
    client = logged_in(keeper)
    assert client.get(reverse("hand_edit", args=[hand.pk])).url == reverse(
        "board_entry", args=[table1.pk, number]
    )
    # An edit from the stored version 1 saves version 2; a second stale edit conflicts.
    assert post_board(client, table1, number, version="1", points="60").status_code == 302
    stale = post_board(client, table1, number, version="1", points="61")
    assert stale.status_code == 409
    hand.refresh_from_db()
    assert (hand.version, hand.points) == (2, Decimal(60))


def test_a_poignee_the_deal_makes_impossible_is_refused_at_the_field(dealt_event, organiser):
    table1 = Table.objects.get(round__event=dealt_event, round__number=1, number=1)
    number = first_board(table1)
    board = Board.objects.get(event=table1.round.event, number=number)
    trumps = trumps_dealt(board.deal)
    seats = seats_of(table1)
    # A defender who was dealt fewer than 10 trumps (the Excuse counted) cannot show one.
    short = next(s for s in seats if s.position != 2 and trumps[s.position] < 10)
    response = post_board(
        logged_in(organiser), table1, number, **{f"poignee_{short.player_id}": "simple"}
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert f"poignee_{short.player_id}" in errors
    assert not Hand.objects.filter(table=table1).exists()


def test_other_tables_scorekeepers_and_strangers_cannot_enter(table1, dup_club, stranger):
    other = make_member("marqueur_t2", dup_club, role="scorekeeper")
    set_table_scorekeepers(by=SYSTEM, event=table1.round.event, number=2, users=[other])
    for user in (other, stranger):
        assert post_board(logged_in(user), table1, first_board(table1)).status_code == 403
    assert not Hand.objects.exists()


def test_a_validated_sheet_takes_no_more_boards_from_its_scorekeeper(table1, keeper):
    number = first_board(table1)
    enter_board(table1, number, keeper)
    enter_board(table1, number + 1, keeper)
    validate_sheet(table=table1, user=keeper)
    response = post_board(logged_in(keeper), table1, number, version="1", points="70")
    assert response.status_code == 403


def test_a_sheet_with_fewer_boards_than_the_set_asks_for_confirmation(table1, keeper):
    from tournaments.errors import Refused
    from tournaments.services.sheets import DEAL_COUNT

    enter_board(table1, first_board(table1), keeper)
    with pytest.raises(Refused) as refused:
        validate_sheet(table=table1, user=keeper)
    assert refused.value.code == DEAL_COUNT


def test_my_tables_lists_a_duplicate_scorekeepers_rounds_in_playing_order(table1, keeper):
    response = logged_in(keeper).get(reverse("my_tables"))
    rounds = [table.round.number for table in response.context["tables"]]
    assert rounds == [1, 2, 3, 4, 5]
    assert reverse("board_next", args=[table1.pk]).encode() in response.content


def _impossible_poignee(event: Event) -> tuple[Table, int, Seat, list[int]]:
    """Table 1 of round 1, its first board, a defender dealt fewer than 10 trumps (the
    Excuse counted: he cannot show a simple poignée), and each orientation's trumps."""
    table = Table.objects.get(round__event=event, round__number=1, number=1)
    number = first_board(table)
    trumps = trumps_dealt(Board.objects.get(event=event, number=number).deal)
    short = next(s for s in seats_of(table) if s.position != 2 and trumps[s.position] < 10)
    return table, number, short, trumps


def test_the_live_preview_says_nothing_of_the_cards(dealt_event, keeper_of_dealt):
    """Asked again and again, a preview that checked the cards would tell a player the
    others' trumps and oudlers before play, with nothing written down: it scores what is
    typed, and only the save checks the cards."""
    table, number, short, _trumps = _impossible_poignee(dealt_event)
    seats = seats_of(table)
    response = logged_in(keeper_of_dealt).post(
        reverse("board_preview", args=[table.pk, number]),
        {
            "contract": "garde",
            "taker": seats[2].player_id,
            "oudlers": "2",
            "points": "50",
            f"poignee_{short.player_id}": "simple",
        },
    )
    assert response.status_code == 200
    assert response.context["preview"]["result"] is not None
    assert not response.context["form"].errors
    assert not AuditEntry.objects.filter(action=AuditEntry.Action.DEAL_REFUSED).exists()


def test_a_save_refused_by_the_cards_tells_no_count_and_is_audited(
    dealt_event, keeper_of_dealt, organiser
):
    table, number, short, trumps = _impossible_poignee(dealt_event)
    response = post_board(
        logged_in(keeper_of_dealt),
        table,
        number,
        **{f"poignee_{short.player_id}": "simple"},
    )
    assert response.status_code == 200
    errors = response.context["form"].errors[f"poignee_{short.player_id}"]
    assert errors == [
        "Cette poignée ne correspond pas à la donne de l’étui. Le refus est noté pour l’arbitre."
    ]
    page = response.content.decode()
    # Nothing of the deal: no count of trumps, no card, in the message or the page's data.
    assert str(dealt_event.seed) not in page
    assert "trumps" not in " ".join(errors) and not any(c.isdigit() for c in " ".join(errors))
    assert engine_data(page)["board"]["deal"] is None
    assert not Hand.objects.filter(table=table).exists()

    entry = AuditEntry.objects.get(action=AuditEntry.Action.DEAL_REFUSED)
    assert (entry.user, entry.event) == (keeper_of_dealt, dealt_event)
    # The arbiter reads, on the board's traveller, which table, when, and what the cards say.
    traveller = logged_in(organiser).get(
        reverse("duplicate_traveller", args=[dealt_event.pk, number])
    )
    refusals = traveller.content.decode().split('id="deal-refusals"', 1)[1].split("</ul>", 1)[0]
    letter = "NESO"[short.position]  # West is O (Ouest) in French
    assert "Table 1" in refusals and "marqueur_dealt" in refusals
    assert (
        f"{letter} a montré une poignée simple (10 atouts) et en avait reçu"
        f" {trumps[short.position]} " in refusals
    ), refusals


def test_the_board_page_carries_neither_the_seed_nor_any_hand(dealt_event, keeper_of_dealt):
    """The scorekeeper is one of the four players: his board page (its engine data
    included) names no card of the deal and not the seed that deals every board."""
    table = Table.objects.get(round__event=dealt_event, round__number=1, number=1)
    board = Board.objects.get(event=dealt_event, number=first_board(table))
    page = logged_in(keeper_of_dealt).get(reverse("board_entry", args=[table.pk, board.number]))
    html = page.content.decode()
    assert page.status_code == 200
    assert str(dealt_event.seed) not in html
    data = engine_data(html)
    assert data["board"]["deal"] is None
    # Not one hand's codes in a row (the dog's six would be the shortest).
    for hand in (board.deal[letter] for letter in ("N", "E", "S", "W", "dog")):
        assert json.dumps(hand) not in html and ", ".join(hand) not in html


def test_a_middle_board_deleted_is_entered_again_and_no_other_board_moves(dup_club):
    """A board's result is addressed by its board: deleting board 2 of a set of 3 leaves
    board 3 as board 3, and board 2 can be entered again (it answered 500 once the later
    results had been renumbered into its place)."""
    from tournaments.services.duplicate import seat_duplicate

    from .conftest import make_duplicate

    event = make_duplicate(dup_club, boards=3)
    seat_duplicate(by=SYSTEM, event=event, draw=False)
    table = Table.objects.select_related("round__event").get(
        round__event=event, round__number=1, number=1
    )
    keeper = make_member("marqueur_milieu", dup_club, role="scorekeeper")
    set_table_scorekeepers(by=SYSTEM, event=event, number=1, users=[keeper])
    first = first_board(table)
    for number in range(first, first + 3):
        enter_board(table, number, keeper, points=Decimal(40 + number))
    client = logged_in(keeper)
    middle = Hand.objects.get(table=table, board__number=first + 1)
    deleted = client.post(
        reverse("hand_delete", args=[middle.pk]),
        {"version": str(middle.version), "submission_key": str(uuid.uuid4())},
    )
    assert deleted.status_code == 302
    stored = {h.board.number: (h.number, h.points) for h in table.hands.select_related("board")}
    assert stored == {
        first: (first, Decimal(40 + first)),
        first + 2: (first + 2, Decimal(42 + first)),
    }

    again = post_board(client, table, first + 1, points="55")
    assert again.status_code == 302, again.content.decode()[:500]
    numbers = sorted((h.board.number, h.number) for h in table.hands.select_related("board"))
    assert numbers == [(n, n) for n in range(first, first + 3)]
    assert Hand.objects.get(table=table, board__number=first + 1).points == Decimal(55)
