"""Seating fields of every shape: not a multiple of 4, small and large. Whatever the
movement does, what is stored keeps its promises: four players at every table that
plays, each player at one orientation, nobody plays a board twice."""

from __future__ import annotations

from collections import defaultdict

import pytest

from tournaments.models import Board, Seat, Table
from tournaments.models.duplicate import boards_of_set
from tournaments.selectors.access import SYSTEM
from tournaments.services import duplicate as services

from .conftest import make_duplicate


# The large fields seat near the quick loop's budget: slow, the small ones in the loop.
@pytest.mark.parametrize(
    "players",
    [8, 9, 10, 11, 18, 21] + [pytest.param(p, marks=pytest.mark.slow) for p in (24, 30, 118)],
)
def test_every_field_is_seated_at_the_movements_most_rounds(dup_club, players):
    from tournaments.models import Player, Registration

    event = make_duplicate(dup_club, players=0, rounds=1, boards=1)
    for index in range(players):
        player = Player.objects.create(club=dup_club, name=f"Joueur {index:03d}")
        Registration.objects.create(event=event, player=player)
    most = services.max_rounds(players)
    event.rounds_planned = most
    event.save()
    services.seat_duplicate(by=SYSTEM, event=event)
    tables = Table.objects.filter(round__event=event)
    assert {t.round.number for t in tables} <= set(range(1, most + 1))
    orientation: dict[int, int] = {}
    boards: dict[int, list[int]] = defaultdict(list)
    for table in tables:
        seats = list(table.seats.all())
        assert sorted(s.position for s in seats) == [0, 1, 2, 3]
        for seat in seats:
            assert orientation.setdefault(seat.player_id, seat.position) == seat.position
            boards[seat.player_id] += list(boards_of_set(table.board_set, 1))
    assert all(len(b) == len(set(b)) for b in boards.values())
    sets = {t.board_set for t in tables}
    assert Board.objects.filter(event=event).count() == len(sets)
    # Everybody plays: at most 3 sit out a round, and each player plays most rounds.
    seated = Seat.objects.filter(table__round__event=event).values("player").distinct()
    assert seated.count() == players
    assert all(len(b) >= most - 1 for b in boards.values())
