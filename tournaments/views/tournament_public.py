"""Tournament rankings: the overall ranking and each round's results.

Public once the tournament is published; before that, organisers see them as a
preview and everybody else gets 404.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from ..models import Event, Round
from ..selectors import public as public_selectors
from ..selectors import tournament as selectors
from ..selectors.ranking import round_numbers, team_ranking, tournament_ranking
from ..tables import RankingTable, TeamRankingTable, configure
from . import cached
from .cached import cached_page
from .names import event_namer, rename_seated
from .public import visible_event
from .tournament import TEMPLATES


def _visible_tournament(request: HttpRequest, pk: int) -> Event:
    return visible_event(request, pk, kind=Event.Kind.TOURNAMENT)


def _ranking_context(request: HttpRequest, event: Event, up_to_round: int | None) -> dict[str, Any]:
    # Team members are these rows: the team ranking names them the same way.
    rows = tournament_ranking(event, up_to_round=up_to_round, namer=event_namer(request, event))
    numbers = round_numbers(event)
    if up_to_round is not None:
        numbers = [n for n in numbers if n <= up_to_round]
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
        "ranking": configure(ranking, request),
        "team_ranking": TeamRankingTable(teams) if teams else None,
    }


@cached_page(cached.event_page, query=("page",))
def tournament_ranking_page(request: HttpRequest, pk: int) -> HttpResponse:
    event = _visible_tournament(request, pk)
    context = _ranking_context(request, event, None)
    context["rounds"] = selectors.event_rounds(event)
    return render(request, TEMPLATES + "ranking.html", context)


@cached_page(cached.event_page, query=("page",))
def tournament_round_results(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    event = _visible_tournament(request, pk)
    round_ = get_object_or_404(Round, event=event, number=number)
    context = _ranking_context(request, event, number)
    tables = selectors.round_tables(round_)
    rename_seated(tables, event_namer(request, event))
    context.update(
        {
            "round": round_,
            "tables": tables,
            "rounds": selectors.event_rounds(event),
        }
    )
    return render(request, TEMPLATES + "round_results.html", context)
