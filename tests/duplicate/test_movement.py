"""Movements: nobody plays a board twice, repeats as few as the construction promises.

Every property is checked on the movement's own schedule (who sits where, which set
each table plays), recounted here independently of the module's counters.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import gcd

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.planning import movement_design
from tournaments.planning.movement import (
    Movement,
    boards_of_set,
    max_rounds,
    movement,
)

PERFECT = {5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29}


def check(m: Movement) -> tuple[int, Counter]:
    """Assert the hard rules on the schedule; return (repeats, byes per player)."""
    played: dict[int, list[int]] = {p: [] for p in range(m.players)}
    meetings: Counter = Counter()
    byes: Counter = Counter()
    orientation: dict[int, int] = {}
    north_table: dict[int, int] = {}
    assert len(m.schedule) == m.rounds
    for r, lines in enumerate(m.schedule):
        assert [line.table for line in lines] == list(range(m.tables))
        seated = [p for line in lines for p in line.seats if p is not None]
        assert sorted(seated) == list(range(m.players)), f"round {r}: everybody once"
        sets = [line.board_set for line in lines if line.board_set is not None]
        assert len(sets) == len(set(sets)) and set(sets) <= set(range(m.tables))
        for line in lines:
            for o, p in enumerate(line.seats):
                if p is None:
                    continue
                assert orientation.setdefault(p, o) == o, "orientation kept"
                # North stays, but in the moving designs (North and East move too).
                if o == 0 and line.plays and not m.construction.startswith("moving"):
                    assert north_table.setdefault(p, line.table) == line.table, "North stays"
            if line.plays:
                assert None not in line.seats and line.board_set is not None
                for p in line.seats:
                    played[p].append(line.board_set)
                meetings.update(combinations(sorted(line.seats), 2))
            else:
                byes.update(p for p in line.seats if p is not None)
    for p, sets in played.items():
        assert len(sets) == len(set(sets)), f"player {p} plays a set twice"
    repeats = sum(c - 1 for c in meetings.values() if c > 1)
    assert repeats == m.repeated_meetings
    assert [byes[p] for p in range(m.players)] == list(m.byes)
    assert m.boards_played_twice() == 0
    assert list(m.orientations) == [orientation[p] for p in range(m.players)]
    return repeats, byes


@pytest.mark.slow
@pytest.mark.parametrize("tables", range(2, 31))
def test_every_table_count_at_its_most_rounds(tables):
    m = movement(tables, max_rounds(tables))
    repeats, byes = check(m)
    assert m.rounds == tables and m.players == 4 * tables and not byes
    if tables in PERFECT:
        assert repeats == 0, m.construction
    if gcd(tables, 6) == 1:
        assert m.construction == "cyclic"


@pytest.mark.parametrize("tables", [t for t in range(2, 31) if gcd(t, 6) == 1])
def test_duplicate_md_construction_exactly(tables):
    m = movement(tables, tables)
    # North stays, East +1, South +2, West +3, the set at table t in round r is t + r.
    for r, lines in enumerate(m.schedule):
        for line in lines:
            assert line.board_set == (line.table + r) % tables
            assert line.set_to == ((line.table - 1) % tables if r + 1 < tables else None)
    first = {p: m.seat(p, 0).table for p in range(m.players)}
    for p in range(m.players):
        step = m.orientations[p]  # N 0, E 1, S 2, W 3
        assert all(m.seat(p, r).table == (first[p] + step * r) % tables for r in range(tables))


@pytest.mark.parametrize(
    ("tables", "rounds"),
    [
        # 7 rounds at 10 tables is a movement searched for, not built by a rule.
        pytest.param(t, r, marks=pytest.mark.slow) if (t, r) == (10, 7) else (t, r)
        for t in (6, 10, 12, 14, 18, 20, 24, 30)
        for r in (1, 3, 5, 7)
        if r <= t
    ],
)
def test_a_few_rounds_at_other_table_counts(tables, rounds):
    repeats, _ = check(movement(tables, rounds))
    if rounds <= 2 or (tables in (10, 14, 18, 24, 30) and rounds <= 5):
        assert repeats == 0  # the cyclic steps or a product guarantee it


@pytest.mark.parametrize(
    ("players", "rounds"),
    [
        (5, 1),
        (6, 1),
        (7, 2),
        (18, 4),
        (19, 5),
        (22, 5),
        (23, 6),
        (27, 7),
        (29, 7),
        (30, 7),
        (59, 7),
        (118, 29),
        (119, 29),
    ],
)
def test_fields_not_a_multiple_of_four(players, rounds):
    tables = -(-players // 4)
    m = movement(tables, rounds, players)
    repeats, byes = check(m)
    assert m.players == players and m.bye_spread <= 1
    per_round = [sum(1 for line in lines if not line.plays) for lines in m.schedule]
    assert per_round == [1] * rounds, "one table sits out each round"
    assert sum(byes.values()) == rounds * (players - 4 * (tables - 1))
    if (4 * tables - players) == 1 and tables in PERFECT:
        assert repeats == 0


@pytest.mark.slow  # 40 movements built and checked: seconds of CPU
@settings(max_examples=40, deadline=None)
@given(st.integers(9, 48), st.data())
def test_any_small_field(players, data):
    tables = -(-players // 4)
    rounds = data.draw(st.integers(1, max_rounds(tables, players)))
    m = movement(tables, rounds, players)
    check(m)
    if players % 4 == 0:
        assert not any(m.byes)


def test_cards_agree_with_the_schedule():
    m = movement(7, 5, 27)
    for card in m.table_cards():
        for line in card.lines:
            here = m.schedule[line.round][card.table]
            assert (line.board_set, line.seats, line.plays) == (
                here.board_set,
                here.seats,
                here.plays,
            )
            for p, following in zip(line.seats, line.next_tables, strict=True):
                if p is None or line.round + 1 == m.rounds:
                    assert following is None
                else:
                    assert m.seat(p, line.round + 1).table == following
            if line.set_to is not None:
                assert m.schedule[line.round + 1][line.set_to].board_set == line.board_set
            if line.set_from is not None:
                assert m.schedule[line.round - 1][line.set_from].board_set == line.board_set
    for card in m.player_cards():
        assert card.orientation == m.orientations[card.player]
        for line in card.lines:
            seats = m.schedule[line.round][line.table].seats
            assert card.player in seats
            if line.plays:
                assert sorted(p for p in line.opponents if p is not None) == sorted(
                    p for p in seats if p != card.player
                )
            else:
                assert line.opponents == (None,) * 4
    assert m.next_seat(0, m.rounds - 1) is None
    assert m.sets_played(0) == tuple(m.seat(0, r).board_set for r in range(m.rounds))


def test_players_start_at_tables_in_order():
    m = movement(6, 3)
    assert [m.seat(p, 0).table for p in range(24)] == [p // 4 for p in range(24)]
    assert [m.seat(p, 0).orientation for p in range(8)] == [0, 1, 2, 3, 0, 1, 2, 3]


@pytest.mark.slow  # every field's movement built twice
def test_the_same_arguments_give_the_same_movement():
    first = movement(10, 6)
    movement.__globals__["_movement"].cache_clear()
    movement_design._full.cache_clear()
    assert movement(10, 6) == first


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((1, 1), "2 to 30 tables"),
        ((31, 1), "2 to 30 tables"),
        ((5, 6), "at most 5 rounds"),
        ((5, 0), "at most 5 rounds"),
        ((5, 2, 16), "16 players sit at 4 tables"),
        ((5, 2, 21), "21 players sit at 6 tables"),
        ((6, 6, 22), "at most 5 rounds"),  # 2 empty seats: the bench, T - 1 sets
        ((True, 1), "2 to 30 tables"),
    ],
)
def test_bad_arguments_are_refused_clearly(args, message):
    with pytest.raises(ValueError, match=message):
        movement(*args)


def test_max_rounds():
    assert [max_rounds(t) for t in (2, 10, 30)] == [2, 10, 30]
    assert [max_rounds(6, p) for p in (21, 22, 23, 24)] == [5, 5, 6, 6]


def test_boards_of_set():
    assert list(boards_of_set(0, 3)) == [1, 2, 3]
    assert list(boards_of_set(4, 2)) == [9, 10]
    with pytest.raises(ValueError):
        boards_of_set(-1, 3)
    with pytest.raises(ValueError):
        boards_of_set(0, 0)


@pytest.mark.parametrize("q", movement_design.field_orders())
def test_the_finite_fields_are_fields(q):
    add, mul = movement_design.field_tables(q)
    for x in range(q):
        assert sorted(add[x]) == list(range(q))
        if x:
            assert sorted(mul[x]) == list(range(q)), f"{x} has no inverse in GF({q})"
    assert all(mul[1][x] == x and add[0][x] == x for x in range(q))


def test_the_product_keeps_its_perfect_rounds():
    # 18 = 2 x 9: the first 9 rounds use distinct rounds of the GF(9) factor.
    m = movement(18, 9)
    assert m.construction.startswith("product") and m.repeated_meetings == 0
