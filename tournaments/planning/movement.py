"""Duplicate tarot movements: who plays which board set at which table, round by round.

Pure Python, no Django import. `movement(tables, rounds, players)` returns a frozen
`Movement`; designs come from movement_design (constructions) and movement_search
(local search). Everything is numbered from 0 (tables, rounds, sets, players);
printing adds 1. Orientations are "N", "E", "S", "W" (index 0..3).

Guarantees, for 2 <= tables <= 30 and 1 <= rounds <= max_rounds(tables, players):
- Players keep their orientation; North never moves; every round each table plays
  one board set and the sets move as a whole.
- Nobody plays a board twice (checked on every movement built: `boards_played_twice`
  is 0, or construction raises AssertionError).
- Nobody meets anybody twice when the table count is coprime with 6 (5, 7, 11, 13,
  17, 19, 23, 25, 29: DUPLICATE.md's construction, North stays, East +1, South +2,
  West +3, sets -1) or a prime power (8, 9, 16, 27: the same over a finite field),
  for every number of rounds, with a full field or one missing player. Other table
  counts get the fewest repeats found (benchmarks/movement.py prints them): the best
  of the cyclic steps and products of smaller designs, improved by a local search.
- Reproducible: the same arguments always give the same movement.
- From 5 to 10 tables (MOVING_TABLES), when the design above repeats meetings, the
  moving design of movement_moving (North and East move too; nobody plays a set or
  sits out twice) replaces it if two players meet fewer times at most there (then
  fewer repeats, byes never spread by more than one): 21 to 26, 39 and 40 players.
  There North does not stay: "North never moves" below holds for the other designs.

Fields that are not a multiple of 4 (P players, T = ceil(P / 4) tables, k = 4T - P
empty seats):
- k = 1: table T-1 (the last) is the bye table: its North seat is empty, the set
  there rests and its East, South and West sit the round out. North players never
  sit out; the others at most once each (byes spread by at most one) wherever the
  construction above applies. Otherwise the best of three is kept (even byes
  first, then fewer repeats): the full field's design with its least-repeating seat
  left empty, the design searched with the empty seat, and with fewer than T rounds
  the bench below. At T rounds at a searched table count from 10 up the spread may
  be 2 or 3 (`bye_spread`; benchmarks/movement.py). Rounds: up to T.
- k = 2 or 3: the bench. T-1 tables play every round with T-1 sets; 4 - k extra
  players (South and West, or West alone) each take, every round, the seat of a
  different player of their orientation, who sits out (the last table lists them:
  it plays nothing). So nobody sits out twice (byes spread by at most one) and each
  extra plays a different set every round. Rounds: up to T-1. When no such choice
  exists within the search bound, the same empty-seat scheme as k = 1 is used with
  the empty seats pinned to the bye table.
A player's session result is then the mean over the boards he played.
"""

from __future__ import annotations

from functools import lru_cache

from . import movement_design as design
from . import movement_moving as moving
from .movement_bench import bench_owners
from .movement_plan import (
    Movement,
    PlayerCard,
    PlayerCardLine,
    Seat,
    TableCard,
    TableCardLine,
    TableRound,
    by_orientation,
    meetings,
)
from .movement_search import Search

__all__ = [
    "MAX_TABLES",
    "Movement",
    "PlayerCard",
    "PlayerCardLine",
    "Seat",
    "TableCard",
    "TableCardLine",
    "TableRound",
    "boards_of_set",
    "max_rounds",
    "movement",
]

MAX_TABLES = 30


def boards_of_set(set_index: int, boards_per_round: int) -> range:
    """The board numbers (from 1) in set `set_index` (from 0): set 0 holds boards
    1..n, set 1 boards n+1..2n, and so on."""
    if set_index < 0 or boards_per_round < 1:
        raise ValueError("a set index is >= 0 and a set holds at least one board")
    return range(set_index * boards_per_round + 1, (set_index + 1) * boards_per_round + 1)


def _check_field(tables: int, players: int | None) -> int:
    if isinstance(tables, bool) or not isinstance(tables, int) or not 2 <= tables <= MAX_TABLES:
        raise ValueError(f"a movement has 2 to {MAX_TABLES} tables, not {tables!r}")
    if players is None:
        return 4 * tables
    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number, not {players!r}")
    if not 4 * tables - 3 <= players <= 4 * tables:
        raise ValueError(
            f"{players} players sit at {-(-players // 4)} tables, not {tables}"
            f" ({4 * tables - 3} to {4 * tables} players need {tables} tables)"
        )
    return players


def max_rounds(tables: int, players: int | None = None) -> int:
    """The most rounds in which nobody plays a board twice: one per board set, and
    there are as many sets as tables that play (T; T - 1 on the bench, i.e. with 2
    or 3 empty seats)."""
    players = _check_field(tables, players)
    return tables - 1 if 4 * tables - players >= 2 else tables


