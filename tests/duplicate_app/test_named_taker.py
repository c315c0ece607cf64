"""The taker named by the board (the federation's practice): each board
names the orientation that takes at every table; the phone form fixes that taker and
offers no "all passed", a line with another taker is refused at its field unless the
organiser enters it as a ruling (audited), the organiser may name another taker or
dealer until the board is played, and the boards, the form and the diagrams print it."""

from __future__ import annotations

import uuid
from collections import Counter
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from tournaments.errors import Refused
from tournaments.forms.duplicate import BoardHandForm
from tournaments.forms.hand_errors import hand_error_message
from tournaments.models import AuditEntry, Board, Hand, Table
from tournaments.rules.boards import first_after, takers
from tournaments.selectors.access import SYSTEM
from tournaments.selectors.duplicate import duplicate_data
from tournaments.services import duplicate as services
from tournaments.services.duplicate_results import NamedTakerRefused, save_board_result
from tournaments.services.hands import table_seats

from ..factories import logged_in, make_member
from .conftest import make_duplicate


@pytest.fixture
def named_event(dup_club):
    event = make_duplicate(dup_club, app_deals=False, free_bidding=False)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    return event


@pytest.fixture
def table1(named_event) -> Table:
    return Table.objects.select_related("round__event").get(
        round__event=named_event, round__number=1, number=1
    )


def board_of(table: Table, number: int) -> Board:
    board = Board.objects.get(event=table.round.event, number=number)
    board.event = table.round.event
    return board


def garde(taker_id: int | None, contract: str = "garde") -> Hand:
    return Hand(contract=contract, taker_id=taker_id, oudlers=2, points=Decimal(50))


def test_takers_are_spread_evenly_and_drawn_from_the_seed():
    named = takers(1234, 10)
    assert named == takers(1234, 10)  # a reprint names the same takers
    assert sorted(named[:4]) == sorted(named[4:8]) == [0, 1, 2, 3]
    assert max(Counter(named).values()) - min(Counter(named).values()) <= 1
    assert any(takers(seed, 8) != named[:8] for seed in range(5))


def test_the_first_player_follows_the_dealer():
    # Tarot turns to the right: N deals, W leads; W deals, S leads...
    assert [first_after(dealer) for dealer in (0, 3, 2, 1)] == [3, 2, 1, 0]


def test_seated_boards_name_their_takers(named_event):
    boards = list(named_event.boards.order_by("number"))
    assert [board.taker for board in boards] == takers(named_event.seed, len(boards))
    assert all(board.named_taker is not None for board in boards)


def test_the_boards_taker_is_saved(table1, organiser):
    number = table1.board_set * 2 - 1
    board = board_of(table1, number)
    seats = table_seats(table1)
    taker = seats[board.taker].player_id
    saved = save_board_result(table=table1, board=board, hand=garde(taker), user=organiser)
    assert saved.hand.taker_id == taker


def test_another_taker_is_refused_at_the_taker_field_in_french(table1):
    number = table1.board_set * 2 - 1
    board = board_of(table1, number)
    seats = table_seats(table1)
    other = seats[(board.taker + 1) % 4].player_id
    with pytest.raises(NamedTakerRefused) as refused:
        save_board_result(table=table1, board=board, hand=garde(other), user=SYSTEM)
    assert refused.value.field == "taker"
    assert not Hand.objects.filter(board=board).exists()


def test_all_passed_is_refused_at_the_contract_field(table1):
    board = board_of(table1, table1.board_set * 2 - 1)
    with pytest.raises(NamedTakerRefused) as refused:
        save_board_result(table=table1, board=board, hand=garde(None, ""), user=SYSTEM)
    assert refused.value.field == "contract"


def test_free_bidding_accepts_any_taker(dup_club, organiser):
    event = make_duplicate(dup_club, free_bidding=True)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    table = Table.objects.select_related("round__event").get(
        round__event=event, round__number=1, number=1
    )
    board = board_of(table, table.board_set * 2 - 1)
    other = table_seats(table)[(board.taker + 1) % 4].player_id
    saved = save_board_result(table=table, board=board, hand=garde(other), user=organiser)
    assert saved.hand.taker_id == other


