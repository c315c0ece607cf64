"""Movement designs in "set space": which board set each seat plays in each round.

Pure Python, no Django import; the public face is tournaments.planning.movement.

A design for T tables and R rounds gives, for each orientation o (0..3 = N, E, S, W),
each slot p (0..T-1, the player of that orientation who starts at table p) and each
round r, the board set `sets[o][r][p]` he plays. North never moves: North slot p sits
at table p, so the set at table t in round r is the one North t plays, and the
table of any seat is the table of its set. Two seats meet in a round exactly when
they play the same set in it, so tables never need to be stored.

Constructions (each a closed formula; see `cyclic` and `field`):
- cyclic: slot p of orientation o plays set p + x[o] * r (mod T). North's step x[N]
  is the step the sets move by; a player of orientation o moves x[o] - x[N] tables a
  round. With x = (1, 2, 3, 4) this is the construction of DUPLICATE.md (North
  stays, East +1, South +2, West +3, sets -1): for T coprime with 6 every
  difference of two steps is invertible mod T, so nobody plays a set twice and
  nobody meets anybody twice in T rounds.
- field: the same over the finite field of q = p^k elements (q = 8, 9, 16, 27 in
  range), rounds and tables numbered by field elements: the differences of the
  steps 1..4 are non-zero, hence invertible, so the same guarantees hold.
- product: MacNeish's product of two designs (T = m x n), see `product`.
Other table counts take the best of the cyclic steps (fewest repeated meetings while
every step has order >= R, so nobody plays a set twice) and the products of smaller
designs, and movement_search improves it (`build`).

Phantom seats (fields not a multiple of 4, k = 4T - P phantoms): North slot T-1 is a
phantom, so table T-1 is the bye table: its set rests and its real players sit the
round out. With k >= 2 the East (and with k = 3 the South) slot T-1 are phantoms
too and are pinned to the bye table every round (they play North T-1's sets).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from math import gcd

from .movement_search import Search

ORIENTATION_COUNT = 4
# Kempe chains tried by the local search after the constructions (movement_search):
# a count, never wall time, so a design is reproducible.
SEARCH_BUDGET = 3000

Sets = list[list[list[int]]]


def order(step: int, modulus: int) -> int:
    """Additive order of `step` modulo `modulus`: how many rounds before it repeats."""
    return modulus // gcd(step, modulus)


def cyclic(tables: int, rounds: int, steps: tuple[int, ...]) -> list[list[list[int]]]:
    """sets[o][r][p] = p + steps[o] * r (mod tables)."""
    return [
        [[(p + step * r) % tables for p in range(tables)] for r in range(rounds)] for step in steps
    ]


# Finite fields of prime-power order that are not coprime with 6: (p, k, modulus
# polynomial's low coefficients). GF(p^k) = GF(p)[x] / (x^k - sum c_i x^i), an element
# is the integer whose base-p digits are its coefficients.
_FIELDS: dict[int, tuple[int, int, tuple[int, ...]]] = {
    8: (2, 3, (1, 1, 0)),  # x^3 = x + 1
    9: (3, 2, (2, 0)),  # x^2 = -1 (x^2 + 1 is irreducible over GF(3))
    16: (2, 4, (1, 1, 0, 0)),  # x^4 = x + 1
    27: (3, 3, (1, 1, 0)),  # x^3 = x + 1 (x^3 - x - 1 has no root in GF(3))
}


def field_orders() -> tuple[int, ...]:
    return tuple(sorted(_FIELDS))


def _digits(value: int, p: int, k: int) -> list[int]:
    out = []
    for _ in range(k):
        value, digit = divmod(value, p)
        out.append(digit)
    return out


def _number(digits: list[int], p: int) -> int:
    return sum(d * p**i for i, d in enumerate(digits))


def field_tables(q: int) -> tuple[list[list[int]], list[list[int]]]:
    """Addition and multiplication tables of GF(q) (q a key of _FIELDS)."""
    p, k, low = _FIELDS[q]
    digits = [_digits(x, p, k) for x in range(q)]
    add = [
        [
            _number([(a + b) % p for a, b in zip(digits[x], digits[y], strict=True)], p)
            for y in range(q)
        ]
        for x in range(q)
    ]

    def times(x: int, y: int) -> int:
        product = [0] * (2 * k - 1)
        for i, a in enumerate(_digits(x, p, k)):
            for j, b in enumerate(_digits(y, p, k)):
                product[i + j] = (product[i + j] + a * b) % p
        # Reduce: x^k = sum low[i] x^i, from the highest power down.
        for power in range(2 * k - 2, k - 1, -1):
            coefficient, product[power] = product[power], 0
            for i, c in enumerate(low):
                product[power - k + i] = (product[power - k + i] + coefficient * c) % p
        return _number(product[:k], p)

    mul = [[times(x, y) for y in range(q)] for x in range(q)]
    return add, mul


def field(q: int, rounds: int) -> list[list[list[int]]]:
    """sets[o][r][p] = p + (o + 1) * r in GF(q): steps 1, 2, 3, 4 as field elements
    (1, x, x + 1, x^2 ... whatever integers 1..4 encode: four distinct non-zero
    elements, which is all the guarantee needs)."""
    add, mul = field_tables(q)
    return [
        [[add[p][mul[o + 1][r]] for p in range(q)] for r in range(rounds)]
        for o in range(ORIENTATION_COUNT)
    ]


def best_cyclic_steps(tables: int, rounds: int, phantom: bool = False) -> tuple[int, ...]:
    """The cyclic steps (x_N, x_E, x_S, x_W) with the fewest repeated meetings (and
    with a phantom, byes beyond one) among those where nobody plays a set twice
    (every step of order >= rounds); reproducible (first found on ties).

    Multiplying every step by a unit mod T changes no order, so North's step can be
    taken to be a divisor of T; East, South and West play symmetric roles, so they
    are taken in increasing order. That leaves a few thousand candidates at T = 30.
    """
    orders = [order(d, tables) for d in range(tables)]
    usable = [x for x in range(tables) if orders[x] >= rounds]
    norths = [d for d in range(1, tables) if tables % d == 0 and orders[d] >= rounds]
    best: tuple[int, tuple[int, ...]] | None = None
    for north in norths or usable:
        for e_index, east in enumerate(usable):
            for s_index in range(e_index, len(usable)):
                south = usable[s_index]
                for west in usable[s_index:]:
                    steps = (north, east, south, west)
                    cost = 0
                    for i in range(ORIENTATION_COUNT):
                        for j in range(i + 1, ORIENTATION_COUNT):
                            cost += max(0, rounds - orders[(steps[i] - steps[j]) % tables])
                    if phantom:
                        for o in (east, south, west):
                            cost += max(0, rounds - orders[(o - north) % tables])
                    if best is None or cost < best[0]:
                        best = (cost, steps)
                        if cost == 0:
                            return steps
    assert best is not None
    return best[1]


def product(
    first: list[list[list[int]]], second: list[list[list[int]]], rounds: list[tuple[int, int]]
) -> list[list[list[int]]]:
    """MacNeish's product of two designs on T1 and T2 tables: T1 x T2 tables, slot
    (p1, p2) = p1 * T2 + p2, round (a, b) for each pair in `rounds`.

    Slot (p1, p2) plays set (s1, s2) with s1 its set in `first` at round a and s2 in
    `second` at round b, so nobody plays a set twice when the rounds' pairs differ
    and each factor has nobody playing a set twice; two seats meet in (a, b) when
    they meet in `first` at a and in `second` at b. Rounds with distinct b therefore
    add no repeat when `second` has none: with a perfect second factor of n rounds,
    the first n rounds of a product are free of repeats.
    """
    t2 = len(second[0][0])
    return [
        [
            [
                first[o][a][p1] * t2 + second[o][b][p2]
                for p1 in range(len(first[0][0]))
                for p2 in range(t2)
            ]
            for a, b in rounds
        ]
        for o in range(ORIENTATION_COUNT)
    ]


def cost(sets: Sets, phantoms: int = 0) -> int:
    """The search's cost of a design: repeated meetings (+ byes beyond one, weighted)."""
    return Search(sets, phantoms, seed=0).cost


