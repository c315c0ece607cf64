"""EventResult: each player's total, place and statistics per event, from the ledger.

A save rewrites the totals and places of the whole event (one aggregate query:
anyone's place may move) but the statistics only of the players seated at the
table that changed, since nobody else's hands changed. The statistics are
worked out in Python from the ledger rows of those players' tables in the
event (`player_event_stats`, pure): a few hundred rows at most, and the same
function fills every event in one pass for bulk loads and migrations.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.db import connection, transaction
from django.db.models import Count, Exists, OuterRef, Q, Sum

from ..models import Event, EventResult, Hand, HandScore
from ..rules.ranking import rank_rows, tie_break

TAKER, DEFENCE = Hand.Camp.TAKER.value, Hand.Camp.DEFENCE.value

# --- the statistics of a player in one event (pure) ------------------------------


class LedgerRow(NamedTuple):
    """A HandScore row with what the statistics need of its hand."""

    hand_id: int
    table_id: int
    round_number: int
    hand_number: int
    player_id: int
    points: int
    is_taker: bool
    made: bool | None
    contract: str
    taker_id: int | None
    partner_id: int | None
    sitting_out_id: int | None
    petit_au_bout: str
    chelem_announced: bool
    chelem_made_by: str
    poignees: list[dict[str, Any]] | None


LEDGER_FIELDS = (
    "hand_id",
    "table_id",
    "round__number",
    "hand__number",
    "player_id",
    "points",
    "is_taker",
    "made",
    "hand__contract",
    "hand__taker_id",
    "hand__partner_id",
    "hand__sitting_out_id",
    "hand__petit_au_bout",
    "hand__chelem_announced",
    "hand__chelem_made_by",
    "hand__poignees",
)


@dataclass
class PlayerEventStats:
    """What a player's page adds up over his events; JSON keys are strings (ids)."""

    taken: int = 0
    made: int = 0
    petits_won: int = 0
    petits_lost: int = 0
    chelems_announced: int = 0
    chelems_made: int = 0
    chelems_conceded: int = 0
    poignees: dict[str, int] = field(default_factory=dict)  # size -> shown
    contracts: dict[str, list[int]] = field(default_factory=dict)  # -> [taken, made, points]
    called: dict[str, list[int]] = field(default_factory=dict)  # partner -> [hands, made, pts]
    called_by: dict[str, list[int]] = field(default_factory=dict)  # taker -> [hands, made, pts]
    tables_with: dict[int, set[int]] = field(default_factory=dict)  # opponent -> tables
    hands_with: dict[int, int] = field(default_factory=dict)  # opponent -> hands together
    # (points, round number, hand number, hand id): the earliest wins a tie
    best: tuple[int, int, int, int] | None = None
    worst: tuple[int, int, int, int] | None = None

    def model_fields(self) -> dict[str, Any]:
        return {
            "taken": self.taken,
            "made": self.made,
            "petits_won": self.petits_won,
            "petits_lost": self.petits_lost,
            "chelems_announced": self.chelems_announced,
            "chelems_made": self.chelems_made,
            "chelems_conceded": self.chelems_conceded,
            "poignees": self.poignees,
            "contracts": self.contracts,
            "partners": {"called": self.called, "called_by": self.called_by},
            "opponents": {
                str(pid): [len(tables), self.hands_with.get(pid, 0)]
                for pid, tables in self.tables_with.items()
            },
            "best_points": self.best[0] if self.best else None,
            "best_hand_id": self.best[3] if self.best else None,
            "worst_points": self.worst[0] if self.worst else None,
            "worst_hand_id": self.worst[3] if self.worst else None,
        }


def _count(counts: dict[str, list[int]], key: Any, made: bool, points: int) -> None:
    entry = counts.setdefault(str(key), [0, 0, 0])
    entry[0] += 1
    entry[1] += int(made)
    entry[2] += points