def test_the_phone_form_fixes_the_taker_and_offers_no_pass(table1):
    board = board_of(table1, table1.board_set * 2 - 1)
    seats = table_seats(table1)
    form = BoardHandForm(
        board=board, table=table1, seats=seats, rules=table1.round.event.rules, instance=None
    )
    taker = seats[board.taker].player_id
    assert form.fields["taker"].disabled
    assert [value for value, _label in form.fields["taker"].choices] == [taker]
    assert "" not in [value for value, _label in form.fields["contract"].choices]


@override_settings(LANGUAGE_CODE="fr")
def test_the_phone_refuses_another_taker_in_french_at_the_field(table1, dup_club):
    keeper = make_member("marqueur_named", dup_club, role="scorekeeper")
    services.set_table_scorekeepers(by=SYSTEM, event=table1.round.event, number=1, users=[keeper])
    number = table1.board_set * 2 - 1
    board = board_of(table1, number)
    seats = table_seats(table1)
    client = logged_in(keeper)
    page = client.get(reverse("board_entry", args=[table1.pk, number]), HTTP_ACCEPT_LANGUAGE="fr")
    assert b'id="board-taker"' in page.content
    # A posted taker other than the board's (a page kept from before, a hand-made post)
    # is refused at the field: it was stored under the board's taker, silently.
    data = {
        "contract": "garde",
        "taker": str(seats[(board.taker + 1) % 4].player_id),
        "oudlers": "2",
        "points": "50",
        "points_camp": "taker",
        "submission_key": str(uuid.uuid4()),
    }
    url = reverse("board_entry", args=[table1.pk, number])
    response = client.post(url, data)
    assert response.status_code == 200
    [message] = response.context["form"].errors["taker"]
    assert message.startswith(f"La donne {number} désigne ") and "arbitre" not in message
    assert not Hand.objects.filter(board=board).exists()
    # The board's own taker posted, or none (the phone's form posts none): stored.
    for taker in (str(seats[board.taker].player_id), None):
        posted = {**data, "submission_key": str(uuid.uuid4())}
        if taker is None:
            del posted["taker"]
        else:
            posted["taker"] = taker
        Hand.objects.filter(board=board).delete()
        assert client.post(url, posted).status_code == 302
        assert Hand.objects.get(board=board).taker_id == seats[board.taker].player_id


def test_the_message_is_french():
    error = NamedTakerRefused("taker", "board_taker", "x", value=7, number=3, orientation="S")
    with translation.override("fr"):
        message = hand_error_message(error, {7: "N · Anne"})
    assert message.startswith("La donne 3 désigne S comme preneur, pas N · Anne")


def _grid(event, number, changes):
    data = {"submission_key": str(uuid.uuid4())}
    for line in duplicate_data(event).boards[number].lines:
        prefix = f"t{line.table_id}"
        data.update({f"{prefix}-contract": "", f"{prefix}-taker": "", f"{prefix}-points": ""})
    for table_id, values in changes.items():
        data.update({f"t{table_id}-{name}": value for name, value in values.items()})
    return data