def movement(tables: int, rounds: int, players: int | None = None) -> Movement:
    """The movement for `tables` tables, `rounds` rounds and `players` players
    (default 4 x tables). Raises ValueError for a table count outside 2..30, players
    that do not fill `tables` tables (4T - 3 to 4T), or too many rounds (the message
    gives the maximum)."""
    players = _check_field(tables, players)
    most = max_rounds(tables, players)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= most:
        raise ValueError(
            f"{tables} tables play at most {most} rounds (one per board set, so that"
            f" nobody plays a board twice), not {rounds!r}"
        )
    return _movement(tables, rounds, players)


# The table counts where the moving design (movement_moving: North and East move too)
# is tried beside the others and kept when it does better: fields of 17 to 40 players,
# where the searched designs pinned seats (25, 26 players: six pairs met every round).
MOVING_TABLES = range(5, 11)


@lru_cache(maxsize=64)
def _movement(tables: int, rounds: int, players: int) -> Movement:
    built = _fixed_north(tables, rounds, players)
    if tables in MOVING_TABLES and built.repeated_meetings:
        moving = _moving(tables, rounds, players)
        if moving is not None and _moving_quality(moving) < _moving_quality(built):
            return moving
    return built


def _moving_quality(built: Movement) -> tuple[bool, int, int]:
    """Uneven byes first, then the most times two players meet, then the repeats."""
    return (built.bye_spread > 1, max(meetings(built.schedule).values()), built.repeated_meetings)


def _moving(tables: int, rounds: int, players: int) -> Movement | None:
    """The moving design as a Movement: the sets move one table down a round (set s at
    table s - r in round r); with one empty seat the phantom North's table rests, with
    two or three the players who sit out are listed at the last table (it plays
    nothing). None when it cannot give that many rounds."""
    playing, most, counts = moving.orientation_counts(players, tables)
    if rounds > most:
        return None
    found = moving.design(players, tables, rounds)
    ids: dict[tuple[int, int], int] = {}
    first = sorted(
        ((found.slots[0][o][i], o, i) for o in range(4) for i in range(counts[o])),
    )
    for index, (_slot, o, i) in enumerate(first):
        ids[o, i] = index
    if 4 * tables - players == 1:  # the phantom, the last North: his table rests
        ids.pop((0, counts[0] - 1))
        ids = {key: index for index, key in enumerate(sorted(ids, key=ids.__getitem__))}
    orientations = [0] * players
    for (o, _i), index in ids.items():
        orientations[index] = o
    bench = playing < tables
    schedule_seats = []
    set_of: list[list[int | None]] = []
    for r in range(rounds):
        rows: list[list[int | None]] = [[None] * 4 for _ in range(tables)]
        for o in range(4):
            for i, slot in enumerate(found.slots[r][o]):
                table = (slot - r) % playing if slot < playing else tables - 1
                rows[table][o] = ids.get((o, i))
        schedule_seats.append(rows)
        set_of.append([(t + r) % playing for t in range(playing)] + ([None] if bench else []))
    name = "moving (North and East move too) + annealing"
    return _assemble(tables, rounds, name, set_of, schedule_seats, orientations)


def _fixed_north(tables: int, rounds: int, players: int) -> Movement:
    empty = 4 * tables - players
    if empty == 0:
        sets, name = design.build(tables, rounds, 0)
        return _from_sets(tables, rounds, players, sets, 0, name)
    if empty == 1:
        return _one_empty_seat(tables, rounds, players)
    extras = (2, 3)[empty - 2 :]  # k = 2: South and West; k = 3: West
    built = _bench(tables, rounds, extras)
    if built is not None:
        return built
    sets, name = _pinned(tables, rounds, empty)
    return _from_sets(tables, rounds, players, sets, empty, name)


def _one_empty_seat(tables: int, rounds: int, players: int) -> Movement:
    """The best of: the full field's design with its best seat left empty, the design
    searched with the empty North seat, and (rounds < T) the bench with East, South and
    West extras on T - 1 tables. Each is tried only while none is perfect."""
    sets, name = design.build(tables, rounds, 0)
    best = _from_sets(tables, rounds, players, design.with_phantom(sets), 1, name)
    if _quality(best) != (False, 0):
        sets, name = design.build(tables, rounds, 1)
        best = min(best, _from_sets(tables, rounds, players, sets, 1, name), key=_quality)
    if _quality(best) != (False, 0) and rounds < tables:
        bench = _bench(tables, rounds, (1, 2, 3))
        if bench is not None:
            best = min(best, bench, key=_quality)
    return best


def _quality(built: Movement) -> tuple[bool, int]:
    """Uneven byes first, then repeated meetings: lower is better."""
    return (built.bye_spread > 1, built.repeated_meetings)


