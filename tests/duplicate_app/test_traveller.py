"""The organiser's traveller: one line per table that plays a board, entered from paper
on a desktop grid, all or nothing, with the engine's marques and the comparison."""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest
from django.urls import reverse

from tournaments.models import Hand, Table
from tournaments.selectors.duplicate import duplicate_data

from ..factories import logged_in
from .helpers import enter_board
from .worlds import module_world

BOARD = 1

# Every test here starts from the seated event: built once for the module.
world, dup_club, duplicate_event, seated_event, organiser = module_world()


@pytest.fixture
def lines(seated_event) -> list:
    return duplicate_data(seated_event).boards[BOARD].lines


def grid(lines, **changes) -> dict:
    """A post of the grid with every line left as it is, then `changes` by table id."""
    data = {"submission_key": str(uuid.uuid4())}
    for line in lines:
        prefix = f"t{line.table_id}"
        data.update({f"{prefix}-contract": "", f"{prefix}-taker": "", f"{prefix}-points": ""})
    for table_id, values in changes.items():
        for name, value in values.items():
            data[f"t{table_id}-{name}"] = value
    return data


def line_values(taker: str, points: str, **more) -> dict:
    return {"contract": "garde", "taker": taker, "oudlers": "2", "points": points, **more}


def test_the_traveller_lists_one_line_per_table_that_plays_the_board(
    seated_event, lines, organiser_client
):
    response = organiser_client.get(reverse("duplicate_traveller", args=[seated_event.pk, BOARD]))
    assert response.status_code == 200
    # Five tables, five rounds: board 1's set is played once a round, at a different table.
    assert len(lines) == 5
    assert len({line.round_number for line in lines}) == 5
    assert response.content.count(b'id="line-table-') == 5


def test_paper_lines_are_saved_with_their_marques_and_percentages(
    seated_event, lines, organiser_client
):
    changes = {
        lines[0].table_id: line_values("0", "50"),
        lines[1].table_id: line_values("0", "40"),
        lines[2].table_id: line_values("0", "45"),
    }
    url = reverse("duplicate_traveller", args=[seated_event.pk, BOARD])
    response = organiser_client.post(url, grid(lines, **{str(k): v for k, v in changes.items()}))
    assert response.status_code == 302
    assert Hand.objects.filter(board__number=BOARD).count() == 3
    page = organiser_client.get(url)
    board = page.context["info"]
    north = [line.scores[0] for line in board.lines if line.result is not None]
    # North took at three tables: +204 (50 points), +174 (45), -156 (40): 100, 50, 0 %.
    assert sorted(s.value for s in north) == [Decimal(0), Decimal(50), Decimal(100)]


def test_one_wrong_line_saves_nothing_and_shows_the_error_at_its_cell(
    seated_event, lines, organiser_client
):
    changes = {
        str(lines[0].table_id): line_values("0", "50"),
        # 2 oudlers and 95 points: the engine refuses (card points 0 to 91).
        str(lines[1].table_id): line_values("1", "95"),
    }
    url = reverse("duplicate_traveller", args=[seated_event.pk, BOARD])
    response = organiser_client.post(url, grid(lines, **changes))
    assert response.status_code == 200
    assert not Hand.objects.exists()
    forms = dict((line.table_id, form) for line, form in response.context["forms"])
    assert "points" in forms[lines[1].table_id].errors
    assert not forms[lines[0].table_id].errors


def test_an_engine_refusal_at_one_line_rolls_back_the_others(seated_event, lines, organiser_client):
    changes = {
        str(lines[0].table_id): line_values("0", "50"),
        # 3 oudlers and 10 points: impossible (the oudlers alone are 13.5 points).
        str(lines[1].table_id): {**line_values("1", "10"), "oudlers": "3"},
    }
    url = reverse("duplicate_traveller", args=[seated_event.pk, BOARD])
    response = organiser_client.post(url, grid(lines, **changes))
    assert response.status_code == 200
    assert not Hand.objects.exists()
    forms = dict((line.table_id, form) for line, form in response.context["forms"])
    assert forms[lines[1].table_id].errors


def test_an_unchanged_line_is_not_saved_again_and_a_stale_one_conflicts(
    seated_event, lines, organiser, organiser_client
):
    table = Table.objects.get(pk=lines[0].table_id)
    enter_board(table, BOARD, organiser, points=Decimal(50))
    url = reverse("duplicate_traveller", args=[seated_event.pk, BOARD])
    page = organiser_client.get(f"{url}?edit={lines[0].table_number}")  # its Edit link
    form = dict((line.table_id, f) for line, f in page.context["forms"])[table.pk]
    unchanged = {name: form[name].value() for name in form.fields}
    unchanged = {k: "" if v is None else str(v) for k, v in unchanged.items()}
    response = organiser_client.post(url, grid(lines, **{str(table.pk): unchanged}))
    assert response.status_code == 302
    assert Hand.objects.get(table=table).version == 1
    # Someone edits the line meanwhile: a post from version 1 is refused.
    Hand.objects.filter(table=table).update(version=2)
    stale = {**unchanged, "points": "60"}
    response = organiser_client.post(url, grid(lines, **{str(table.pk): stale}))
    assert response.status_code == 200
    assert "a été modifiée par quelqu" in response.content.decode()  # « … d'autre »
    assert Hand.objects.get(table=table).points == Decimal(50)


