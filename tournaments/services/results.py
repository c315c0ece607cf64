"""EventResult: each player's total, place and statistics per event, from the ledger.

A save rewrites the totals and places of the whole event (one aggregate query:
anyone's place may move) but the statistics only of the players seated at the
table that changed, since nobody else's hands changed. The statistics are
worked out in Python from the ledger rows of those players' tables in the
event (`player_event_stats` of services.event_stats, pure): a few hundred rows
at most, and the same function fills every event in one pass for bulk loads and
migrations. The statistics include each player's running total through the event
(EventResult.running, the charts'), and a tournament's rows each round's total and
contracts won (EventResult.rounds, its ranking's). The seasons counting a published
event store their ranking again in the same transaction (services.standings).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from django.db import connection, transaction
from django.db.models import Count, Exists, JSONField, OuterRef, Q, Sum

from ..models import Board, Event, EventResult, Hand, HandScore, Table
from ..models.duplicate import boards_of_set
from ..rules.ranking import rank_rows, tie_break
from ..selectors.board_visibility import board_is_complete
from ..selectors.duplicate_stored import stored_standing
from . import careers
from .board_results import refresh_board_results
from .cache import touch
from .event_stats import LEDGER_FIELDS, LedgerRow, PlayerEventStats, player_event_stats
from .standings import rebuild_all_season_standings, refresh_seasons_of

# --- totals and places -----------------------------------------------------------


@dataclass
class _Line:
    player_id: int
    total: int = 0
    hands: int = 0
    won: int = 0
    rounds: dict[int, list[int]] = field(default_factory=dict)  # number -> [total, won]
    rank: int = 0

    def stored_rounds(self) -> dict[str, list[int]]:
        """EventResult.rounds: JSON keys are strings."""
        return {str(number): figures for number, figures in sorted(self.rounds.items())}


def _lines(models: ResultModels, event_id: int, hidden: Collection[int] = ()) -> list[_Line]:
    per_round = (
        models.score.objects.filter(event_id=event_id)
        .exclude(hand_id__in=sorted(hidden))
        .order_by()
        .values_list("player_id", "round__number")
        .annotate(
            total=Sum("points"),
            rows=Count("id"),
            won=Count("id", filter=Q(is_taker=True, contract_made=True)),
        )
    )
    # Hands played are rows less the hands sat out, counted apart: filtering the rows on
    # their hand (PLAYED_HAND) made PostgreSQL scan every hand of the database, most of
    # a save's time on a large database.
    sat_out = dict(
        models.hand.objects.filter(table__round__event_id=event_id, sitting_out__isnull=False)
        .order_by()
        .values_list("sitting_out_id")
        .annotate(n=Count("id"))
    )
    lines: dict[int, _Line] = {}
    for player_id, number, total, rows, won in per_round:
        line = lines.setdefault(player_id, _Line(player_id))
        line.rounds[number] = [total, won]
        line.total += total
        line.hands += rows
        line.won += won
    for player_id, n in sat_out.items():
        if player_id in lines:
            lines[player_id].hands -= n
    return list(lines.values())


def _lines_from(
    ledger: list[LedgerRow], changed: Collection[int], existing: dict[int, Any]
) -> list[_Line]:
    """Totals of the `changed` players from their ledger rows (every hand they have in
    the event), everybody else's from his stored result."""
    lines = {
        player_id: _Line(player_id, total=row.total, hands=row.hands)
        for player_id, row in existing.items()
        if player_id not in changed
    }
    for row in ledger:
        if row.player_id not in changed:
            continue  # a neighbour at one of their tables: only part of his hands is here
        line = lines.setdefault(row.player_id, _Line(row.player_id))
        line.total += row.points
        line.hands += row.sitting_out_id != row.player_id
        line.won += bool(row.is_taker and row.contract_made)
    return list(lines.values())


