"""The comparison of a duplicate event: each board's marques per orientation turned
into matchpoints and percentages (or differences from the average), the session
results, the ranking, a player's board by board detail and the team ranking.

The arithmetic is tournaments.rules.duplicate's (pure); this module feeds it the
marques read by selectors.duplicate and hangs its answers on the lines.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.urls import reverse

from ..models import Event
from ..rules import duplicate as comparison
from ..rules import team_match as team_rules
from ..rules.boards import ORIENTATIONS
from ..rules.collation import sort_key
from .access import Namer, public_names
from .board_visibility import complete_boards, hidden_results, public_view
from .duplicate import BoardInfo, CellScore, DuplicateData, Line, duplicate_data
from .duplicate_penalties import (
    Penalised,
    PenaltyInfo,
    by_player,
    by_team,
    event_penalties,
    player_totals,
    team_totals,
)


def method_of(event: Event) -> str:
    """The event's comparison as rules.duplicate names it."""
    if event.comparison == Event.Comparison.DIFFERENCE:
        return comparison.DIFFERENCE
    return comparison.MATCHPOINTS


def _core_line(line: Line) -> comparison.ComparedLine | None:
    """The line as the comparison reads it, or None while it has nothing to compare
    (not played yet, nor settled by rulings at every orientation)."""
    ids = line.player_ids()
    if None in ids:
        return None
    marques = None
    if line.result is not None and None not in line.marques:
        marques = tuple(line.marques)
    core = comparison.ComparedLine(
        table=line.table_id,
        players=tuple(ids),
        marques=marques,
        special=line.specials.get(None),
        specials={ORIENTATIONS[o]: kind for o, kind in line.specials.items() if o is not None},
    )
    if marques is None and any(core.special_at(o) is None for o in ORIENTATIONS):
        return None
    return core


def compare_board(board: BoardInfo, method: str) -> list[comparison.BoardScore]:
    """Every player's result on the board (rules.duplicate.compare_board), also hung on
    the lines' scores by orientation."""
    lines: dict[Hashable, Line] = {line.table_id: line for line in board.lines}
    cores = [core for line in board.lines if (core := _core_line(line)) is not None]
    scores = comparison.compare_board(board.number, cores, method)
    for score in scores:
        shown = score.percentage if method == comparison.MATCHPOINTS else score.difference
        lines[score.table].scores[ORIENTATIONS.index(score.orientation)] = CellScore(
            value=shown,
            matchpoints=score.matchpoints,
            rank=score.rank,
            of=score.compared,
            special=score.special,
        )
    return scores


def compare(data: DuplicateData) -> DuplicateData:
    """Every board compared; the scores kept for the session results."""
    method = method_of(data.event)
    data.scores = [
        score for board in data.boards.values() for score in compare_board(board, method)
    ]
    return data


@dataclass
class BoardDetail:
    """One board a player played (or was given a ruling on), for his detail page."""

    board_number: int
    round_number: int
    table_number: int
    orientation: int
    marque: int | None
    score: CellScore
    line: Line | None = None  # None when read from the stored comparison

    @property
    def orientation_letter(self) -> str:
        return "NESW"[self.orientation]

    @property
    def marque_text(self) -> str:
        """The marque signed as on a score sheet: "+120", "-40", "0"."""
        return "" if self.marque is None else f"{self.marque:+d}" if self.marque else "0"


@dataclass
class DuplicateRow(Penalised):
    player_id: int
    name: str
    club: str
    team: str | None
    boards: list[BoardDetail] = field(default_factory=list)
    result: Decimal | None = None  # session percentage, or sum of differences
    marques: int = 0
    rank: int = 0
    exact: Fraction | None = None  # the unrounded result (team results average it)
    # The boards the result is computed on, every one of them: `boards` may keep only
    # those the reader may read in detail (ranking_rows' visible_boards).
    board_count: int = 0
    # (board number, marque, ruling) of every board the result is computed on, the
    # marque None under a ruling: a team match adds them up (team_match_rows).
    results: list[tuple[int, int | None, str | None]] = field(default_factory=list)
    # The arbiter's penalties that lower `result` (selectors.duplicate_penalties).
    penalties: list[PenaltyInfo] = field(default_factory=list)

    def get_absolute_url(self) -> str:
        return reverse("player_public", args=[self.player_id])


