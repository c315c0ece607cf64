"""Reads of the stored comparison (models.BoardResult, kept by services.board_results):
the ranking, the places services.results stores and a board's traveller, without
comparing the event again.

What the public may read is still rules.board_visibility's decision: `completion`
asks it about each board's stored completion (Board.complete, which
services.board_results works out with the same rule in the write that may change it:
one light query), and the public ranking adds up
the stored rows of those boards only, as selectors.duplicate_ranking.duplicate_ranking
does by comparing board_visibility.public_view's copy. The organisers' ranking adds up
every row. Both equal that comparison to the cent (tests/duplicate_app/test_stored_comparison.py).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any, cast

from django.db.models import Count, Exists, OuterRef, QuerySet, Sum

from ..models import Board, BoardResult, Event, Hand, Registration, Seat
from ..rules import board_visibility as rule
from ..rules import duplicate as comparison
from ..rules.boards import ORIENTATIONS
from ..rules.collation import sort_key
from .access import NAMER_FIELDS, Namer, public_names
from .duplicate import CellScore, DuplicateData
from .duplicate_penalties import by_player, event_penalties, player_totals
from .duplicate_ranking import BoardDetail, DuplicateRow, method_of


@dataclass
class Completion:
    """Which boards of an event every table that plays them has played."""

    complete: set[int]  # board numbers anyone may read

    def hidden(self, event: Event) -> set[int]:
        """The ids of the results entered on the other boards; one query."""
        return set(
            Hand.objects.filter(table__round__event=event, board__isnull=False)
            .exclude(board__number__in=sorted(self.complete))
            .order_by()
            .values_list("pk", flat=True)
        )


def completion(event: Event) -> Completion:
    """rules.board_visibility over each board's stored completion (Board.complete,
    kept by services.board_results in every write that may change it); one query."""
    # No ordering: Board's (event, number) joins the event for nothing.
    flags = Board.objects.filter(event=event).order_by().values_list("number", "complete")
    return Completion(
        {
            number
            for number, complete in flags
            if rule.may_read_board(complete=complete, organiser=False)
        }
    )


def _stored(event: Event, boards: Collection[int] | None) -> QuerySet[BoardResult, Any]:
    rows = BoardResult.objects.filter(board__event=event)
    if boards is not None:
        rows = rows.filter(board__number__in=sorted(boards))
    return rows


def _sessions(
    event: Event, boards: Collection[int] | None, penalties: dict[int, Fraction]
) -> tuple[dict[int, comparison.PlayerResult], dict[int, int]]:
    """Each player's session (rules.duplicate.session_from_totals, lowered by his
    `penalties`) and his marques' sum, from the stored rows of `boards` (None: all);
    one grouped query."""
    # Each player's numerators by denominator, added up as integers and made one
    # Fraction at the end: 3,600 stored rows group into a few hundred, and adding them
    # as Fractions one by one was a large part of the ranking page's cost.
    numerators: dict[int, dict[int, int]] = defaultdict(dict)
    counts: dict[int, int] = defaultdict(int)
    marques: dict[int, int] = defaultdict(int)
    grouped = (
        _stored(event, boards)
        .order_by()
        .values_list("player_id", "exact_den")
        .annotate(num=Sum("exact_num"), n=Count("id"), marques=Sum("marque"))
    )
    for player_id, den, num, n, marque_sum in grouped:
        by_den = numerators[player_id]
        by_den[den] = by_den.get(den, 0) + num
        counts[player_id] += n
        marques[player_id] += marque_sum or 0
    totals: dict[int, tuple[Fraction, int]] = {}
    for player_id, by_den in numerators.items():
        common = lcm(*by_den)
        total = sum(num * (common // den) for den, num in by_den.items())
        totals[player_id] = (Fraction(total, common), counts[player_id])
    sessions = comparison.session_from_totals(totals, method_of(event), penalties)
    # Keyed as `totals` was: the players' pks.
    return {cast(int, result.player): result for result in sessions}, marques


def _names(event: Event, namer: Namer) -> list[tuple[int, str, str, str | None]]:
    """(player id, name, club, team) of everybody registered or seated; two queries."""
    found = {
        player_id: (player_id, namer(name, style, club_id), club or "", team)
        for player_id, name, style, club_id, club, team in Registration.objects.filter(
            event=event
        ).values_list("player_id", *NAMER_FIELDS, "player__club__name", "team__name")
    }
    # Ordered by player, not by Seat's (table, position): that ordering's joins and
    # columns went into the DISTINCT (a row per seat).
    # Not registered: a subquery, not the registered ids again as 120 parameters.
    registered = Registration.objects.filter(event=event, player_id=OuterRef("player_id"))
    seated = (
        Seat.objects.filter(table__round__event=event)
        .exclude(Exists(registered))
        .order_by("player_id")
        .values_list("player_id", *NAMER_FIELDS, "player__club__name")
        .distinct()
    )
    for player_id, name, style, club_id, club in seated:  # seated without a registration
        found.setdefault(player_id, (player_id, namer(name, style, club_id), club or "", None))
    return list(found.values())


def stored_ranking(
    event: Event, *, namer: Namer = public_names, boards: Collection[int] | None = None
) -> list[DuplicateRow]:
    """selectors.duplicate_ranking.ranking_rows from the stored comparison of `boards`
    (the complete ones for the public: `completion(event).complete`; None: every board,
    as organisers read it), without the board by board detail; a team match's rows hold
    each board's marque and ruling (DuplicateRow.results), and each row the penalties
    that count on `boards` (selectors.duplicate_penalties)."""
    penalties = event_penalties(event, namer=namer, boards=boards)
    given = by_player(penalties)
    sessions, marques = _sessions(event, boards, player_totals(penalties))
    results: dict[int, list[tuple[int, int | None, str | None]]] = defaultdict(list)
    if event.team_match:
        for number, player_id, marque, special in (
            _stored(event, boards)
            .order_by()
            .values_list("board__number", "player_id", "marque", "special")
        ):
            results[player_id].append((number, marque, special or None))
    rows = []
    for player_id, name, club, team in _names(event, namer):
        session = sessions.get(player_id)
        rows.append(
            DuplicateRow(
                player_id=player_id,
                name=name,
                club=club,
                team=team,
                result=session.result if session else None,
                rank=session.rank if session else 0,
                marques=marques.get(player_id, 0),
                exact=session.exact if session else None,
                board_count=session.boards if session else 0,
                results=sorted(results.get(player_id, [])),
                penalties=given.get(player_id, []),
            )
        )
    rows.sort(key=lambda r: (r.result is None, r.rank, sort_key(r.name)))
    return rows


# A stored row's orientation, marque, exact result and its comparison, in this order
# (stored_boards, attach_stored).
_SCORE = (
    "orientation",
    "marque",
    "exact_num",
    "exact_den",
    "special",
    "compared",
    "rank",
    "matchpoints",
)


def _cell(
    exact: Fraction, special: str, compared: int, rank: int | None, points: int | None
) -> CellScore:
    """A stored row's score as a traveller and a player's page print it."""
    return CellScore(
        value=comparison.two_decimals(exact),
        matchpoints=points,
        rank=rank,
        of=compared,
        special=special or None,
    )


def stored_boards(
    event: Event, player_id: int, *, boards: Collection[int] | None = None
) -> list[BoardDetail]:
    """One player's boards among `boards` (None: every board, as organisers read them),
    by board number, each with its round and table and its stored score: the detail
    ranking_rows gives his row from a comparison of the whole event (the player's page
    read 3,600 results and compared 30 boards for his 30 lines). One query."""
    rows = (
        _stored(event, boards)
        .filter(player_id=player_id)
        .order_by("board__number")
        .values_list("board__number", "table__round__number", "table__number", *_SCORE)
    )
    return [
        BoardDetail(number, round_, table, o, marque, _cell(Fraction(num, den), *compared))
        for number, round_, table, o, marque, num, den, *compared in rows
    ]


def stored_standing(event: Event) -> tuple[dict[int, int], set[int]]:
    """What services.results stores for the public (selectors.duplicate_ranking's
    public_standing), from the stored comparison: each player's place on the complete
    boards, and the ids of the results on the other boards."""
    seen = completion(event)
    penalties = player_totals(event_penalties(event, boards=seen.complete))
    sessions, _marques = _sessions(event, seen.complete, penalties)
    return {player: result.rank for player, result in sessions.items()}, seen.hidden(event)


def attach_stored(data: DuplicateData) -> DuplicateData:
    """The lines' scores from the stored comparison (instead of comparing: see
    selectors.duplicate_ranking.compare), for the boards `data` holds, on the lines that
    have something to compare (a public copy's emptied lines stay empty); data.scores
    as rules.duplicate gives them. One query, none when no line has a result or a ruling."""
    method = method_of(data.event)
    by_line = {
        (line.table_id, number): line
        for number, board in data.boards.items()
        for line in board.lines
    }
    readable = {key for key, line in by_line.items() if line.result is not None or line.specials}
    if not readable:  # nothing entered nor ruled (a board not played yet): no query
        data.scores = []
        return data
    rows = (
        BoardResult.objects.filter(board_id__in=[b.pk for b in data.boards.values()])
        .order_by("board_id", "table_id", "orientation")  # the model's, without its joins
        .values_list("board__number", "table_id", "player_id", *_SCORE)
    )
    scores = []
    for number, table_id, player, o, marque, num, den, special, n, rank, points in rows:
        if (table_id, number) not in readable:
            continue
        exact = Fraction(num, den)
        shown = comparison.two_decimals(exact)
        matchpoints = method == comparison.MATCHPOINTS
        by_line[(table_id, number)].scores[o] = _cell(exact, special, n, rank, points)
        scores.append(
            comparison.BoardScore(
                board=number,
                table=table_id,
                orientation=ORIENTATIONS[o],
                player=player,
                marque=marque,
                special=special or None,
                compared=n,
                rank=rank,
                matchpoints=points,
                top=2 * (n - 1) if matchpoints and marque is not None else None,
                exact=exact,
                percentage=shown if matchpoints else None,
                difference=None if matchpoints else shown,
            )
        )
    data.scores = scores
    return data


def board_numbers(event: Event) -> list[int]:
    """Every board number of the event, in order; one query."""
    return list(
        Board.objects.filter(event=event).order_by("number").values_list("number", flat=True)
    )