def _ranked(lines: list[_Line], kind: str, places: dict[int, int] | None = None) -> list[_Line]:
    """Places by the event's own ranking, as on its page and in the season: a tournament
    breaks equal totals by the best round, then contracts won (selectors.ranking); a
    club night does not (selectors.standings); a duplicate event ranks by session
    percentage (`places`: selectors.duplicate_stored.stored_standing), not by the
    marques' total. Equal keys share the place."""
    if kind == Event.Kind.DUPLICATE and places is not None:
        unplaced = len(places) + 1  # no board compared yet
        for line in lines:
            line.rank = places.get(line.player_id, unplaced)
        lines.sort(key=lambda line: (line.rank, line.player_id))
        return lines
    if kind == Event.Kind.TOURNAMENT:
        return rank_rows(
            lines,
            lambda r: tie_break(r.total, [t for t, _won in r.rounds.values()], r.won),
            lambda r: r.player_id,
        )
    return rank_rows(lines, lambda r: -r.total, lambda r: r.player_id)


def _ledger_rows(
    scores: Any, event_id: int, players: Collection[int] | None, hidden: Collection[int] = ()
) -> list[LedgerRow]:
    rows = scores.filter(event_id=event_id).exclude(hand_id__in=sorted(hidden))
    if players is not None:
        tables = scores.filter(event_id=event_id, player_id__in=players).values("table_id")
        rows = rows.filter(table_id__in=tables)
    return [LedgerRow(*values) for values in rows.order_by().values_list(*LEDGER_FIELDS)]


@dataclass
class _Writes:
    create: list[Any] = field(default_factory=list)
    update: list[Any] = field(default_factory=list)
    delete: list[int] = field(default_factory=list)
    fields: tuple[str, ...] = ()  # the columns `update` rewrites
    upsert: list[Any] = field(default_factory=list)  # whole rows, new or stored


SCORE_FIELDS = ("total", "hands", "rank", "field_size")
# A tournament's rows also keep each round's total (the ranking's tie-break).
TOURNAMENT_FIELDS = (*SCORE_FIELDS, "rounds")


# Every column a club night's refresh rewrites with one UPDATE (statistics included).
WHOLE_ROW = (*SCORE_FIELDS, *PlayerEventStats().model_fields())


def _score_fields(kind: str) -> tuple[str, ...]:
    return TOURNAMENT_FIELDS if kind == Event.Kind.TOURNAMENT else SCORE_FIELDS


@dataclass(frozen=True)
class ResultModels:
    """The models the results are written with: the app's, or a migration's."""

    event: Any = Event
    hand: Any = Hand
    score: Any = HandScore
    result: Any = EventResult


def _incremental(kind: str, stats_for: Collection[int] | None, existing: dict[int, Any]) -> bool:
    # A club night ranks on totals alone, so a save rewrites the changed players' rows
    # only; a tournament (tie-breaks over rounds) and a duplicate event (places by
    # session percentage, which every board result moves) are ranked whole.
    return stats_for is not None and bool(existing) and kind == Event.Kind.CLUB_NIGHT


