"""The organiser's traveller prints every kind of line (entered with every bonus, all
passed, a ruling, fouled, open for a correction, not entered yet, with field errors),
in French and in English, bidding freely or with the board's taker, in percentages or
in differences; the lines nobody entered share one empty form the page's script
copies, and each opens its own form from its link."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments.models import Board, Event, SpecialResult, Table
from tournaments.selectors.access import SYSTEM
from tournaments.services import duplicate as services
from tournaments.services.duplicate_results import set_special_result
from tournaments.services.hands import table_seats

from ..tournament_ui.test_table_templates import _normalised
from .conftest import make_duplicate
from .helpers import enter_board

BOARD = 1


def _tbody(html: str) -> str:
    return re.search(r'<table [^>]*id="traveller">.*?<tbody>(.*?)</tbody>', html, re.S).group(1)


def _same_text(html: str) -> str:
    # A value escaped by Django (an apostrophe as &#x27;) and a word {% translate %}
    # prints as it is read the same in a browser.
    return _normalised(html.replace("&#x27;", "'"))


def _event(club, *, free_bidding: bool, comparison: str) -> Event:
    event = make_duplicate(club, free_bidding=free_bidding, comparison=comparison)
    services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    return event


def _every_kind_of_line(event: Event, organiser) -> list[Table]:
    """Board 1 at its five tables: entered with every bonus, all passed, a ruling for
    the whole table, fouled after an entry, and one left to enter."""
    board = Board.objects.get(event=event, number=BOARD)
    board.event = event
    taker = board.named_taker if board.named_taker is not None else 2
    tables = [
        t
        for t in Table.objects.filter(round__event=event).order_by("round__number", "number")
        if BOARD in _numbers(t)
    ]
    first, second, third, fourth, _left = tables
    seats = table_seats(first)
    enter_board(
        first,
        BOARD,
        organiser,
        taker=taker,
        points=Decimal(56),
        petit_au_bout="taker",
        poignees=[{"player": seats[0].player_id, "size": "double"}],
        chelem_announced=True,
        chelem_made_by="",
    )
    enter_board(second, BOARD, organiser, taker=taker, points=Decimal(40), oudlers=1)
    set_special_result(by=organiser, board=board, table=third, kind=SpecialResult.Kind.NOT_PLAYED)
    enter_board(fourth, BOARD, organiser, taker=taker, points=Decimal(30))
    set_special_result(by=organiser, board=board, table=fourth, kind=SpecialResult.Kind.FOULED)
    set_special_result(
        by=organiser,
        board=board,
        table=second,
        kind=SpecialResult.Kind.AVERAGE_PLUS,
        orientation=1,
    )
    return tables


def _numbers(table: Table) -> list[int]:
    from tournaments.models.duplicate import boards_of_set

    return list(boards_of_set(table.board_set, table.round.event.deals_per_round or 1))


@pytest.mark.parametrize(
    ("free_bidding", "comparison"),
    [(True, Event.Comparison.MATCHPOINTS), (False, Event.Comparison.DIFFERENCE)],
)
def test_the_lines_print_every_kind_of_line_in_both_languages(
    dup_club, organiser, organiser_client, free_bidding, comparison
):
    event = _event(dup_club, free_bidding=free_bidding, comparison=comparison)
    tables = _every_kind_of_line(event, organiser)
    words = {
        "fr": ("1 bout", "Modifier", "Saisir"),
        "en": ("1 oudler", "Edit", "Enter"),
    }
    for language in ("fr", "en"):
        with translation.override(language):  # English pages live under /en/
            url = reverse("duplicate_traveller", args=[event.pk, BOARD])
            # Entered lines in words, one opened for a correction (its Edit link).
            response = organiser_client.get(
                f"{url}?edit={tables[0].number}", HTTP_ACCEPT_LANGUAGE=language
            )
            assert response.status_code == 200
            page = _same_text(_tbody(response.content.decode()))
            assert page.count('<tr id="line-table-') == 5
            oudler, edit, enter = words[language]
            assert oudler in page and f">{edit}</a>" in page  # the second line in words
            # The opened line's own form, under its own names.
            assert f'name="t{tables[0].pk}-contract"' in page
            # The line nobody entered: a link to its form and the page's one empty
            # form in a <template>, which js/traveller.js copies under its name.
            assert f'data-fresh="t{tables[4].pk}"' in page and f">{enter}</a>" in page
            assert page.count('<template id="fresh-line">') == 1
            assert 'name="__prefix__-contract"' in page
            assert f'name="t{tables[4].pk}-contract"' not in page
            # A board nobody entered: every line waits for a copy of the one form.
            response = organiser_client.get(
                reverse("duplicate_traveller", args=[event.pk, BOARD + 1]),
                HTTP_ACCEPT_LANGUAGE=language,
            )
            page = _same_text(_tbody(response.content.decode()))
            assert page.count("data-fresh=") == 5
            assert page.count('name="__prefix__-contract"') == 1
            assert not re.findall(r'name="t\d+-contract"', page)
            # Opened from its link (no script): that line's own form.
            response = organiser_client.get(
                reverse("duplicate_traveller", args=[event.pk, BOARD])
                + f"?edit={tables[4].number}",
                HTTP_ACCEPT_LANGUAGE=language,
            )
            page = _same_text(_tbody(response.content.decode()))
            assert f'name="t{tables[4].pk}-contract"' in page
            assert f'data-fresh="t{tables[4].pk}"' not in page
            # A post with errors: every line's form, with its field's error.
            posted = {f"t{t.pk}-contract": "garde" for t in tables}
            posted.update({f"t{t.pk}-points": "95" for t in tables})
            response = organiser_client.post(url, posted, HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200
            page = _same_text(_tbody(response.content.decode()))
            assert "invalid-feedback" in page
            assert 'name="__prefix__-contract"' not in page


def test_the_rulings_are_listed_when_the_board_has_some_even_away_from_its_lines(
    dup_club, organiser, organiser_client
):
    """The list of rulings (each with its Withdraw button) is read only for a board
    duplicate_data counted rulings on: every ruling of the board is listed, one at a
    table that no longer plays it too (moved to another round in the admin)."""
    from tournaments.models import Round
    from tournaments.services.admin_writes import save_table

    event = _event(dup_club, free_bidding=True, comparison=Event.Comparison.MATCHPOINTS)
    _every_kind_of_line(event, organiser)

    def rulings(number: int) -> list[str]:
        url = reverse("duplicate_traveller", args=[event.pk, number])
        page = organiser_client.get(url).content.decode()
        listed = re.search(r'<ul class="list-group mb-3" id="specials">(.*?)</ul>', page, re.S)
        return re.findall(r"/special/(\d+)/", listed.group(1))

    assert len(rulings(BOARD)) == 3
    assert rulings(BOARD + 1) == []  # "No ruling on this board."
    # The table with a ruling only, moved to a round whose tables play other boards.
    ruled = SpecialResult.objects.get(kind=SpecialResult.Kind.NOT_PLAYED).table
    ruled.round, ruled.number, ruled.board_set = Round.objects.get(event=event, number=1), 9, 3
    save_table(by=organiser, table=ruled)
    assert len(rulings(BOARD)) == 3
