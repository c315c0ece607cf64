"""Tournament rankings, read from the stored results (EventResult, one row a player).

The tie-break and shared places are rules (tournaments.rules.ranking).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from ..models import Event, EventResult, Player, Registration, Round
from ..rules.collation import sort_key
from ..rules.ranking import rank_rows, tie_break
from .access import Namer, public_names
from .json_text import as_text, parse_all


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
    someone scored without a registration), each one row per player whatever the
    number of hands. Names are as `namer` shows them
    (access.namer on public pages), and ties are listed by that name.

    Read from EventResult.rounds (each round's total and contracts won, kept in step
    with the ledger by services.results), not by summing the 9,600 score rows of a
    200-player open at each request. `up_to_round`: the standings after that round.
    """
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
    results = list(
        EventResult.objects.filter(event=event)
        .order_by()
        .annotate(rounds_text=as_text("rounds"))
        .values_list("player_id", "rounds_text")
    )
    parsed = parse_all([text for _, text in results])  # one call, not one per row
    missing: list[RankingRow] = []
    for (player_id, _), rounds in zip(results, parsed, strict=True):
        row = rows.get(player_id)
        if row is None:  # seated without a registration: named below
            row = rows[player_id] = RankingRow(player_id, "", "", None)
            missing.append(row)
        for number, (total, won) in rounds.items():
            if up_to_round is not None and int(number) > up_to_round:
                continue
            row.round_totals[int(number)] = total
            row.total += total
            row.contracts_won += won
    if missing:
        found = Player.objects.filter(pk__in=[row.player_id for row in missing]).values_list(
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
