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


@pytest.mark.django_db(transaction=True)
def test_a_traveller_correction_and_a_phone_save_of_the_same_board_never_deadlock(
    seated_event, dup_club
):
    """The organiser corrects table A's line of a board on its traveller while the
    scorekeeper of table B, which plays the same board in another round, sends B's
    result: each write locks its own table, then the event, and rewrites the board's
    stored comparison, whose rows point at every table of the board. With the table
    locked FOR UPDATE, the traveller's rows pointing at B waited on B's lock (a foreign
    key check takes KEY SHARE) while B waited on the event: PostgreSQL broke the
    deadlock after a second, 4 times in 6 (the retry then stored both). Locked FOR NO
    KEY UPDATE, the checks do not wait: both writes are stored at the first try, 8
    times in 8, called here without the retry (services.submissions.once) around them."""
    from django.db import OperationalError, transaction

    from tournaments.models import Board
    from tournaments.services.duplicate_results import (
        TravellerLine,
        save_board_result,
        save_traveller,
    )

    organiser = make_member("orga_dup", dup_club, role="organiser")
    table_a = Table.objects.filter(round__event=seated_event, round__number=1).order_by("number")[0]
    table_b = (
        Table.objects.filter(round__event=seated_event, board_set=table_a.board_set)
        .exclude(pk=table_a.pk)
        .order_by("round__number")[0]
    )
    board = Board.objects.get(event=seated_event, number=table_a.board_set * 2 - 1)
    seats_a, seats_b = seats_of(table_a), seats_of(table_b)

    def result(seats, points: int) -> Hand:
        return Hand(contract="garde", taker_id=seats[1].player_id, oudlers=2, points=points)

    stored = save_board_result(
        table=table_a, board=board, hand=result(seats_a, 45), user=organiser
    ).hand
    for attempt in range(8):
        Hand.objects.filter(table=table_b).delete()
        version = Hand.objects.get(pk=stored.pk).version

        def correction(points: int = 40 + attempt, version: int = version) -> str:
            line = TravellerLine(
                table=table_a,
                hand=Hand(
                    pk=stored.pk,
                    contract="garde",
                    taker_id=seats_a[1].player_id,
                    oudlers=2,
                    points=points,
                ),
                expected_version=version,
            )
            try:
                save_traveller(by=organiser, board=board, lines=[line])
            except OperationalError as error:
                return str(error).splitlines()[0]
            return "stored"

        def phone() -> str:
            try:
                with transaction.atomic():
                    save_board_result(
                        table=table_b, board=board, hand=result(seats_b, 50), user=organiser
                    )
            except OperationalError as error:
                return str(error).splitlines()[0]
            return "stored"

        assert at_once([correction, phone]) == ["stored", "stored"], attempt
        assert Hand.objects.get(pk=stored.pk).points == 40 + attempt
        assert Hand.objects.filter(table=table_b, board=board).count() == 1
