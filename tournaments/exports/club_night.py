"""The workbook of a club night: its ranking, each table's score sheet, its rules.

The ranking is the results page's (tournaments.selectors.standings: total
decreasing, equal totals share the rank), with each player's licence number and
club, and the sum of his scores on the score sheets, added up from the rows the
sheets hold. Each score sheet is the feuille de marque: one row per hand with what
was entered (contract, taker, oudlers, points, bonuses) and each player's score
and running total, and the hand's sum (0 on a sound sheet).

Queries: a fixed number whatever the number of tables and hands (tables, seats,
standings, licences of players never seated, and the hands with their ledger rows). A club
night is small: its hands are held in memory while the sheets are built.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.utils.translation import gettext as _

from ..models import Event, Player, Seat, Table
from ..rules.collation import sort_key
from ..selectors.access import full_names
from ..selectors.standings import event_standings
from . import hands
from .files import Export
from .hands import HAND_NUMBER, PLAYER, POINTS, TABLE_ID, Names
from .writer import INTEGER, SCORE, Column, Sheet

Group = tuple[tuple[Any, ...], list[tuple[Any, ...]]]  # a hand and its ledger rows


def club_night_workbook(event: Event) -> Export:
    """The club night's workbook; write it with `.write(fp)` or serve it with `.response()`."""
    tables = list(
        Table.objects.filter(round__event=event)
        .select_related("round")
        .order_by("round__number", "number")
    )
    seats: dict[int, list[Player]] = defaultdict(list)
    names = Names()
    for seat in (
        Seat.objects.filter(table__round__event=event)
        .select_related("player__club")
        .order_by("position")
    ):
        seats[seat.table_id].append(seat.player)
        names.add(seat.player)
    standings = event_standings(event, namer=full_names)  # an organiser's workbook
    by_table: dict[int, list[Group]] = defaultdict(list)
    for hand, rows in hands.hand_groups(event):
        by_table[rows[0][TABLE_ID]].append((hand, rows))
    hands.read_licences(
        names,
        {row.player_id for row in standings}
        | {row[PLAYER] for groups in by_table.values() for _hand, rows in groups for row in rows},
    )

    sums: dict[int, int] = {}  # player id -> his scores on the score sheets, added up
    several_rounds = len({t.round_id for t in tables}) > 1
    score_sheets = [
        _score_sheet(event, table, seats[table.pk], by_table[table.pk], names, sums, several_rounds)
        for table in tables
    ]
    columns = [
        Column(_("Rank"), 7, INTEGER),
        *hands.person_columns(),
        Column(_("Total"), 10, SCORE),
        Column(_("Hands played"), 9, INTEGER),
        Column(_("Contracts taken"), 10, INTEGER),
        Column(_("Contracts won"), 10, INTEGER),
        Column(_("Sum of the score sheets (check)"), 13, SCORE),
        Column(_("Player ID"), 9, INTEGER),
    ]
    ranking = (
        [
            row.rank,
            row.name,
            names.licence(row.player_id),
            names.clubs.get(row.player_id, ""),
            row.total,
            row.hands,
            row.taken,
            row.won,
            sums.get(row.player_id, 0),
            row.player_id,
        ]
        for row in standings
    )
    return hands.event_export(
        event,
        [
            Sheet(_("Ranking"), columns, ranking),
            *score_sheets,
            hands.rules_sheet(event, ranking=_("total, decreasing; equal totals share the rank")),
        ],
    )


def _score_sheet(
    event: Event,
    table: Table,
    seated: list[Player],
    groups: list[Group],
    names: Names,
    sums: dict[int, int],
    several_rounds: bool,
) -> Sheet:
    """The table's feuille de marque: each hand's inputs, then each player's score and
    running total (empty where he has no ledger row for the hand), then the hand's sum."""
    seated_ids = [p.pk for p in seated]
    extra = {row[PLAYER] for _hand, rows in groups for row in rows} - set(seated_ids)
    # A player moved away after scoring here still gets his columns, after the seated.
    players = seated_ids + sorted(extra, key=lambda pk: (sort_key(names(pk)), pk))
    columns = [Column(_("Hand"), 7, INTEGER), *hands.input_columns(event)]
    for player_id in players:
        columns += [
            Column(names(player_id), 11, SCORE),
            Column(_("%(name)s: total") % {"name": names(player_id)}, 11, SCORE),
        ]
    columns.append(Column(_("Sum of the hand (0)"), 9, SCORE))

    with_miseres = event.rules.allows_misere
    found = hands.words()
    running = dict.fromkeys(players, 0)
    rows = []
    for hand, ledger in groups:
        scores = {row[PLAYER]: row[POINTS] for row in ledger}
        values = [
            hand[HAND_NUMBER],
            *hands.hand_inputs(hand, ledger, names, found, with_miseres=with_miseres),
        ]
        for player_id in players:
            points = scores.get(player_id)
            if points is not None:
                running[player_id] += points
                sums[player_id] = sums.get(player_id, 0) + points
            values += [points, running[player_id]]
        values.append(sum(scores.values()))
        rows.append(values)
    title = f"{table.round} {table}" if several_rounds else str(table)
    return Sheet(title, columns, rows)
