"""Reads for club-night results, public pages and the organiser's dashboard.

Every total comes from the HandScore ledger, through the EventResult rows that
services.results keeps in step with it; nothing here scores a hand. Each function
issues a fixed number of queries, whatever the number of hands, players or tables.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Prefetch, QuerySet
from django.urls import reverse

from ..models import Club, Event, EventResult, Player, Seat, Table
from ..models.collation import by_name
from ..rules.collation import sort_key
from ..rules.ranking import rank_rows
from ..rules.tables import may_delete_table
from . import fairness
from .access import NAMER_FIELDS, Namer, public_names

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


def event_standings(event: Event, *, namer: Namer = public_names) -> list[StandingRow]:
    """Players ranked by total score; equal totals share the rank (1, 2, 2, 4) and are
    listed by the name shown (`namer`: access.namer on public pages). One query.

    Read from EventResult, which services.results keeps in step with the HandScore
    ledger: one row per player of the event, whatever the number of hands. (Summing
    the ledger here had to look at each row's hand to leave out the hands a dealer sat
    out, and PostgreSQL then read every hand of the database, slower as the database
    grew, for the same event.) A hand counts as played unless the player sat
    it out; passed deals count.
    """
    results = (
        EventResult.objects.filter(event=event)
        .order_by()
        .values_list(
            "player_id",
            *NAMER_FIELDS,
            "total",
            "hands",
            "taken",
            "contracts_made",
        )
    )
    rows = [
        StandingRow(
            player_id=player_id,
            name=namer(name, style, club_id),
            total=total,
            hands=hands,
            taken=taken,
            won=contracts_made,
        )
        for player_id, name, style, club_id, total, hands, taken, contracts_made in results
    ]
    return assign_ranks(rows)


def assign_ranks(rows: list[StandingRow]) -> list[StandingRow]:
    # Names sort in Python: the database collation orders accents and case differently
    # on SQLite and PostgreSQL.
    return rank_rows(rows, lambda r: -r.total, lambda r: (sort_key(r.name), r.player_id))


# --- events ------------------------------------------------------------------


def seated_tables(tables: QuerySet[Table], *, with_scorekeepers: bool = False) -> list[Table]:
    """`tables` with their seated players (in seat order), their hand count and, for
    organisers, their scorekeepers; three or four queries whatever the number of tables."""
    prefetch: list[str | Prefetch] = [
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position"))
    ]
    if with_scorekeepers:
        prefetch.append("scorekeepers")
    return list(tables.annotate(hand_count=Count("hands")).prefetch_related(*prefetch))


def event_tables(
    event: Event, *, with_scorekeepers: bool = False, round_number: int | None = None
) -> list[Table]:
    """Tables of every round, or of round `round_number` only, seated (see
    seated_tables)."""
    tables = Table.objects.filter(round__event=event)
    if round_number is not None:
        tables = tables.filter(round__number=round_number)
    return seated_tables(
        tables.select_related("round").order_by("round__number", "number"),
        with_scorekeepers=with_scorekeepers,
    )


@dataclass
class Dashboard:
    tables: list[Table]
    hand_count: int
    validated_count: int


def event_dashboard(event: Event) -> Dashboard:
    """What an organiser watches during an evening: tables, seats, scorekeepers, hands.

    Each table also carries what the page says of it: `mode` (fairness.TableMode) and
    `deletable` (rules.tables.may_delete_table), so the template decides nothing."""
    tables = event_tables(event, with_scorekeepers=True)
    for table in tables:
        table.mode = fairness.table_mode(table)
        table.deletable = may_delete_table(hand_count=table.hand_count)
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
    return players.order_by(by_name(), "pk")  # French order (rules.collation)
