"""Issue 22: the organiser's traveller writes its lines in Jinja2
(templates/jinja2/duplicate/traveller_lines.html) and its forms' widgets through
Django's Jinja2 widget templates (tournaments.forms.rendering). Both must print what
Django's engine printed: the lines as tournaments/duplicate/_traveller_lines.html
writes them, the widgets as Django's default renderer does, in French and in English,
for every kind of line (entered with every bonus, all passed, a ruling, fouled, open
for a correction, not entered yet, with field and line errors), bidding freely or with
the board's taker, in percentages or in differences."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.forms.renderers import get_default_renderer
from django.template import engines
from django.urls import reverse
from django.utils import translation

from tournaments.forms.duplicate import BoardRolesForm, SpecialResultForm, TravellerLineForm
from tournaments.forms.rendering import WIDGETS
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
    # The Jinja2 lines escape a translated word (an apostrophe as &#x27;), Django's
    # {% translate %} prints it as it is: the same text in a browser.
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
def test_the_lines_print_what_djangos_engine_printed(
    dup_club, organiser, organiser_client, free_bidding, comparison
):
    event = _event(dup_club, free_bidding=free_bidding, comparison=comparison)
    tables = _every_kind_of_line(event, organiser)
    reference = engines["django"].from_string(
        "{% include 'tournaments/duplicate/_traveller_lines.html' %}"
    )
    lines = engines["jinja2"].get_template("duplicate/traveller_lines.html")
    url = reverse("duplicate_traveller", args=[event.pk, BOARD])
    for language in ("fr", "en"):
        with translation.override(language):
            # Entered lines in words, one opened for a correction (its Edit link).
            response = organiser_client.get(
                f"{url}?edit={tables[0].number}", HTTP_ACCEPT_LANGUAGE=language
            )
            assert response.status_code == 200
            context = {key: response.context[key] for key in ("forms", "fresh", "board", "average")}
            page = _same_text(_tbody(response.content.decode()))
            expected = _same_text(reference.render(context, response.wsgi_request))
            assert page == expected
            assert page.count('<tr id="line-table-') == 5
            assert page.count('name="t') > 10  # the open line's fields, the one not entered
            # A board nobody entered: every line open, the first line's form printed
            # under each line's own name (forms.printing.shared_copy).
            response = organiser_client.get(
                reverse("duplicate_traveller", args=[event.pk, BOARD + 1]),
                HTTP_ACCEPT_LANGUAGE=language,
            )
            context = {key: response.context[key] for key in ("forms", "fresh", "board", "average")}
            page = _same_text(_tbody(response.content.decode()))
            assert page == _same_text(reference.render(context, response.wsgi_request))
            names = re.findall(r'name="(t\d+)-contract"', page)
            assert len(names) == len(set(names)) == 5
            # A post with errors: every line's form, with a field's and a line's error
            # (a name with an apostrophe, escaped alike).
            posted = {f"t{t.pk}-contract": "garde" for t in tables}
            posted.update({f"t{t.pk}-points": "95" for t in tables})
            response = organiser_client.post(url, posted, HTTP_ACCEPT_LANGUAGE=language)
            assert response.status_code == 200
            context = {key: response.context[key] for key in ("forms", "fresh", "board", "average")}
            context["forms"][0][1].add_error(None, "Refusée : l'entrée de <N>")
            expected = _same_text(reference.render(context, response.wsgi_request))
            printed = _same_text(lines.render(context))
            assert printed == expected
            assert "invalid-feedback" in printed and "alert-danger" in printed


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_traveller_forms_widgets_print_what_djangos_renderer_printed(
    dup_club, organiser, language
):
    event = _event(dup_club, free_bidding=False, comparison=Event.Comparison.MATCHPOINTS)
    table = Table.objects.filter(round__event=event, round__number=1).order_by("number").first()
    seats = list(table.seats.select_related("player").order_by("position"))
    rules = event.rules
    django_renderer = get_default_renderer()
    assert WIDGETS is not django_renderer

    def forms(renderer):
        data = {"t1-contract": "garde", "t1-taker": "9", "t1-points": "x", "t1-poignee_0": "?"}
        return [
            TravellerLineForm(seats=seats, rules=rules, prefix="t1", renderer=renderer),
            TravellerLineForm(data, seats=seats, rules=rules, prefix="t1", renderer=renderer),
            BoardRolesForm(initial={"taker": 1, "dealer": 0}, renderer=renderer),
            BoardRolesForm({"taker": "7", "contract": "?"}, renderer=renderer),
            SpecialResultForm(tables=[(3, "Table d'honneur <3>")], renderer=renderer),
            SpecialResultForm({"table": "4", "kind": "x"}, tables=[(3, "3")], renderer=renderer),
        ]

    with translation.override(language):
        for ours, theirs in zip(forms(WIDGETS), forms(django_renderer), strict=True):
            ours.is_bound and ours.is_valid()
            theirs.is_bound and theirs.is_valid()
            assert ours.renderer is WIDGETS
            # The same HTML but for the blank lines Django's templates leave between
            # a select's options.
            for name in theirs.fields:
                assert _normalised(str(ours[name])) == _normalised(str(theirs[name])), name
            mine, django_own = ours.render(), theirs.render()
            assert _normalised(mine) == _normalised(django_own)
        # A label with an apostrophe and a tag, escaped as Django escapes them.
        assert "d&#x27;honneur &lt;3&gt;" in str(forms(WIDGETS)[4]["table"])
    # The forms the traveller builds use it without being told.
    assert TravellerLineForm(seats=seats, rules=rules).renderer is WIDGETS
    assert BoardRolesForm().renderer is WIDGETS
    assert SpecialResultForm(tables=[]).renderer is WIDGETS


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
