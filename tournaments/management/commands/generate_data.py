"""Realistic data at scale, for benchmarks and load tests.

    manage.py generate_data --players 2000 --hands 1000000 [--clubs N] [--seed S]

Clubs of uneven size (default one per 100 players); players with FFT-like
licence numbers (7 digits, one player in ten without); club nights (one round,
2 to 6 tables, mostly of 4, some of 5 or 3, 14 to 30 deals a table) and
tournaments (20 to 200 players over 4 to 6 rounds of 5 or 6 deals, seated by
tournaments.planning.seating.seat_round, a few withdrawals between rounds). With 200
players or more, one tournament is always the "Grand Open": 200 players, 6
rounds of 8 deals, the shape the benchmarks rank and export.

Events spread over two seasons up to `--until` (default today), or over more
seasons when the hands asked for would have the busiest club play more than
about two club nights a week (`--seasons` to choose): a season keeps a
realistic size whatever the volume. Each club gets a season challenge per
season. Finished events have their sheets validated and rounds locked, and
most are published; the last days' events are still being played.

Hands come from tournaments.demo.random_hand and are scored by the engine
(services.hands.score_stored_hand after apply_table_mode); their score rows are
those save_hand writes (services.hands.score_rows). Rows are written in
batches of events, one transaction per batch: events, rounds and tables with
bulk_create; seats, hands and score rows with tournaments.bulk (COPY or
executemany: 1.2x to 1.4x faster overall; `--orm` writes them with bulk_create).

Exactly `--hands` hands are written. The same seed and `--until` give the same
data (ids aside, which depend on what the database already holds).
"""

from __future__ import annotations

import datetime
import math
import random
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, transaction
from django.utils import timezone
from django.utils.text import slugify

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
from tournaments.planning import seating
from tournaments.services.hands import apply_table_mode, score_rows, score_stored_hand
from tournaments.services.results import refresh_all_event_results
from tournaments.services.tournament import TOURNAMENT_FIVE_MODE

CITIES = [
    "Lyon", "Marseille", "Toulouse", "Nantes", "Bordeaux", "Lille", "Rennes", "Reims",
    "Dijon", "Grenoble", "Angers", "Nîmes", "Brest", "Tours", "Limoges", "Amiens",
    "Metz", "Besançon", "Perpignan", "Orléans", "Rouen", "Caen", "Nancy", "Avignon",
    "Poitiers", "Pau", "La Rochelle", "Annecy", "Colmar", "Quimper", "Vannes", "Troyes",
    "Chartres", "Niort", "Valence", "Chambéry", "Lorient", "Bayonne", "Albi", "Agen",
]  # fmt: skip
FIRST_NAMES = [
    "Anne", "Bruno", "Chloé", "David", "Emma", "Fabien", "Gaëlle", "Hugo", "Inès",
    "Julien", "Karine", "Louis", "Manon", "Nicolas", "Océane", "Pierre", "Quentin",
    "Raphaël", "Sophie", "Thomas", "Ursule", "Valérie", "William", "Xavier", "Yasmine",
    "Zoé", "Alain", "Béatrice", "Christophe", "Dominique", "Élodie", "François",
    "Gérard", "Hélène", "Isabelle", "Jacques", "Laurence", "Marc", "Nathalie", "Olivier",
    "Patricia", "René", "Sylvie", "Thierry", "Véronique", "Yves", "Agnès", "Bernard",
    "Catherine", "Denis", "Éric", "Françoise", "Gilles", "Henri", "Jean", "Lucie",
    "Michel", "Nadine", "Odile", "Philippe", "Roger", "Simone", "Jeanne", "Claude",
    "Martine", "Daniel", "Monique", "Pascal", "Brigitte", "Serge", "Chantal", "Alice",
    "Paul", "Camille", "Léa", "Arthur", "Jules", "Louise", "Marie", "Antoine",
]  # fmt: skip
LAST_NAMES = [
    "Martin", "Bernard", "Thomas", "Petit", "Robert", "Richard", "Durand", "Dubois",
    "Moreau", "Laurent", "Simon", "Michel", "Lefèvre", "Leroy", "Roux", "David",
    "Bertrand", "Morel", "Fournier", "Girard", "Bonnet", "Dupont", "Lambert", "Fontaine",
    "Rousseau", "Vincent", "Muller", "Lefebvre", "Faure", "André", "Mercier", "Blanc",
    "Guérin", "Boyer", "Garnier", "Chevalier", "François", "Legrand", "Gauthier",
    "Garcia", "Perrin", "Robin", "Clément", "Morin", "Nicolas", "Henry", "Roussel",
    "Mathieu", "Gautier", "Masson", "Marchand", "Duval", "Denis", "Dumont", "Marie",
    "Lemaire", "Noël", "Meyer", "Dufour", "Meunier", "Brun", "Blanchard", "Giraud",
    "Joly", "Rivière", "Lucas", "Brunet", "Gaillard", "Barbier", "Arnaud", "Martinez",
    "Gérard", "Roche", "Renard", "Schmitt", "Roy", "Leroux", "Colin", "Vidal", "Caron",
    "Picard", "Roger", "Fabre", "Aubert", "Lemoine", "Renaud", "Dumas", "Lacroix",
    "Olivier", "Philippe", "Bourgeois", "Pierre", "Benoit", "Rey", "Leclerc", "Payet",
    "Rolland", "Leclercq", "Guillaume", "Lecomte",
]  # fmt: skip
WEEKDAY_NIGHTS = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"]