@dataclass
class DuplicateTeamRow(Penalised):
    name: str
    members: list[DuplicateRow]
    result: Decimal | None
    rank: int = 0
    penalties: list[PenaltyInfo] = field(default_factory=list)


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
    data: DuplicateData,
    *,
    visible_boards: set[int] | None = None,
    penalties: list[PenaltyInfo] | None = None,
) -> list[DuplicateRow]:
    """Everybody registered or seated, ranked by session result (rules.duplicate: the
    mean of his exact board percentages, or the sum of his differences, two decimals;
    equal results share the rank); players without a board yet come last. Call on
    compared data. `visible_boards` limits the detail kept on each row (the public sees
    the boards nobody has left to play), never the result. `penalties`: those that
    count (selectors.duplicate_penalties.event_penalties); None reads every one, as
    organisers count them."""
    if penalties is None:
        penalties = event_penalties(data.event)
    given = by_player(penalties)
    sessions = {
        result.player: result
        for result in comparison.session_results(
            data.scores, method_of(data.event), player_totals(penalties)
        )
    }
    details = _details(data)
    rows = []
    for player in data.players.values():
        boards = details.get(player.player_id, [])
        session = sessions.get(player.player_id)
        rows.append(
            DuplicateRow(
                player_id=player.player_id,
                name=player.name,
                club=player.club,
                team=player.team,
                result=session.result if session else None,
                rank=session.rank if session else 0,
                marques=sum(d.marque or 0 for d in boards),
                boards=sorted(
                    (
                        d
                        for d in boards
                        if visible_boards is None or d.board_number in visible_boards
                    ),
                    key=lambda d: d.board_number,
                ),
                exact=session.exact if session else None,
                board_count=len(boards),
                results=[
                    (d.board_number, None if d.score.special else d.marque, d.score.special)
                    for d in boards
                ],
                penalties=given.get(player.player_id, []),
            )
        )
    rows.sort(key=lambda r: (r.result is None, r.rank, sort_key(r.name)))
    return rows


def _public_penalties(data: DuplicateData) -> list[PenaltyInfo]:
    """The penalties the public counts: on the event, and on complete boards."""
    return event_penalties(data.event, boards=complete_boards(data))


def duplicate_ranking(event: Event, *, namer: Namer = public_names) -> list[DuplicateRow]:
    """The ranking as the public reads it (the hall screen, the places stored for player
    pages and seasons): from the boards every table has played (board_visibility)."""
    data = duplicate_data(event, namer=namer)
    penalties = _public_penalties(data)  # before public_view empties the other boards
    return ranking_rows(compare(public_view(data)), penalties=penalties)


def team_rows(
    rows: list[DuplicateRow], event: Event, penalties: list[PenaltyInfo] | None = None
) -> list[DuplicateTeamRow]:
    """Teams ranked on their members' results (rules.duplicate.team_results: the mean of
    their exact percentages, or the sum of their differences): the team ranking of an
    individual event; in a team match, on their marques (team_match_rows). Each team
    lists all its members, those still without a result too; a team none of whose
    members has one comes last, without a result. `penalties` (a team match's team
    penalties that count, None: every one) lower a team's result; in an individual
    event only players are penalised, and their team's mean follows."""
    if event.team_match:
        return team_match_rows(rows, event, penalties)
    members: dict[str, list[DuplicateRow]] = defaultdict(list)
    for row in rows:
        if row.team:
            members[row.team].append(row)
    players = [
        comparison.PlayerResult(row.player_id, row.board_count, row.exact, row.result, row.rank, ())
        for team in members.values()
        for row in team
        if row.exact is not None and row.result is not None
    ]
    teams = {row.player_id: row.team for team in members.values() for row in team}
    found = [
        DuplicateTeamRow(str(result.team), members[str(result.team)], result.result, result.rank)
        for result in comparison.team_results(players, teams, method_of(event))
    ]
    ranked = {team.name for team in found}
    found += [
        DuplicateTeamRow(name, team, None) for name, team in members.items() if name not in ranked
    ]
    found.sort(key=lambda t: (t.result is None, t.rank, sort_key(t.name)))
    return found


