"""Duty at the tables of 3 or 5 (pure Python, no Django import): who must, may or
must not take an odd seat, and the balance every plan must keep to the end.

Duty at the tables of 3 or 5 is a hard rule on the END of the planned rounds
(`EndBalance`): every count within one of everybody's once they are played, each
round keeping that reachable. The search (tournaments.planning.search) never makes a
swap that breaks it.
"""

from __future__ import annotations

import random

MUST, MAY, MUST_NOT = -1, 0, 1


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


def mend_duty(
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
