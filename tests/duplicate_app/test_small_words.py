"""Small things a French reader of a duplicate event saw wrong: the average plus in
differences without its "+", "1 tables sur 2", and the head-to-head in English."""

from __future__ import annotations

import re

import polib
from django.urls import reverse

from tournaments.models import Board, Event, Table
from tournaments.services.duplicate_results import set_special_result

from ..factories import logged_in
from .helpers import enter_board
from .worlds import module_world

FR = {"HTTP_ACCEPT_LANGUAGE": "fr"}

# Every database test here starts from the seated event: built once for the module.
world, dup_club, duplicate_event, seated_event, organiser = module_world()


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]*>", " ", response.content.decode()))


def test_the_average_plus_in_differences_is_signed(seated_event, organiser):
    Event.objects.filter(pk=seated_event.pk).update(comparison=Event.Comparison.DIFFERENCE)
    table = Table.objects.get(round__event=seated_event, round__number=1, board_set=1)
    board = Board.objects.get(event=seated_event, number=1)
    enter_board(table, 1, organiser)
    set_special_result(by=organiser, board=board, table=table, kind="average_plus", orientation=0)
    page = logged_in(organiser).get(reverse("duplicate_traveller", args=[seated_event.pk, 1]), **FR)
    html = page.content.decode()
    badges = re.findall(r'<span class="badge text-bg-warning" title="[^"]*">([^<]*)</span>', html)
    assert badges == ["+25,00"]


def test_the_traveller_counts_its_tables_in_good_french(seated_event, organiser):
    table = Table.objects.get(round__event=seated_event, round__number=1, board_set=1)
    enter_board(table, 1, organiser)
    page = logged_in(organiser).get(reverse("duplicate_traveller", args=[seated_event.pk, 1]), **FR)
    assert "1 sur 5 tables" in text(page) and "1 tables" not in text(page)


def test_the_head_to_head_reads_in_french(seated_event, organiser, client):
    Event.objects.filter(pk=seated_event.pk).update(published=True)
    table = Table.objects.get(round__event=seated_event, round__number=1, board_set=1)
    for other in Table.objects.filter(round__event=seated_event, board_set=1):
        enter_board(other, 1, organiser)
    east, north = (table.seats.get(position=p) for p in (1, 0))
    page = client.get(reverse("head_to_head", args=[east.player_id, north.player_id]), **FR)
    assert page.status_code == 200
    words = text(page)
    assert " a pris, " in words and " a défendu" in words
    assert " took, " not in words
    # Through a variable, gettext's message was not extracted: the next makemessages
    # made it obsolete in the catalogue, and the page English.
    catalogue = polib.pofile("locale/fr/LC_MESSAGES/django.po")
    entry = catalogue.find("%(taker)s took, %(other)s defended")
    assert entry is not None and not entry.obsolete
