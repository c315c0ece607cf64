"""Reads for club-night results, public pages and the organiser's dashboard.

Every total comes from the HandScore ledger, summed by the database; nothing
here scores a hand. Each function issues a fixed number of queries, whatever
the number of hands, players or tables.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q, QuerySet, Sum
from django.urls import reverse

from ..models import PLAYED_HAND, Club, Event, HandScore, Player, Seat, Table
from ..rules.ranking import rank_rows

# --- club night results ------------------------------------------------------


@dataclass
class StandingRow:
    player_id: int
    name: str
    total: int
    hands: int
    taken: int
    won: int
    rank: int = 0

    def get_absolute_url(self) -> str:
        return reverse("player_public", args=[self.player_id])


def event_standings(event: Event) -> list[StandingRow]:
    """Players ranked by total score; equal totals share the rank (1, 2, 2, 4) and are
    listed by name. One aggregate query.

    A hand counts as played unless the player sat it out (the dealer at a table of 5
    in "dealer sits out" mode gets a 0 score row for it); passed deals count.
    """
    aggregated = (
        HandScore.objects.filter(event=event)
        .values("player_id", "player__name")
        .annotate(
            total=Sum("points"),
            hands=Count("id", filter=PLAYED_HAND),
            taken=Count("id", filter=Q(is_taker=True)),
            won=Count("id", filter=Q(is_taker=True, made=True)),
        )
        .order_by()
    )
    rows = [
        StandingRow(
            player_id=item["player_id"],
            name=item["player__name"],
            total=item["total"],
            hands=item["hands"],
            taken=item["taken"],
            won=item["won"],
        )
        for item in aggregated
    ]
    return assign_ranks(rows)


def assign_ranks(rows: list[StandingRow]) -> list[StandingRow]:
    # Names sort in Python: the database collation orders accents and case differently
    # on SQLite and PostgreSQL.
    return rank_rows(rows, lambda r: -r.total, lambda r: (r.name.casefold(), r.player_id))


# --- events ------------------------------------------------------------------


def event_tables(event: Event, *, with_scorekeepers: bool = False) -> list[Table]:
    """Tables of every round with their seated players and hand count (and, for
    organisers, their scorekeepers); three or four queries whatever the number of tables."""
    prefetch: list[str | Prefetch] = [
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
    ]
    if with_scorekeepers:
        prefetch.append("scorekeepers")
    return list(
        Table.objects.filter(round__event=event)
        .select_related("round")
        .annotate(hand_count=Count("hands"))
        .prefetch_related(*prefetch)
        .order_by("round__number", "number")
    )


@dataclass
class Dashboard:
    tables: list[Table]
    hand_count: int
    validated_count: int


def event_dashboard(event: Event) -> Dashboard:
    """What an organiser watches during an evening: tables, seats, scorekeepers, hands."""
    tables = event_tables(event, with_scorekeepers=True)
    return Dashboard(
        tables=tables,
        hand_count=sum(t.hand_count for t in tables),
        validated_count=sum(1 for t in tables if t.is_validated),
    )


def club_players(club: Club, *, status: str = "all", search: str = "") -> QuerySet[Player]:
    players = Player.objects.filter(club=club)
    if status == "active":
        players = players.filter(active=True)
    elif status == "inactive":
        players = players.filter(active=False)
    if search:
        players = players.filter(name__icontains=search)
    return players.order_by("name")