def _pinned(tables: int, rounds: int, empty: int) -> tuple[design.Sets, str]:
    """Fallback with 2 or 3 empty seats: North, East (and South) of the last table are
    empty and stay together at the bye table; real East (and South) players start
    beside North and the search moves them apart."""
    sets, name = design.build(tables, rounds, 1)
    sets = [sets[0] if 0 < o < empty else sets[o] for o in range(4)]
    search = Search(sets, empty, seed=tables * 1000 + rounds * 10 + empty)
    return search.run(design.SEARCH_BUDGET), f"{name}, empty seats pinned + search"


def _bench(tables: int, rounds: int, extras: tuple[int, ...]) -> Movement | None:
    playing = tables - 1
    sets, name = design.build(playing, rounds, 0)
    owners = bench_owners(sets, extras)
    if owners is None:
        return None
    # Base seats numbered by their first-round seat, then the extras.
    seat_ids = _numbering(sets, playing, 0)
    extra_ids = {o: 4 * playing + i for i, o in enumerate(extras)}
    schedule_seats: list[list[list[int | None]]] = []
    for r in range(rounds):
        rows: list[list[int | None]] = [[None] * 4 for _ in range(tables)]
        for o in range(4):
            for p in range(playing):
                rows[sets[0][r].index(sets[o][r][p])][o] = seat_ids[o][p]
        for o, chosen in zip(extras, owners, strict=True):
            table = sets[0][r].index(sets[o][r][chosen[r]])
            rows[tables - 1][o] = rows[table][o]  # the owner sits out at the bench
            rows[table][o] = extra_ids[o]
        schedule_seats.append(rows)
    set_of = [[sets[0][r][t] for t in range(playing)] + [None] for r in range(rounds)]
    orientations = [0] * (4 * playing + len(extras))
    for o in range(4):
        for p in range(playing):
            seat_id = seat_ids[o][p]
            if seat_id is not None:  # always: no seat is left empty here
                orientations[seat_id] = o
    for o, index in extra_ids.items():
        orientations[index] = o
    return _assemble(tables, rounds, f"{name}, bench", set_of, schedule_seats, orientations)


def _numbering(sets: design.Sets, tables: int, empty: int) -> list[list[int | None]]:
    """Player index of each slot: by first-round table, then orientation; None for
    the empty seats (slot T-1 of the first `empty` orientations)."""
    firsts = sorted(
        (sets[0][0].index(sets[o][0][p]), o, p)
        for o in range(4)
        for p in range(tables)
        if not (p == tables - 1 and o < empty)
    )
    ids: list[list[int | None]] = [[None] * tables for _ in range(4)]
    for index, (_, o, p) in enumerate(firsts):
        ids[o][p] = index
    return ids


def _from_sets(
    tables: int, rounds: int, players: int, sets: design.Sets, empty: int, name: str
) -> Movement:
    ids = _numbering(sets, tables, empty)
    orientations = [0] * players
    for o in range(4):
        for p in range(tables):
            seat_id = ids[o][p]
            if seat_id is not None:
                orientations[seat_id] = o
    schedule_seats = []
    for r in range(rounds):
        rows: list[list[int | None]] = [[None] * 4 for _ in range(tables)]
        for o in range(4):
            for p in range(tables):
                rows[sets[0][r].index(sets[o][r][p])][o] = ids[o][p]
        schedule_seats.append(rows)
    set_of: list[list[int | None]] = [list(sets[0][r]) for r in range(rounds)]
    return _assemble(tables, rounds, name, set_of, schedule_seats, orientations)


def _assemble(
    tables: int,
    rounds: int,
    name: str,
    set_of: list[list[int | None]],
    seats: list[list[list[int | None]]],
    orientations: list[int],
) -> Movement:
    """The frozen Movement from each round's set and seats per table. A table plays
    when it has a set and four players (not the bye table, not the bench)."""
    where = [{s: t for t, s in enumerate(row) if s is not None} for row in set_of]
    schedule = tuple(
        tuple(
            TableRound(
                t,
                s,
                by_orientation(seats[r][t]),
                s is not None and None not in seats[r][t],
                where[r - 1].get(s) if r > 0 and s is not None else None,
                where[r + 1].get(s) if r + 1 < rounds and s is not None else None,
            )
            for t, s in enumerate(set_of[r])
        )
        for r in range(rounds)
    )
    byes = [0] * len(orientations)
    for line in (line for lines in schedule for line in lines if not line.plays):
        for p in line.seats:
            if p is not None:
                byes[p] += 1
    result = Movement(
        tables=tables,
        rounds=rounds,
        players=len(orientations),
        construction=name,
        schedule=schedule,
        orientations=tuple(orientations),
        repeated_meetings=sum(c - 1 for c in meetings(schedule).values() if c > 1),
        byes=tuple(byes),
    )
    if result.boards_played_twice():
        raise AssertionError(f"movement {tables}x{rounds} plays a board twice")
    return result
