"""Scoring a team match (planning.team_match): pure, no Django.

A team's result on a board is the sum of its members' marques on that board at the
tables of its match (the taker's marque and its defenders'): zero between the teams
of one match, since every table's marques sum to zero. Teams are then compared
across the field board by board with a **scale** the organiser chooses:

- "matchpoints": per board, 2 points for each other team's result beaten, 1 for each
  tie, as a percentage of 2 (n - 1); the session is the mean over the team's boards;
- "total": the board result itself (it is also the difference from the field's
  average, which is zero); the session is the sum.

An arbiter's ruling (rules.duplicate's special results) on a member of a team at a
board replaces the team's result on that board: its members' marques no longer make a
sum (one of them is ruled out), so the team takes no part in that board's comparison
and gets what the ruling is worth on the scale: 50 % (not played, fouled), 60 % or
40 % (average plus or minus) in matchpoints; 0, +25 or -25 (rules.duplicate's
adjustment) in total. When its members' rulings differ, the first in RULING_ORDER
applies (the board fouled or not played, then average minus, then average plus).

The federation's own team scale was not found (DUPLICATE.md): scales are plain
functions in TEAM_SCALES, so another (an IMP-like table, a Neuberg correction) is one
entry more.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from .duplicate import (
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    DEFAULT_ADJUSTMENT,
    DIFFERENCE,
    FOULED,
    MATCHPOINTS,
    NOT_PLAYED,
    SPECIAL_PERCENT,
    two_decimals,
)
from .ranking import rank_rows

TeamId = Hashable
# board -> team -> the team's result on it (sum of its members' marques)
BoardTeamResults = Mapping[int, Mapping[TeamId, int]]


def players_per_board(team_size: int) -> int:
    """How many members of a team play each board of a team match: a triplette's three,
    four of a larger team (planning.team_match)."""
    return min(team_size, 4)


def team_board_results(
    marques: Iterable[tuple[int, int, int]],
    teams: Mapping[int, TeamId],
    playing: int | None = None,
) -> dict[int, dict[TeamId, int]]:
    """From (board, player, marque) triples, each team's sum per board; players outside
    `teams` are left out. `playing`: a team's result on a board counts only once that
    many members have a marque on it (until every table of its match has entered the
    board, its sum would be half a match)."""
    results: dict[int, dict[TeamId, int]] = {}
    counts: dict[tuple[int, TeamId], int] = {}
    for board, player, marque in marques:
        team = teams.get(player)
        if team is None:
            continue
        on_board = results.setdefault(board, {})
        on_board[team] = on_board.get(team, 0) + marque
        counts[board, team] = counts.get((board, team), 0) + 1
    if playing is not None:
        for board, on_board in results.items():
            for team in [t for t in on_board if counts[board, t] < playing]:
                del on_board[team]
    return {board: on_board for board, on_board in results.items() if on_board}


# Which ruling a team gets on a board when its members' rulings differ.
RULING_ORDER: tuple[str, ...] = (FOULED, NOT_PLAYED, AVERAGE_MINUS, AVERAGE_PLUS)


def team_board_rulings(
    rulings: Iterable[tuple[int, int, str]], teams: Mapping[int, TeamId]
) -> dict[int, dict[TeamId, str]]:
    """From (board, player, ruling) triples, the ruling each team gets on a board (the
    first of its members' in RULING_ORDER); players outside `teams` are left out."""
    found: dict[int, dict[TeamId, str]] = {}
    for board, player, ruling in rulings:
        team = teams.get(player)
        if team is None:
            continue
        on_board = found.setdefault(board, {})
        held = on_board.get(team)
        if held is None or RULING_ORDER.index(ruling) < RULING_ORDER.index(held):
            on_board[team] = ruling
    return found


def ruled_value(ruling: str, scale: str) -> Fraction:
    """What a ruling is worth to a team on one board, on `scale`."""
    if scale == "matchpoints":
        return SPECIAL_PERCENT[ruling]
    return {AVERAGE_PLUS: DEFAULT_ADJUSTMENT, AVERAGE_MINUS: -DEFAULT_ADJUSTMENT}.get(
        ruling, Fraction(0)
    )


def matchpoints_scale(results: Mapping[TeamId, int]) -> dict[TeamId, Fraction]:
    """Each team's percentage on one board against the others' results (50 alone)."""
    count = len(results)
    if count == 1:
        return {team: Fraction(50) for team in results}
    scaled = {}
    for team, result in results.items():
        points = sum(
            2 if result > other else 1 if result == other else 0 for other in results.values()
        )
        points -= 1  # the team's tie with itself
        scaled[team] = Fraction(100 * points, 2 * (count - 1))
    return scaled


def total_scale(results: Mapping[TeamId, int]) -> dict[TeamId, Fraction]:
    return {team: Fraction(result) for team, result in results.items()}


# scale -> (per-board conversion, whether the session is the mean (else the sum))
TEAM_SCALES: dict[str, tuple[Callable[[Mapping[TeamId, int]], dict[TeamId, Fraction]], bool]] = {
    "matchpoints": (matchpoints_scale, True),
    "total": (total_scale, False),
}


def scale_of(comparison: str) -> str:
    """The team scale an event's comparison method gives: matchpoints of the team
    results, or their total (the difference from an average of zero)."""
    return {MATCHPOINTS: "matchpoints", DIFFERENCE: "total"}.get(comparison, "matchpoints")


@dataclass
class TeamMatchResult:
    team: TeamId
    boards: int
    total: int  # the sum of the team's board results (its marques)
    exact: Fraction
    result: Decimal
    rank: int = 0


def team_match_results(
    results: BoardTeamResults,
    scale: str,
    rulings: Mapping[int, Mapping[TeamId, str]] | None = None,
    penalties: Mapping[TeamId, Fraction] | None = None,
) -> list[TeamMatchResult]:
    """Every team's session on `scale`, best first (ties share the rank). `rulings`
    (team_board_rulings): a ruled team leaves that board's comparison and gets the
    ruling's value (ruled_value); its marques there count in no total. `penalties`
    (team -> the sum of the arbiter's penalties on the scale's unit) are taken off
    the sum of its board values before the mean, as rules.duplicate does a player's."""
    convert, mean = TEAM_SCALES[scale]
    rulings = rulings or {}
    scored: dict[TeamId, list[Fraction]] = {}
    totals: dict[TeamId, int] = {}
    for board in sorted(set(results) | set(rulings)):
        ruled = rulings.get(board, {})
        played = {t: r for t, r in results.get(board, {}).items() if t not in ruled}
        for team, value in convert(played).items() if played else ():
            scored.setdefault(team, []).append(value)
            totals[team] = totals.get(team, 0) + played[team]
        for team, ruling in ruled.items():
            scored.setdefault(team, []).append(ruled_value(ruling, scale))
            totals.setdefault(team, 0)
    rows = []
    penalties = penalties or {}
    for team, values in scored.items():
        total = sum(values, Fraction(0)) - penalties.get(team, Fraction(0))
        exact = total / (len(values) if mean else 1)
        rows.append(TeamMatchResult(team, len(values), totals[team], exact, two_decimals(exact)))
    return rank_rows(rows, key=lambda r: -r.result, then=lambda r: str(r.team))
