"""A movement where every orientation moves, North and East too, for the fields where
the fixed designs make people meet again too often (see "Why" below). Pure
Python, no Django import; tournaments.planning.movement keeps it when it meets fewer
people again than the designs of movement_design.

Why: those designs keep North at its table and, when they are not algebraic, start
from cyclic steps; with 2 or 3 empty seats at 7 tables (25, 26 players) the empty
seats are pinned to the bye table and the real East players start beside North and
stay there, so six pairs play all six rounds together. Here nobody is pinned:

- Tp tables play every round (T, or T - 1 when seats are empty) with Tp board sets;
  the sets move one table down a round (set s is at table s - r in round r).
- Orientation o has n_o players: Tp, plus one "extra" for East, South and West with
  one empty seat, South and West with two, West with three (4 Tp + extras = P). Each
  round every orientation fills the Tp tables; its n_o - Tp others sit out.
- Each player holds, round by round, a *slot*: a set (0..Tp-1) or a bye (Tp..n_o-1).
  Nobody holds a slot twice: nobody plays a set twice, nobody sits out twice.
- A local search (simulated annealing, a fixed count of steps from a seed drawn from
  the field, so the same field always gives the same movement) exchanges, for the
  players of one orientation on one cycle between two rounds, their slots of those
  rounds (a Kempe chain: always legal), to lower a cost where a pair's (c + 1)-th
  meeting costs c squared (a second meeting 1, a third 4, a fourth 9), which pushes
  the most repeated meetings down first.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

ORIENTATION_COUNT = 4
# Steps of the annealing per movement: a count, never wall time (reproducible).
STEPS = 20000


@dataclass(frozen=True)
class MovingDesign:
    """`slots[r][o][i]`: the slot of player i of orientation o in round r (a set below
    `playing`, a bye from it on)."""

    playing: int
    counts: tuple[int, ...]
    slots: tuple[tuple[tuple[int, ...], ...], ...]


def orientation_counts(players: int, tables: int) -> tuple[int, int, tuple[int, ...]]:
    """(tables with a set, rounds at most, players per orientation) for P players at T
    tables. One empty seat: T sets and a phantom North (the last North, phantom): the
    table he sits at rests and its three players sit out, as at the bye table of the
    fixed designs. Two or three: T - 1 tables play and the extras are the last
    orientations' (S and W, or W), one of each sitting out every round."""
    empty = 4 * tables - players
    if empty == 1:
        return tables, tables, (tables,) * 4
    playing = tables if empty == 0 else tables - 1
    extras = 0 if empty == 0 else 4 - empty
    counts = tuple(playing + (1 if o >= ORIENTATION_COUNT - extras else 0) for o in range(4))
    return playing, playing, counts


