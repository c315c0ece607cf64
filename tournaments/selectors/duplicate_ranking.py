"""The comparison of a duplicate event: each board's marques per orientation turned
into matchpoints and percentages (or differences from the average), the session
results, the ranking, a player's board by board detail and the team ranking.

The arithmetic is tournaments.rules.duplicate's (pure); this module feeds it the
marques read by selectors.duplicate and hangs its answers on the lines.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.urls import reverse

from ..models import Event
from ..rules import _duplicate_interim as comparison
from ..rules.collation import sort_key
from ..rules.ranking import rank_rows
from .access import Namer, public_names
from .duplicate import BoardInfo, BoardScore, DuplicateData, Line, SeatedPlayer, duplicate_data


def _method(event: Event) -> str:
    return (
        comparison.AVERAGE
        if event.comparison == Event.Comparison.AVERAGE
        else comparison.MATCHPOINTS
    )


def compare_board(board: BoardInfo, method: str) -> None:
    """Fill each line's scores for the board (rules.duplicate.compare_board)."""
    entries = []
    for index, line in enumerate(board.lines):
        for orientation in range(4):
            if line.players[orientation] is None:
                continue
            entries.append(
                comparison.Entry(
                    key=(index, orientation),
                    orientation=orientation,
                    marque=line.marques[orientation] if line.result is not None else None,
                    special=line.special_for(orientation),
                    fouled=line.fouled,
                )
            )
    for key, result in comparison.compare_board(entries, method).items():
        index, orientation = key
        board.lines[index].scores[orientation] = BoardScore(
            value=result.value,
            matchpoints=result.matchpoints,
            rank=result.rank,
            of=result.of,
            special=result.special,
        )


def compare(data: DuplicateData) -> DuplicateData:
    method = _method(data.event)
    for board in data.boards.values():
        compare_board(board, method)
    return data


@dataclass
class BoardDetail:
    """One board a player played (or was given a ruling on), for his detail page."""

    board_number: int
    round_number: int
    table_number: int
    orientation: int
    marque: int | None
    score: BoardScore
    line: Line

    @property
    def orientation_letter(self) -> str:
        return "NESW"[self.orientation]

    @property
    def marque_text(self) -> str:
        """The marque signed as on a score sheet: "+120", "-40", "0"."""
        return "" if self.marque is None else f"{self.marque:+d}" if self.marque else "0"


@dataclass
class DuplicateRow:
    player_id: int
    name: str
    club: str
    team: str | None
    boards: list[BoardDetail] = field(default_factory=list)
    result: Decimal | None = None  # session percentage, or sum of differences
    marques: int = 0
    rank: int = 0

    def get_absolute_url(self) -> str:
        return reverse("player_public", args=[self.player_id])


@dataclass
class TeamRow:
    name: str
    members: list[DuplicateRow]
    result: Decimal | None
    rank: int = 0


def _details(data: DuplicateData) -> dict[int, list[BoardDetail]]:
    details: dict[int, list[BoardDetail]] = defaultdict(list)
    for board in data.boards.values():
        for line in board.lines:
            for orientation, player in enumerate(line.players):
                score = line.scores[orientation]
                if player is None or score is None:
                    continue
                details[player.player_id].append(
                    BoardDetail(
                        board_number=board.number,
                        round_number=line.round_number,
                        table_number=line.table_number,
                        orientation=orientation,
                        marque=line.marques[orientation] if line.result else None,
                        score=score,
                        line=line,
                    )
                )
    return details


def ranking_rows(
    data: DuplicateData, *, visible_boards: set[int] | None = None
) -> list[DuplicateRow]:
    """Everybody registered or seated, ranked by session result (rules.duplicate:
    percentage to two decimals, or the sum of differences); players without a board
    yet come last. `visible_boards` limits the detail kept on each row (the public sees
    the boards nobody has left to play), never the result."""
    method = _method(data.event)
    details = _details(data)
    rows = []
    for player in data.players.values():
        boards = details.get(player.player_id, [])
        result = comparison.session_result([d.score.value for d in boards], method)
        row = DuplicateRow(
            player_id=player.player_id,
            name=player.name,
            club=player.club,
            team=player.team,
            result=result,
            marques=sum(d.marque or 0 for d in boards),
            boards=sorted(
                (d for d in boards if visible_boards is None or d.board_number in visible_boards),
                key=lambda d: d.board_number,
            ),
        )
        rows.append(row)
    return rank_rows(
        rows,
        lambda r: (r.result is None, -(r.result or 0)),
        lambda r: sort_key(r.name),
    )


def duplicate_ranking(event: Event, *, namer: Namer = public_names) -> list[DuplicateRow]:
    return ranking_rows(compare(duplicate_data(event, namer=namer)))


def team_rows(rows: list[DuplicateRow], event: Event) -> list[TeamRow]:
    """Teams ranked on their members' results (rules.duplicate.team_result: the mean of
    the percentages, or the sum of the differences)."""
    teams: dict[str, list[DuplicateRow]] = defaultdict(list)
    for row in rows:
        if row.team:
            teams[row.team].append(row)
    method = _method(event)
    result = [
        TeamRow(name, members, comparison.team_result([m.result for m in members], method))
        for name, members in teams.items()
    ]
    return rank_rows(
        result,
        lambda t: (t.result is None, -(t.result or 0)),
        lambda t: sort_key(t.name),
    )


def session_places(event: Event) -> dict[int, int]:
    """Player id -> place in the event's ranking (services.results stores them)."""
    return {row.player_id: row.rank for row in duplicate_ranking(event)}


def player_row(rows: list[DuplicateRow], player_id: int) -> DuplicateRow | None:
    return next((row for row in rows if row.player_id == player_id), None)


def public_boards(data: DuplicateData) -> set[int]:
    """The boards whose travellers the public may read: those every table that plays
    them has played (or had a ruling on), so no table still to play a board can read
    how it went."""
    return {number for number, board in data.boards.items() if board.complete}


__all__ = [
    "BoardDetail",
    "DuplicateRow",
    "SeatedPlayer",
    "TeamRow",
    "compare",
    "duplicate_ranking",
    "player_row",
    "public_boards",
    "ranking_rows",
    "session_places",
    "team_rows",
]
