"""A duplicate team match's figures, team by team and board by board, for an arbiter
to check the team ranking by hand (selectors.duplicate_team_figures).

Public as the ranking is (views.duplicate_public): once the event is published, from
the boards the ranking page adds up for this reader (the public's: those every table
has played, rules.board_visibility; the organisers': every board), so that nothing of a
board still being played reaches the public here either. Not a team match: 404.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from ..selectors.duplicate_penalties import event_penalties
from ..selectors.duplicate_stored import stored_ranking
from ..selectors.duplicate_team_figures import session_is_mean, team_figures
from . import cached
from .cached import cached_page
from .duplicate_public import TEMPLATES, _context


@cached_page(cached.event_page)
def duplicate_teams(request: HttpRequest, pk: int) -> HttpResponse:
    context = _context(request, pk)
    event = context["event"]
    if not event.team_match:
        raise Http404
    # The ranking page's reads, as duplicate_public.duplicate_ranking makes them: the
    # stored comparison of the boards this reader may read, and the penalties that
    # count on them.
    boards = None if context["organiser"] else context["complete_boards"]
    rows = stored_ranking(event, namer=context["namer"], boards=boards)
    teams = team_figures(rows, event, event_penalties(event, boards=boards))
    return render(
        request,
        TEMPLATES + "teams.html",
        {**context, "teams": teams, "mean": session_is_mean(event)},
    )
