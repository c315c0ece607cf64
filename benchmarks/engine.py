"""Throughput of the scoring engine: `python benchmarks/engine.py [--seconds S]`.

Builds a realistic mixed list of valid hands once (3, 4 and 5 players, with and
without a sitting-out dealer, every contract of every preset, petit au bout,
poignées, chelems, misères, passed hands), then measures for about S seconds each:

- score: score_hand on parsed Hand objects;
- validate only: validate();
- JSON parse + score: json.loads of each hand's text, then score_json.

Each line gives the rate by the clock and by the process's own CPU time (what it
would be with a CPU to itself, near enough: on a loaded machine the process gets a
share of a CPU, printed too, and the clock rate falls with it).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scoring import (  # noqa: E402  (after the sys.path insertion above)
    MISERE_SIZES,
    POIGNEE_SIZES,
    PRESETS,
    Chelem,
    Hand,
    HandError,
    Misere,
    Poignee,
    hand_to_json,
    score_hand,
    score_json,
    validate,
)

NAMES = ("Anne", "Bruno", "Chloé", "Damien", "Élise", "Fabrice", "Gaëlle", "Hugo")
# Club reality: mostly FFT, some variants.
PRESET_WEIGHTS = {name: (12 if name == "fft" else 1) for name in PRESETS}
# Mostly 4-player tables, then 5, then 3.
TABLE_WEIGHTS = {3: 2, 4: 6, 5: 3}
CONTRACT_WEIGHTS = {"prise": 10, "pousse": 4, "garde": 8, "garde_sans": 2, "garde_contre": 1}


def _bounds(oudlers: int, chelem: Chelem) -> tuple[Fraction, Fraction]:
    low = oudlers * Fraction(9, 2)
    high = 91 - (3 - oudlers) * Fraction(9, 2)
    if chelem.made_by == "defence" and oudlers >= 1:
        low -= Fraction(1, 2)
    if chelem.made_by == "taker" and oudlers <= 2:
        high += Fraction(1, 2)
    return low, high


def _pick(rng: random.Random, weights: dict) -> object:
    return rng.choices(list(weights), weights=list(weights.values()))[0]


def random_hand(rng: random.Random) -> tuple[Hand, object]:
    rules = PRESETS[_pick(rng, PRESET_WEIGHTS)]
    table = _pick(rng, TABLE_WEIGHTS)
    players = tuple(rng.sample(NAMES, table))
    sitting_out = rng.choice(players) if table == 5 and rng.random() < 0.4 else None
    active = [p for p in players if p != sitting_out]
    miseres: tuple[Misere, ...] = ()
    if rules.allows_misere and rng.random() < 0.2:
        miseres = (Misere(rng.choice(active), rng.choice(MISERE_SIZES)),)
    if rng.random() < 0.08:
        return Hand(players, miseres=miseres, sitting_out=sitting_out), rules

    contracts = {c: CONTRACT_WEIGHTS[c] for c in rules.contracts}
    taker = rng.choice(active)
    partner = None
    if len(active) == 5 and rng.random() < 0.85:
        partner = rng.choice([p for p in active if p != taker])
    chelem = Chelem()
    roll = rng.random()
    if roll < 0.01:
        chelem = Chelem(announced=True, made_by="taker")
    elif roll < 0.02:
        chelem = Chelem(announced=False, made_by="taker")
    elif roll < 0.025:
        chelem = Chelem(announced=True)
    elif roll < 0.03:
        chelem = Chelem(made_by="defence")
    oudlers = rng.choices((0, 1, 2, 3), weights=(2, 4, 4, 1))[0]
    low, high = _bounds(oudlers, chelem)
    if chelem.made_by == "taker":
        points = high
    elif chelem.made_by == "defence":
        points = low
    else:
        # Around the target, like real hands.
        target = {0: 56, 1: 51, 2: 41, 3: 36}[oudlers]
        points = Fraction(round(rng.gauss(target, 8) * 2), 2)
        points = min(max(points, low), high)
    if len(active) == 4:
        points = Fraction(math.ceil(points)) if points < high else Fraction(math.floor(points))
    thresholds = rules.poignee_thresholds(len(active))
    poignees = []
    cards = 0
    for player in active:
        if rng.random() < 0.07:
            size = rng.choices(POIGNEE_SIZES, weights=(8, 2, 1))[0]
            if cards + thresholds[size] <= 22:
                cards += thresholds[size]
                poignees.append(Poignee(player, size))
    hand = Hand(
        players=players,
        taker=taker,
        contract=_pick(rng, contracts),
        partner=partner,
        oudlers=oudlers,
        points=points,
        petit_au_bout=rng.choices((None, "taker", "defence"), weights=(16, 2, 1))[0],
        poignees=tuple(poignees),
        chelem=chelem,
        miseres=miseres,
        sitting_out=sitting_out,
    )
    return hand, rules


def build(count: int, seed: int) -> list[tuple[Hand, object]]:
    """`count` hands the engine accepts. The draw is cruder than the engine's checks
    (petit au bout without an oudler, a chelem the points deny...): such hands are
    drawn again, so the benchmark measures scoring, not refusals."""
    rng = random.Random(seed)
    cases: list[tuple[Hand, object]] = []
    while len(cases) < count:
        hand, rules = random_hand(rng)
        try:
            validate(hand, rules)
        except HandError:
            continue
        cases.append((hand, rules))
    return cases


def rate(label: str, work, items, seconds: float) -> float:
    """Call work(item) over `items` again and again for about `seconds`."""
    done = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while True:
        for item in items:
            work(item)
        done += len(items)
        now = time.perf_counter()
        if now >= deadline:
            break
    cpu = time.process_time() - cpu_start
    per_second = done / (now - start)
    print(
        f"{label}: {per_second:.0f} (per CPU second: {done / cpu:.0f};"
        f" the process had {cpu / (now - start):.0%} of a CPU)"
    )
    return per_second


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000, help="distinct hands (3000)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per measure (2)")
    parser.add_argument("--seed", type=int, default=2012)
    args = parser.parse_args(argv)

    cases = build(args.hands, args.seed)
    texts = [json.dumps(hand_to_json(hand, rules), ensure_ascii=False) for hand, rules in cases]
    tables = {n: sum(len(h.active_players) == n for h, _ in cases) for n in (3, 4, 5)}
    passed = sum(h.passed for h, _ in cases)
    print(
        f"{len(cases)} hands ({tables[3]} at 3, {tables[4]} at 4, {tables[5]} at 5 active"
        f" players; {passed} passed), {len(PRESETS)} rule presets;"
        f" Python {sys.version.split()[0]}"
    )

    # The machine may be shared: the figures mean little without its load.
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rate("hands per second", lambda case: score_hand(*case), cases, args.seconds)
    rate("validate only, hands per second", lambda case: validate(*case), cases, args.seconds)
    rate(
        "JSON parse + score, hands per second",
        lambda text: score_json(json.loads(text)),
        texts,
        args.seconds,
    )
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
