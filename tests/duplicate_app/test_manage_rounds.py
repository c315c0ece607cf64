"""The organiser's page of a duplicate event shows one round's tables at a time: the
first round with a board left to enter at one of its tables, or the round the rounds'
links name (?round=); an unknown round shows the default one."""

from __future__ import annotations

import re

from django.urls import reverse

from tournaments.models import Table

from ..factories import logged_in
from .helpers import enter_board
from .worlds import module_world

# Every database test here starts from the seated event: built once for the module.
world, dup_club, duplicate_event, seated_event, organiser = module_world()


def _shown(client, event, query: str = "") -> tuple[int, list[str]]:
    html = client.get(reverse("duplicate_manage", args=[event.pk]) + query).content.decode()
    shown = int(re.search(r'<div class="card mb-3" id="round-(\d+)">', html).group(1))
    return shown, re.findall(r'id="round-\d+-table-\d+"', html)


def test_the_round_being_played_and_the_one_asked(seated_event, organiser) -> None:
    client = logged_in(organiser)
    shown, rows = _shown(client, seated_event)
    tables = Table.objects.filter(round__event=seated_event)
    assert shown == 1 and len(rows) == tables.filter(round__number=1).count()
    # Round 1 entered everywhere: round 2 is the one being played.
    for table in tables.filter(round__number=1):
        first = (table.board_set - 1) * seated_event.deals_per_round + 1
        for number in range(first, first + seated_event.deals_per_round):
            enter_board(table, number, organiser)
    assert _shown(client, seated_event)[0] == 2
    assert _shown(client, seated_event, "?round=1")[0] == 1
    for unknown in ("?round=99", "?round=x", "?round=-1", "?round="):
        assert _shown(client, seated_event, unknown)[0] == 2
    html = client.get(reverse("duplicate_manage", args=[seated_event.pk])).content.decode()
    links = re.search(r'<ul class="pagination[^"]*" id="round-links">(.*?)</ul>', html, re.S)
    assert links.group(1).count("page-link") == len(set(tables.values_list("round__number")))
    assert links.group(1).count("visually-hidden") == 1  # round 1: complete


def test_seated_tables_whose_boards_are_gone(seated_event, organiser) -> None:
    """Boards deleted in the admin after seating: the page still answers, without a
    round table (duplicate_data gave those tables no line)."""
    from tournaments.models import Board

    Board.objects.filter(event=seated_event).delete()
    response = logged_in(organiser).get(reverse("duplicate_manage", args=[seated_event.pk]))
    assert response.status_code == 200
    assert 'id="round-links"' in response.content.decode()
