"""INTERIM stand-in for tournaments.rules.duplicate (branch dupcore), removed at its merge."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

MATCHPOINTS = "matchpoints"
AVERAGE = "average"
SPECIAL_PERCENT = {"not_played": 50, "average_plus": 60, "average_minus": 40, "fouled": 50}
TWO = Decimal("0.01")


@dataclass(frozen=True)
class Entry:
    key: Hashable
    orientation: int
    marque: int | None
    special: str | None = None
    fouled: bool = False


@dataclass(frozen=True)
class Result:
    value: Decimal | None
    matchpoints: Decimal | None
    rank: int | None
    of: int
    special: str | None


def compare_board(entries: Sequence[Entry], method: str) -> dict[Hashable, Result]:
    out: dict[Hashable, Result] = {}
    for orientation in range(4):
        mine = [e for e in entries if e.orientation == orientation]
        compared = [e for e in mine if e.special is None and not e.fouled and e.marque is not None]
        n = len(compared)
        mean = Decimal(sum(e.marque for e in compared)) / n if n else Decimal(0)
        for e in compared:
            rank = 1 + sum(o.marque > e.marque for o in compared)
            if method == AVERAGE:
                out[e.key] = Result(Decimal(e.marque) - mean, None, rank, n, None)
                continue
            mp = Decimal(
                sum(
                    2 if e.marque > o.marque else 1 if e.marque == o.marque else 0
                    for o in compared
                    if o is not e
                )
            )
            pct = mp * 100 / (2 * (n - 1)) if n > 1 else Decimal(50)
            out[e.key] = Result(pct, mp, rank, n, None)
        for e in mine:
            if e in compared:
                continue
            kind = e.special or ("fouled" if e.fouled else None)
            if kind is None:
                continue
            value = Decimal(SPECIAL_PERCENT[kind]) if method == MATCHPOINTS else Decimal(0)
            out[e.key] = Result(value, None, None, n, kind)
    return out


def session_result(values: Sequence[Decimal | None], method: str) -> Decimal | None:
    known = [v for v in values if v is not None]
    if not known:
        return None
    total = sum(known, Decimal(0))
    if method == AVERAGE:
        return total.quantize(TWO, ROUND_HALF_UP)
    return (total / len(known)).quantize(TWO, ROUND_HALF_UP)


def team_result(values: Sequence[Decimal | None], method: str) -> Decimal | None:
    known = [v for v in values if v is not None]
    if not known:
        return None
    total = sum(known, Decimal(0))
    return (total if method == AVERAGE else total / len(known)).quantize(TWO, ROUND_HALF_UP)
