"""Team matches as the federation plays its team forms (DUPLICATE.md, last section):
team-mates defend together against a taker of another team, on boards every table of
the round plays at the same time. Pure: no Django.

Quadrettes (teams of 4): a match is two teams A and B at two tables. At the first,
a player of A takes against three of B; at the second a player of B takes against
three of A, on the same boards. Each round the next member of each team takes
(member r mod 4 in round r), so over four rounds everybody takes once. Teams meet
by the circle method (every team meets every other once in T - 1 rounds, T teams, then
again in the same order: two teams alone play a match of as many rounds as planned);
with an odd number of teams one team rests each round, in turn.

Teams of 5 and 6: four members play each round, in turn along the roster (round r
plays members 4r .. 4r + 3 modulo the size), the others rest: over a size's worth of
rounds everybody rests as often as the others. The four play as a quadrette, and the
taker is the member of the four who has taken least so far (the next along the roster
after the last taker, on a tie): after any number of rounds the most and the fewest
takes of a team's members differ by one at most (`taker_turns`). With 4 members this
is member r mod 4, as above.

Triplettes (teams of 3): a team fills the three defenders' seats of one table, so a
match is four teams at three tables: in round r one team of the group (the r-th,
in turn) takes, its three players each at one table against the three of another
team. Groups are the teams in fours, in their order; the number of teams must be a
multiple of 4.

The taker sits at the orientation the round's boards name (`takers[r]`: a team match
names one taker orientation per board set); the defenders take the other three in
roster order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Seats = tuple[int | None, int | None, int | None, int | None]


class TeamMatchImpossible(ValueError):
    """The teams cannot play a team match (sizes, counts): `code` says why."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class MatchTable:
    """One table of a round: its players by orientation (N, E, S, W), the team whose
    player takes there and the team that defends."""

    seats: Seats
    taker_team: int
    defending_team: int


@dataclass(frozen=True)
class MatchRound:
    matches: tuple[tuple[int, ...], ...]  # the teams playing together (indexes)
    tables: tuple[MatchTable, ...]
    resting_teams: tuple[int, ...]
    resting_players: tuple[int, ...]


def _circle_pairings(count: int, round_: int) -> tuple[list[tuple[int, int]], list[int]]:
    """Round `round_` of the circle method: the pairs, and the team resting (odd count)."""
    teams: list[int | None] = list(range(count)) + ([None] if count % 2 else [])
    size = len(teams)
    fixed, rest = teams[0], teams[1:]
    shift = round_ % (size - 1)
    rotated = [fixed, *(rest[-shift:] + rest[:-shift] if shift else rest)]
    pairs, resting = [], []
    for i in range(size // 2):
        a, b = rotated[i], rotated[size - 1 - i]
        if a is None or b is None:
            resting.append(b if a is None else a)
        else:
            pairs.append((a, b))
    return pairs, [team for team in resting if team is not None]


def _seats(taker: int, orientation: int, defenders: Sequence[int]) -> Seats:
    seats: list[int | None] = [None] * 4
    seats[orientation] = taker
    others = iter(defenders)
    for index in range(4):
        if index != orientation:
            seats[index] = next(others)
    return (seats[0], seats[1], seats[2], seats[3])


def _playing(roster: Sequence[int], round_: int) -> list[int]:
    size = len(roster)
    if size == 4:
        return list(roster)
    return [roster[(4 * round_ + i) % size] for i in range(4)]


def taker_turns(size: int, rounds: int) -> list[int]:
    """The roster position (0 .. size - 1) of the member who takes in each of `rounds`
    rounds, for teams of 4 to 6: among the four who play the round (_playing), the one
    who has taken least, then the next along the roster after the last taker."""
    counts = [0] * size
    turns: list[int] = []
    last = -1
    for round_ in range(rounds):
        four = _playing(list(range(size)), round_)
        taker = min(four, key=lambda member: (counts[member], (member - last - 1) % size))
        counts[taker] += 1
        turns.append(taker)
        last = taker
    return turns


def _quadrette_round(
    teams: Sequence[Sequence[int]], round_: int, orientation: int, turn: int
) -> MatchRound:
    """Round `round_`: `turn` is the roster position of each team's taker (taker_turns)."""
    pairs, resting = _circle_pairings(len(teams), round_)
    tables: list[MatchTable] = []
    playing: set[int] = set()
    for a, b in pairs:
        first, second = _playing(teams[a], round_), _playing(teams[b], round_)
        playing.update(first + second)
        a_taker, b_taker = teams[a][turn], teams[b][turn]
        a_rest = [p for p in first if p != a_taker]
        b_rest = [p for p in second if p != b_taker]
        tables.append(MatchTable(_seats(a_taker, orientation, b_rest), a, b))
        tables.append(MatchTable(_seats(b_taker, orientation, a_rest), b, a))
    return MatchRound(
        matches=tuple(pairs),
        tables=tuple(tables),
        resting_teams=tuple(resting),
        resting_players=tuple(p for roster in teams for p in roster if p not in playing),
    )


def _triplette_round(
    teams: Sequence[Sequence[int]], round_: int, orientation: int, _turn: int = 0
) -> MatchRound:
    tables: list[MatchTable] = []
    groups = [tuple(range(start, start + 4)) for start in range(0, len(teams), 4)]
    for group in groups:
        takers = group[round_ % 4]
        defenders = [team for team in group if team != takers]
        for taker, defending in zip(teams[takers], defenders, strict=True):
            tables.append(
                MatchTable(_seats(taker, orientation, teams[defending]), takers, defending)
            )
    return MatchRound(
        matches=tuple(groups), tables=tuple(tables), resting_teams=(), resting_players=()
    )


def team_match(
    teams: Sequence[Sequence[int]], rounds: int, takers: Sequence[int]
) -> list[MatchRound]:
    """The seating of `rounds` rounds of team matches. `teams`: each team's players in
    roster order (all of one size: 3 to 6); `takers[r]`: the orientation (0..3) that
    takes in round r. Raises TeamMatchImpossible ("sizes", "too_few", "triplettes",
    "rounds")."""
    sizes = {len(team) for team in teams}
    if len(sizes) != 1 or not sizes <= {3, 4, 5, 6}:
        raise TeamMatchImpossible("sizes")
    size = sizes.pop()
    if len(teams) < 2:
        raise TeamMatchImpossible("too_few")
    if size == 3 and len(teams) % 4:
        raise TeamMatchImpossible("triplettes")
    # Past T - 1 rounds (T teams) the circle method meets the same teams again, as a
    # match of two teams plays several rounds: allowed, every round is a new match.
    if rounds < 1 or len(takers) < rounds:
        raise TeamMatchImpossible("rounds")
    if size == 3:
        return [_triplette_round(teams, r, takers[r]) for r in range(rounds)]
    turns = taker_turns(size, rounds)
    return [_quadrette_round(teams, r, takers[r], turns[r]) for r in range(rounds)]
