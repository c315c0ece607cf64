"""The movement cards say in words where a set goes and comes from, never "—" between
the first and the last round (26 players: a relay, no table plays one set each round),
and print the orientations as the reader's language writes them (O for West in French),
as the round pages do."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from ..factories import logged_in
from .worlds import World, module_world, seated


def cell(html: str, table: int, round_number: int, name: str) -> str:
    card = html.split(f'id="table-card-{table}"', 1)[1].split("</section>", 1)[0]
    rows = card.split("<tr>")[2:]  # past the header
    row = next(r for r in rows if re.search(rf'<th scope="row">{round_number}</th>', r))
    found = re.search(rf'<td class="{name}">(.*?)</td>', row, re.S)
    assert found, (table, round_number, name)
    return re.sub(r"\s+", " ", found.group(1)).strip()


def relay() -> World:
    """A duplicate event of 26 players over 6 rounds, seated from the movement."""
    return seated(players=26, rounds=6)


# Every test here reads the relay event: built once for the module.
world, dup_club, duplicate_event, seated_event, organiser = module_world(relay)


@pytest.fixture
def relay_event(seated_event):
    return seated_event


def test_a_table_card_says_where_a_set_rests_and_where_it_comes_back_from(relay_event, organiser):
    with translation.override("fr"):
        url = reverse("duplicate_cards", args=[relay_event.pk])
    html = logged_in(organiser).get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    # Where a set goes and comes from, in words. Since the 26-player movement moves North
    # and East too, its sets no longer rest: every set goes to a table.
    assert cell(html, 1, 1, "set-to").startswith("table ")
    assert cell(html, 1, 2, "set-from").startswith("table ")
    # No "—" but where there is nothing to say: before round 1, after the last round.
    for table in range(1, 7):
        for round_number in range(2, 7):
            assert cell(html, table, round_number, "set-from") != "—"
        for round_number in range(1, 6):
            assert cell(html, table, round_number, "set-to") != "—"


def test_orientations_read_o_for_west_in_french(relay_event, organiser):
    client = logged_in(organiser)
    cards = client.get(
        reverse("duplicate_cards", args=[relay_event.pk]), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    assert '<th scope="col">O</th>' in cards and '<th scope="col">W</th>' not in cards
    manage = client.get(
        reverse("duplicate_manage", args=[relay_event.pk]), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    assert re.search(r"<th[^>]*>\s*O\s*</th>", manage) and not re.search(
        r"<th[^>]*>\s*W\s*</th>", manage
    )
    boards = client.get(
        reverse("duplicate_boards_print", args=[relay_event.pk]), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    assert "Donneur : W" not in boards and "premier à jouer : W" not in boards


def test_a_set_that_rests_is_said_in_words_on_the_26_player_cards(relay_event, organiser):
    """A set that rests a round (here: two tables of round 2 share one set, as a relay
    does, so another set rests in round 2) is said in words on both sides of its rest:
    where it goes after resting, where it comes back from; never "—"."""
    from tournaments.models import Table

    tables = list(
        Table.objects.filter(round__event=relay_event, round__number=2).order_by("number")
    )
    resting = tables[1].board_set
    Table.objects.filter(pk=tables[1].pk).update(board_set=tables[0].board_set)
    before = Table.objects.get(round__event=relay_event, round__number=1, board_set=resting)
    after = Table.objects.get(round__event=relay_event, round__number=3, board_set=resting)
    with translation.override("en"):
        url = reverse("duplicate_cards", args=[relay_event.pk])
        html = logged_in(organiser).get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert cell(html, before.number, 1, "set-to") == (
        f"rests next round, then table {after.number} (round 3)"
    )
    assert cell(html, after.number, 3, "set-from") == (
        f"back from its rest: table {before.number}, round 1"
    )
    for table in range(1, 7):
        for round_number in range(2, 7):
            assert cell(html, table, round_number, "set-from") != "—"
        for round_number in range(1, 6):
            assert cell(html, table, round_number, "set-to") != "—"
