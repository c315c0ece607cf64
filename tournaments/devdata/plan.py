"""The plan: every club, player and event decided in pure Python before anything is written.

Names, sizes and dates come from one seeded generator, so the same seed and `until`
give the same plan (see tournaments.devdata).
"""

from __future__ import annotations

import datetime
import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.text import slugify

from tournaments.models import Event, Table
from tournaments.planning import seating
from tournaments.services.rounds import TOURNAMENT_FIVE_MODE

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
SEATING_EFFORT = 100_000  # far below the default: generated data needs no best seating
WITHDRAWAL_RATE = 0.01  # per player and round after the first
NIGHTS_PER_SEASON = 90  # a club meeting about twice a week, September to June
UNPUBLISHED_RATE = 0.05  # finished events the organiser has not published (yet)


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