# Most clubs play the FFT rules; a few keep a house variant.
CLUB_RULES = {"fft": 80, "fft_round_10": 8, "pousse_x1_5": 6, "fft_old_poignees": 6}
FIVE_MODES = {Table.FiveMode.CALLED_KING: 3, Table.FiveMode.DEALER_OUT: 1}

BIG_OPEN_PLAYERS = 200
BIG_OPEN_ROUNDS = 6
BIG_OPEN_DEALS = 8
# About a quarter of the hands are played in tournaments (one tournament of ~750
# hands for ~25 club nights of ~85).
TOURNAMENT_SHARE = 0.04
SEATING_EFFORT = 100_000  # ~15 ms a round at 200 players (the default takes ~1 s)
WITHDRAWAL_RATE = 0.01  # per player and round after the first
NIGHTS_PER_SEASON = 90  # a club meeting about twice a week, September to June
UNPUBLISHED_RATE = 0.05  # finished events the organiser has not published (yet)


# --- the plan: pure Python, decided before anything is written ------------------------


@dataclass
class PlannedTable:
    players: list[int]  # indexes into the player list, in seat order
    hands: int
    five_mode: str = Table.FiveMode.CALLED_KING


@dataclass
class PlannedEvent:
    kind: str
    club: int
    name: str
    rules_name: str
    rounds: list[list[PlannedTable]]
    registered: list[int] = field(default_factory=list)  # tournaments
    withdrawn: set[int] = field(default_factory=set)
    deals: int | None = None
    big: bool = False
    date: datetime.date = datetime.date.min
    finished: bool = True
    published: bool = True

    @property
    def hands(self) -> int:
        return sum(t.hands for tables in self.rounds for t in tables)


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


def _weighted(rng: random.Random, weights: dict[str, int]) -> str:
    return rng.choices(list(weights), weights=list(weights.values()))[0]


def _weighted_sample(
    rng: random.Random, items: Sequence[int], weights: Sequence[float], k: int
) -> list[int]:
    """k distinct items, each drawn with probability proportional to its weight
    (Efraimidis-Spirakis keys: one pass, no rejection)."""
    keyed = sorted(items, key=lambda i: rng.random() ** (1.0 / weights[i]), reverse=True)
    return keyed[:k]