def test_the_organiser_enters_another_taker_only_as_a_ruling(named_event, organiser_client):
    import io

    from openpyxl import load_workbook

    from tournaments.exports.duplicate import duplicate_workbook
    from tournaments.models.duplicate import orientation_letter

    board = Board.objects.get(event=named_event, number=1)
    line = duplicate_data(named_event).boards[1].lines[0]
    other = str((board.taker + 1) % 4)
    values = {"contract": "garde", "taker": other, "oudlers": "2", "points": "50"}
    url = reverse("duplicate_traveller", args=[named_event.pk, 1])
    refused = organiser_client.post(url, _grid(named_event, 1, {line.table_id: values}))
    assert refused.status_code == 200
    assert refused.context["forms"][0][1].errors["taker"]
    assert not Hand.objects.filter(board=board).exists()

    ruled = organiser_client.post(
        url, _grid(named_event, 1, {line.table_id: {**values, "ruling": "on"}})
    )
    assert ruled.status_code == 302
    hand = Hand.objects.get(board=board)
    assert table_seats(hand.table)[int(other)].player_id == hand.taker_id
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.RULING).latest("pk")
    with translation.override("en"):
        assert "instead of" in entry.details  # stored as codes, read in the reader's words
    # Written out where an arbiter checks it: the traveller's line and the workbook.
    letter = orientation_letter(int(other))
    page = organiser_client.get(url).content.decode()
    line_html = page.split(f'id="line-table-{line.table_number}"', 1)[1].split("</tr>", 1)[0]
    assert f"preneur par décision : {letter}" in line_html, line_html
    with translation.override("fr"):
        buffer = io.BytesIO()
        duplicate_workbook(named_event).write(buffer)
    travellers = load_workbook(io.BytesIO(buffer.getvalue())).worksheets[1]
    header = [cell.value for cell in travellers[1]]
    ruled_line = next(
        row
        for row in travellers.iter_rows(min_row=2, values_only=True)
        if row[0] == 1 and row[2] == line.table_number
    )
    named_letter = orientation_letter(board.taker)
    assert ruled_line[header.index("Décisions")] == (
        f"preneur par décision : {letter} au lieu de {named_letter}"
    )


def test_a_ruling_is_refused_to_a_scorekeeper(table1, dup_club):
    keeper = make_member("marqueur_ruling", dup_club, role="scorekeeper")
    services.set_table_scorekeepers(by=SYSTEM, event=table1.round.event, number=1, users=[keeper])
    board = board_of(table1, table1.board_set * 2 - 1)
    other = table_seats(table1)[(board.taker + 1) % 4].player_id
    with pytest.raises(PermissionDenied):
        save_board_result(table=table1, board=board, hand=garde(other), user=keeper, ruling=True)
    assert not Hand.objects.filter(board=board).exists()


def test_the_organiser_changes_taker_and_dealer_before_play_only(table1, organiser):
    board = board_of(table1, table1.board_set * 2 - 1)
    new_taker, new_dealer = (board.taker + 1) % 4, (board.dealer + 2) % 4
    services.set_board_roles(by=SYSTEM, board=board, taker=new_taker, dealer=new_dealer)
    board.refresh_from_db()
    assert (board.taker, board.dealer) == (new_taker, new_dealer)
    entry = AuditEntry.objects.filter(action=AuditEntry.Action.RULES).latest("pk")
    with translation.override("en"):
        assert entry.what == "Board 1" and "taker" in entry.details
    taker = table_seats(table1)[new_taker].player_id
    board.event = table1.round.event
    save_board_result(table=table1, board=board, hand=garde(taker), user=organiser)
    with pytest.raises(Refused):
        services.set_board_roles(by=SYSTEM, board=board, taker=board.dealer, dealer=new_taker)


def test_boards_and_diagrams_print_the_taker(named_event, organiser_client):
    board = Board.objects.get(event=named_event, number=1)
    page = organiser_client.get(reverse("duplicate_boards_print", args=[named_event.pk]))
    diagrams = organiser_client.get(reverse("duplicate_diagrams", args=[named_event.pk]))
    assert page.status_code == diagrams.status_code == 200
    letter = "NESW"[board.taker]
    text = page.content.decode()
    assert f'data-taker="{letter}"' in text.split('id="board-2"')[0]
    text = diagrams.content.decode()
    assert text.count('class="diagram"') == 4 * named_event.boards.count()
    assert f'data-taker="{letter}"' in text.split('id="diagram-2-N"')[0]
    # Blank diagrams: the 78 cards, none circled (the players circle theirs).
    first = text.split('id="diagram-1-N"')[1].split("</section>")[0]
    assert first.count("<td") == 78 and "card-held" not in first


