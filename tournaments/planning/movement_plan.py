"""A duplicate movement once built (planning.movement builds it): the frozen Movement,
where each player sits round by round, and the table and player cards printed from it.

Pure Python, no Django import; imported through tournaments.planning.movement.
Orientations are numbers, 0 to 3 for North, East, South, West, as Seat.position holds
them: the letters belong to scoring.cards.ORIENTATIONS, which planning does not import.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

# One table's four places by orientation N, E, S, W: a player or a table, None for none.
Four = tuple[int | None, int | None, int | None, int | None]


def by_orientation(values: Iterable[int | None]) -> Four:
    """The four values of one table's places, as the 4-tuple its fields hold."""
    north, east, south, west = values
    return north, east, south, west


@dataclass(frozen=True)
class TableRound:
    """One table in one round. `seats` holds player indexes by orientation N, E, S, W
    (None: an empty seat). `plays` is False at the bye table or the bench: its players
    sit out. `board_set` is None at the bench (no set there); `set_from` / `set_to` are
    the tables the set comes from (previous round) and goes to (next round), None in
    the first / last round."""

    table: int
    board_set: int | None
    seats: tuple[int | None, int | None, int | None, int | None]
    plays: bool
    set_from: int | None
    set_to: int | None


@dataclass(frozen=True)
class Seat:
    """Where a player is in one round."""

    round: int
    table: int
    orientation: int  # 0..3: N, E, S, W
    board_set: int | None
    plays: bool


@dataclass(frozen=True)
class TableCardLine:
    round: int
    board_set: int | None
    set_from: int | None
    set_to: int | None
    plays: bool
    seats: tuple[int | None, int | None, int | None, int | None]
    # Where each seat's player goes next round (same orientation); None after the
    # last round or for an empty seat.
    next_tables: tuple[int | None, int | None, int | None, int | None]


@dataclass(frozen=True)
class TableCard:
    """The card on one table: per round, the set, where it comes from and goes to,
    who sits where and where each goes next."""

    table: int
    lines: tuple[TableCardLine, ...]


@dataclass(frozen=True)
class PlayerCardLine:
    round: int
    table: int
    board_set: int | None
    plays: bool
    # The other three at the table by orientation (None for his own seat and empty
    # seats); all None when he sits out.
    opponents: tuple[int | None, int | None, int | None, int | None]


@dataclass(frozen=True)
class PlayerCard:
    player: int
    orientation: int  # 0..3: N, E, S, W
    lines: tuple[PlayerCardLine, ...]


@dataclass(frozen=True)
class Movement:
    """A whole session's movement. `schedule[r][t]` is table t in round r."""

    tables: int
    rounds: int
    players: int
    construction: str
    schedule: tuple[tuple[TableRound, ...], ...]
    orientations: tuple[int, ...]  # per player, 0..3: N, E, S, W
    repeated_meetings: int  # sum over pairs of max(0, times met - 1), playing tables only
    byes: tuple[int, ...]  # rounds each player sits out

    @property
    def bye_spread(self) -> int:
        """Most byes minus fewest over the players (0 with a full field)."""
        return max(self.byes) - min(self.byes)

    def seat(self, player: int, round: int) -> Seat:
        """Where `player` is in `round` (his table even when he sits out)."""
        for line in self.schedule[round]:
            if player in line.seats:
                orientation = line.seats.index(player)
                return Seat(round, line.table, orientation, line.board_set, line.plays)
        raise ValueError(f"player {player} is not in round {round}")

    def next_seat(self, player: int, round: int) -> Seat | None:
        """Where `player` goes after `round` (None after the last round)."""
        return self.seat(player, round + 1) if round + 1 < self.rounds else None

    def sets_played(self, player: int) -> tuple[int, ...]:
        """The sets the player plays, in round order (bye rounds left out)."""
        seats = (self.seat(player, r) for r in range(self.rounds))
        return tuple(s.board_set for s in seats if s.plays and s.board_set is not None)

    def boards_played_twice(self) -> int:
        """Sets played twice by a player, summed (0 by construction; for checks)."""
        return sum(
            len(played) - len(set(played))
            for played in (self.sets_played(p) for p in range(self.players))
        )

    def meeting_counts(self) -> Counter[tuple[int, int]]:
        """Times each pair (lower index first) played at the same table."""
        return meetings(self.schedule)

    def table_cards(self) -> tuple[TableCard, ...]:
        cards = []
        for t in range(self.tables):
            lines = []
            for r in range(self.rounds):
                line = self.schedule[r][t]
                following = [self.next_seat(p, r) if p is not None else None for p in line.seats]
                lines.append(
                    TableCardLine(
                        r,
                        line.board_set,
                        line.set_from,
                        line.set_to,
                        line.plays,
                        line.seats,
                        by_orientation(s.table if s else None for s in following),
                    )
                )
            cards.append(TableCard(t, tuple(lines)))
        return tuple(cards)

    def player_cards(self) -> tuple[PlayerCard, ...]:
        cards = []
        for p in range(self.players):
            lines = []
            for r in range(self.rounds):
                seat = self.seat(p, r)
                seats = self.schedule[r][seat.table].seats
                opponents = by_orientation(None if (q == p or not seat.plays) else q for q in seats)
                lines.append(PlayerCardLine(r, seat.table, seat.board_set, seat.plays, opponents))
            cards.append(PlayerCard(p, self.orientations[p], tuple(lines)))
        return tuple(cards)


def meetings(schedule: tuple[tuple[TableRound, ...], ...]) -> Counter[tuple[int, int]]:
    """Times each pair (lower index first) played at the same table."""
    counts: Counter[tuple[int, int]] = Counter()
    for line in (line for lines in schedule for line in lines if line.plays):
        present = sorted(p for p in line.seats if p is not None)
        counts.update(combinations(present, 2))
    return counts