@dataclass
class TeamMatchInput:
    """What a team match's ranking is computed from (team_match_rows), and the team
    figures page and sheet (selectors.duplicate_team_figures) from the same: each
    team's members, its result on each board (rules.team_match.team_board_results: the
    sum of its members' marques, once every member who plays the board has one), its
    rulings (team_board_rulings) and the scale."""

    members: dict[str, list[DuplicateRow]]
    board_results: dict[int, dict[Hashable, int]]
    rulings: dict[int, dict[Hashable, str]]
    scale: str
    playing: int  # how many members of a team play each board (players_per_board)


def team_match_input(rows: list[DuplicateRow], event: Event) -> TeamMatchInput:
    """A team match's teams and their board results from the rows' own (board, marque,
    ruling) triples (DuplicateRow.results): on a public page, the boards every table
    has played."""
    members: dict[str, list[DuplicateRow]] = defaultdict(list)
    for row in rows:
        if row.team:
            members[row.team].append(row)
    teams = {row.player_id: team for team, found in members.items() for row in found}
    results = [
        (board, row.player_id, marque, special)
        for found in members.values()
        for row in found
        for board, marque, special in row.results
    ]
    playing = team_rules.players_per_board(event.team_size)
    board_results = team_rules.team_board_results(
        ((b, p, m) for b, p, m, _s in results if m is not None), teams, playing
    )
    rulings = team_rules.team_board_rulings(
        ((b, p, s) for b, p, _m, s in results if s is not None), teams
    )
    scale = team_rules.scale_of(event.comparison)
    return TeamMatchInput(dict(members), board_results, rulings, scale, playing)


def team_match_rows(
    rows: list[DuplicateRow], event: Event, penalties: list[PenaltyInfo] | None = None
) -> list[DuplicateTeamRow]:
    """A team match's teams (rules.team_match): each board's result is the sum of the
    members' marques, converted on the scale the comparison method gives (matchpoints
    of the team results across the field, or their total); an arbiter's ruling on a
    member gives the team that ruling on the board (rules.team_match.team_board_rulings).
    From the boards each row's result is computed on: on a public page, the boards
    every table has played. `penalties`: those that count on those boards (None: every
    one, as organisers count them), a team's lowering its result (team_match_results)."""
    if penalties is None:
        penalties = event_penalties(event)
    match = team_match_input(rows, event)
    members = match.members
    given = by_team(penalties)
    found = [
        DuplicateTeamRow(
            str(result.team),
            members[str(result.team)],
            result.result,
            result.rank,
            penalties=given.get(str(result.team), []),
        )
        for result in team_rules.team_match_results(
            match.board_results, match.scale, match.rulings, team_totals(penalties)
        )
    ]
    found.sort(key=lambda t: (t.rank, sort_key(t.name)))
    return found


def session_places(event: Event) -> dict[int, int]:
    """Player id -> place in the event's ranking (services.results stores them), for
    the players with a board compared."""
    return {row.player_id: row.rank for row in duplicate_ranking(event) if row.result is not None}


def public_standing(event: Event) -> tuple[dict[int, int], set[int]]:
    """What services.results stores for the public, from one read of the event: each
    player's place on the complete boards (as session_places), and the results of the
    boards some table has still to play (board_visibility.hidden_results), which his
    stored figures leave out."""
    data = duplicate_data(event)
    hidden = hidden_results(data)
    penalties = _public_penalties(data)
    rows = ranking_rows(compare(public_view(data)), penalties=penalties)
    return {row.player_id: row.rank for row in rows if row.result is not None}, hidden


def player_row(rows: list[DuplicateRow], player_id: int) -> DuplicateRow | None:
    return next((row for row in rows if row.player_id == player_id), None)


def public_boards(data: DuplicateData) -> set[int]:
    """The boards whose travellers the public may read (selectors.board_visibility)."""
    return complete_boards(data)


__all__ = [
    "BoardDetail",
    "DuplicateRow",
    "DuplicateTeamRow",
    "compare",
    "duplicate_ranking",
    "player_row",
    "public_boards",
    "public_standing",
    "ranking_rows",
    "session_places",
    "team_rows",
]