def _plan(
    models: ResultModels,
    event_id: int,
    kind: str,
    existing: dict[int, Any],
    stats_for: Collection[int] | None,
) -> _Writes:
    """What to write so that the event's results match the ledger; `stats_for` None means
    every player's statistics."""
    hidden: set[int] = set()
    places: dict[int, int] | None = None
    if kind == Event.Kind.DUPLICATE:
        # No peeking (rules.board_visibility): a player's page (his total, running total,
        # contracts, opponents, place) and head-to-head read these rows, so a board some
        # table has still to play counts nowhere here yet; the places and those results
        # come from the stored comparison (services.board_results, brought in step
        # first), not a comparison of the whole event (refresh_event_results says
        # whose statistics).
        places, hidden = stored_standing(Event.objects.get(pk=event_id))
    incremental = _incremental(kind, stats_for, existing)
    if incremental:
        assert stats_for is not None
        # A save at a club night: only the players of `stats_for` changed, and all their
        # hands are in the ledger rows their statistics are worked out from; everybody
        # else keeps his stored total (a club night ranks on totals alone). Two queries
        # fewer than summing the whole event again.
        changed = set(stats_for)
        ledger = _ledger_rows(models.score.objects, event_id, changed)
        lines = _ranked(_lines_from(ledger, changed, existing), kind, places)
        present = {line.player_id for line in lines}
        need = changed & present
    else:
        lines = _ranked(_lines(models, event_id, hidden), kind, places)
        present = {line.player_id for line in lines}
        if stats_for is None:
            need, scope = present, None
        else:
            # A player new to the event has no statistics yet, wherever he sat.
            need = (set(stats_for) | (present - set(existing))) & present
            scope = need
        ledger = _ledger_rows(models.score.objects, event_id, scope, hidden)
    stats = player_event_stats(ledger, need)
    writes = _Writes(fields=_score_fields(kind))
    for line in lines:
        values: dict[str, Any] = {
            "total": line.total,
            "hands": line.hands,
            "rank": line.rank,
            "field_size": len(lines),
        }
        if kind == Event.Kind.TOURNAMENT:
            values["rounds"] = line.stored_rounds()
        row = existing.pop(line.player_id, None)
        if line.player_id in need:
            own = stats.get(line.player_id, PlayerEventStats()).model_fields()
            if kind == Event.Kind.DUPLICATE:
                # A duplicate board's marque is not shown until every table has played
                # the board (views.duplicate_public): no best or worst hand on player pages.
                own.update(
                    best_points=None, best_hand_id=None, worst_points=None, worst_hand_id=None
                )
            if incremental:
                # A club night's rows are read whole: the changed players' rows, new or
                # not, and the moved places go in one INSERT ... ON CONFLICT DO UPDATE
                # (so that saving a hand stays within its few queries).
                if row is None:
                    row = models.result(event_id=event_id, player_id=line.player_id)
                for name, value in {**values, **own}.items():
                    setattr(row, name, value)
                writes.upsert.append(row)
                continue
            # Rewritten whole: a delete and an insert (a tournament reads its rows'
            # places only, not their statistics).
            if row is not None:
                writes.delete.append(row.pk)
            writes.create.append(
                models.result(event_id=event_id, player_id=line.player_id, **values, **own)
            )
        elif any(getattr(row, name) != value for name, value in values.items()):
            for name, value in values.items():
                setattr(row, name, value)
            (writes.upsert if incremental else writes.update).append(row)
    writes.delete += [row.pk for row in existing.values()]
    return writes


def _update_places(
    model: Any, rows: list[Any], fields: tuple[str, ...] = SCORE_FIELDS, batch: int = 500
) -> None:
    """One UPDATE ... FROM (VALUES ...) per batch: a correction at a 200-player
    tournament can move everybody's place, and Django's bulk_update spent far longer
    in Python building its CASE WHEN for 200 rows than this takes in all."""
    if connection.vendor == "sqlite" and sqlite3.sqlite_version_info < (3, 33):
        model.objects.bulk_update(rows, fields)  # no UPDATE ... FROM before 3.33
        return
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    columns = ("id", *fields)
    json_columns = {c for c in fields if isinstance(model._meta.get_field(c), JSONField)}
    # JSON goes as its text. PostgreSQL is told each column's type (a VALUES list has
    # none of its own: NULLs and JSON text would be read as text); SQLite needs none.
    if connection.vendor == "postgresql":
        types = [model._meta.get_field(c).cast_db_type(connection) for c in columns]
        placeholders = ", ".join(f"%s::{kind}" for kind in types)
    else:
        placeholders = ", ".join(["%s"] * len(columns))
    assignments = ", ".join(f"{quote(name)} = v.{quote(name)}" for name in fields)
    for start in range(0, len(rows), batch):
        chunk = rows[start : start + batch]
        values = ", ".join([f"({placeholders})"] * len(chunk))
        sql = (
            f"WITH v({', '.join(quote(c) for c in columns)}) AS (VALUES {values}) "
            f"UPDATE {table} SET {assignments} FROM v WHERE {table}.{quote('id')} = v.{quote('id')}"
        )
        params = [
            json.dumps(getattr(row, c))
            if c in json_columns
            else getattr(row, "pk" if c == "id" else c)
            for row in chunk
            for c in columns
        ]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)


