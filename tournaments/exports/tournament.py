"""The workbook of one event: ranking, one sheet per round, every hand, the rules.

Every number comes from the HandScore ledger (or, for the ranking, from the
ranking selector that sums it); nothing here scores a hand. The ranking shows each
player's licence number and club, his round totals, his total, the two tie-break
figures, and the sum of his rows of the Hands sheet twice: as a stored value (added
up while that sheet is written) and as a SUMIFS formula beside it, so that readers
of stored values see the check and Excel re-computes it.

The ranking and its tie-break are those of tournaments.selectors.ranking, so
the file and the web page agree: total decreasing, then the better best round,
then more contracts won as taker; players still equal share the rank and are
listed by name.

Queries: a fixed number whatever the number of hands (rounds, seats, ranking,
licences of players never seated, and two streamed queries, the hands and their
ledger rows, read 2000 rows at a time). The round sheets and the ranking's check add
up the Hands sheet's rows as it is written.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from django.utils.translation import gettext as _
from openpyxl.utils import get_column_letter

from ..models import Event, Round, Seat
from ..selectors.access import full_names
from ..selectors.ranking import RankingRow, team_ranking, tournament_ranking
from .files import Export
from .hands import (
    HAND_FIELDS,
    HAND_NUMBER,
    PLAYER,
    POINTS,
    ROUND,
    TABLE_ID,
    TABLE_NUMBER,
    Names,
    event_export,
    hand_groups,
    hand_inputs,
    input_columns,
    person_columns,
    read_licences,
    round_column,
    rules_sheet,
    words,
)
from .writer import INTEGER, SCORE, Column, Formula, Rows, Sheet, sheet_ref, sheet_title

# (round number, table number) -> player id -> his rows of the Hands sheet there, added
# up as the sheet is written.
Totals = dict[tuple[int, int], dict[int, int]]

# The hands' fields, for tests/tournaments/test_hand_input_fields.py.
_HAND_FIELDS = HAND_FIELDS


def tournament_workbook(event: Event) -> Export:
    """The event's workbook; write it with `.write(fp)` or serve it with `.response()`."""
    rounds = list(Round.objects.filter(event=event).order_by("number"))
    seats = list(
        Seat.objects.filter(table__round__event=event)
        .select_related("player__club", "table")
        .order_by("table__round__number", "table__number", "position")
    )
    ranking = tournament_ranking(event, namer=full_names)  # an organiser's workbook
    names = Names()
    for seat in seats:
        names.add(seat.player)
    read_licences(names, (row.player_id for row in ranking))

    # The title the writer will give the sheet, so that formulas point at it.
    hands_title = sheet_title(_("Hands"), set())
    hand_columns = _hand_columns(event)
    # The hands sheet ends with player, score, player id: the columns SUMIFS reads.
    score_col, id_col = len(hand_columns) - 1, len(hand_columns)
    totals: Totals = {}

    sheets = [
        _ranking_sheet(event, ranking, rounds, names, totals, (hands_title, score_col, id_col))
    ]
    if event.team_size:
        sheets.append(_teams_sheet(ranking))
    sheets.extend(_round_sheets(rounds, seats, names, totals))
    sheets.append(Sheet(hands_title, hand_columns, _hand_rows(event, seats, names, totals)))
    sheets.append(rules_sheet(event, ranking=_ranking_order()))
    return event_export(event, sheets)


def _ranking_order() -> str:
    return _(
        "total, decreasing; then tie-break 1, the best round; then tie-break 2, the "
        "contracts won as taker; players still equal share the rank"
    )


# --- ranking -----------------------------------------------------------------


def _ranking_sheet(
    event: Event,
    ranking: list[RankingRow],
    rounds: list[Round],
    names: Names,
    totals: Totals,
    hands: tuple[str, int, int],
) -> Sheet:
    columns = [
        Column(_("Rank"), 7, INTEGER),
        *person_columns(),
    ]
    if event.team_size:
        columns.append(Column(_("Team"), 18))
    columns += [Column(str(r), 10, SCORE) for r in rounds]
    columns += [
        Column(_("Total"), 10, SCORE),
        Column(_("Tie-break 1: best round"), 12, SCORE),
        Column(_("Tie-break 2: contracts won as taker"), 13, INTEGER),
        Column(_("Sum of the hands (check)"), 12, SCORE),
        Column(_("Sum of the hands (formula)"), 12, SCORE),
        Column(_("Player ID"), 9, INTEGER),
    ]
    hands_title, score_col, id_col = hands
    scores_ref, ids_ref = sheet_ref(hands_title, score_col), sheet_ref(hands_title, id_col)
    id_letter = get_column_letter(len(columns))

    def rows() -> Iterator[list[Any]]:
        sums: dict[int, int] = {}  # player id -> his rows of the Hands sheet, added up
        for at_table in totals.values():
            for player, total in at_table.items():
                sums[player] = sums.get(player, 0) + total
        for line, row in enumerate(ranking, 2):
            values: list[Any] = [row.rank, row.name, names.licence(row.player_id), row.club]
            if event.team_size:
                values.append(row.team or "")
            values += [row.round_totals.get(r.number) for r in rounds]
            values += [
                row.total,
                row.best_round,
                row.contracts_won,
                sums.get(row.player_id, 0),
                Formula(f"=SUMIFS({scores_ref},{ids_ref},${id_letter}{line})"),
                row.player_id,
            ]
            yield values

    # Filled once the Hands sheet is written: the check adds up what that sheet holds.
    return Sheet(_("Ranking"), columns, rows(), later=True)


