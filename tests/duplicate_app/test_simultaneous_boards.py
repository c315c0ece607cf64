"""Two phones of one duplicate table sending the same board's result at the same
moment: the board is the number. One result is stored; the other phone is
asked (409, its version shown beside the stored one), never a 500, never two results
of one board."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse

from tournaments.models import Hand, HandScore, Table

from ..concurrency import at_once
from ..factories import make_member
from ..scorekeeping.test_simultaneous_saves import client_of
from .test_entry import first_board, seats_of

# Its subject is the database, so CI runs it on SQLite too (docs/TESTING.md):
# boards saved at once: what each database's locks let through.
pytestmark = pytest.mark.both_databases


@pytest.mark.django_db(transaction=True)
def test_two_results_of_one_board_posted_at_once_store_one(seated_event, dup_club):
    organiser = make_member("orga_dup", dup_club, role="organiser")
    tables = list(
        Table.objects.filter(round__event=seated_event, round__number=1).order_by("number")
    )
    pairs = [(table, first_board(table) + i) for i in range(2) for table in tables]
    for table, number in pairs:
        seats = seats_of(table)
        data = {
            "contract": "garde",
            "taker": str(seats[2].player_id),
            "oudlers": "2",
            "points": "50",
            "points_camp": "taker",
        }
        url = reverse("board_entry", args=[table.pk, number])
        clients = [client_of(organiser), client_of(organiser)]
        posts = [
            lambda c=c, u=url, d=data: c.post(u, {**d, "submission_key": uuid.uuid4()})
            for c in clients
        ]
        responses = at_once(posts)
        codes = sorted(r.status_code for r in responses)
        assert codes == [302, 409], codes
        asked = next(r for r in responses if r.status_code == 409)
        assert asked.context["conflict"]["current"].board.number == number
        assert Hand.objects.filter(table=table, board__number=number).count() == 1
    stored = Hand.objects.filter(table__round__event=seated_event)
    assert stored.count() == len(pairs)
    for hand in stored:
        assert sum(HandScore.objects.filter(hand=hand).values_list("points", flat=True)) == 0
