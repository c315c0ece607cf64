"""Tournament rankings, read from the score ledger with one aggregate query.

The tie-break and shared places are rules (tournaments.rules.ranking).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, Q, Sum

from ..models import Event, HandScore, Player, Registration, Round
from ..rules.collation import sort_key
from ..rules.ranking import rank_rows, tie_break
from .access import Namer, public_names


@dataclass
class RankingRow:
    player_id: int
    name: str
    club: str
    team: str | None
    round_totals: dict[int, int] = field(default_factory=dict)
    total: int = 0
    contracts_won: int = 0
    rank: int = 0

    @property
    def best_round(self) -> int:
        return max(self.round_totals.values(), default=0)

    def sort_key(self) -> tuple[int, int, int]:
        return tie_break(self.total, self.round_totals.values(), self.contracts_won)


@dataclass
class TeamRow:
    name: str
    members: list[RankingRow]
    total: int
    rank: int = 0


def assign_ranks(rows: list[RankingRow]) -> list[RankingRow]:
    """Sort by the tie-break and give equal rows the same rank (1, 2, 2, 4)."""
    return rank_rows(rows, RankingRow.sort_key, lambda r: sort_key(r.name))


def tournament_ranking(
    event: Event, *, up_to_round: int | None = None, namer: Namer = public_names
) -> list[RankingRow]:
    """Every registered or seated player, with a total per round; 2 queries (3 when
    someone scored without a registration). Names are as `namer` shows them
    (access.namer on public pages), and ties are listed by that name."""
    scores = HandScore.objects.filter(event=event)
    if up_to_round is not None:
        scores = scores.filter(round__number__lte=up_to_round)
    # No ORDER BY: HandScore.Meta.ordering would join hands and tables for nothing
    # (measured at 1M hands on PostgreSQL: 108.7 ms -> 4.1 ms).
    per_round = (
        scores.order_by()
        .values("player_id", "round__number")
        .annotate(
            total=Sum("points"),
            won=Count("id", filter=Q(is_taker=True, made=True)),
        )
    )
    rows: dict[int, RankingRow] = {}
    registrations = Registration.objects.filter(event=event).values_list(
        "player_id",
        "player__name",
        "player__public_name_style",
        "player__club_id",
        "player__club__name",
        "team__name",
    )
    for player_id, name, style, club_id, club, team in registrations:
        rows[player_id] = RankingRow(player_id, namer(name, style, club_id), club, team)
    missing: set[int] = set()
    for item in per_round:
        row = rows.get(item["player_id"])
        if row is None:  # seated at a club night without a registration
            missing.add(item["player_id"])
            row = rows[item["player_id"]] = RankingRow(item["player_id"], "", "", None)
        row.round_totals[item["round__number"]] = item["total"]
        row.total += item["total"]
        row.contracts_won += item["won"]
    if missing:
        found = Player.objects.filter(pk__in=missing).values_list(
            "pk", "name", "public_name_style", "club_id", "club__name"
        )
        for player_id, name, style, club_id, club in found:
            rows[player_id].name, rows[player_id].club = namer(name, style, club_id), club
    return assign_ranks(list(rows.values()))


def team_ranking(rows: list[RankingRow]) -> list[TeamRow]:
    """Team members' totals added up; teams equal on total share the rank."""
    teams: dict[str, list[RankingRow]] = defaultdict(list)
    for row in rows:
        if row.team:
            teams[row.team].append(row)
    result = [
        TeamRow(name=name, members=members, total=sum(m.total for m in members))
        for name, members in teams.items()
    ]
    return rank_rows(result, lambda t: -t.total, lambda t: sort_key(t.name))


def round_numbers(event: Event) -> list[int]:
    return list(
        Round.objects.filter(event=event).order_by("number").values_list("number", flat=True)
    )