def _write(models: ResultModels, writes: _Writes) -> None:
    if writes.delete:
        models.result.objects.filter(pk__in=writes.delete).delete()
    if writes.update:
        _update_places(models.result, writes.update, writes.fields)
    if writes.create:
        models.result.objects.bulk_create(writes.create, batch_size=2000)
    if writes.upsert:
        for row in writes.upsert:
            row.pk = None  # one statement for all: the (event, player) key finds stored rows
        models.result.objects.bulk_create(
            writes.upsert,
            batch_size=2000,
            update_conflicts=True,
            unique_fields=["event", "player"],
            update_fields=list(WHOLE_ROW),
        )


# No savepoint of its own: a failure here must undo the caller's whole write anyway
# (the caller's atomic block, or this one when called outside any).
@transaction.atomic(savepoint=False)
def refresh_event_results(
    *,
    event_id: int,
    player_ids: Collection[int] | None = None,
    event: Event | None = None,
    saved_board: int | None = None,
    new_result: bool = False,
    boards: Collection[int] | None = None,
) -> None:
    """Bring one event's results in step with the ledger after a change, and the
    stored rankings of the seasons counting it (services.standings).

    `player_ids`: the players whose hands changed (a table's seats); their
    statistics are worked out again, everybody's total and place. None: everybody's.
    The event row is locked so that two tables saving at once cannot both rewrite
    the results from stale totals; a caller that already holds that lock (save_hand
    locks the table with its round and event) passes the `event` it read.

    `saved_board`: the duplicate board whose result was just entered (`new_result`) or
    corrected (not deleted). While some table has still to play it, nothing these rows
    hold changes (rules.board_visibility: they count complete boards only, and a result
    entered cannot make a complete board incomplete): the write stops at that check
    instead of reading and comparing the whole event (benchmarks/duplicate_save.py).
    A correction of a complete board changes the statistics of its own table's players
    only (everybody's place); the result that completes it, those of every table.

    A duplicate event's stored comparison (services.board_results) is brought in step
    first, for `saved_board` only, or `boards` (ids: the boards a ruling changed), or
    every board when neither is given (a deletion, a rescore, the comparison method).
    """
    if event is None:
        event = Event.objects.select_for_update(no_key=True).filter(pk=event_id).first()
        if event is None:
            return
    kind = event.kind
    if kind == Event.Kind.DUPLICATE:
        changed = [saved_board] if saved_board is not None else boards
        refresh_board_results(event, None if changed is None else set(changed))
        if saved_board is None:
            # A ruling, a deletion, a new comparison: any board may have completed (or
            # stopped being complete), and its other tables' players with it.
            player_ids = None
        elif not board_is_complete(saved_board):
            return
        elif new_result:
            # This result completed the board: its other tables' players now count it.
            player_ids = None
    current = EventResult.objects.filter(event_id=event_id)
    if kind == Event.Kind.TOURNAMENT or player_ids is None:
        # Places only: the statistics of a 200-player field are not read for nothing.
        current = current.only("player_id", *_score_fields(kind))
    existing = {row.player_id: row for row in current}
    _write(ResultModels(), _plan(ResultModels(), event_id, kind, existing, player_ids))
    if event.published:  # only published events count in a season
        refresh_seasons_of(event.club_id, [event.date])
    careers.refresh_event_careers(event, player_ids)  # published events' only


def refresh_duplicate_tables(table_ids: Collection[int]) -> None:
    """A duplicate table's seats name the players of its boards' stored comparison rows
    (services.board_results): an arbiter's ruling stores rows for a table that has no
    hand, whose seats may still change (the admin's seat forms, rounds.swap_players).
    A seat changed rewrites the rows of its tables' boards, and the results read from
    them; nothing for the tables of other kinds of event."""
    tables = list(
        Table.objects.filter(
            pk__in=sorted(table_ids),
            round__event__kind=Event.Kind.DUPLICATE,
            board_set__isnull=False,
        ).select_related("round__event")
    )
    if not tables:
        return
    event = tables[0].round.event
    numbers = {
        number
        for table in tables
        for number in boards_of_set(table.board_set, event.deals_per_round or 1)
    }
    boards = Board.objects.filter(event=event, number__in=sorted(numbers))
    refresh_event_results(event_id=event.pk, boards=list(boards.values_list("pk", flat=True)))


