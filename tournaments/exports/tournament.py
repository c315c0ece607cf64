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
round totals, licences of players never seated, and one streamed query over the
ledger, read 2000 rows at a time).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.db.models import Sum
from django.utils.translation import gettext as _
from openpyxl.utils import get_column_letter

from ..models import Event, HandScore, Round, Seat
from ..selectors.ranking import RankingRow, team_ranking, tournament_ranking
from .files import Export, file_name
from .hands import (
    HAND_FIELDS,
    HAND_NUMBER,
    PLAYER,
    POINTS,
    ROUND,
    TABLE_ID,
    TABLE_NUMBER,
    Names,
    event_title,
    hand_groups,
    hand_inputs,
    input_columns,
    read_licences,
    round_column,
    rules_sheet,
    words,
)
from .writer import INTEGER, SCORE, Column, Continued, Formula, Sheet, sheet_ref, sheet_title

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
    ranking = tournament_ranking(event)
    names = Names()
    for seat in seats:
        names.add(seat.player)
    read_licences(names, (row.player_id for row in ranking))

    # The title the writer will give the sheet, so that formulas point at it.
    hands_title = sheet_title(_("Hands"), set())
    hand_columns = _hand_columns(event)
    # The hands sheet ends with player, score, player id: the columns SUMIFS reads.
    score_col, id_col = len(hand_columns) - 1, len(hand_columns)
    sums: dict[int, int] = {}  # player id -> his rows of the Hands sheet, added up

    sheets = [_ranking_sheet(event, ranking, rounds, names, sums, (hands_title, score_col, id_col))]
    if event.team_size:
        sheets.append(_teams_sheet(ranking))
    sheets.extend(_round_sheets(event, rounds, seats, names))
    sheets.append(Sheet(hands_title, hand_columns, _hand_rows(event, seats, names, sums)))
    sheets.append(rules_sheet(event, ranking=_ranking_order()))
    return Export(
        name=file_name(event.name, [event.date], f"e{event.pk}"),
        sheets=sheets,
        title=event_title(event),
    )


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
    sums: dict[int, int],
    hands: tuple[str, int, int],
) -> Sheet:
    columns = [
        Column(_("Rank"), 7, INTEGER),
        Column(_("Player"), 26),
        Column(_("Licence"), 11),
        Column(_("Club"), 22),
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
    event: Event, rounds: list[Round], seats: list[Seat], names: Names
) -> list[Sheet]:
    totals: dict[tuple[int, int], int] = {}
    table_numbers: dict[int, tuple[int, int]] = {}  # table id -> (round id, table number)
    for seat in seats:
        table_numbers[seat.table_id] = (seat.table.round_id, seat.table.number)
    per_table = (
        HandScore.objects.filter(event=event)
        .values_list("round_id", "table_id", "table__number", "player_id")
        .annotate(total=Sum("points"))
        .order_by()
    )
    by_round: dict[int, list[tuple[int, int, int]]] = {r.pk: [] for r in rounds}
    for round_id, table_id, table_number, player_id, total in per_table:
        totals[(table_id, player_id)] = total
        table_numbers.setdefault(table_id, (round_id, table_number))

    # Seated players in seat order; a score row of a player no longer seated still shows.
    listed: set[tuple[int, int]] = set()
    for seat in seats:
        key = (seat.table_id, seat.player_id)
        listed.add(key)
        by_round[seat.table.round_id].append((seat.table.number, seat.position, seat.player_id))
        totals.setdefault(key, 0)
    for table_id, player_id in totals:
        if (table_id, player_id) not in listed:
            round_id, table_number = table_numbers[table_id]
            by_round[round_id].append((table_number, 99, player_id))
    table_ids = {(rid, number): tid for tid, (rid, number) in table_numbers.items()}

    columns = [
        Column(_("Table"), 8, INTEGER),
        Column(_("Player"), 26),
        Column(_("Licence"), 11),
        Column(_("Club"), 22),
        Column(_("Round total"), 12, SCORE),
        Column(_("Player ID"), 9, INTEGER),
    ]
    sheets = []
    for round_ in rounds:
        lines = sorted(by_round[round_.pk])
        rows = [
            [
                number,
                names(player_id),
                names.licence(player_id),
                names.clubs.get(player_id, ""),
                totals[(table_ids[(round_.pk, number)], player_id)],
                player_id,
            ]
            for number, _position, player_id in lines
        ]
        sheets.append(Sheet(str(round_), columns, rows))
    return sheets


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


def _hand_rows(
    event: Event, seats: list[Seat], names: Names, sums: dict[int, int]
) -> Iterator[Continued]:
    """One row per (hand, player) in seat order, each hand's inputs shared by its
    players' rows; adds each player's scores up into `sums` on the way."""
    positions = {(s.table_id, s.player_id): s.position for s in seats}
    with_miseres = event.rules.allows_misere
    found = words()
    for hand, rows in hand_groups(event):
        values = [
            hand[ROUND],
            hand[TABLE_NUMBER],
            hand[HAND_NUMBER],
            *hand_inputs(hand, rows, names, found, with_miseres=with_miseres),
        ]
        if len(rows) > 1:
            rows.sort(
                key=lambda row: (positions.get((row[TABLE_ID], row[PLAYER]), 99), row[PLAYER])
            )
        for row in rows:
            player, points = row[PLAYER], row[POINTS]
            sums[player] = sums.get(player, 0) + points
            yield Continued(values, (names(player), points, player))