def reorder_rounds(sets: Sets) -> Sets:
    """The same rounds, greedily ordered so that every prefix has few repeats: each
    next round is the one adding the fewest (the first on ties). A factor of a
    product is used by prefix, so this makes more of a product's rounds perfect."""
    rounds = len(sets[0])
    order, left = [0], list(range(1, rounds))
    while left:
        scored = [(cost([[o_rows[x] for x in [*order, r]] for o_rows in sets]), r) for r in left]
        _, chosen = min(scored)
        order.append(chosen)
        left.remove(chosen)
    return [[o_rows[x] for x in order] for o_rows in sets]


@cache
def _full(tables: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The design of every round at `tables` tables, rounds in prefix order (a factor)."""
    sets, _ = build(tables, tables, 0)
    return tuple(tuple(tuple(row) for row in o_rows) for o_rows in reorder_rounds(sets))


def perfect(tables: int) -> bool:
    """A construction gives every round without a repeated meeting (cyclic, field)."""
    return gcd(tables, 6) == 1 or tables in _FIELDS


def candidates(tables: int, rounds: int, phantoms: int) -> list[tuple[str, Sets]]:
    """The constructions that apply, each cut to `rounds` rounds."""
    if gcd(tables, 6) == 1:
        # DUPLICATE.md: North stays, East +1, South +2, West +3, sets -1.
        return [("cyclic", cyclic(tables, rounds, (1, 2, 3, 4)))]
    if tables in _FIELDS:
        return [(f"GF({tables})", field(tables, rounds))]
    steps = best_cyclic_steps(tables, rounds, phantom=phantoms > 0)
    found: list[tuple[str, Sets]] = [("cyclic", cyclic(tables, rounds, steps))]
    for m in range(2, tables):
        if tables % m or m * m > tables or not (perfect(m) or perfect(tables // m)):
            continue
        # Only products with a perfect factor: the others are no better than the
        # cyclic steps in practice, and each factor costs a search.
        for outer, inner in ((m, tables // m), (tables // m, m)):
            pairs = [(a, b) for a in range(outer) for b in range(inner)][:rounds]
            first = [[list(row) for row in o_rows] for o_rows in _full(outer)]
            second = [[list(row) for row in o_rows] for o_rows in _full(inner)]
            found.append((f"product {outer}x{inner}", product(first, second, pairs)))
    return found


def build(tables: int, rounds: int, phantoms: int, budget: int = SEARCH_BUDGET) -> tuple[Sets, str]:
    """The best design found for `tables` tables and `rounds` rounds (phantoms 0 or 1:
    with 1, North slot T-1 is a phantom and its table the bye table) and the name of
    its construction ("+ search" when the local search improved it)."""
    scored = sorted(
        (cost(sets, phantoms), index, name, sets)
        for index, (name, sets) in enumerate(candidates(tables, rounds, phantoms))
    )
    best_cost, _, name, sets = scored[0]
    if best_cost == 0:
        return sets, name
    search = Search(sets, phantoms, seed=tables * 1000 + rounds * 10 + phantoms)
    improved = search.run(budget)
    if cost(improved, phantoms) < best_cost:
        return improved, f"{name} + search"
    return sets, name


def with_phantom(sets: Sets) -> Sets:
    """The same design with its best seat made the phantom (North slot T-1): the seat
    whose meetings repeat least, as everybody who meets it twice would sit out twice.

    Orientations play symmetric roles in set space and slots are mere labels, so the
    chosen seat's orientation becomes North (tables are North's) and its slot T-1.
    """
    tables, rounds = len(sets[0][0]), len(sets[0])
    counts: Counter[tuple[tuple[int, int], tuple[int, int]]] = Counter()
    for r in range(rounds):
        at: dict[int, list[tuple[int, int]]] = {}
        for o in range(ORIENTATION_COUNT):
            for p, s in enumerate(sets[o][r]):
                at.setdefault(s, []).append((o, p))
        for seats in at.values():
            for i, a in enumerate(seats):
                for b in seats[i + 1 :]:
                    counts[(a, b)] += 1
    repeats: Counter[tuple[int, int]] = Counter()
    for (a, b), times in counts.items():
        repeats[a] += times - 1
        repeats[b] += times - 1
    slots = [(o, p) for o in range(ORIENTATION_COUNT) for p in range(tables)]
    o_best, p_best = min(slots, key=lambda slot: (repeats[slot], slot))
    order = [o_best] + [o for o in range(ORIENTATION_COUNT) if o != o_best]
    moved = [[list(row) for row in sets[o]] for o in order]
    for row in moved[0]:
        row[p_best], row[tables - 1] = row[tables - 1], row[p_best]
    return moved
