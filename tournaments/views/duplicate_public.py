"""Duplicate events, the public side: the ranking by session percentage (and the team
ranking), a player's board by board detail, and each board's traveller.

Public once the event is published (visible_event: 404 before, a preview for its
organisers), names through the page's namer. A board's traveller, and a player's line
on it, is shown to the public only once every table that plays the board has played
it (tournaments.rules.board_visibility): no table still to play a board can read how
it went, nor guess it from the percentages, the places or the number of boards compared,
which the public reads from the complete boards only. The event's organisers see every
board at once.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from ..models import Event
from ..selectors import access
from ..selectors import duplicate as selectors
from ..selectors import duplicate_boards as board_selectors
from ..selectors import public as public_selectors
from ..selectors.board_visibility import public_view
from ..selectors.duplicate_penalties import event_penalties, on_board
from ..selectors.duplicate_ranking import player_row, team_rows
from ..selectors.duplicate_stored import (
    attach_stored,
    board_numbers,
    completion,
    stored_boards,
    stored_ranking,
)
from ..tables import configure
from ..tables.duplicate import DuplicateRankingTable, DuplicateTeamTable, TravellerTable
from ..tables.links import url_maker
from . import cached
from .cached import cached_page
from .names import event_namer
from .public import visible_event

TEMPLATES = "tournaments/duplicate/"


def _context(request: HttpRequest, pk: int) -> dict[str, Any]:
    """What every page of the event needs: the event, who reads, and the boards he may
    open (rules.board_visibility through duplicate_stored.completion)."""
    event = visible_event(request, pk, kind=Event.Kind.DUPLICATE)
    organiser = access.organises_event(request.user, event)
    complete = completion(event).complete
    shown = sorted(set(board_numbers(event)) if organiser else complete)
    board_url, board_label = url_maker("duplicate_board", 2), _("Board %(number)s")
    return {
        "event": event,
        "namer": event_namer(request, event),
        "provisional": public_selectors.is_provisional(event),
        "shown_boards": shown,
        # The header's board links (30 on a page): worded and linked once here, not by a
        # translation tag and a URL tag each.
        "board_links": [
            (number, board_url(event.pk, number), board_label % {"number": number})
            for number in shown
        ],
        "complete_boards": complete,
        "organiser": organiser,
        "average": event.comparison == Event.Comparison.DIFFERENCE,
    }


def _compared(context: dict[str, Any], board: Any) -> Any:
    """The event's `board` as this reader may read it, its scores from the stored
    comparison (selectors.duplicate_stored)."""
    read = selectors.duplicate_data(context["event"], namer=context["namer"], board=board)
    return attach_stored(read if context["organiser"] else public_view(read))


@cached_page(cached.event_page, query=("page",))
def duplicate_ranking(request: HttpRequest, pk: int) -> HttpResponse:
    context = _context(request, pk)
    event, average = context["event"], context["average"]
    # From the stored comparison, added up by the database: the public's on the
    # complete boards, the organisers' on every board.
    boards = None if context["organiser"] else context["complete_boards"]
    rows = stored_ranking(event, namer=context["namer"], boards=boards)
    teams = team_rows(rows, event, event_penalties(event, boards=boards)) if event.team_size else []
    context.update(rows=rows, teams=teams)
    # 50 lines a page (?page=), as the site's other rankings; the teams are worked out
    # from every row first. The hall screen and the workbook keep the whole ranking.
    ranking = DuplicateRankingTable(context["rows"], event=event, average=average)
    tables = {
        "ranking_table": configure(ranking, request),
        "team_table": (
            DuplicateTeamTable(context["teams"], average=average) if context["teams"] else None
        ),
    }
    return render(request, TEMPLATES + "ranking.html", {**context, **tables})


@cached_page(cached.event_page)
def duplicate_player(request: HttpRequest, pk: int, player_id: int) -> HttpResponse:
    context = _context(request, pk)
    event = context["event"]
    # His place among everybody and his boards, from the stored comparison (the
    # ranking's): the public's on the complete boards, the organisers' on every board.
    boards = None if context["organiser"] else context["complete_boards"]
    rows = stored_ranking(event, namer=context["namer"], boards=boards)
    row = player_row(rows, player_id)
    if row is None:
        raise Http404
    row.boards = stored_boards(event, player_id, boards=boards)
    return render(request, TEMPLATES + "player.html", {**context, "rows": rows, "row": row})


@cached_page(cached.event_page)
def duplicate_board(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    context = _context(request, pk)
    if number not in context["shown_boards"]:
        raise Http404
    board = selectors.board_of(context["event"], number)
    info = _compared(context, board).boards.get(number)
    if info is None:
        raise Http404
    shown = context["shown_boards"]
    # The hand record: public with the traveller, once every table has played the board
    # (shown_boards holds the others for organisers only).
    deal = board_selectors.printed_board(board)
    return render(
        request,
        TEMPLATES + "board.html",
        {
            **context,
            "info": info,
            "board": board,  # its named taker and contract, its dealer (the label's)
            "deal": deal if deal.hands else None,
            "traveller_table": TravellerTable(info.lines),
            "penalties": on_board(
                event_penalties(context["event"], namer=context["namer"]), number
            ),
            "previous": max((n for n in shown if n < number), default=None),
            "next": min((n for n in shown if n > number), default=None),
        },
    )
