"""An exact search for small events (pure Python, no Django import): a round that can
be completed into rounds where nobody meets anybody twice, when such rounds exist.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

EXACT_MAX_PLAYERS = 16
_EXACT_BUDGET = 200_000


def exact_round(
    tables: list[list[int]], met: list[list[int]], team_of: list[int], rng: random.Random
) -> list[list[int]] | None:
    """A round of tables of 4 that can be completed into rounds with no repeat.

    Works on the graph of pairs still allowed to meet (not met, not team mates).
    If it is regular of degree 3r, look for r rounds using every allowed pair once
    (a resolution: the affine plane of order 4 for 16 fresh players) and return
    the first of them. None when the graph has no such shape, no resolution
    exists or the node budget runs out: the caller falls back to local search.
    """
    n = len(met)
    full = (1 << n) - 1
    allowed = [
        sum(1 << j for j in range(n) if j != i and not met[i][j] and team_of[i] != team_of[j])
        for i in range(n)
    ]
    degrees = {a.bit_count() for a in allowed}
    if len(degrees) != 1:
        return None
    degree = degrees.pop()
    if degree == 0 or degree % 3:
        return None
    if degree == n - 1:
        # Nothing played yet: every partition into tables of 4 is a parallel class of
        # some labelling of the affine plane, so the random one completes.
        return tables
    budget = [_EXACT_BUDGET]

    class OutOfBudget(Exception):
        pass

    def bits(mask: int) -> list[int]:
        found = []
        while mask:
            low = mask & -mask
            found.append(low.bit_length() - 1)
            mask ^= low
        rng.shuffle(found)
        return found

    def factors(adj: list[int], free: int) -> Iterator[list[list[int]]]:  # 4-player groups
        if not free:
            yield []
            return
        budget[0] -= 1
        if budget[0] < 0:
            raise OutOfBudget
        v = (free & -free).bit_length() - 1
        rest = free & ~(1 << v)
        for group in cliques(adj, [v], adj[v] & rest, 3):
            mask = sum(1 << i for i in group)
            for others in factors(adj, free & ~mask):
                yield [group, *others]

    def cliques(
        adj: list[int], group: list[int], candidates: int, need: int
    ) -> Iterator[list[int]]:
        if need == 0:
            yield group
            return
        order = bits(candidates)
        for position, b in enumerate(order):
            # Each set once, in a random order: b combines only with those after it.
            after = sum(1 << c for c in order[position + 1 :])
            yield from cliques(adj, [*group, b], after & adj[b], need - 1)

    def resolve(adj: list[int], rounds_left: int) -> list[list[list[int]]] | None:
        if rounds_left == 0:
            return []
        for factor in factors(adj, full):
            reduced = list(adj)
            for group in factor:
                mask = sum(1 << i for i in group)
                for i in group:
                    reduced[i] &= ~mask
            rest = resolve(reduced, rounds_left - 1)
            if rest is not None:
                return [factor, *rest]
        return None

    try:
        schedule = resolve(allowed, degree // 3)
    except OutOfBudget:
        return None
    return None if schedule is None else schedule[0]