class Planner:
    """Decides every club, player and event (who sits where, how many hands)."""

    def __init__(
        self,
        *,
        players: int,
        hands: int,
        clubs: int,
        seed: int,
        until: datetime.date,
        seasons: int | None = None,
    ) -> None:
        self.rng = random.Random(f"generate_data/{seed}")
        self.seed = seed
        self.n_players = players
        self.n_hands = hands
        self.n_clubs = clubs
        self.until = until
        self.season_year = until.year if until.month >= 9 else until.year - 1
        self.seasons = seasons
        self.start = datetime.date(self.season_year - 1, 9, 1)
        self.season_years = [self.season_year - 1, self.season_year]

    # clubs and players ----------------------------------------------------------------

    def clubs(self) -> list[dict[str, Any]]:
        rng = self.rng
        cities = list(CITIES)
        rng.shuffle(cities)
        result = []
        for i in range(self.n_clubs):
            city = cities[i % len(cities)]
            name = f"Tarot Club de {city}" + (
                f" {i // len(cities) + 1}" if i >= len(cities) else ""
            )
            result.append(
                {"name": name, "slug": slugify(name), "rules_name": _weighted(rng, CLUB_RULES)}
            )
        return result

    def players(self) -> list[dict[str, Any]]:
        """Players spread over clubs of uneven size (a few big clubs, many small ones)."""
        rng, n = self.rng, self.n_players
        weights = [rng.lognormvariate(0, 0.6) for _ in range(self.n_clubs)]
        total = sum(weights)
        sizes = [max(1, int(n * w / total)) for w in weights]
        while sum(sizes) > n:
            sizes[sizes.index(max(sizes))] -= 1
        i = 0
        while sum(sizes) < n:
            sizes[i % len(sizes)] += 1
            i += 1
        combos = len(FIRST_NAMES) * len(LAST_NAMES)
        picks = rng.sample(range(combos), min(n, combos))
        # Licence numbers: 7 digits, unique; one player in ten has none (a beginner).
        licences = rng.sample(range(1_000_000, 10_000_000), n)
        result = []
        index = 0
        for club, size in enumerate(sizes):
            for _ in range(size):
                if index < len(picks):
                    first, last = divmod(picks[index], len(LAST_NAMES))
                    name = f"{FIRST_NAMES[first]} {LAST_NAMES[last]}"
                else:
                    name = f"Joueur {index + 1}"
                result.append(
                    {
                        "club": club,
                        "name": name,
                        "licence": str(licences[index]) if rng.random() < 0.9 else "",
                        "active": rng.random() < 0.95,
                        # Regulars come every week, others now and then.
                        "attendance": rng.lognormvariate(0, 0.8),
                    }
                )
                index += 1
        self.player_club = [p["club"] for p in result]
        self.attendance = [p["attendance"] for p in result]
        self.club_members: list[list[int]] = [[] for _ in range(self.n_clubs)]
        for i, p in enumerate(result):
            if p["active"]:
                self.club_members[p["club"]].append(i)
        # Clubs host events in proportion to their active members (every club some).
        self.club_weights = [max(1, len(m)) for m in self.club_members]
        return result

    # events -------------------------------------------------------------------------

    def events(self, club_rules: list[str]) -> list[PlannedEvent]:
        rng = self.rng
        remaining = self.n_hands
        events: list[PlannedEvent] = []
        big = None
        if self.n_players >= BIG_OPEN_PLAYERS:
            candidate = self._tournament(
                players=BIG_OPEN_PLAYERS, rounds=BIG_OPEN_ROUNDS, deals=BIG_OPEN_DEALS, big=True
            )
            if candidate.hands <= remaining:
                big = candidate
                remaining -= big.hands
        elif self.n_players >= 20:
            # Every database gets at least one tournament when the hands allow one.
            for _ in range(20):
                candidate = self._tournament()
                if candidate.hands <= remaining:
                    events.append(candidate)
                    remaining -= candidate.hands
                    break
        while remaining > 0:
            event = None
            if self.n_players >= 20 and rng.random() < TOURNAMENT_SHARE:
                event = self._tournament()
                if event.hands > remaining:
                    event = None
            if event is None:
                event = self._club_night(club_rules, remaining)
            remaining -= event.hands
            events.append(event)
        if big is not None:
            events.insert(len(events) // 2, big)
        self._span(events)
        self._dates(events)
        return events

    def _club_night(self, club_rules: list[str], budget: int) -> PlannedEvent:
        rng = self.rng
        club = rng.choices(range(self.n_clubs), weights=self.club_weights)[0]
        members = self.club_members[club]
        if len(members) < 3:  # too few to fill a table: players of other clubs come too
            members = list(range(self.n_players))
        # 2 to 6 tables: 7 to 26 players, as many as come.
        wanted = rng.randint(7, 26)
        count = max(3, min(wanted, len(members)))
        present = _weighted_sample(rng, members, self.attendance, count)
        sizes = seating.table_sizes(count)
        rng.shuffle(present)
        tables, start = [], 0
        for size in sizes:
            seated = present[start : start + size]
            start += size
            mode = _weighted(rng, FIVE_MODES) if size == 5 else Table.FiveMode.CALLED_KING
            tables.append(PlannedTable(seated, rng.randint(14, 30), mode))
        _trim(tables, budget)
        return PlannedEvent(
            kind=Event.Kind.CLUB_NIGHT,
            club=club,
            name="Soirée",  # named after its weekday once dated
            rules_name=club_rules[club],
            rounds=[[t for t in tables if t.hands]],
        )

    def _tournament(
        self,
        *,
        players: int | None = None,
        rounds: int | None = None,
        deals: int | None = None,
        big: bool = False,
    ) -> PlannedEvent:
        rng = self.rng
        club = rng.choices(range(self.n_clubs), weights=self.club_weights)[0]
        count = players or rng.randint(20, min(200, self.n_players))
        rounds = rounds or rng.randint(4, 6)
        deals = deals or rng.choice((5, 6))
        # Host club members are five times as likely to enter.
        weights = [
            (5.0 if self.player_club[i] == club else 1.0) * self.attendance[i]
            for i in range(self.n_players)
        ]
        registered = _weighted_sample(rng, range(self.n_players), weights, count)
        present = sorted(registered)
        withdrawn: set[int] = set()
        seed = rng.randrange(2**31)
        played: list[list[list[int]]] = []
        planned_rounds: list[list[PlannedTable]] = []
        for number in range(1, rounds + 1):
            if number > 1 and not big:
                leaving = {p for p in present if rng.random() < WITHDRAWAL_RATE}
                if len(present) - len(leaving) >= 8:
                    withdrawn |= leaving
                    present = [p for p in present if p not in leaving]
            seated = seating.seat_round(present, previous=played, seed=seed, effort=SEATING_EFFORT)
            played.append(seated)
            planned_rounds.append(
                [PlannedTable(list(t), deals, TOURNAMENT_FIVE_MODE) for t in seated]
            )
        city = CITIES[club % len(CITIES)]
        return PlannedEvent(
            kind=Event.Kind.TOURNAMENT,
            club=club,
            name=f"Grand Open de {city}" if big else f"Tournoi de {city}",
            rules_name="fft",
            rounds=planned_rounds,
            registered=registered,
            withdrawn=withdrawn,
            deals=deals,
            big=big,
        )

    def _span(self, events: list[PlannedEvent]) -> None:
        """As many seasons (September to August, the last one up to `until`) as the
        busiest club needs at about two club nights a week; two at least."""
        if self.seasons is None:
            nights = Counter(e.club for e in events if e.kind == Event.Kind.CLUB_NIGHT)
            busiest = max(nights.values(), default=0)
            self.seasons = max(2, math.ceil(busiest / NIGHTS_PER_SEASON))
        first = self.season_year - self.seasons + 1
        self.start = datetime.date(first, 9, 1)
        self.season_years = list(range(first, self.season_year + 1))

    def _dates(self, events: list[PlannedEvent]) -> None:
        """Spread over the two seasons in plan order; tournaments on Saturdays. The last
        days' events (at least the very last one) are still being played."""
        rng = self.rng
        days = (self.until - self.start).days
        n = len(events)
        for i, event in enumerate(events):
            date = self.start + datetime.timedelta(days=int((i + rng.random()) * days / max(n, 1)))
            if event.kind == Event.Kind.TOURNAMENT:
                saturday = date + datetime.timedelta(days=(5 - date.weekday()) % 7)
                date = saturday if saturday <= self.until else saturday - datetime.timedelta(7)
            else:
                event.name = f"Soirée du {WEEKDAY_NIGHTS[date.weekday()]}"
            event.date = min(max(date, self.start), self.until)
        events.sort(key=lambda e: e.date)
        recent = self.until - datetime.timedelta(days=2)
        for i, event in enumerate(events):
            event.finished = not (event.date >= recent or i == n - 1) or event.big
            event.published = event.finished and (event.big or rng.random() >= UNPUBLISHED_RATE)
            if event.kind == Event.Kind.TOURNAMENT:
                event.name = f"{event.name} {event.date.year}"


def _trim(tables: list[PlannedTable], budget: int) -> None:
    """Cut the tables' hands so that their sum is at most `budget` (the last event)."""
    excess = sum(t.hands for t in tables) - budget
    while excess > 0:
        for table in reversed(tables):
            if excess <= 0:
                break
            if table.hands:
                table.hands -= 1
                excess -= 1


# --- writing ---------------------------------------------------------------------------


def _batches(events: list[PlannedEvent], hands_per_batch: int) -> Iterator[list[PlannedEvent]]:
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
                Registration(event=event, player=self.players[i], active=i not in plan.withdrawn)
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


# --- the command ----------------------------------------------------------------------


def _date(value: str) -> datetime.date:
    return datetime.date.fromisoformat(value)


class Command(BaseCommand):
    help = "Generate realistic clubs, players, events and engine-scored hands at scale."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, default=2000)
        parser.add_argument("--hands", type=int, default=1_000_000)
        parser.add_argument(
            "--clubs", type=int, default=None, help="Default: one club per 100 players."
        )
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument(
            "--seasons",
            type=int,
            default=None,
            help="Seasons of history (default: two, or more so that the busiest club plays "
            "about two club nights a week).",
        )
        parser.add_argument(
            "--until", type=_date, default=None, help="Last event date (YYYY-MM-DD); default today."
        )
        parser.add_argument(
            "--batch", type=int, default=50_000, help="Hands written per transaction."
        )
        parser.add_argument(
            "--orm",
            action="store_true",
            help="Write hands, seats and scores with bulk_create (slower) instead of "
            "COPY/executemany (tournaments.bulk).",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        players, hands, seed = opts["players"], opts["hands"], opts["seed"]
        clubs = opts["clubs"] or max(1, players // 100)
        until = opts["until"] or timezone.localdate()
        if players < 3:
            raise CommandError("At least 3 players are needed to play a hand.")
        if hands < 0 or clubs < 1 or (opts["seasons"] is not None and opts["seasons"] < 1):
            raise CommandError("--hands must be >= 0, --clubs and --seasons >= 1.")
        clubs = min(clubs, players)
        started = time.perf_counter()

        planner = Planner(
            players=players,
            hands=hands,
            clubs=clubs,
            seed=seed,
            until=until,
            seasons=opts["seasons"],
        )
        club_specs = planner.clubs()
        slugs = [c["slug"] for c in club_specs]
        if Club.objects.filter(slug__in=slugs).exists():
            raise CommandError(
                "The database already has these clubs (generated before?): "
                "use an empty database or another --seed."
            )
        player_specs = planner.players()
        plan = planner.events([c["rules_name"] for c in club_specs])
        planned = time.perf_counter()
        self.stdout.write(
            f"Planned {len(plan):,} events ({sum(p.hands for p in plan):,} hands) over "
            f"{planner.seasons} seasons ({planner.start} to {until}) in {planned - started:.1f} s."
        )

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

        writer = Writer(seed=seed, players=player_objs, clubs=club_objs, fast=not opts["orm"])
        index = 0
        for batch in _batches(plan, opts["batch"]):
            writer.write(batch, index)
            index += len(batch)
            elapsed = time.perf_counter() - planned
            done = writer.stats.hands
            self.stdout.write(
                f"  {done:>10,} / {hands:,} hands ({100 * done / max(hands, 1):5.1f} %)"
                f"  {done / elapsed:>8,.0f} hands/s"
            )

        start = time.perf_counter()
        if connection.vendor == "postgresql":
            # The planner has no statistics yet for the rows just loaded and picked plans
            # that made the results three times slower (30 s instead of 11 s at 100k).
            tables = ", ".join(
                connection.ops.quote_name(model._meta.db_table)
                for model in (Event, Round, Table, Hand, HandScore)
            )
            with connection.cursor() as cursor:
                cursor.execute(f"ANALYZE {tables}")
        results = refresh_all_event_results()
        self.stdout.write(
            f"  {results:,} event results (totals, places and statistics) written in "
            f"{time.perf_counter() - start:.1f} s."
        )

        total = time.perf_counter() - started
        s = writer.stats
        self.stdout.write(
            self.style.SUCCESS(
                f"Generated {len(club_objs)} clubs, {len(player_objs):,} players, "
                f"{s.events:,} events ({s.club_nights:,} club nights, {s.tournaments:,} "
                f"tournaments), {s.tables:,} tables, {s.hands:,} hands, {s.scores:,} score rows "
                f"in {total:.1f} s: {s.hands / total:,.0f} hands/s "
                f"(engine and hand drawing {s.engine_seconds:.1f} s, "
                f"database writes {s.write_seconds:.1f} s, commits {s.commit_seconds:.1f} s "
                "(PostgreSQL checks the deferred foreign keys then))."
            )
        )
