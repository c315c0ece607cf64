"""The search behind seat_round (pure Python, no Django import): a feasible start,
an exact search for small events, and the tabu search with its costs.

The objective and the search are described in tournaments.planning.seating.
"""

from __future__ import annotations

import random
from itertools import combinations

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
MUST, MAY, MUST_NOT = -1, 0, 1
# Team mates: never accepted. Any swap whose cost change reaches half of this
# would seat team mates together, whatever the history adds.
_FORBIDDEN = 10**9
EXACT_MAX_PLAYERS = 16
_EXACT_BUDGET = 200_000
# Candidate swaps examined per step: every troubled table of a round for small
# events, a random sample of them for large ones (each costs about n swaps).
_SWAPS_PER_STEP = 2000


def duty_tiers(sizes: list[int], odd_counts: list[int]) -> list[int] | None:
    """Who must, may or must not sit at a table of 3 or 5 in a starting seating.

    The greedy start (None: no such table): the odd seats go to the players with the
    fewest rounds at one so far; below the k-th smallest count (k odd seats) a player
    MUST sit at one, at it he MAY, above it he MUST_NOT. Rounds drawn this way keep
    counts within one of each other, so a start built from them meets the EndBalance;
    the search then trades odd seats freely within the EndBalance.
    """
    seats = sum(size for size in sizes if size != 4)
    if not seats:
        return None
    threshold = sorted(odd_counts)[seats - 1]
    return [MUST if c < threshold else MAY if c == threshold else MUST_NOT for c in odd_counts]


class EndBalance:
    """Odd-seat counts that can still end the planned rounds within one of each other.

    `rounds` rounds are left to play from `counts` (this one included), `seats` odd
    seats each: the total at the end is fixed, so the counts must end in {low, high}
    = {floor, ceil}(total / n). `after` rounds follow the ones being searched: counts
    reached after the searched rounds are acceptable when (a) nobody exceeds `high`,
    (b) each player's deficit to `low` fits in `after` rounds, (c) the deficits fit in
    the seats left (`after * seats`) and (d) those seats can all be filled by
    players still below `high` (each at most once a round). (a)-(d) are exactly
    when `after` rounds of `seats` distinct players can finish the job (Gale-Ryser
    with equal round sizes). `violation` measures how far a state is from that, 0
    when acceptable. With arrivals or departures mid-event the plain bounds may
    be out of reach: `low` drops and `high` rises just enough to be reachable.
    """

    def __init__(self, counts: list[int], rounds: int, seats: int, after: int) -> None:
        n = len(counts)
        total = sum(counts) + rounds * seats
        low, high = total // n, -(-total // n)
        high = max(high, max(counts))
        while low > 0 and (
            low - min(counts) > rounds or sum(max(0, low - c) for c in counts) > rounds * seats
        ):
            low -= 1
        while sum(min(rounds, high - c) for c in counts) < rounds * seats:
            high += 1
        self.low, self.high, self.after, self.seats = low, high, after, seats

    def player(self, c: int) -> tuple[int, int, int]:
        """One player's part: (own violation, deficit to low, odd seats he can still take)."""
        low, high, after = self.low, self.high, self.after
        own = max(0, c - high) + max(0, low - c - after)
        return own, max(0, low - c), max(0, min(after, high - c))

    def state(self, counts: list[int]) -> tuple[int, int, int]:
        """Sums over the players of their parts (see `player`)."""
        own = deficit = room = 0
        for c in counts:
            o, d, r = self.player(c)
            own, deficit, room = own + o, deficit + d, room + r
        return own, deficit, room

    def violation(self, state: tuple[int, int, int]) -> int:
        """How far a state is from acceptable: 0 when (a)-(d) of the class doc hold."""
        own, deficit, room = state
        left = self.after * self.seats
        return own + max(0, deficit - left) + max(0, left - room)

    def moved(
        self, state: tuple[int, int, int], counts: list[int], p: int, q: int
    ) -> tuple[int, int, int]:
        """The state once p takes an odd seat from q: two players change, O(1)."""
        own, deficit, room = state
        for x, change in ((p, 1), (q, -1)):
            o0, d0, r0 = self.player(counts[x])
            o1, d1, r1 = self.player(counts[x] + change)
            own, deficit, room = own + o1 - o0, deficit + d1 - d0, room + r1 - r0
        return own, deficit, room


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
        _mend_duty(tables, sizes, team_of, duty, rng)
    return tables


def _mend_duty(
    tables: list[list[int]],
    sizes: list[int],
    team_of: list[int],
    duty: list[int],
    rng: random.Random,
) -> None:
    """Swap players between tables of 4 and odd tables until the duty tiers hold.

    Each swap mends one or two misplaced players and breaks none, so this ends; a
    player stays misplaced only when every swap would seat team mates together.
    """
    odd = [size != 4 for size in sizes]

    def fits(player: int, table: list[int], leaving: int) -> bool:
        return all(team_of[x] != team_of[player] for x in table if x != leaving)

    changed = True
    while changed:
        changed = False
        for a, table_a in enumerate(tables):
            for p in list(table_a):
                wrong = duty[p] == (MUST_NOT if odd[a] else MUST)
                if not wrong:
                    continue
                # Partners from the other kind of table who may sit at table a (q goes
                # there), those misplaced where they are first (a swap mending two).
                barred = MUST_NOT if odd[a] else MUST
                misplaced = MUST if odd[a] else MUST_NOT
                options = [
                    (b, q)
                    for b, table_b in enumerate(tables)
                    if odd[b] != odd[a]
                    for q in table_b
                    if duty[q] != barred
                ]
                rng.shuffle(options)
                options.sort(key=lambda o: duty[o[1]] != misplaced)
                for b, q in options:
                    table_b = tables[b]
                    if fits(p, table_b, q) and fits(q, table_a, p):
                        table_a[table_a.index(p)] = q
                        table_b[table_b.index(q)] = p
                        changed = True
                        break


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

    def factors(adj: list[int], free: int):  # yields lists of 4-player groups
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

    def cliques(adj: list[int], group: list[int], candidates: int, need: int):
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
            best_delta, moves = None, []
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
            if moves:
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
