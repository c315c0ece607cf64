"""Seating for tarot rounds: who sits at which table. Pure Python, no Django import.

Table sizes (`table_sizes`)
    Tables of 4 whenever possible; a few tables of 5 or 3 only when the number of
    players present is not a multiple of 4:

    - n % 4 == 0: all tables of 4;
    - n % 4 == 1: one table of 5 (5 = 5, 9 = 4 + 5);
    - n % 4 == 2: two tables of 5 when n >= 10 (10 = 5 + 5, 14 = 4 + 5 + 5);
      6 players sit at two tables of 3;
    - n % 4 == 3: one table of 3 (the FFT homologates tables of 3; everybody at
      it plays every deal, whereas a table of 5 sits one player out per deal);
    - n < 3: SeatingError("too_few_players").

    A round lists its tables of 4 first, then the tables of 5 or 3, so
    `round[i]` always holds `table_sizes(n)[i]` players.

Objective of a round (`seat_round`)
    1. Hard: team mates (`teams` maps a player to a team id, pairs or fours)
       never share a table. Impossible team sizes raise SeatingError.
    2. Fewest new repeated meetings: every pair seated together who already
       met in `previous` rounds counts once (that is exactly how much the round
       adds to `repeated_meetings`); among equal counts, pairs that met less
       often are preferred, so the worst pair count stays low.
    3. Tie-breaker: players who already sat at a table of 3 or 5 go to one
       again only after the others had their turn (a soft rule: one repeat
       avoided outweighs it, so late in a small event it may give way).

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
    default is about a second of pure Python per round at worst, whatever the
    number of players (see benchmarks/seating.py).

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
from collections.abc import Hashable, Iterable, Mapping, Sequence
from itertools import combinations
from typing import Any

Player = Hashable
Table = list[Player]
RoundSeating = list[Table]

DEFAULT_EFFORT = 1_500_000
"""Candidate swaps examined per round at most: about 1 s of pure Python, whatever n."""

# Cost of seating together a pair who already met `c` times: one new repeat
# weighs _REPEAT whatever c is (each adds exactly one to repeated_meetings), and
# _SPREAD per earlier meeting breaks ties towards spreading repeats across pairs.
_REPEAT = 100
_SPREAD = 10
# Per earlier round a player spent at a table of 3 or 5, if seated at one again.
_ODD_SEAT = 5
# Team mates: never accepted. Any swap whose cost change reaches half of this
# would seat team mates together, whatever the history adds.
_FORBIDDEN = 10**9
_EXACT_MAX_PLAYERS = 16
_EXACT_BUDGET = 200_000
# Candidate swaps examined per step: every troubled table of a round for small
# events, a random sample of them for large ones (each costs about n swaps).
_SWAPS_PER_STEP = 2000


class SeatingError(ValueError):
    """Input that cannot be seated.

    `code` is a stable identifier the web app translates; `params` carries the
    values the message mentions. Codes: too_few_players, duplicate_player,
    teams_infeasible, negative_count (seat_round); unknown_player, same_player,
    teammates_together (swap_players).
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def __repr__(self) -> str:
        return f"SeatingError({self.code!r}, {self.message!r})"


def table_sizes(n: int) -> list[int]:
    """Sizes of the tables for `n` players: tables of 4 first (policy in the module doc)."""
    if n < 3:
        raise SeatingError("too_few_players", f"At least 3 players are needed, got {n}.", count=n)
    fours, rest = divmod(n, 4)
    if rest == 0:
        return [4] * fours
    if rest == 1:
        return [4] * (fours - 1) + [5]
    if rest == 2:
        return [3, 3] if n == 6 else [4] * (fours - 2) + [5, 5]
    return [4] * fours + [3]


def meeting_counts(rounds: Iterable[Iterable[Iterable[Player]]]) -> Counter[frozenset]:
    """How many times each pair shared a table, keyed by frozenset({a, b})."""
    counts: Counter[frozenset] = Counter()
    for seating in rounds:
        for table in seating:
            for a, b in combinations(table, 2):
                if a != b:
                    counts[frozenset((a, b))] += 1
    return counts


def repeated_meetings(rounds: Iterable[Iterable[Iterable[Player]]]) -> int:
    """Sum over pairs of max(0, times met - 1): 0 means nobody met anybody twice."""
    return sum(c - 1 for c in meeting_counts(rounds).values() if c > 1)


def swap_players(
    seating: Sequence[Sequence[Player]],
    a: Player,
    b: Player,
    teams: Mapping[Player, Hashable] | None = None,
) -> RoundSeating:
    """A copy of `seating` where `a` and `b` exchange seats.

    Raises SeatingError when either is not seated, when they are the same
    player, or when the swap would seat team mates together.
    """
    if a == b:
        raise SeatingError("same_player", f"Cannot swap {a!r} with itself.", player=a)
    new = [list(table) for table in seating]
    where: dict[Player, tuple[int, int]] = {}
    for t, table in enumerate(new):
        for s, player in enumerate(table):
            where[player] = (t, s)
    for player in (a, b):
        if player not in where:
            raise SeatingError(
                "unknown_player", f"{player!r} is not seated in this round.", player=player
            )
    (ta, sa), (tb, sb) = where[a], where[b]
    new[ta][sa], new[tb][sb] = b, a
    if teams and ta != tb:
        for t in (ta, tb):
            team_ids = [teams[p] for p in new[t] if teams.get(p) is not None]
            if len(team_ids) != len(set(team_ids)):
                raise SeatingError(
                    "teammates_together",
                    f"Swapping {a!r} and {b!r} would seat team mates at the same table.",
                    a=a,
                    b=b,
                )
    return new