def refresh_board_sets(sets: Collection[tuple[int, int | None]]) -> None:
    """The boards of these (event id, board set) pairs, in the duplicate events among
    them: their stored comparison and completion (services.board_results) and the
    results read from them. A table moved to another round or event (the admin) leaves
    its boards' travellers in one place and joins them in another: a board its line
    left may now be complete, one it joined no longer."""
    by_event: dict[int, set[int]] = {}
    for event_id, board_set in sets:
        if board_set is not None:
            by_event.setdefault(event_id, set()).add(board_set)
    events = Event.objects.filter(pk__in=sorted(by_event), kind=Event.Kind.DUPLICATE)
    for event in events.order_by("pk"):
        per_round = event.deals_per_round or 1
        numbers = {n for each in by_event[event.pk] for n in boards_of_set(each, per_round)}
        boards = Board.objects.filter(event=event, number__in=sorted(numbers))
        refresh_event_results(event_id=event.pk, boards=list(boards.values_list("pk", flat=True)))


def rebuild_all_event_results(models: ResultModels = ResultModels()) -> int:
    """Every event's results from scratch, event by event (bulk loads, migrations)."""
    models.result.objects.all().delete()
    scored = models.score.objects.filter(event=OuterRef("pk"))
    count = 0
    pending: list[Any] = []
    for event_id, kind in (
        models.event.objects.filter(Exists(scored)).order_by("pk").values_list("pk", "kind")
    ):
        if kind == Event.Kind.DUPLICATE:
            # The places come from the stored comparison: from scratch too.
            refresh_board_results(Event.objects.get(pk=event_id))
        writes = _plan(models, event_id, kind, {}, None)
        pending += writes.create
        count += len(writes.create)
        if len(pending) >= 5000:
            models.result.objects.bulk_create(pending)
            pending = []
    models.result.objects.bulk_create(pending)
    return count


@transaction.atomic
def refresh_all_event_results() -> int:
    """Every event's results, then every season's ranking, from the ledger (bulk loads,
    repairs); every cached page is renewed (services.cache)."""
    count = rebuild_all_event_results()
    rebuild_all_season_standings()
    careers.rebuild_all_careers()
    touch(everything=True)
    return count


def _result_fields() -> list[str]:
    """EventResult's columns but its id: event and player first (the row's key)."""
    return [f.attname for f in EventResult._meta.concrete_fields if f.name != "id"]


def _snapshot() -> dict[tuple[int, int], tuple[Any, ...]]:
    return {(row[0], row[1]): row for row in EventResult.objects.values_list(*_result_fields())}


def stale_event_results() -> list[tuple[int, int]]:
    """(event id, player id) of every EventResult row that differs from what the ledger
    gives (or is missing, or should not be there).

    A read: the rows a rebuild would write are planned in memory (_plan, as
    rebuild_all_event_results plans them) and compared with the stored ones, with no
    lock and no write, so check_ledger can run on a live database without holding up
    the tables saving hands. JSON columns are compared as the database gives them back
    (string keys, lists for tuples)."""
    fields = _result_fields()
    json_fields = {f.attname for f in EventResult._meta.concrete_fields if isinstance(f, JSONField)}
    stored = _snapshot()
    expected: dict[tuple[int, int], tuple[Any, ...]] = {}
    scored = HandScore.objects.filter(event=OuterRef("pk"))
    for event_id, kind in (
        Event.objects.filter(Exists(scored)).order_by("pk").values_list("pk", "kind")
    ):
        for row in _plan(ResultModels(), event_id, kind, {}, None).create:
            values = tuple(
                json.loads(json.dumps(getattr(row, name)))
                if name in json_fields
                else getattr(row, name)
                for name in fields
            )
            expected[values[0], values[1]] = values
    return sorted(
        key for key in stored.keys() | expected.keys() if stored.get(key) != expected.get(key)
    )