def test_marked_diagrams_circle_the_cards_dealt(dup_club, organiser_client):
    event = make_duplicate(dup_club, app_deals=True, free_bidding=False)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    url = reverse("duplicate_diagrams", args=[event.pk]) + "?marked=1"
    text = organiser_client.get(url).content.decode()
    for letter in "NESW":
        diagram = text.split(f'id="diagram-1-{letter}"')[1].split("</section>")[0]
        assert diagram.count("<td") == 78
        assert diagram.count('class="card-held"') == 18


def test_the_organiser_may_fix_the_contract_too(table1, organiser, organiser_client):
    board = board_of(table1, table1.board_set * 2 - 1)
    services.set_board_roles(
        by=SYSTEM, board=board, taker=board.taker, dealer=board.dealer, contract="garde"
    )
    board = board_of(table1, board.number)
    taker = table_seats(table1)[board.taker].player_id
    with pytest.raises(NamedTakerRefused) as refused:
        save_board_result(table=table1, board=board, hand=garde(taker, "prise"), user=organiser)
    assert (refused.value.field, refused.value.code) == ("contract", "board_contract")
    form = BoardHandForm(
        board=board,
        table=table1,
        seats=table_seats(table1),
        rules=table1.round.event.rules,
        instance=None,
    )
    assert form.fields["contract"].disabled
    assert [value for value, _label in form.fields["contract"].choices] == ["garde"]
    page = organiser_client.get(reverse("duplicate_boards_print", args=[table1.round.event.pk]))
    section = page.content.decode().split(f'id="board-{board.number}"')[1].split("</section>")[0]
    assert 'class="board-contract">garde<' in section
    assert save_board_result(table=table1, board=board, hand=garde(taker), user=organiser).hand.pk


def test_a_contract_outside_the_rules_is_refused(table1):
    board = board_of(table1, 1)
    with pytest.raises(Refused) as refused:
        services.set_board_roles(by=SYSTEM, board=board, taker=0, dealer=0, contract="pousse")
    assert refused.value.field == "contract"


def test_the_public_board_page_and_the_workbook_name_the_taker_and_the_dealer(
    named_event, organiser
):
    """Once every table has played a board, its public page says, as its label does,
    who deals and which orientation takes; the workbook's travellers too, every line."""
    import io
    import re

    from openpyxl import load_workbook

    from tournaments.exports.duplicate import duplicate_workbook
    from tournaments.models.duplicate import Orientation, orientation_letter
    from tournaments.services.events import publish_event

    board = Board.objects.get(event=named_event, number=1)
    # Each table takes with the orientation the board names.
    for each in Table.objects.filter(round__event=named_event, board_set=1):
        seats = table_seats(each)
        save_board_result(
            table=each,
            board=board,
            hand=Hand(
                contract="garde", taker_id=seats[board.taker].player_id, oudlers=2, points=50
            ),
            user=organiser,
        )
    publish_event(by=organiser, event=named_event)
    with translation.override("en"):
        page = logged_in(None).get(
            reverse("duplicate_board", args=[named_event.pk, 1]), HTTP_ACCEPT_LANGUAGE="en"
        )
        html = page.content.decode()
        taker = re.search(r'id="board-taker">(.*?)</span>', html, re.S).group(1)
        dealer = re.search(r'id="board-dealer">(.*?)</span>', html, re.S).group(1)
        assert taker.strip() == f"taker {Orientation(board.taker).label}"
        # Both in words, alike ("dealer N · taker North" read as two ways of one thing).
        assert dealer.strip() == f"dealer {Orientation(board.dealer).label}"
        buffer = io.BytesIO()
        duplicate_workbook(named_event).write(buffer)
    book = load_workbook(io.BytesIO(buffer.getvalue()))
    travellers = book[book.sheetnames[1]]
    header = [cell.value for cell in travellers[1]]
    lines = [line for line in travellers.iter_rows(min_row=2, values_only=True) if line[0] == 1]
    assert len(lines) == 5
    with translation.override("en"):
        letters = (orientation_letter(board.dealer), orientation_letter(board.taker))
    for line in lines:
        assert (line[header.index("Dealer")], line[header.index("Named taker")]) == letters