def seat_round(
    players: Sequence[Player],
    *,
    previous: Sequence[Sequence[Sequence[Player]]] = (),
    teams: Mapping[Player, Hashable] | None = None,
    seed: int,
    upcoming: int = 0,
    effort: int = DEFAULT_EFFORT,
) -> RoundSeating:
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
    odd_seats = [0] * n
    for seating in previous:
        for table in seating:
            present = [index[p] for p in table if p in index]
            if len(table) != 4:
                for i in present:
                    odd_seats[i] += 1
            for i, j in combinations(present, 2):
                if i != j:
                    met[i][j] += 1
                    met[j][i] += 1

    tables = _initial_tables(sizes, team_of, rng)
    if all(size == 4 for size in sizes) and n <= _EXACT_MAX_PLAYERS:
        exact = _exact_round(tables, met, team_of, rng)
        if exact is not None:
            tables, effort = exact, 0
    if len(tables) > 1 and effort:
        polish = effort // 4 if upcoming else 0
        free = [tables] + [_initial_tables(sizes, team_of, rng) for _ in range(upcoming)]
        tables = _Planner(free, sizes, met, team_of, odd_seats, rng).run(effort - polish)[0]
        if polish:
            # The later rounds were only a forecast: what this round costs for sure
            # (repeats, odd seats) comes first; a perfect round is left as it is.
            tables = _Planner([tables], sizes, met, team_of, odd_seats, rng).run(polish)[0]

    result = []
    for table in tables:
        seated = [order[i] for i in table]
        rng.shuffle(seated)  # seat order: who deals first should not follow the ids
        result.append(seated)
    return result


def plan_rounds(
    players: Sequence[Player],
    rounds: int,
    *,
    teams: Mapping[Player, Hashable] | None = None,
    seed: int,
    effort: int = DEFAULT_EFFORT,
) -> list[RoundSeating]:
    """Seat `rounds` rounds in sequence for the same players.

    Round k is exactly `seat_round(players, previous=<rounds 1..k-1>, teams=teams,
    seed=seed, upcoming=rounds - k, effort=effort)`, so a plan and a
    round-by-round event that passes the same arguments agree.
    """
    planned: list[RoundSeating] = []
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


def _canonical(players: Sequence[Player]) -> list[Player]:
    order = list(players)
    if len(set(order)) != len(order):
        duplicates = sorted({repr(p) for p, c in Counter(order).items() if c > 1})
        raise SeatingError(
            "duplicate_player",
            f"Players listed more than once: {', '.join(duplicates)}.",
            players=duplicates,
        )
    try:
        return sorted(order)  # type: ignore[type-var]
    except TypeError:  # ids of mixed types: keep the caller's order
        return order


def _team_ids(order: list[Player], teams: Mapping[Player, Hashable] | None) -> list[int]:
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


def _initial_tables(sizes: list[int], team_of: list[int], rng: random.Random) -> list[list[int]]:
    """A random seating where no table holds two members of a team.

    Ryser's rule: place each team, largest first, at the tables with the most
    seats left. It finds a seating whenever one exists (Gale-Ryser).
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
    return tables


def _exact_round(
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


class _Planner:
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
    ) -> None:
        self.rng = rng
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
        team_of = self.team_of
        self.add = [
            [
                _FORBIDDEN if team_of[i] == team_of[j] and i != j else _marginal(met[i][j])
                for j in range(n)
            ]
            for i in range(n)
        ]
        self.rem = [[_marginal(c - 1) if c else 0 for c in row] for row in met]
        self.cost = sum(_pair_cost(met[i][j]) for i in range(n) for j in range(i)) + sum(
            _seat_cost(c) for c in odd
        )

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
            tabu_r = tabu[r]
            best_delta, moves = None, []
            for a in bad:
                table_a = seating[a]
                for p in table_a:
                    if not (leave[p] or (odd[a] and odd_count[p] > 1)):
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
        order = list(range(len(self.rounds)))
        rng.shuffle(order)
        for r in order:
            self.work += len(self.history)  # scanning a round costs about n swaps
            seating = self.rounds[r]
            leave = self._leave(seating)
            bad = [
                t
                for t, table in enumerate(seating)
                if any(leave[i] or (odd[t] and odd_count[i] > 1) for i in table)
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
            step = 1 if self.odd[b] else -1
            self.odd_count[p] += step
            self.odd_count[q] -= step
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
            if all(add[q][x] < _FORBIDDEN for x in seating[a] if x != p) and all(
                add[p][y] < _FORBIDDEN for y in seating[b] if y != q
            ):
                self._swap(r, p, a, q, b, 0)
        self.cost = self._total()

    def _total(self) -> int:
        met = self.met
        return sum(_pair_cost(met[i][j]) for i in range(len(met)) for j in range(i)) + sum(
            _seat_cost(c) for c in self.odd_count
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
