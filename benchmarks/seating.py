"""Seating benchmark: repeated meetings and time for typical event sizes.

Run from anywhere: `.venv/bin/python benchmarks/seating.py [--seed N] [--effort N]`.
For each number of players and of rounds it plans the whole event with
tournaments.planning.seating.plan_rounds (each round looking ahead at the rounds left)
and prints the table sizes, the repeated meetings (sum over pairs of times met
minus one), the worst pair count, the duty spread (max - min over the players of the
rounds spent at a table of 5, and at a table of 3; "-" when the field has none) and the
seconds taken (total and slowest round, by the clock) and the CPU seconds the process
used (on a loaded machine the clock's seconds are several times these).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.planning.seating import (
    DEFAULT_EFFORT,
    meeting_counts,
    repeated_meetings,
    seat_round,
    table_sizes,
)

PLAYERS = (16, 20, 22, 27, 28, 30, 37, 100, 200)
ROUNDS = (5, 6)


def describe_sizes(n: int) -> str:
    """'4x8 + 5x1' rather than a list of 50 fours."""
    counts = Counter(table_sizes(n))
    return " + ".join(f"{size}x{count}" for size, count in sorted(counts.items()))


def duty_spread(plan: list, players: list, size: int) -> str:
    """Max - min over the players of the rounds spent at a table of `size`."""
    if not any(len(table) == size for seating in plan for table in seating):
        return "-"
    rounds_at = Counter({p: 0 for p in players})
    for seating in plan:
        for table in seating:
            if len(table) == size:
                rounds_at.update(table)
    return str(max(rounds_at.values()) - min(rounds_at.values()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--effort", type=int, default=DEFAULT_EFFORT)
    args = parser.parse_args()

    print(f"seed {args.seed}, effort {args.effort:_} candidate swaps per round")
    header = f"{'players':>7} {'rounds':>6}  {'tables':<12} {'repeats':>7} {'worst':>5}"
    print(
        f"{header} {'duty 5':>6} {'duty 3':>6} {'seconds':>8} {'slowest round':>13}"
        f" {'CPU seconds':>11}"
    )
    for n in PLAYERS:
        players = [f"P{i:03d}" for i in range(n)]
        for rounds in ROUNDS:
            plan: list = []
            slowest = 0.0
            start, cpu_start = time.perf_counter(), time.process_time()
            # plan_rounds, spelled out to time each round.
            for k in range(1, rounds + 1):
                before = time.perf_counter()
                plan.append(
                    seat_round(
                        players,
                        previous=plan,
                        seed=args.seed,
                        upcoming=rounds - k,
                        effort=args.effort,
                    )
                )
                slowest = max(slowest, time.perf_counter() - before)
            total = time.perf_counter() - start
            cpu = time.process_time() - cpu_start  # the clock's share of a loaded machine
            worst = max(meeting_counts(plan).values())
            print(
                f"{n:>7} {rounds:>6}  {describe_sizes(n):<12} {repeated_meetings(plan):>7} "
                f"{worst:>5} {duty_spread(plan, players, 5):>6} "
                f"{duty_spread(plan, players, 3):>6} {total:>8.2f} {slowest:>13.2f} {cpu:>11.2f}"
            )


if __name__ == "__main__":
    main()