def _initial(playing: int, rounds: int, counts: Sequence[int]) -> list[list[list[int]]]:
    """A legal start: slot (i + step r) mod n_o with the steps of the smallest order
    that still lasts `rounds` rounds, different per orientation where it can be."""
    slots = [[[0] * n for n in counts] for _ in range(rounds)]
    used: set[int] = set()
    for o, n in enumerate(counts):
        steps = [s for s in range(1, n) if n // math.gcd(s, n) >= rounds] or [1]
        step = next((s for s in steps if s not in used), steps[0])
        used.add(step)
        for r in range(rounds):
            for i in range(n):
                slots[r][o][i] = (i + step * r) % n
    return slots


def design(players: int, tables: int, rounds: int, steps: int = STEPS) -> MovingDesign:
    """The moving design for P players at T tables over `rounds` rounds (at most the
    playing tables)."""
    playing, most, counts = orientation_counts(players, tables)
    if not 1 <= rounds <= most:
        raise ValueError(f"{players} players play at most {most} rounds here, not {rounds}")
    slots = _initial(playing, rounds, counts)
    phantom = 4 * tables - players == 1
    search = _Search(playing, rounds, counts, slots, seed=players * 100 + rounds, phantom=phantom)
    search.run(steps)
    return MovingDesign(
        playing=playing,
        counts=counts,
        slots=tuple(tuple(tuple(row) for row in search.best[r]) for r in range(rounds)),
    )


# A player's number in the search: orientation * _WIDTH + his index (fields of up to
# 30 tables: at most 31 players of one orientation).
_WIDTH = 32


class _Search:
    def __init__(
        self,
        playing: int,
        rounds: int,
        counts: Sequence[int],
        slots: list[list[list[int]]],
        seed: int,
        phantom: bool = False,
    ) -> None:
        self.playing, self.rounds, self.counts = playing, rounds, list(counts)
        # Meeting the phantom North is sitting out: a second time costs 50 (more than
        # a fifth meeting of two players), so that byes stay at one each.
        self.phantom = counts[0] - 1 if phantom else -1
        self.slots = slots
        self.random = random.Random(seed)
        # at[r][o][slot] = the player of orientation o holding `slot` in round r.
        self.at = [[[0] * n for n in counts] for _ in range(rounds)]
        for r in range(rounds):
            for o in range(ORIENTATION_COUNT):
                for i, slot in enumerate(slots[r][o]):
                    self.at[r][o][slot] = i
        size = ORIENTATION_COUNT * _WIDTH
        self.met = [0] * (size * size)  # meetings of two players, by their numbers
        self.cost = 0
        for r in range(rounds):
            for slot in range(playing):
                seated = [o * _WIDTH + self.at[r][o][slot] for o in range(ORIENTATION_COUNT)]
                for x in range(4):
                    for y in range(x + 1, 4):
                        self.cost += self._meet(seated[x], seated[y], 1)
        self.best = [[list(row) for row in rnd] for rnd in slots]
        self.best_cost = self.cost

    def _meet(self, a: int, b: int, change: int) -> int:
        """Record `change` (+1 or -1) meetings of a and b; returns the cost's change."""
        key = a * ORIENTATION_COUNT * _WIDTH + b if a < b else b * ORIENTATION_COUNT * _WIDTH + a
        before = self.met[key]
        self.met[key] = before + change
        if a == self.phantom or b == self.phantom:  # North's number is its index
            return 50 * before * before if change > 0 else -50 * (before - 1) ** 2
        # Meeting a (c + 1)-th time costs c squared: 1 for a second meeting, 4 for a
        # third, 9 for a fourth, so the most repeated meetings go down first.
        return before * before if change > 0 else -((before - 1) ** 2)

    def _cycle(self, o: int, r: int, other: int, player: int) -> list[int]:
        """The players of orientation o on `player`'s cycle between rounds r and `other`:
        exchanging their slots of the two rounds keeps each round a permutation and
        each player's slots the same (a Kempe chain), so the move is always legal."""
        holder, second = self.at[r][o], self.slots[other][o]
        cycle, current = [player], holder[second[player]]
        while current != player:
            cycle.append(current)
            current = holder[second[current]]
        return cycle

    def _touch(self, o: int, rnd: int, i: int, change: int) -> int:
        slot = self.slots[rnd][o][i]
        if slot >= self.playing:
            return 0
        at, me = self.at[rnd], o * _WIDTH + i
        return sum(
            self._meet(me, x * _WIDTH + at[x][slot], change)
            for x in range(ORIENTATION_COUNT)
            if x != o
        )

    def _exchange(self, o: int, r: int, other: int, cycle: list[int]) -> int:
        """Exchange the slots of rounds r and `other` of the players on `cycle`; the
        cost's change (the exchange is made: making it again undoes it)."""
        change = 0
        for i in cycle:
            change += self._touch(o, r, i, -1) + self._touch(o, other, i, -1)
        first, second = self.slots[r][o], self.slots[other][o]
        for i in cycle:
            first[i], second[i] = second[i], first[i]
            self.at[r][o][first[i]] = i
            self.at[other][o][second[i]] = i
        for i in cycle:
            change += self._touch(o, r, i, 1) + self._touch(o, other, i, 1)
        return change

    def run(self, steps: int) -> None:
        if self.rounds < 2:
            return
        temperature = 2.0
        cooling = (0.05 / temperature) ** (1 / max(steps, 1))
        for _ in range(steps):
            temperature *= cooling
            o = self.random.randrange(ORIENTATION_COUNT)
            r, other = self.random.sample(range(self.rounds), 2)
            cycle = self._cycle(o, r, other, self.random.randrange(self.counts[o]))
            change = self._exchange(o, r, other, cycle)
            if change <= 0 or self.random.random() < math.exp(-change / temperature):
                self.cost += change
                if self.cost < self.best_cost:
                    self.best_cost = self.cost
                    self.best = [[list(row) for row in rnd] for rnd in self.slots]
            else:
                self._exchange(o, r, other, cycle)  # undo