def _add_row(stats: PlayerEventStats, row: LedgerRow, hand: list[LedgerRow]) -> None:
    player = row.player_id
    played = row.sitting_out_id != player
    taker_camp = row.is_taker or row.partner_id == player
    camp = TAKER if taker_camp else DEFENCE if (row.contract and played) else None
    taker_made = any(r.made for r in hand if r.is_taker)

    if row.is_taker:
        stats.taken += 1
        stats.made += int(bool(row.made))
        _count(stats.contracts, row.contract, bool(row.made), row.points)
        if row.partner_id is not None:
            _count(stats.called, row.partner_id, taker_made, row.points)
    if row.partner_id == player and row.taker_id is not None:
        _count(stats.called_by, row.taker_id, taker_made, row.points)
    if camp is not None:
        if row.petit_au_bout:
            if row.petit_au_bout == camp:
                stats.petits_won += 1
            else:
                stats.petits_lost += 1
        if row.chelem_made_by:
            if row.chelem_made_by == camp:
                stats.chelems_made += 1
            else:
                stats.chelems_conceded += 1
    if taker_camp and row.chelem_announced:
        stats.chelems_announced += 1
    for size in {p.get("size") for p in row.poignees or [] if p.get("player") == player}:
        stats.poignees[str(size)] = stats.poignees.get(str(size), 0) + 1

    for other in hand:
        if other.player_id == player:
            continue
        stats.tables_with.setdefault(other.player_id, set()).add(row.table_id)
        if row.sitting_out_id is None or row.sitting_out_id not in (player, other.player_id):
            stats.hands_with[other.player_id] = stats.hands_with.get(other.player_id, 0) + 1

    if played:
        best = (row.points, row.round_number, row.hand_number, row.hand_id)
        if stats.best is None or (-best[0], *best[1:3]) < (-stats.best[0], *stats.best[1:3]):
            stats.best = best
        if stats.worst is None or best[:3] < stats.worst[:3]:
            stats.worst = best


def player_event_stats(
    rows: Iterable[LedgerRow], players: Collection[int]
) -> dict[int, PlayerEventStats]:
    """Each of `players`' statistics from the ledger rows of one event.

    `rows` must hold every row of each hand they played (their tables' rows), so
    that opponents and the taker's result are seen.
    """
    by_hand: dict[int, list[LedgerRow]] = defaultdict(list)
    for row in rows:
        by_hand[row.hand_id].append(row)
    stats: dict[int, PlayerEventStats] = {}
    for hand in by_hand.values():
        for row in hand:
            if row.player_id in players:
                _add_row(stats.setdefault(row.player_id, PlayerEventStats()), row, hand)
    return stats


# --- totals and places -----------------------------------------------------------


@dataclass
class _Line:
    player_id: int
    total: int = 0
    hands: int = 0
    won: int = 0
    rounds: dict[int, int] = field(default_factory=dict)  # round id -> total
    rank: int = 0


def _lines(models: ResultModels, event_id: int) -> list[_Line]:
    per_round = (
        models.score.objects.filter(event_id=event_id)
        .order_by()
        .values_list("player_id", "round_id")
        .annotate(
            total=Sum("points"),
            rows=Count("id"),
            won=Count("id", filter=Q(is_taker=True, made=True)),
        )
    )
    # Hands played are rows less the hands sat out, counted apart: filtering the rows on
    # their hand (PLAYED_HAND) made PostgreSQL scan every hand of the database, 57 ms of
    # the 77 ms of a save at a 200-player tournament with 1M hands.
    sat_out = dict(
        models.hand.objects.filter(table__round__event_id=event_id, sitting_out__isnull=False)
        .order_by()
        .values_list("sitting_out_id")
        .annotate(n=Count("id"))
    )
    lines: dict[int, _Line] = {}
    for player_id, round_id, total, rows, won in per_round:
        line = lines.setdefault(player_id, _Line(player_id))
        line.rounds[round_id] = total
        line.total += total
        line.hands += rows
        line.won += won
    for player_id, n in sat_out.items():
        if player_id in lines:
            lines[player_id].hands -= n
    return list(lines.values())


def _ranked(lines: list[_Line], kind: str) -> list[_Line]:
    """Places by the event's own ranking, as on its page and in the season: a tournament
    breaks equal totals by the best round, then contracts won (selectors.ranking); a
    club night does not (selectors.standings). Equal keys share the place."""
    if kind == Event.Kind.TOURNAMENT:
        return rank_rows(
            lines,
            lambda r: tie_break(r.total, r.rounds.values(), r.won),
            lambda r: r.player_id,
        )
    return rank_rows(lines, lambda r: -r.total, lambda r: r.player_id)


def _ledger_rows(scores: Any, event_id: int, players: Collection[int] | None) -> list[LedgerRow]:
    rows = scores.filter(event_id=event_id)
    if players is not None:
        tables = scores.filter(event_id=event_id, player_id__in=players).values("table_id")
        rows = rows.filter(table_id__in=tables)
    return [LedgerRow(*values) for values in rows.order_by().values_list(*LEDGER_FIELDS)]


@dataclass
class _Writes:
    create: list[Any] = field(default_factory=list)
    update: list[Any] = field(default_factory=list)
    delete: list[int] = field(default_factory=list)


SCORE_FIELDS = ("total", "hands", "rank", "field_size")


@dataclass(frozen=True)
class ResultModels:
    """The models the results are written with: the app's, or a migration's."""

    event: Any = Event
    hand: Any = Hand
    score: Any = HandScore
    result: Any = EventResult


