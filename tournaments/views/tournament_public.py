"""Tournament rankings: the overall ranking and each round's results.

Public once the tournament is published; before that, organisers see them as a
preview and everybody else gets 404.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from ..models import Event, Round
from ..selectors import public as public_selectors
from ..selectors import tournament as selectors
from ..selectors.ranking import team_ranking, tournament_ranking
from ..tables import RankingTable, TeamRankingTable, configure
from . import cached
from .cached import cached_page
from .names import event_namer
from .public import shown_tables, visible_event
from .tournament import TEMPLATES


def _visible_tournament(request: HttpRequest, pk: int) -> Event:
    return visible_event(request, pk, kind=Event.Kind.TOURNAMENT)


def _ranking_context(
    request: HttpRequest, event: Event, rounds: list[Round], up_to_round: int | None
) -> dict[str, Any]:
    # Team members are these rows: the team ranking names them the same way.
    rows = tournament_ranking(event, up_to_round=up_to_round, namer=event_namer(request, event))
    numbers = [r.number for r in rounds if up_to_round is None or r.number <= up_to_round]
    lines = selectors.ranking_lines(rows, numbers)
    teams = team_ranking(rows) if event.team_size else []
    # The table is not orderable (it keeps the selector's order): the request gives
    # its page only, 50 lines a page.
    ranking = RankingTable(lines, numbers=numbers, teams=bool(event.team_size))
    return {
        "event": event,
        "provisional": public_selectors.is_provisional(event),
        "numbers": numbers,
        "lines": lines,
        "teams": teams,
        "rounds": rounds,
        "ranking": configure(ranking, request),
        "team_ranking": TeamRankingTable(teams) if teams else None,
    }


@cached_page(cached.event_page, query=("page",))
def tournament_ranking_page(request: HttpRequest, pk: int) -> HttpResponse:
    event = _visible_tournament(request, pk)
    context = _ranking_context(request, event, selectors.rounds_of(event), None)
    return render(request, TEMPLATES + "ranking.html", context)


@cached_page(cached.event_page, query=("page",))
def tournament_round_results(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    event = _visible_tournament(request, pk)
    rounds = selectors.rounds_of(event)
    round_ = next((r for r in rounds if r.number == number), None)
    if round_ is None:
        raise Http404
    context = _ranking_context(request, event, rounds, number)
    tables = selectors.round_seating(round_, namer=event_namer(request, event))
    context.update({"round": round_, "tables": shown_tables(tables)})
    return render(request, TEMPLATES + "round_results.html", context)
