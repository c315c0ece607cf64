"""Movement benchmark: boards played twice, repeated meetings and byes per table count.

Run from anywhere: `.venv/bin/python benchmarks/movement.py [--rounds N] [--markdown]`.
For every table count T from 2 to 30 with a full field (4T players), and for a few
fields that are not a multiple of 4, it builds tournaments.planning.movement at the
maximum number of rounds (and at `--rounds`, default 7, when fewer) and prints: the
players, tables, maximum rounds, rounds used, the construction, boards played twice
(must be 0), repeated meetings (sum over pairs of times met minus one), the
construction's guaranteed repeats ("0" where DUPLICATE.md's construction or a
finite field applies, "-" otherwise), the byes spread (most minus fewest rounds sat
out) and the seconds taken (each movement built from scratch in a fresh cache).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.planning import movement_design
from tournaments.planning.movement import _movement, max_rounds, movement

ODD_FIELDS = (7, 18, 22, 27, 29, 30, 38, 41, 59, 90, 118, 119)


def guaranteed(tables: int, players: int) -> str:
    """The repeats the construction guarantees, or '-' where only the search answers."""
    empty = 4 * tables - players
    playing = tables - 1 if empty >= 2 else tables
    return "0" if empty < 2 and movement_design.perfect(playing) else "-"


def row(players: int, rounds: int | None) -> list[str]:
    tables = -(-players // 4)
    most = max_rounds(tables, players)
    used = most if rounds is None else min(rounds, most)
    _movement.cache_clear()
    movement_design._full.cache_clear()
    start = time.perf_counter()
    built = movement(tables, used, players)
    seconds = time.perf_counter() - start
    return [
        str(players),
        str(tables),
        str(most),
        str(used),
        built.construction,
        str(built.boards_played_twice()),
        str(built.repeated_meetings),
        guaranteed(tables, players),
        str(built.bye_spread),
        f"{seconds:.2f}",
    ]


HEADER = [
    "players",
    "tables",
    "max rounds",
    "rounds",
    "construction",
    "boards twice",
    "repeats",
    "guaranteed",
    "bye spread",
    "seconds",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="also this many rounds")
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}", file=sys.stderr)
    fields = [4 * t for t in range(2, 31)] + list(ODD_FIELDS)
    rows = []
    for players in sorted(fields):
        tables = -(-players // 4)
        for rounds in (None, args.rounds):
            if rounds is not None and rounds >= max_rounds(tables, players):
                continue
            rows.append(row(players, rounds))
            if not args.markdown:
                print("  ".join(rows[-1]), flush=True)
    if args.markdown:
        print("| " + " | ".join(HEADER) + " |")
        print("|" + "|".join("---:" if h != "construction" else ":---" for h in HEADER) + "|")
        for cells in rows:
            print("| " + " | ".join(cells) + " |")
    print(f"load average {os.getloadavg()[0]:.1f}", file=sys.stderr)


if __name__ == "__main__":
    main()
