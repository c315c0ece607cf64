"""Renewing the public pages a write changes: the one module that invalidates the page
cache.

A cached public page (views.cached) is stored under a key that includes the version
of every subject it shows (selectors.page_versions): its event, its season, its
player, their clubs, and the events a season page sums up; a player's counter also
moves whenever a published event he is named in is touched. A write never
deletes a page; it calls `touch` with the subjects it changed, which raises their
counters in the database, in the write's own transaction, with one statement. A page
read after the commit reads the new counters and so a new key: it is rendered afresh,
while the pages of every other subject stay cached. Old entries are never read again
and expire (views.cached.PAGE_SECONDS).

The counters live in the database, beside the rows they describe, never in the cache:
they commit or roll back with the write, a write never waits for the cache nor fails
with it, and a cache that loses its keys or comes back from an old snapshot cannot
bring an old version back with its old pages. A reader during the write reads the
old counters and the old rows (the write has not committed): his page is right under
the old key.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Iterable

from django.db import connections, router

from ..models import Club, Event, PageVersion, Player, Season
from ..selectors.dependencies import player_event_ids, published_event_players
from ..selectors.page_versions import SITE, club_key, event_key, player_key, season_key


def _ids(items: Iterable[object]) -> set[int]:
    """Primary keys of model instances or of plain ids (None skipped: an unsaved row)."""
    found: set[int] = set()
    for item in items:
        pk = getattr(item, "pk", item)
        if pk is not None:
            found.add(int(pk))  # type: ignore[call-overload]  # a pk: an int or its text
    return found


def touch(
    *,
    events: Iterable[Event | int] = (),
    seasons: Iterable[Season | int] = (),
    players: Iterable[Player | int] = (),
    clubs: Iterable[Club | int] = (),
    everything: bool = False,
) -> None:
    """Renew the pages showing these subjects: their counters are raised now, in the
    current transaction (one statement), so every page read after the commit has a
    new key.

    `events`: the event's pages (detail, results, chart, tables' sheets, tournament
    ranking and round results, hall screen), through their lists of events the season
    pages counting it, and, while it is published, the player and head-to-head pages
    of everyone named in it (their own counters, raised by the same statement; an
    unpublished event is on no public player page, and its publication renews them:
    services.careers.publication_changed). `players`: the player's page and
    head-to-heads (his name, his club); a change of name that other pages print also
    touches the events he played (selectors.dependencies.player_event_ids).
    `seasons`: the season's page. `clubs`: the club's own fields, printed on its
    season and player pages (its events' pages are touched by event). `everything`:
    every page.
    """
    # The value each counter is raised to at least (the upsert below adds 1 otherwise).
    event_ids = _ids(events)
    rows = {event_key(pk): 1 for pk in event_ids}
    rows.update((season_key(pk), 1) for pk in _ids(seasons))
    rows.update((player_key(pk), 1) for pk in _ids(players))
    rows.update((club_key(pk), 1) for pk in _ids(clubs))
    if everything:
        # Past every value used before, even by a database restored from a backup (its
        # counters went back, while the cache may still hold pages stored under the
        # later ones): the time in microseconds, as migration 0015 starts it
        # (restore_db, load_demo, generate_data and check_ledger call
        # touch(everything=True)).
        rows[SITE] = time.time_ns() // 1000
    if rows:
        _raise_counters(rows, players_of=event_ids)


def _raise_counters(rows: dict[str, int], players_of: Collection[int] = ()) -> None:
    """counter = max(counter + 1, value) for each key, its row created if need be: one
    INSERT ... ON CONFLICT statement (SQLite and PostgreSQL), so a save costs one query.
    Keys in a fixed order: two such statements raising the same counters lock their
    rows in the same order, so they wait for each other instead of deadlocking. A row
    stays locked until the write commits: writes touching one event queue on its
    counter (a hand's save already locks the event's row, services.hands).

    `players_of`: events whose players' pages change with them. The same statement
    raises the counter of every player named in those of them that are published
    (selectors.dependencies.published_event_players): a player's page is keyed on his
    own counter rather than on the counter of every event he played (views.cached), and
    a save at an unpublished event, which no public player page shows, raises none."""
    connection = connections[router.db_for_write(PageVersion)]
    quote = connection.ops.quote_name
    table = quote(PageVersion._meta.db_table)
    key, counter = quote("key"), quote("counter")
    ordered = sorted(rows.items())
    params: list[object] = [item for row in ordered for item in row]
    source = "VALUES " + ", ".join(["(%s, %s)"] * len(ordered))
    if players_of:
        named, named_params = published_event_players(players_of).query.sql_with_params()
        # A row may change once per statement: a player both touched and named comes
        # twice as (key, 1), which the UNION keeps once.
        prefix = player_key(0).removesuffix("0")  # "player:", a constant
        source = (
            f"SELECT k, c FROM (SELECT column1 AS k, column2 AS c FROM ({source}) AS v "
            f"UNION SELECT '{prefix}' || CAST(n.player_id AS TEXT), 1 FROM ({named}) AS n) "
            # WHERE: SQLite reads an INSERT ... SELECT ... ON CONFLICT only with one.
            "AS s WHERE 1 = 1 ORDER BY k"
        )
        params = [*params, *named_params]
    sql = (
        f"INSERT INTO {table} ({key}, {counter}) {source} "
        f"ON CONFLICT ({key}) DO UPDATE SET {counter} = CASE "
        f"WHEN EXCLUDED.{counter} > {table}.{counter} THEN EXCLUDED.{counter} "
        f"ELSE {table}.{counter} + 1 END"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def touch_players(players: Iterable[Player | int]) -> None:
    """A change to players that every page naming them shows (name, public name style,
    club, deletion): their own pages and the events they are named in (whose pages,
    season pages and other players' pages print their names). Two queries: the events,
    the counters."""
    pks = _ids(players)
    if pks:
        touch(players=pks, events=player_event_ids(pks))
