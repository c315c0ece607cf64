"""The bench: extra players who each take, every round, the seat of a different player
of their orientation (who sits out). Pure Python, no Django import; used by
tournaments.planning.movement for fields with 2 or 3 empty seats (and 1, when it
does better), on a design of T - 1 tables from movement_design.
"""

from __future__ import annotations

from collections import Counter

from .movement_design import ORIENTATION_COUNT, Sets

# Nodes the bench's depth-first search may visit per extra player (a count, so the
# choice is reproducible); a few thousand suffice, the limit only stops hopeless cases.
BENCH_NODES = 5000


def bench_owners(
    sets: Sets, orientations: tuple[int, ...], nodes: int = BENCH_NODES
) -> list[list[int]] | None:
    """For each extra player (one per orientation in `orientations`), the seat he takes
    in each round of the design `sets`: the seat's owner sits on the bench.

    Hard: each owner is replaced at most once (so he sits out at most once) and the
    extra plays a different set each round. Soft (depth-first, fewest first, bounded
    by `nodes` per extra): the extra meets nobody twice. None when no choice keeps
    the hard rules within the bound.
    """
    holder = [[{s: p for p, s in enumerate(row)} for row in o_rows] for o_rows in sets]
    owners: list[list[int]] = []
    for o in orientations:
        found = _Bench(sets, holder, o, dict(zip(orientations, owners, strict=False)), nodes)
        found.linear()
        if found.best is None or found.best[0] > 0:
            found.dfs(0, [], 0)
        if found.best is None:
            return None
        owners.append(found.best[1])
    return owners


class _Bench:
    """Depth-first choice of the seats one extra player takes, round by round."""

    def __init__(
        self,
        sets: Sets,
        holder: list[list[dict[int, int]]],
        orientation: int,
        placed: dict[int, list[int]],
        nodes: int,
    ) -> None:
        self.sets, self.holder, self.o, self.placed = sets, holder, orientation, placed
        self.budget = nodes
        self.best: tuple[int, list[int]] | None = None
        self.met: Counter[tuple[int, int]] = Counter()

    def mates(self, r: int, slot: int) -> list[tuple[int, int]]:
        """Whom the extra meets at `slot`'s table in round r: (orientation, slot), with
        slot -1 for another extra who took the seat there."""
        s = self.sets[self.o][r][slot]
        found = []
        for other in range(ORIENTATION_COUNT):
            if other != self.o:
                holder = self.holder[other][r][s]
                taken = other in self.placed and self.placed[other][r] == holder
                found.append((other, -1 if taken else holder))
        return found

    def linear(self) -> None:
        """Start from the best owners of the form a + step x r (mod T) that keep the
        hard rules: on an algebraic design they often meet nobody twice, and they give
        the depth-first search a bound."""
        row = self.sets[self.o]
        tables, rounds = len(row[0]), len(row)
        for step in range(tables):
            for start in range(tables):
                chosen = [(start + step * r) % tables for r in range(rounds)]
                if (
                    len(set(chosen)) < rounds
                    or len({row[r][w] for r, w in enumerate(chosen)}) < rounds
                ):
                    continue
                met: Counter[tuple[int, int]] = Counter()
                for r, w in enumerate(chosen):
                    met.update(self.mates(r, w))
                repeats = sum(c - 1 for c in met.values() if c > 1)
                if self.best is None or repeats < self.best[0]:
                    self.best = (repeats, chosen)

    def dfs(self, r: int, chosen: list[int], repeats: int) -> None:
        if self.budget <= 0 or (self.best is not None and repeats >= self.best[0]):
            return
        if r == len(self.sets[0]):
            self.best = (repeats, list(chosen))
            return
        row = self.sets[self.o]
        used_sets = {row[x][w] for x, w in enumerate(chosen)}
        options = []
        for slot in range(len(row[r])):
            if slot not in chosen and row[r][slot] not in used_sets:
                who = self.mates(r, slot)
                options.append((sum(1 for m in who if self.met[m]), slot, who))
        for extra_repeats, slot, who in sorted(options):
            self.budget -= 1
            self.met.update(who)
            chosen.append(slot)
            self.dfs(r + 1, chosen, repeats + extra_repeats)
            chosen.pop()
            self.met.subtract(who)
            if self.best is not None and self.best[0] == 0:
                return
