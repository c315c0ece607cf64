"""Seating for tarot rounds: who sits at which table. Pure Python, no Django import.

The public face of tournaments.planning: table sizes and meeting counts come from
.tables, the search from .search (.duty, .exact).

Objective of a round (`seat_round`)
    1. Hard: team mates (`teams` maps a player to a team id, pairs or fours)
       never share a table. Impossible team sizes raise SeatingError.
    2. Fewest new repeated meetings: every pair seated together who already
       met in `previous` rounds counts once (that is exactly how much the round
       adds to `repeated_meetings`); among equal counts, pairs that met less
       often are preferred, so the worst pair count stays low.
    2'. Hard, before the repeats: duty at the tables of 3 or 5 is even at the end
       of the planned rounds (this one and the `upcoming`): each player's count
       of rounds at a table of 5 (and at a table of 3) then differs by at most
       one from anyone else's. Each round only has to keep that reachable
       (`EndBalance`: nobody above the final ceiling, everybody's shortfall
       within the rounds and seats left), so the search chooses who sits at an
       odd table when, which costs fewer repeats than evening the counts every
       round. Mid-event a count may lag by as many rounds as remain. With no
       `upcoming` the end is this round, and the seats go to those with the
       fewest. Only keeping team mates apart comes first.
    3. In the rounds planned ahead (a forecast), odd seats are weighed softly:
       players who already sat at one go again only after the others.

    Meetings are counted only between the players present now, so withdrawals
    and late arrivals between rounds are simply a different `players` list.

Search
    Each round starts from a random feasible seating (team members spread with
    Ryser's greedy rule, which finds a seating whenever one exists) and a tabu
    search swaps two players between tables of a round, restarting from the
    best seating found, slightly shaken, when it stalls. It stops as soon as
    the cost reaches a floor it cannot beat (no new repeat, or as few as
    counting allows) or after `effort` candidate swaps examined: a count, never
    wall time, so the same seed and input always give the same seating. The
    default bounds a round's search whatever the number of players (its cost:
    benchmarks/seating.py).

    Seating one round at a time can paint later rounds into a corner, so
    `seat_round(upcoming=k)` plans the k following rounds too (same players),
    polishes this round alone (its own cost is certain, the forecast is not)
    and returns only this one; `plan_rounds` does that for a whole event.

    Tables of 4 only with at most 16 players (16 players: the affine plane of
    order 4, five rounds where nobody meets anybody twice): an exact search
    first looks for a round that can still be completed into rounds where
    nobody meets twice, which a local search alone often misses.

Reproducibility
    All randomness comes from `random.Random` seeded with the `seed` and the
    number of previous rounds, never from the global generator. Players are
    taken in sorted order when their ids are mutually comparable (so the order
    of the `players` argument does not matter), in the given order otherwise.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from itertools import combinations
from typing import TypeVar

from .duty import EndBalance, duty_tiers
from .exact import EXACT_MAX_PLAYERS, exact_round
from .search import Planner, initial_tables
from .tables import (
    Player,
    RoundSeating,
    SeatingError,
    Table,
    meeting_counts,
    repeated_meetings,
    table_sizes,
)

__all__ = [
    "DEFAULT_EFFORT",
    "Player",
    "RoundSeating",
    "SeatingError",
    "Table",
    "meeting_counts",
    "plan_rounds",
    "repeated_meetings",
    "seat_round",
    "table_sizes",
]

DEFAULT_EFFORT = 1_500_000

# The caller's player ids, whatever their type (the app's are ints): a round seats them.
P = TypeVar("P", bound=Hashable)
"""Candidate swaps examined per round at most: about 1 s of pure Python, whatever n."""


def seat_round(
    players: Sequence[P],
    *,
    previous: Sequence[Sequence[Sequence[P]]] = (),
    teams: Mapping[P, Hashable] | None = None,
    seed: int,
    upcoming: int = 0,
    effort: int = DEFAULT_EFFORT,
) -> list[list[P]]:
    """Seat the players present for the next round.

    `previous` holds the rounds already played (each a list of tables, each a
    list of player ids; players absent now are ignored), `teams` maps a player
    to a team id (players not in it, or mapped to None, have no team mates).
    `upcoming` is how many rounds are still to come after this one: the search
    then plans them too (for the same players) so that this round leaves room
    for them, and returns only this round. `effort` caps the candidate swaps
    the search examines (0: a random seating that only keeps teams apart).

    Returns a list of tables of player ids, sized as `table_sizes(len(players))`;
    the order inside a table is the seat order. Raises SeatingError.
    """
    order = _canonical(players)
    n = len(order)
    sizes = table_sizes(n)
    if effort < 0 or upcoming < 0:
        raise SeatingError(
            "negative_count",
            f"effort and upcoming must be >= 0, got {effort} and {upcoming}.",
            effort=effort,
            upcoming=upcoming,
        )
    rng = random.Random(f"tarot-seating/{seed}/{len(previous)}")
    index = {p: i for i, p in enumerate(order)}
    team_of = _team_ids(order, teams)

    met = [[0] * n for _ in range(n)]
    # Rounds each player spent at a table of the size of this round's odd tables (5,
    # or 3): duty at a table of 5 and at a table of 3 are counted apart.
    odd_size = next((size for size in sizes if size != 4), None)
    odd_seats = [0] * n
    for seating in previous:
        for played in seating:
            present = [index[p] for p in played if p in index]
            if len(played) == odd_size:
                for i in present:
                    odd_seats[i] += 1
            for i, j in combinations(present, 2):
                if i != j:
                    met[i][j] += 1
                    met[j][i] += 1

    duty = duty_tiers(sizes, odd_seats)
    tables = initial_tables(sizes, team_of, rng, duty)
    if all(size == 4 for size in sizes) and n <= EXACT_MAX_PLAYERS:
        exact = exact_round(tables, met, team_of, rng)
        if exact is not None:
            tables, effort = exact, 0
    if len(tables) > 1 and effort:
        polish = effort // 4 if upcoming else 0
        # The forecast rounds start from greedy duty tiers too, drawn in turn from the
        # counts their starting tables give: a start that meets the end balance.
        free, counts = [tables], list(odd_seats)
        for _ in range(upcoming):
            for t, table in enumerate(free[-1]):
                if sizes[t] != 4:
                    for i in table:
                        counts[i] += 1
            free.append(initial_tables(sizes, team_of, rng, duty_tiers(sizes, counts)))
        seats = sum(size for size in sizes if size != 4)
        # Hard rule: duty even at the end of the planned rounds (this one and the
        # upcoming), the search free to choose who sits at a table of 5 (or 3) when.
        ending = EndBalance(odd_seats, upcoming + 1, seats, 0) if seats else None
        planner = Planner(free, sizes, met, team_of, odd_seats, rng, ending)
        tables = planner.run(effort - polish)[0]
        if polish:
            # The later rounds were only a forecast: what this round costs for sure
            # (repeats, odd seats) comes first, as long as the upcoming rounds can still
            # even the duty out; a perfect round is left as it is.
            keeping = EndBalance(odd_seats, upcoming + 1, seats, upcoming) if seats else None
            tables = Planner([tables], sizes, met, team_of, odd_seats, rng, keeping).run(polish)[0]

    result: list[list[P]] = []
    for table in tables:
        seated = [order[i] for i in table]
        rng.shuffle(seated)  # seat order: who deals first should not follow the ids
        result.append(seated)
    return result


def plan_rounds(
    players: Sequence[P],
    rounds: int,
    *,
    teams: Mapping[P, Hashable] | None = None,
    seed: int,
    effort: int = DEFAULT_EFFORT,
) -> list[list[list[P]]]:
    """Seat `rounds` rounds in sequence for the same players.

    Round k is exactly `seat_round(players, previous=<rounds 1..k-1>, teams=teams,
    seed=seed, upcoming=rounds - k, effort=effort)`, so a plan and a
    round-by-round event that passes the same arguments agree.
    """
    planned: list[list[list[P]]] = []
    for k in range(1, rounds + 1):
        planned.append(
            seat_round(
                players,
                previous=planned,
                teams=teams,
                seed=seed,
                upcoming=rounds - k,
                effort=effort,
            )
        )
    return planned


# --- internals -----------------------------------------------------------------


def _canonical(players: Sequence[P]) -> list[P]:
    order = list(players)
    if len(set(order)) != len(order):
        duplicates = sorted({repr(p) for p, c in Counter(order).items() if c > 1})
        raise SeatingError(
            "duplicate_player",
            f"Players listed more than once: {', '.join(duplicates)}.",
            players=duplicates,
        )
    try:
        return sorted(order)  # type: ignore[type-var]  # any Hashable: TypeError is caught
    except TypeError:  # ids of mixed types: keep the caller's order
        return order


def _team_ids(order: list[P], teams: Mapping[P, Hashable] | None) -> list[int]:
    """A small int per player; players without a team get a team of their own."""
    ids: dict[Hashable, int] = {}
    result = []
    for i, player in enumerate(order):
        team = None if teams is None else teams.get(player)
        if team is not None:
            result.append(ids.setdefault(("team", team), len(ids)))
        else:
            result.append(ids.setdefault(("alone", i), len(ids)))
    return result
