"""Local search over movement designs: fewer repeated meetings, nobody plays a set twice.

Pure Python, no Django import; used by tournaments.planning.movement.

The state is a design in set space (movement_design): sets[o][r][p] is the set that
slot p of orientation o plays in round r, who[o][r][s] the slot of orientation o at
set s. The only move is a Kempe chain: in orientation o, exchange the seats at sets
s1 and s2 in every round of a set C of rounds, C being the smallest set containing
the chosen round such that nobody then plays a set twice (a seat that moves onto s2
in round u and already plays s2 in round v pulls v into C). So every state the
search visits keeps the hard rule, and the search can only improve on its start.

A seat at the bye table (the phantom North's set) does not play that set, so it
may play it later. Phantom seats never move (their orientation's chains avoid the
bye set).

Cost = repeated meetings between real players at playing tables (sum over pairs of
times met minus one) + BYE_WEIGHT x byes beyond one per player. Simulated
annealing from a fixed seed and for a fixed number of chains: the same input
always gives the same design.
"""

from __future__ import annotations

import math
import random

BYE_WEIGHT = 8


class Search:
    def __init__(self, sets: list[list[list[int]]], phantoms: int, seed: int) -> None:
        self.orients = len(sets)
        self.rounds = len(sets[0])
        self.tables = len(sets[0][0]) if self.rounds else 0
        t = self.tables
        self.sets = [[list(row) for row in o_rows] for o_rows in sets]
        self.who = [[[0] * t for _ in range(self.rounds)] for _ in range(self.orients)]
        for o in range(self.orients):
            for r in range(self.rounds):
                for p, s in enumerate(self.sets[o][r]):
                    self.who[o][r][s] = p
        # Orientations 0..phantoms-1 have their slot t-1 a phantom (N, then E, then S).
        self.phantoms = phantoms
        self.bye = [self.sets[0][r][t - 1] if phantoms else -1 for r in range(self.rounds)]
        n = self.orients * t
        self.played = [-1] * (n * t)
        self.byes = [0] * n
        self.meet = [0] * (n * n)
        self.repeats = 0
        self.bye_excess = 0
        self.rng = random.Random(seed)
        for r in range(self.rounds):
            for s in range(t):
                for o in range(self.orients):
                    slot = o * t + self.who[o][r][s]
                    if self.is_phantom(slot):
                        continue
                    if s == self.bye[r]:
                        self._add_bye(slot, 1)
                    else:
                        if self.played[slot * t + s] >= 0:
                            raise ValueError("the start design has a set played twice")
                        self.played[slot * t + s] = r
                if s != self.bye[r]:
                    self._table(r, s, 1)

    # -- bookkeeping -------------------------------------------------------------
    def is_phantom(self, slot: int) -> bool:
        return slot % self.tables == self.tables - 1 and slot // self.tables < self.phantoms

    @property
    def cost(self) -> int:
        return self.repeats + BYE_WEIGHT * self.bye_excess

    def _add_bye(self, slot: int, sign: int) -> None:
        before = self.byes[slot]
        self.byes[slot] = before + sign
        self.bye_excess += max(0, before + sign - 1) - max(0, before - 1)

    def _pair(self, a: int, b: int, sign: int) -> None:
        key = a * self.orients * self.tables + b if a < b else b * self.orients * self.tables + a
        before = self.meet[key]
        self.meet[key] = before + sign
        self.repeats += max(0, before + sign - 1) - max(0, before - 1)

    def _table(self, r: int, s: int, sign: int) -> None:
        t = self.tables
        slots = [o * t + self.who[o][r][s] for o in range(self.orients)]
        for i in range(self.orients):
            for j in range(i + 1, self.orients):
                self._pair(slots[i], slots[j], sign)

    def _seat_change(self, o: int, r: int, s: int, new_p: int) -> None:
        """Seat `new_p` of orientation o at set s in round r (meetings and byes)."""
        t = self.tables
        old = o * t + self.who[o][r][s]
        new = o * t + new_p
        if s == self.bye[r]:
            self._add_bye(old, -1)
            self._add_bye(new, 1)
            return
        for other in range(self.orients):
            if other != o:
                mate = other * t + self.who[other][r][s]
                self._pair(old, mate, -1)
                self._pair(new, mate, 1)

    def swap(self, o: int, r: int, s1: int, s2: int) -> None:
        """Exchange the seats of orientation o at sets s1 and s2 in round r."""
        t = self.tables
        p, q = self.who[o][r][s1], self.who[o][r][s2]
        self._seat_change(o, r, s1, q)
        self._seat_change(o, r, s2, p)
        self.who[o][r][s1], self.who[o][r][s2] = q, p
        self.sets[o][r][p], self.sets[o][r][q] = s2, s1
        bye = self.bye[r]
        for slot, old, new in ((o * t + p, s1, s2), (o * t + q, s2, s1)):
            if old != bye and self.played[slot * t + old] == r:
                self.played[slot * t + old] = -1
            if new != bye:
                self.played[slot * t + new] = r

    def chain(self, o: int, r: int, s1: int, s2: int) -> list[int] | None:
        """The rounds C of the Kempe chain through round r (None: it would move a phantom)."""
        t = self.tables
        pinned = o < self.phantoms
        seen = {r}
        todo = [r]
        while todo:
            u = todo.pop()
            bye = self.bye[u]
            if pinned and bye in (s1, s2):
                return None
            for here, there in ((s1, s2), (s2, s1)):
                if there == bye:
                    continue
                slot = o * t + self.who[o][u][here]
                v = self.played[slot * t + there]
                if v >= 0 and v not in seen:
                    seen.add(v)
                    todo.append(v)
        # A seat may hold s1 twice when one of the two is a bye; moving both onto s2
        # would make him play s2 twice: refuse such a chain.
        arrivals = set()
        for u in seen:
            for here, there in ((s1, s2), (s2, s1)):
                if there != self.bye[u]:
                    arrival = (self.who[o][u][here], there)
                    if arrival in arrivals:
                        return None
                    arrivals.add(arrival)
        return sorted(seen)

    # -- search -------------------------------------------------------------------
    def _conflicted(self, r: int, s: int) -> bool:
        t = self.tables
        n = self.orients * t
        if s == self.bye[r]:
            return any(
                self.byes[o * t + self.who[o][r][s]] > 1 for o in range(self.phantoms, self.orients)
            )
        slots = sorted(o * t + self.who[o][r][s] for o in range(self.orients))
        return any(
            self.meet[slots[i] * n + slots[j]] > 1
            for i in range(self.orients)
            for j in range(i + 1, self.orients)
        )

    def run(self, budget: int) -> list[list[list[int]]]:
        """Anneal for `budget` chains; return the best design seen (a copy)."""
        best_cost = self.cost
        best = [[list(row) for row in o_rows] for o_rows in self.sets]
        if best_cost == 0 or self.tables < 2 or self.rounds < 2:
            return best
        rng = self.rng
        t, rounds = self.tables, self.rounds
        start_temp, end_temp = 2.0, 0.05
        for step in range(budget):
            temp = start_temp * (end_temp / start_temp) ** (step / budget)
            r, s1 = rng.randrange(rounds), rng.randrange(t)
            for _ in range(8):
                if self._conflicted(r, s1):
                    break
                r, s1 = rng.randrange(rounds), rng.randrange(t)
            o = rng.randrange(self.orients)
            s2 = rng.randrange(t - 1)
            s2 += s2 >= s1
            rounds_c = self.chain(o, r, s1, s2)
            if rounds_c is None:
                continue
            before = self.cost
            for u in rounds_c:
                self.swap(o, u, s1, s2)
            delta = self.cost - before
            if delta <= 0 or rng.random() < math.exp(-delta / temp):
                if self.cost < best_cost:
                    best_cost = self.cost
                    best = [[list(row) for row in o_rows] for o_rows in self.sets]
                    if best_cost == 0:
                        break
            else:
                for u in rounds_c:
                    self.swap(o, u, s1, s2)
        return best