def test_the_traveller_is_for_the_events_organisers(seated_event, dup_club, stranger):
    from ..factories import make_member

    url = reverse("duplicate_traveller", args=[seated_event.pk, BOARD])
    keeper = make_member("marqueur_x", dup_club, role="scorekeeper")
    for user in (keeper, stranger):
        assert logged_in(user).get(url).status_code == 403
    assert logged_in(None).get(url).status_code == 302


def test_correcting_an_entered_line_saves_it_and_keeps_its_history(
    seated_event, lines, organiser, organiser_client
):
    """Correcting a line entered before (on the phone or on this page) answered 500."""
    table = Table.objects.get(pk=lines[0].table_id)
    hand = enter_board(table, BOARD, organiser, points=Decimal(50))
    url = reverse("duplicate_traveller", args=[seated_event.pk, BOARD])
    page = organiser_client.get(url)
    assert page.status_code == 200
    changes = {str(table.pk): {**line_values("1", "60"), "version": str(hand.version)}}
    response = organiser_client.post(url, grid(lines, **changes))
    assert response.status_code == 302
    hand.refresh_from_db()
    assert (hand.points, hand.version, hand.number) == (Decimal(60), 2, BOARD)
    assert hand.board.number == BOARD and hand.dealer_id is not None
    assert hand.history.count() == 2


def test_a_stale_correction_is_a_conflict_not_an_error(
    seated_event, lines, organiser, organiser_client
):
    table = Table.objects.get(pk=lines[0].table_id)
    hand = enter_board(table, BOARD, organiser, points=Decimal(50))
    url = reverse("duplicate_traveller", args=[seated_event.pk, BOARD])
    changes = {str(table.pk): {**line_values("1", "60"), "version": str(hand.version)}}
    assert organiser_client.post(url, grid(lines, **changes)).status_code == 302
    # The same correction again, from a page opened before the first: version 1 is gone.
    stale = {str(table.pk): {**line_values("1", "70"), "version": str(hand.version)}}
    response = organiser_client.post(url, grid(lines, **stale))
    assert response.status_code == 200
    assert "reload the page" in response.content.decode() or "recharge" in response.content.decode()
    hand.refresh_from_db()
    assert hand.points == Decimal(60)


def test_an_entered_line_shows_in_words_and_its_edit_link_opens_its_form(
    seated_event, lines, organiser, organiser_client
):
    """An entered line is printed in words, not as a form (a form a line made the page
    slow); its "edit"
    link (no script needed) opens that line's form alone, whose correction saves."""
    table = Table.objects.get(pk=lines[0].table_id)
    hand = enter_board(table, BOARD, organiser, points=Decimal(50))
    url = reverse("duplicate_traveller", args=[seated_event.pk, BOARD])
    html = organiser_client.get(url).content.decode()
    entered, other = f't{table.pk}-contract"', f'data-fresh="t{lines[1].table_id}"'
    # The line not entered waits for the copy of the page's empty form.
    assert entered not in html and other in html and 'name="__prefix__-contract"' in html
    number = lines[0].table_number
    link = f'href="?edit={number}#line-table-{number}"'
    assert link in html and 'class="small entered-line"' in html
    opened = organiser_client.get(f"{url}?edit={number}")
    html = opened.content.decode()
    assert entered in html and f'name="t{table.pk}-version" value="{hand.version}"' in html
    assert organiser_client.get(f"{url}?edit=x").status_code == 200  # ignored, not a 500
    changes = {str(table.pk): {**line_values("1", "60"), "version": str(hand.version)}}
    response = organiser_client.post(f"{url}?edit={number}", grid(lines, **changes))
    assert response.status_code == 302
    hand.refresh_from_db()
    assert (hand.points, hand.version) == (Decimal(60), 2)


def test_a_refused_correction_keeps_the_line_open_with_its_error(
    seated_event, lines, organiser, organiser_client
):
    table = Table.objects.get(pk=lines[0].table_id)
    hand = enter_board(table, BOARD, organiser, points=Decimal(50))
    url = reverse("duplicate_traveller", args=[seated_event.pk, BOARD])
    wrong = {str(table.pk): {**line_values("1", "95"), "version": str(hand.version)}}
    response = organiser_client.post(url, grid(lines, **wrong))  # without ?edit=
    assert response.status_code == 200
    forms = dict((line.table_id, form) for line, form in response.context["forms"])
    assert forms[table.pk].open and "points" in forms[table.pk].errors
    assert 'value="95"' in response.content.decode()
