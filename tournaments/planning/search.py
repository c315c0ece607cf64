"""The search behind seat_round (pure Python, no Django import): a feasible start
and the tabu search with its costs. Duty at the tables of 3 and 5 is in .duty, the
exact search for small events in .exact.

The objective and the search are described in tournaments.planning.seating.
"""

from __future__ import annotations

import random
from itertools import combinations

from .duty import EndBalance, mend_duty
from .tables import SeatingError

# Cost of seating together a pair who already met `c` times: one new repeat
# weighs _REPEAT whatever c is (each adds exactly one to repeated_meetings), and
# _SPREAD per earlier meeting breaks ties towards spreading repeats across pairs.
_REPEAT = 100
_SPREAD = 10
# Per earlier round a player spent at a table of 3 or 5, if seated at one again.
_ODD_SEAT = 5
# Duty at the tables of 3 or 5 is a hard rule on the END of the planned rounds
# (`EndBalance`): every count within one of everybody's once they are played, each
# round keeping that reachable. A swap that breaks it is never made; one that mends
# it (a start that team mates forced) is worth more than any repeat.
_DUTY = 10**6
# Team mates: never accepted. Any swap whose cost change reaches half of this
# would seat team mates together, whatever the history adds.
_FORBIDDEN = 10**9
# Candidate swaps examined per step: every troubled table of a round for small
# events, a random sample of them for large ones (each costs about n swaps).
_SWAPS_PER_STEP = 2000


def initial_tables(
    sizes: list[int],
    team_of: list[int],
    rng: random.Random,
    duty: list[int] | None = None,
) -> list[list[int]]:
    """A random seating where no table holds two members of a team.

    Ryser's rule: place each team, largest first, at the tables with the most
    seats left. It finds a seating whenever one exists (Gale-Ryser). With `duty`
    (see duty_tiers), swaps that keep teams apart then move those who must sit at a
    table of 3 or 5 to one, and those who must not away from them.
    """
    members: dict[int, list[int]] = {}
    for i, team in enumerate(team_of):
        members.setdefault(team, []).append(i)
    groups = list(members.values())
    rng.shuffle(groups)
    groups.sort(key=len, reverse=True)
    free = list(sizes)
    tables: list[list[int]] = [[] for _ in sizes]
    for group in groups:
        rng.shuffle(group)
        ties = list(range(len(sizes)))
        rng.shuffle(ties)
        targets = sorted(ties, key=lambda t: -free[t])[: len(group)]
        if len(group) > len(sizes) or free[targets[-1]] == 0:
            raise SeatingError(
                "teams_infeasible",
                f"{len(team_of)} players at {len(sizes)} tables cannot be seated without "
                f"seating team mates together (largest team: {len(groups[0])}).",
                tables=len(sizes),
                largest_team=len(groups[0]),
            )
        for t, player in zip(targets, group, strict=False):
            tables[t].append(player)
            free[t] -= 1
    for table in tables:
        rng.shuffle(table)
    if duty is not None:
        mend_duty(tables, sizes, team_of, duty, rng)
    return tables