def _teams_sheet(ranking: list[RankingRow]) -> Sheet:
    columns = [
        Column(_("Rank"), 7, INTEGER),
        Column(_("Team"), 24),
        Column(_("Players"), 48),
        Column(_("Total"), 11, SCORE),
    ]
    rows = (
        [team.rank, team.name, ", ".join(m.name for m in team.members), team.total]
        for team in team_ranking(ranking)
    )
    return Sheet(_("Teams"), columns, rows)


# --- rounds ------------------------------------------------------------------


def _round_sheets(
    rounds: list[Round], seats: list[Seat], names: Names, totals: Totals
) -> list[Sheet]:
    """One sheet per round: each player's total at his table, in table and seat order.
    Filled once the Hands sheet is written, whose rows `totals` adds up: no query of its
    own."""
    number_of = {r.pk: r.number for r in rounds}
    seated: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    for seat in seats:
        seated[number_of[seat.table.round_id]].append(
            (seat.table.number, seat.position, seat.player_id)
        )
    columns = [
        Column(_("Table"), 8, INTEGER),
        *person_columns(),
        Column(_("Round total"), 12, SCORE),
        Column(_("Player ID"), 9, INTEGER),
    ]

    def rows(number: int) -> Iterator[list[Any]]:
        lines = list(seated[number])
        listed = {(table, player) for table, _position, player in lines}
        # A score row of a player no longer seated still shows, after the seated.
        lines += [
            (table, 99, player)
            for (round_number, table), at_table in totals.items()
            if round_number == number
            for player in at_table
            if (table, player) not in listed
        ]
        for table, _position, player in sorted(lines):
            yield [
                table,
                *names.person(player),
                totals.get((number, table), {}).get(player, 0),
                player,
            ]

    return [Sheet(str(r), columns, rows(r.number), later=True) for r in rounds]


# --- hands -------------------------------------------------------------------


def _hand_columns(event: Event) -> list[Column]:
    # Only the score gets a number format of its own (see hands.input_columns).
    return [
        round_column(),
        Column(_("Table"), 8),
        Column(_("Hand"), 8),
        *input_columns(event),
        Column(_("Player"), 22),
        Column(_("Score"), 10, SCORE),
        Column(_("Player ID"), 10),
    ]


def _hand_rows(event: Event, seats: list[Seat], names: Names, totals: Totals) -> Iterator[Rows]:
    """One row per (hand, player) in seat order, the hand's inputs at the head of each of
    its players' rows; adds each player's scores up per round and table into `totals`."""
    # table id -> player id -> seat position; a player not seated there (moved after
    # scoring) sorts after the seated, by id: an int key, no tuple made per row.
    seat_of: dict[int, dict[int, int]] = defaultdict(dict)
    for seat in seats:
        seat_of[seat.table_id][seat.player_id] = seat.position
    unseated = 1 + max((seat.position for seat in seats), default=0)
    with_miseres = event.rules.allows_misere
    found = words()
    name_of = names.names.get  # a dict lookup per row; names() for the unknown
    for hand, rows in hand_groups(event):
        round_number, table = hand[ROUND], hand[TABLE_NUMBER]
        head = [
            round_number,
            table,
            hand[HAND_NUMBER],
            *hand_inputs(hand, rows, names, found, with_miseres=with_miseres),
        ]
        if len(rows) > 1:
            at = seat_of[rows[0][TABLE_ID]]
            rows.sort(key=lambda row: at.get(row[PLAYER], unseated + row[PLAYER]))
        at_table = totals.get((round_number, table))
        if at_table is None:
            at_table = totals[(round_number, table)] = {}
        tails = []
        for row in rows:
            player, points = row[PLAYER], row[POINTS]
            at_table[player] = at_table.get(player, 0) + points
            tails.append((name_of(player) or names(player), points, player))
        yield Rows(head, tails)