def _plan(
    models: ResultModels,
    event_id: int,
    kind: str,
    existing: dict[int, Any],
    stats_for: Collection[int] | None,
) -> _Writes:
    """What to write so that the event's results match the ledger; `stats_for` None means
    every player's statistics."""
    lines = _ranked(_lines(models, event_id), kind)
    present = {line.player_id for line in lines}
    if stats_for is None:
        need, scope = present, None
    else:
        # A player new to the event has no statistics yet, wherever he sat.
        need = (set(stats_for) | (present - set(existing))) & present
        scope = need
    stats = player_event_stats(_ledger_rows(models.score.objects, event_id, scope), need)
    writes = _Writes()
    for line in lines:
        values = {
            "total": line.total,
            "hands": line.hands,
            "rank": line.rank,
            "field_size": len(lines),
        }
        row = existing.pop(line.player_id, None)
        if line.player_id in need:
            # Rewritten whole: a delete and an insert, not an UPDATE of JSON columns.
            if row is not None:
                writes.delete.append(row.pk)
            own = stats.get(line.player_id, PlayerEventStats())
            writes.create.append(
                models.result(
                    event_id=event_id, player_id=line.player_id, **values, **own.model_fields()
                )
            )
        elif any(getattr(row, name) != value for name, value in values.items()):
            for name, value in values.items():
                setattr(row, name, value)
            writes.update.append(row)
    writes.delete += [row.pk for row in existing.values()]
    return writes


def _update_places(model: Any, rows: list[Any], batch: int = 500) -> None:
    """One UPDATE ... FROM (VALUES ...) per batch: a correction at a 200-player
    tournament can move everybody's place, and Django's bulk_update took 80 ms of
    Python to build its CASE WHEN for 200 rows (this: 11 ms in all)."""
    if connection.vendor == "sqlite" and sqlite3.sqlite_version_info < (3, 33):
        model.objects.bulk_update(rows, SCORE_FIELDS)  # no UPDATE ... FROM before 3.33
        return
    quote = connection.ops.quote_name
    table = quote(model._meta.db_table)
    columns = ("id", *SCORE_FIELDS)
    assignments = ", ".join(f"{quote(name)} = v.{quote(name)}" for name in SCORE_FIELDS)
    for start in range(0, len(rows), batch):
        chunk = rows[start : start + batch]
        values = ", ".join(["(" + ", ".join(["%s"] * len(columns)) + ")"] * len(chunk))
        sql = (
            f"WITH v({', '.join(quote(c) for c in columns)}) AS (VALUES {values}) "
            f"UPDATE {table} SET {assignments} FROM v WHERE {table}.{quote('id')} = v.{quote('id')}"
        )
        params = [getattr(row, "pk" if c == "id" else c) for row in chunk for c in columns]
        with connection.cursor() as cursor:
            cursor.execute(sql, params)


def _write(models: ResultModels, writes: _Writes) -> None:
    if writes.delete:
        models.result.objects.filter(pk__in=writes.delete).delete()
    if writes.update:
        _update_places(models.result, writes.update)
    if writes.create:
        models.result.objects.bulk_create(writes.create, batch_size=2000)


@transaction.atomic
def refresh_event_results(*, event_id: int, player_ids: Collection[int] | None = None) -> None:
    """Bring one event's results in step with the ledger after a change.

    `player_ids`: the players whose hands changed (a table's seats); their
    statistics are worked out again, everybody's total and place. None: everybody's.
    The event row is locked so that two tables saving at once cannot both rewrite
    the results from stale totals.
    """
    kinds = list(
        Event.objects.select_for_update().filter(pk=event_id).values_list("kind", flat=True)
    )
    if not kinds:
        return
    current = EventResult.objects.filter(event_id=event_id).only("player_id", *SCORE_FIELDS)
    existing = {row.player_id: row for row in current}
    _write(ResultModels(), _plan(ResultModels(), event_id, kinds[0], existing, player_ids))


def rebuild_all_event_results(models: ResultModels = ResultModels()) -> int:
    """Every event's results from scratch, event by event (bulk loads, migrations)."""
    models.result.objects.all().delete()
    scored = models.score.objects.filter(event=OuterRef("pk"))
    count = 0
    pending: list[Any] = []
    for event_id, kind in (
        models.event.objects.filter(Exists(scored)).order_by("pk").values_list("pk", "kind")
    ):
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
    return rebuild_all_event_results()


def _snapshot() -> dict[tuple[int, int], tuple[Any, ...]]:
    fields = [f.attname for f in EventResult._meta.concrete_fields if f.name != "id"]
    return {(row[0], row[1]): row for row in EventResult.objects.values_list(*fields)}


def stale_event_results() -> list[tuple[int, int]]:
    """(event id, player id) of every EventResult row that differs from a rebuild from
    the ledger (or is missing, or should not be there); changes nothing."""
    before = _snapshot()
    with transaction.atomic():
        rebuild_all_event_results()
        after = _snapshot()
        transaction.set_rollback(True)
    return sorted(key for key in before.keys() | after.keys() if before.get(key) != after.get(key))
