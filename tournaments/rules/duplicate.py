"""Duplicate tarot comparison (pure rules, no Django): from travellers to rankings.

One board's traveller lists one `ComparedLine` per table that played it: the players by
orientation (N, E, S, W) and either the four marques (summing to 0, as the engine
scores the hand) or an arbiter's special result. At each orientation the marques of
the lines compared are ranked against each other (DUPLICATE.md):

Matchpoints (MATCHPOINTS, the default)
    2 points per other marque beaten, 1 per marque equal, among the n marques
    compared at that orientation; the top is 2 (n - 1); the board percentage is
    matchpoints / top x 100, and 50 % when n = 1 (nobody to compare with).
Difference from the average (DIFFERENCE)
    marque - mean of the n marques compared at that orientation.

Special results (per line, or per orientation of a line):
    NOT_PLAYED: 50 % (difference 0: the average);
    AVERAGE_PLUS / AVERAGE_MINUS: 60 % / 40 % (difference +/- `adjustment`, by
        default 25: what a prise made exactly is worth to each defender, the smallest
        contract's base, a modest edge as 60/40 is); an AVERAGE_MINUS on a player
        whose marque is on the line gives him what that marque scored against the
        others instead when it is less: a penalising ruling never raises a result;
    FOULED: the board was fouled at that table (wrong cards): its line is left out
        of the comparison for everybody else, and its players get what the arbiter
        sets (`ComparedLine.arbiter`), by default 50 % (difference 0).
A special result takes no part in the comparison: n counts played, not fouled,
marques only.

Exactness and rounding: board results are exact fractions (`BoardScore.exact`);
`percentage` and `difference` show them to two decimals. A player's session result
is the mean of his exact board percentages (boards he sat out are not counted), or
the sum of his exact differences, rounded once to two decimals, ROUND_HALF_UP; the
ranking sorts by that rounded value, so players equal to two decimals share the rank
(tournaments.rules.ranking.rank_rows). A team's result is the mean of its members'
exact session percentages (or the sum of their differences), rounded the same way.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any, TypeVar

from scoring.cards import ORIENTATIONS

from .ranking import rank_rows

MATCHPOINTS = "matchpoints"
DIFFERENCE = "difference"
METHODS: tuple[str, ...] = (MATCHPOINTS, DIFFERENCE)
NOT_PLAYED = "not_played"
AVERAGE_PLUS = "average_plus"
AVERAGE_MINUS = "average_minus"
FOULED = "fouled"
SPECIALS: tuple[str, ...] = (NOT_PLAYED, AVERAGE_PLUS, AVERAGE_MINUS, FOULED)
# Percentages of the special results (FOULED: the arbiter's default).
SPECIAL_PERCENT: dict[str, Fraction] = {
    NOT_PLAYED: Fraction(50),
    AVERAGE_PLUS: Fraction(60),
    AVERAGE_MINUS: Fraction(40),
    FOULED: Fraction(50),
}
DEFAULT_ADJUSTMENT = Fraction(25)
CENT = Decimal("0.01")

PlayerId = Hashable


class TravellerError(ValueError):
    """A traveller that cannot be compared. `code` is stable (the web app translates
    it), `params` carries what the message mentions. Codes: unknown_method,
    wrong_players, marques_count, marques_not_zero_sum, unknown_special,
    result_missing, table_twice, player_twice, bad_arbiter."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


@dataclass(frozen=True)
class ComparedLine:
    """One table's line on a board's traveller.

    `players` by orientation N, E, S, W. `marques` the four marques (N, E, S, W,
    summing to 0) when the board was played there. `special` applies one special
    result to the whole line; `specials` gives one per orientation (it wins over
    `special` for the orientations it names). A FOULED line may keep its marques:
    they are recorded and left out. `arbiter` is what a FOULED line's players get:
    a percentage (matchpoints) or a difference (difference method), as a Fraction;
    None for the default (50 %, difference 0).
    """

    table: Hashable
    players: tuple[PlayerId, PlayerId, PlayerId, PlayerId]
    marques: tuple[int, int, int, int] | None = None
    special: str | None = None
    specials: Mapping[str, str] = field(default_factory=dict)
    arbiter: Fraction | None = None

    def special_at(self, orientation: str) -> str | None:
        """The special result of this line at `orientation`, or None for a marque."""
        if self.special == FOULED:
            return FOULED
        return self.specials.get(orientation, self.special)


@dataclass(frozen=True)
class BoardScore:
    """One player's result on one board (one orientation of one line).

    `marque` is None for a special result. `compared` is n, the marques compared at
    that orientation; `rank` the marque's place among them (1 = best, equal marques
    share it) and `matchpoints` out of `top` = 2 (n - 1), all None for a special.
    `exact` is the board result as an exact fraction (a percentage, or a difference);
    `percentage` (matchpoints) or `difference` shows it to two decimals, ROUND_HALF_UP.
    Reads as "board 7, +120 at North: 5th of 9, 44 %".
    """

    board: int
    table: Hashable
    orientation: str
    player: PlayerId
    marque: int | None
    special: str | None
    compared: int
    rank: int | None
    matchpoints: int | None
    top: int | None
    exact: Fraction
    percentage: Decimal | None
    difference: Decimal | None


