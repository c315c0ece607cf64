"""Writing a plan: events, rounds, tables, seats, hands and score rows, in batches.

Hands are drawn by tournaments.demo.random_hand and scored by the engine; seats, hands
and score rows go through tournaments.bulk (COPY or executemany) unless the ORM is
asked for.
"""

from __future__ import annotations

import datetime
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

import scoring
from tournaments import bulk
from tournaments.demo import random_hand
from tournaments.models import (
    Club,
    Event,
    Hand,
    HandScore,
    Player,
    Registration,
    Round,
    Season,
    Seat,
    Table,
)
from tournaments.services.hands import apply_table_mode, score_rows, score_stored_hand
from tournaments.services.results import refresh_all_event_results

from .plan import PlannedEvent, PlannedTable, Planner


@dataclass
class Stats:
    events: int = 0
    club_nights: int = 0
    tournaments: int = 0
    tables: int = 0
    hands: int = 0
    scores: int = 0
    engine_seconds: float = 0.0
    write_seconds: float = 0.0
    commit_seconds: float = 0.0


def batches(events: list[PlannedEvent], hands_per_batch: int) -> Iterator[list[PlannedEvent]]:
    batch: list[PlannedEvent] = []
    size = 0
    for event in events:
        batch.append(event)
        size += event.hands
        if size >= hands_per_batch:
            yield batch
            batch, size = [], 0
    if batch:
        yield batch


def _evening(date: datetime.date) -> datetime.datetime:
    return timezone.make_aware(datetime.datetime.combine(date, datetime.time(23, 30)))


class Writer:
    """Writes planned events with bulk_create, scoring every hand with the engine."""

    def __init__(
        self, *, seed: int, players: list[Player], clubs: list[Club], fast: bool = True
    ) -> None:
        self.seed = seed
        self.fast = fast
        self.players = players
        self.clubs = clubs
        self.rules: dict[str, scoring.RuleSet] = {}
        self.stats = Stats()

    def ruleset(self, name: str) -> scoring.RuleSet:
        if name not in self.rules:
            self.rules[name] = scoring.rules_from_json(name)
        return self.rules[name]

    def insert(self, model: type[Any], objs: list[Any]) -> None:
        if self.fast:
            bulk.insert(model, objs)
        else:
            model.objects.bulk_create(objs, batch_size=5000)

    def write(self, batch: list[PlannedEvent], first_index: int) -> None:
        """One transaction per batch: a failure leaves whole batches only."""
        with transaction.atomic():
            self._write(batch, first_index)
            start = time.perf_counter()
        self.stats.commit_seconds += time.perf_counter() - start

    def _write(self, batch: list[PlannedEvent], first_index: int) -> None:
        start = time.perf_counter()
        events = Event.objects.bulk_create(
            Event(
                club=self.clubs[p.club],
                kind=p.kind,
                name=p.name,
                date=p.date,
                rules_name=p.rules_name,
                rules_json=self.ruleset(p.rules_name).to_json(),
                published=p.published,
                rounds_planned=len(p.rounds),
                deals_per_round=p.deals,
                seed=self.seed if p.kind == Event.Kind.TOURNAMENT else None,
            )
            for p in batch
        )
        rounds: list[Round] = []
        tables: list[tuple[Table, list[Seat], PlannedTable, PlannedEvent]] = []
        registrations: list[Registration] = []
        for plan, event in zip(batch, events, strict=True):
            for number, planned_tables in enumerate(plan.rounds, 1):
                done = plan.finished or number < len(plan.rounds)
                round_ = Round(
                    event=event,
                    number=number,
                    status=Round.Status.LOCKED if done else Round.Status.OPEN,
                )
                rounds.append(round_)
                for t_number, planned in enumerate(planned_tables, 1):
                    table = Table(
                        round=round_,
                        number=t_number,
                        five_mode=planned.five_mode,
                        validated_at=_evening(plan.date) if done else None,
                    )
                    seats = [
                        Seat(table=table, player=self.players[i], position=position)
                        for position, i in enumerate(planned.players, 1)
                    ]
                    tables.append((table, seats, planned, plan))
            registrations += [
                Registration(event=event, player=self.players[i], present=i not in plan.withdrawn)
                for i in plan.registered
            ]
        Round.objects.bulk_create(rounds)
        Table.objects.bulk_create([t for t, *_ in tables])
        for table, seats, *_ in tables:
            for seat in seats:
                seat.table_id = table.pk
        self.insert(Seat, [s for _, seats, *_ in tables for s in seats])
        self.insert(Registration, registrations)
        self.stats.write_seconds += time.perf_counter() - start

        start = time.perf_counter()
        hands: list[tuple[Hand, Table, scoring.HandResult]] = []
        # One generator per event: an event's hands do not depend on the batching.
        rngs = {
            id(plan): random.Random(f"generate_data/{self.seed}/event/{index}")
            for index, plan in enumerate(batch, first_index)
        }
        for table, seats, planned, plan in tables:
            rng = rngs[id(plan)]
            rules = self.ruleset(plan.rules_name)
            contracts = tuple(rules.contracts)
            dealer_out = table.five_mode == Table.FiveMode.DEALER_OUT
            played_at = _evening(plan.date)
            for number in range(1, planned.hands + 1):
                hand = random_hand(rng, seats, number, dealer_out=dealer_out, contracts=contracts)
                hand.table = table
                hand.created_at = hand.updated_at = played_at
                apply_table_mode(hand, table, seats)
                hands.append((hand, table, score_stored_hand(hand, seats, rules)))
        self.stats.engine_seconds += time.perf_counter() - start

        start = time.perf_counter()
        if self.fast:
            for (hand, _, _), pk in zip(hands, bulk.reserve_ids(Hand, len(hands)), strict=True):
                hand.pk = pk
            bulk.insert(Hand, [h for h, _, _ in hands], with_pk=True)
        else:
            Hand.objects.bulk_create([h for h, _, _ in hands], batch_size=5000)
        rows = [row for hand, table, result in hands for row in score_rows(hand, table, result)]
        self.insert(HandScore, rows)
        self.stats.write_seconds += time.perf_counter() - start

        self.stats.events += len(batch)
        self.stats.tournaments += sum(1 for p in batch if p.kind == Event.Kind.TOURNAMENT)
        self.stats.club_nights += sum(1 for p in batch if p.kind == Event.Kind.CLUB_NIGHT)
        self.stats.tables += len(tables)
        self.stats.hands += len(hands)
        self.stats.scores += len(rows)