class Planner:
    """Tabu search over the free rounds: swap two players between tables of a round.

    Costs are marginal: seating together a pair who met c times in all rounds
    (history and free rounds alike) costs _marginal(c); `add[i][j]` caches the
    cost of seating i and j together once more, `rem[i][j]` the saving of
    parting them once. A move that lands back a player at a table he recently
    left is tabu unless it beats the best plan found.
    """

    def __init__(
        self,
        rounds: list[list[list[int]]],
        sizes: list[int],
        history: list[list[int]],
        team_of: list[int],
        odd_history: list[int],
        rng: random.Random,
        balance: EndBalance | None = None,
    ) -> None:
        self.rng = rng
        # The hard rule on odd-seat counts once the searched rounds are played (None:
        # anybody may sit anywhere). Only the counts at the end of the searched rounds
        # are checked: when they are acceptable, the rounds themselves show that every
        # round on the way kept the end reachable.
        self.balance = balance
        self.history = history
        self.team_of = team_of
        self.odd_history = odd_history
        self.odd = [size != 4 for size in sizes]
        n = len(history)
        # Floor: as few new repeats as counting allows, and the odd seats of the free
        # rounds given to those with the fewest so far (a perfect plan reaches it).
        pair_floor = sum(_pair_cost(history[i][j]) for i in range(n) for j in range(i))
        # Counting bound: a pair never met (and not team mates) hosts one meeting for
        # free; every meeting beyond those is a new repeat.
        fresh = sum(
            1 for i in range(n) for j in range(i) if not history[i][j] and team_of[i] != team_of[j]
        )
        meetings = len(rounds) * sum(size * (size - 1) // 2 for size in sizes)
        pair_floor += _REPEAT * max(0, meetings - fresh)
        counts = list(odd_history)
        odd_per_round = sum(size for size in sizes if size != 4)
        for _ in rounds:
            for i in sorted(range(n), key=counts.__getitem__)[:odd_per_round]:
                counts[i] += 1
        self.floor = pair_floor + sum(_seat_cost(c) for c in counts)
        self.work = 0
        self._load(rounds)

    def _load(self, rounds: list[list[list[int]]]) -> None:
        n = len(self.history)
        self.rounds = [[list(table) for table in seating] for seating in rounds]
        met = [list(row) for row in self.history]
        odd = list(self.odd_history)
        for seating in self.rounds:
            for t, table in enumerate(seating):
                for i in table:
                    odd[i] += self.odd[t]
                for i, j in combinations(table, 2):
                    met[i][j] += 1
                    met[j][i] += 1
        self.met, self.odd_count = met, odd
        self.balance_state = self.balance.state(odd) if self.balance else (0, 0, 0)
        self._tabulate_duty()
        team_of = self.team_of
        self.add = [
            [
                _FORBIDDEN if team_of[i] == team_of[j] and i != j else _marginal(met[i][j])
                for j in range(n)
            ]
            for i in range(n)
        ]
        self.rem = [[_marginal(c - 1) if c else 0 for c in row] for row in met]
        self.cost = (
            sum(_pair_cost(met[i][j]) for i in range(n) for j in range(i))
            + sum(_seat_cost(c) for c in odd)
            + self._duty_cost()
        )

    def _duty_cost(self) -> int:
        """_DUTY per unit of EndBalance violation (0 once the counts are acceptable)."""
        return _DUTY * self.balance.violation(self.balance_state) if self.balance else 0

    def _duty_step(self, gains: int, loses: int) -> int:
        """Change of EndBalance violation if `gains` takes an odd seat from `loses`."""
        if self.balance is None:
            return 0
        return self._duty_steps[self.odd_count[gains]][self.odd_count[loses]]

    def _tabulate_duty(self) -> None:
        """`_duty_steps[g][l]`: _duty_step for counts g and l, so a candidate costs a lookup.

        Only the two counts matter once the state is fixed; it changes only when a
        swap moves an odd seat, and counts are small (at most the rounds played).
        """
        balance = self.balance
        if balance is None:
            return
        state, size = self.balance_state, max(self.odd_count) + 2
        before = balance.violation(state)
        counts = [0, 0]
        steps = []
        for g in range(size):
            row = []
            for lost in range(size):
                counts[0], counts[1] = g, lost
                row.append(balance.violation(balance.moved(state, counts, 0, 1)) - before)
            steps.append(row)
        self._duty_steps = steps

    def _meet(self, i: int, j: int, change: int) -> None:
        c = self.met[i][j] + change
        self.met[i][j] = self.met[j][i] = c
        if self.add[i][j] < _FORBIDDEN:
            self.add[i][j] = self.add[j][i] = _marginal(c)
        self.rem[i][j] = self.rem[j][i] = _marginal(c - 1) if c else 0

    def _leave(self, seating: list[list[int]]) -> list[int]:
        """Per player, what the round saves if he leaves his table (pairs only)."""
        rem = self.rem
        leave = [0] * len(rem)
        for table in seating:
            for i in table:
                row = rem[i]
                leave[i] = sum(row[j] for j in table)  # rem[i][i] is 0
        return leave

    def run(self, effort: int) -> list[list[list[int]]]:
        """The best plan found within `effort` units of work (candidate swaps examined)."""
        rng = self.rng
        n, n_rounds, n_tables = len(self.history), len(self.rounds), len(self.rounds[0])
        tables_per_step = max(1, _SWAPS_PER_STEP // n)
        tabu = [[0] * (n * n_tables) for _ in range(n_rounds)]
        best_cost, best = self.cost, [[list(t) for t in seating] for seating in self.rounds]
        stalled, stall_limit = 0, 100 + 2 * n
        half = _FORBIDDEN // 2
        self.work = step = 0
        while self.work < effort and self.cost > self.floor:
            step += 1
            found = self._pick()
            if found is None:
                break
            r, bad, leave = found
            if len(bad) > tables_per_step:
                bad = rng.sample(bad, tables_per_step)
            seating, add, odd, odd_count = self.rounds[r], self.add, self.odd, self.odd_count
            unbalanced = self._duty_cost() > 0
            tabu_r = tabu[r]
            best_delta: int | None = None
            moves: list[tuple[int, int, int, int]] = []
            for a in bad:
                table_a = seating[a]
                for p in table_a:
                    if not (leave[p] or (odd[a] and odd_count[p] > 1) or unbalanced):
                        continue  # p is not part of the trouble at this table
                    self.work += n - len(table_a)
                    add_p, leave_p = add[p], leave[p]
                    # row_a[q]: what q would cost at table a in place of p.
                    mates = [add[x] for x in table_a if x != p]
                    row_a = [sum(c) for c in zip(*mates, strict=True)]
                    for b in range(n_tables):
                        if b == a:
                            continue
                        table_b = seating[b]
                        join = sum(add_p[y] for y in table_b)
                        crossing = odd[a] != odd[b]
                        seat_p = 0
                        if crossing:  # p and q trade an odd seat
                            seat_p = _ODD_SEAT * (odd_count[p] if odd[b] else 1 - odd_count[p])
                        tabu_p = tabu_r[p * n_tables + b] > step
                        for q in table_b:
                            delta = row_a[q] + join - add_p[q] - leave_p - leave[q] + seat_p
                            if crossing:
                                delta += _ODD_SEAT * (odd_count[q] if odd[a] else 1 - odd_count[q])
                                step_duty = (
                                    self._duty_step(p, q) if odd[b] else self._duty_step(q, p)
                                )
                                if step_duty > 0:
                                    continue  # would put the end balance out of reach
                                delta += _DUTY * step_duty
                            if delta >= half:
                                continue  # would seat team mates together
                            if (tabu_p or tabu_r[q * n_tables + a] > step) and (
                                self.cost + delta >= best_cost
                            ):
                                continue
                            if best_delta is None or delta < best_delta:
                                best_delta, moves = delta, [(p, a, q, b)]
                            elif delta == best_delta:
                                moves.append((p, a, q, b))
            if best_delta is not None:  # set with the first of the moves
                p, a, q, b = rng.choice(moves)
                self._swap(r, p, a, q, b, best_delta)
                tenure = rng.randint(3, 12)
                tabu_r[p * n_tables + a] = step + tenure
                tabu_r[q * n_tables + b] = step + tenure
            if self.cost < best_cost:
                best_cost, best = self.cost, [[list(t) for t in s] for s in self.rounds]
                stalled = 0
            else:
                stalled += 1
                if stalled > stall_limit:
                    self._restart(best)
                    stalled = 0
        return best

    def _pick(self) -> tuple[int, list[int], list[int]] | None:
        """A random round with something to improve, its troubled tables and savings."""
        rng, odd, odd_count = self.rng, self.odd, self.odd_count
        unbalanced = self._duty_cost() > 0
        order = list(range(len(self.rounds)))
        rng.shuffle(order)
        for r in order:
            self.work += len(self.history)  # scanning a round costs about n swaps
            seating = self.rounds[r]
            leave = self._leave(seating)
            bad = [
                t
                for t, table in enumerate(seating)
                if any(leave[i] or (odd[t] and odd_count[i] > 1) or unbalanced for i in table)
            ]
            if bad:
                return r, bad, leave
        return None

    def _swap(self, r: int, p: int, a: int, q: int, b: int, delta: int) -> None:
        seating = self.rounds[r]
        table_a, table_b = seating[a], seating[b]
        for x in table_a:
            if x != p:
                self._meet(p, x, -1)
                self._meet(q, x, +1)
        for y in table_b:
            if y != q:
                self._meet(q, y, -1)
                self._meet(p, y, +1)
        if self.odd[a] != self.odd[b]:
            if self.balance:
                gains, loses = (p, q) if self.odd[b] else (q, p)
                self.balance_state = self.balance.moved(
                    self.balance_state, self.odd_count, gains, loses
                )
            step = 1 if self.odd[b] else -1
            self.odd_count[p] += step
            self.odd_count[q] -= step
            self._tabulate_duty()
        table_a[table_a.index(p)] = q
        table_b[table_b.index(q)] = p
        self.cost += delta

    def _restart(self, best: list[list[list[int]]]) -> None:
        """Back to the best plan, shaken by a few random swaps that keep teams apart."""
        self.work += len(self.history) ** 2  # rebuilding the tables
        self._load(best)
        rng, add = self.rng, self.add
        for _ in range(2 + len(self.history) // 16):
            r = rng.randrange(len(self.rounds))
            seating = self.rounds[r]
            a, b = rng.sample(range(len(seating)), 2)
            p, q = rng.choice(seating[a]), rng.choice(seating[b])
            if self.odd[a] != self.odd[b] and (
                self._duty_step(p, q) if self.odd[b] else self._duty_step(q, p)
            ):
                continue  # the shake keeps the end balance as it is
            if all(add[q][x] < _FORBIDDEN for x in seating[a] if x != p) and all(
                add[p][y] < _FORBIDDEN for y in seating[b] if y != q
            ):
                self._swap(r, p, a, q, b, 0)
        self.cost = self._total()

    def _total(self) -> int:
        met = self.met
        return (
            sum(_pair_cost(met[i][j]) for i in range(len(met)) for j in range(i))
            + sum(_seat_cost(c) for c in self.odd_count)
            + self._duty_cost()
        )


def _marginal(c: int) -> int:
    """Cost of seating together once more a pair who met c times."""
    return _REPEAT + _SPREAD * (c - 1) if c > 0 else 0


def _pair_cost(c: int) -> int:
    """Sum of the marginals: a pair who met c times."""
    return (c - 1) * _REPEAT + _SPREAD * (c - 1) * (c - 2) // 2 if c > 1 else 0


def _seat_cost(c: int) -> int:
    """Sum of the marginals: a player who sat c times at a table of 3 or 5."""
    return _ODD_SEAT * c * (c - 1) // 2