def two_decimals(value: Fraction) -> Decimal:
    """`value` to two decimals, ROUND_HALF_UP (halves away from zero): 44.445 -> 44.45,
    -0.125 -> -0.13."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(CENT, rounding=ROUND_HALF_UP)


def _check_lines(lines: Sequence[ComparedLine]) -> None:
    tables: set[Hashable] = set()
    players: set[PlayerId] = set()
    for line in lines:
        if line.table in tables:
            raise TravellerError(
                "table_twice", f"table {line.table!r} has two lines", table=line.table
            )
        tables.add(line.table)
        if len(line.players) != 4:
            raise TravellerError("wrong_players", "a line has four players, N, E, S, W")
        for player in line.players:
            if player in players:
                raise TravellerError("player_twice", f"{player!r} appears twice", value=player)
            players.add(player)
        for special in (line.special, *line.specials.values()):
            if special is not None and special not in SPECIALS:
                raise TravellerError(
                    "unknown_special", f"unknown special result {special!r}", value=special
                )
        if line.marques is not None:
            whole = all(isinstance(m, int) and not isinstance(m, bool) for m in line.marques)
            if len(line.marques) != 4 or not whole:
                raise TravellerError("marques_count", "a line has four whole marques, N, E, S, W")
            if sum(line.marques) != 0:
                raise TravellerError(
                    "marques_not_zero_sum",
                    f"the marques of table {line.table!r} add up to {sum(line.marques)}, not 0",
                    table=line.table,
                    total=sum(line.marques),
                )
        missing = [o for o in ORIENTATIONS if line.marques is None and line.special_at(o) is None]
        if missing:
            raise TravellerError(
                "result_missing",
                f"table {line.table!r} has neither marques nor a special result at {missing[0]}",
                table=line.table,
                orientation=missing[0],
            )
        if line.arbiter is not None and not isinstance(line.arbiter, Fraction):
            raise TravellerError("bad_arbiter", "the arbiter's score is a Fraction")


def compare_board(
    board: int,
    lines: Sequence[ComparedLine],
    method: str = MATCHPOINTS,
    adjustment: Fraction = DEFAULT_ADJUSTMENT,
) -> list[BoardScore]:
    """Every player's result on one board, line by line, N, E, S, W within a line.

    Raises TravellerError for a traveller that cannot be compared (see its codes).
    """
    if method not in METHODS:
        raise TravellerError(
            "unknown_method", f"unknown comparison method {method!r}", value=method
        )
    _check_lines(lines)
    # The marques compared at each orientation: played, not fouled, no special there.
    compared = [
        [
            line.marques[index]
            for line in lines
            if line.marques is not None and line.special_at(orientation) is None
        ]
        for index, orientation in enumerate(ORIENTATIONS)
    ]
    scores = []
    for line in lines:
        for index, orientation in enumerate(ORIENTATIONS):
            marques, special = compared[index], line.special_at(orientation)
            n = len(marques)
            if special is not None:
                exact = _special_result(special, line, method, adjustment)
                if special == AVERAGE_MINUS and line.marques is not None:
                    # A penalising ruling never gives a player more than he scored.
                    exact = min(exact, _as_played(marques, line.marques[index], method))
                scores.append(_score(board, line, index, None, special, n, exact, method))
                continue
            assert line.marques is not None
            marque = line.marques[index]
            if method == MATCHPOINTS:
                points = _matchpoints(marques, marque)
                exact = Fraction(100 * points, 2 * (n - 1)) if n > 1 else Fraction(50)
            else:
                exact = marque - Fraction(sum(marques), n)
            scores.append(_score(board, line, index, marques, None, n, exact, method))
    return scores


def _as_played(marques: list[int], marque: int, method: str) -> Fraction:
    """What `marque` would have scored compared with `marques` (those compared at its
    orientation, which a ruled marque is not among)."""
    field = [*marques, marque]
    if method == MATCHPOINTS:
        n = len(field)
        return Fraction(100 * _matchpoints(field, marque), 2 * (n - 1)) if n > 1 else Fraction(50)
    return marque - Fraction(sum(field), len(field))


def _matchpoints(marques: list[int], marque: int) -> int:
    """2 per other marque beaten, 1 per other marque equal (`marque` is among them)."""
    return 2 * sum(1 for m in marques if m < marque) + marques.count(marque) - 1


def _special_result(
    special: str, line: ComparedLine, method: str, adjustment: Fraction
) -> Fraction:
    if method == MATCHPOINTS:
        if special == FOULED and line.arbiter is not None:
            return line.arbiter
        return SPECIAL_PERCENT[special]
    if special == FOULED and line.arbiter is not None:
        return line.arbiter
    return {AVERAGE_PLUS: adjustment, AVERAGE_MINUS: -adjustment}.get(special, Fraction(0))


def _score(
    board: int,
    line: ComparedLine,
    index: int,
    marques: list[int] | None,
    special: str | None,
    n: int,
    exact: Fraction,
    method: str,
) -> BoardScore:
    """The BoardScore of `line` at orientation `index`; `marques` are those compared
    there (None for a special result)."""
    marque = line.marques[index] if marques is not None and line.marques is not None else None
    matchpoints = rank = top = None
    if marque is not None and marques is not None:
        rank = 1 + sum(1 for m in marques if m > marque)
        if method == MATCHPOINTS:
            matchpoints = _matchpoints(marques, marque)
            top = 2 * (n - 1)
    return BoardScore(
        board=board,
        table=line.table,
        orientation=ORIENTATIONS[index],
        player=line.players[index],
        marque=marque,
        special=special,
        compared=n,
        rank=rank,
        matchpoints=matchpoints,
        top=top,
        exact=exact,
        percentage=two_decimals(exact) if method == MATCHPOINTS else None,
        difference=two_decimals(exact) if method == DIFFERENCE else None,
    )


@dataclass(frozen=True)
class PlayerResult:
    """A player's session: `result` (percentage or sum of differences, two decimals),
    `exact` (the unrounded value), `rank` (ties share), and the per-board `detail`
    in board order, which a player can open."""

    player: PlayerId
    boards: int
    exact: Fraction
    result: Decimal
    rank: int
    detail: tuple[BoardScore, ...]


@dataclass(frozen=True)
class TeamResult:
    """A team's session: the mean of its members' exact session percentages (or the
    sum of their differences), two decimals, and its rank (ties share)."""

    team: Hashable
    members: tuple[PlayerId, ...]
    exact: Fraction
    result: Decimal
    rank: int


@dataclass
class _Ranked:
    item: Any
    key: Decimal
    rank: int = 0


def _rank(items: list[Any], key: Any, name: Any) -> list[tuple[Any, int]]:
    rows = [_Ranked(item, key(item)) for item in items]
    rank_rows(rows, key=lambda r: -r.key, then=lambda r: str(name(r.item)))
    return [(r.item, r.rank) for r in rows]


def session_results(
    scores: Iterable[BoardScore],
    method: str = MATCHPOINTS,
    penalties: Mapping[Any, Fraction] | None = None,
) -> list[PlayerResult]:
    """Every player's session result and rank, best first (ties share the rank and
    are listed by player id). Percentages: the mean over the boards the player has a
    result on; differences: their sum. `penalties` (player -> the sum of his
    penalties, session_from_totals) lower the results of players who have one."""
    by_player: dict[PlayerId, list[BoardScore]] = {}
    for score in scores:
        by_player.setdefault(score.player, []).append(score)
    totals = {
        player: (sum((s.exact for s in detail), Fraction(0)), len(detail))
        for player, detail in by_player.items()
    }
    details = {
        player: tuple(sorted(detail, key=lambda s: s.board)) for player, detail in by_player.items()
    }
    return [
        replace(result, detail=details[result.player])
        for result in session_from_totals(totals, method, penalties)
    ]


# Whatever ids the caller keys its players by (the app's ints).
_Id = TypeVar("_Id", bound=Hashable)


def session_from_totals(
    totals: Mapping[_Id, tuple[Fraction, int]],
    method: str = MATCHPOINTS,
    penalties: Mapping[Any, Fraction] | None = None,
) -> list[PlayerResult]:
    """session_results from each player's (sum of his exact board results, number of
    boards), as a store of compared boards adds them up; no detail.

    `penalties`: player -> the sum of the arbiter's penalties, in the comparison's unit
    (percent of a board, or points), taken off his total before the mean: 25 on a
    session of 20 boards lowers a percentage by 1.25, a difference sum by 25. A
    penalised player without a board has no session to lower."""
    if method not in METHODS:
        raise TravellerError(
            "unknown_method", f"unknown comparison method {method!r}", value=method
        )
    penalties = penalties or {}
    unranked = []
    for player, (total, boards) in totals.items():
        total -= penalties.get(player, Fraction(0))
        exact = total / boards if method == MATCHPOINTS else total
        unranked.append(PlayerResult(player, boards, exact, two_decimals(exact), 0, ()))
    ranked = _rank(unranked, key=lambda r: r.result, name=lambda r: r.player)
    return [replace(result, rank=rank) for result, rank in ranked]


def team_results(
    players: Iterable[PlayerResult],
    teams: Mapping[Any, Hashable],  # keyed by player ids of any type, as PlayerResult.player
    method: str = MATCHPOINTS,
) -> list[TeamResult]:
    """Each team's result from its members' (players absent from `teams` are left
    out), best first, ties sharing the rank."""
    members: dict[Hashable, list[PlayerResult]] = {}
    for result in players:
        if result.player in teams:
            members.setdefault(teams[result.player], []).append(result)
    unranked = []
    for team, results in members.items():
        total = sum((r.exact for r in results), Fraction(0))
        exact = total / len(results) if method == MATCHPOINTS else total
        unranked.append(
            TeamResult(team, tuple(r.player for r in results), exact, two_decimals(exact), 0)
        )
    ranked = _rank(unranked, key=lambda r: r.result, name=lambda r: r.team)
    return [replace(result, rank=rank) for result, rank in ranked]
