"""Fields of 20 to 40 players: North and East move too where the fixed
North designs repeat meetings (26 players: six pairs met in all six rounds). Checked
on each movement's own schedule: nobody plays a board twice, everybody keeps his
orientation, nobody sits out twice, and two players meet at most as often as the
movement table of docs/DUPLICATE.md says."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournaments.planning import movement_moving
from tournaments.planning.movement import max_rounds, movement

# Players -> the most times two players meet over the most rounds (docs/DUPLICATE.md: "Fields of
# 20 to 40 players"). 23 keeps the searched fixed-North design (its moving design
# meets as often, more pairs twice).
MOST_MEETINGS = {P: 1 for P in range(20, 41)} | {
    21: 2, 22: 2, 23: 3, 24: 2, 25: 2, 26: 2, 39: 3, 40: 2,
}  # fmt: skip


def recount(m) -> tuple[Counter, Counter]:
    """(meetings per pair, byes per player), asserting the hard rules on the way."""
    played: dict[int, list[int]] = {p: [] for p in range(m.players)}
    orientation: dict[int, int] = {}
    met: Counter = Counter()
    byes: Counter = Counter()
    for lines in m.schedule:
        seated = [p for line in lines for p in line.seats if p is not None]
        assert sorted(seated) == list(range(m.players)), "everybody once a round"
        for line in lines:
            for o, p in enumerate(line.seats):
                if p is not None:
                    assert orientation.setdefault(p, o) == o, "orientation kept"
            if line.plays:
                for p in line.seats:
                    played[p].append(line.board_set)
                met.update(combinations(sorted(line.seats), 2))
            else:
                byes.update(p for p in line.seats if p is not None)
    for p, sets in played.items():
        assert len(sets) == len(set(sets)), f"player {p} plays a board set twice"
    assert m.boards_played_twice() == 0
    assert list(m.orientations) == [orientation[p] for p in range(m.players)]
    return met, byes


# From 23 players on, a field's design comes near the quick loop's budget: slow, the
# smaller fields in the loop.
@pytest.mark.parametrize(
    "players",
    [p if p < 23 else pytest.param(p, marks=pytest.mark.slow) for p in range(20, 41)],
)
def test_fields_of_20_to_40_players_at_their_most_rounds(players):
    tables = -(-players // 4)
    m = movement(tables, max_rounds(tables, players), players)
    met, byes = recount(m)
    assert max(met.values()) <= MOST_MEETINGS[players]
    assert max(byes.values(), default=0) <= 1, "nobody sits out twice"
    assert m.bye_spread <= 1


def test_26_players_north_and_east_move_and_no_pair_meets_every_round():
    m = movement(7, 6, 26)
    assert m.construction.startswith("moving")
    met, _byes = recount(m)
    assert max(met.values()) <= 2  # was 6: North and East sat together all session
    norths = {p for p, o in enumerate(m.orientations) if o == 0}  # North
    moved = {
        p
        for p in norths
        if len({m.seat(p, r).table for r in range(m.rounds) if m.seat(p, r).plays}) > 1
    }
    assert moved, "North players change tables too"


@pytest.mark.slow  # the moving design built twice for every field: near the budget
def test_the_moving_design_is_reproducible():
    first = movement_moving.design(26, 7, 6)
    assert movement_moving.design(26, 7, 6) == first


@pytest.mark.parametrize(("players", "tables"), [(24, 6), (25, 7), (26, 7), (27, 7)])
def test_each_orientation_fills_the_tables(players, tables):
    playing, _most, counts = movement_moving.orientation_counts(players, tables)
    phantom = 1 if 4 * tables - players == 1 else 0
    assert sum(counts) - phantom == players
    assert all(count >= playing for count in counts)