def clubs_exist(club_specs: list[dict[str, Any]]) -> bool:
    """Whether clubs of this plan are already stored (generated before with this seed)."""
    return Club.objects.filter(slug__in=[c["slug"] for c in club_specs]).exists()


def write_clubs(
    planner: Planner, club_specs: list[dict[str, Any]], player_specs: list[dict[str, Any]]
) -> tuple[list[Club], list[Player]]:
    """The clubs, their players and a season challenge per club and season, in one
    transaction."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            # A big page cache: index pages of the score ledger get written all over.
            cursor.execute("PRAGMA cache_size = -262144")

    with transaction.atomic():
        club_objs = Club.objects.bulk_create(
            Club(name=c["name"], slug=c["slug"]) for c in club_specs
        )
        player_objs = Player.objects.bulk_create(
            (
                Player(
                    club=club_objs[p["club"]],
                    name=p["name"],
                    licence=p["licence"],
                    active=p["active"],
                )
                for p in player_specs
            ),
            batch_size=5000,
        )
        Season.objects.bulk_create(
            Season(
                club=club,
                name=f"Challenge {year}-{year + 1}",
                start=datetime.date(year, 9, 1),
                end=datetime.date(year + 1, 8, 31),
                published=True,
            )
            for club in club_objs
            for year in planner.season_years
        )
    return club_objs, player_objs


def refresh_results() -> int:
    """Every event's results (totals, places, statistics) from the rows just written;
    returns how many were written."""
    if connection.vendor == "postgresql":
        # The planner has no statistics yet for the rows just loaded and picked plans
        # that made the results much slower: ANALYZE first.
        tables = ", ".join(
            connection.ops.quote_name(model._meta.db_table)
            for model in (Event, Round, Table, Hand, HandScore)
        )
        with connection.cursor() as cursor:
            cursor.execute(f"ANALYZE {tables}")
    return refresh_all_event_results()
