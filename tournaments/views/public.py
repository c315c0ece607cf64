"""Public pages, no login: published results, tables' score sheets, player pages.

An unpublished event does not exist for the public (404, not 403, so its very
existence stays private); organisers see it, flagged as a preview.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django_tables2 import RequestConfig

from ..models import Event, Table
from ..rules import publication
from ..selectors import access
from ..selectors import public as public_selectors
from ..selectors import sheet as sheet_selectors
from ..selectors.access import namer, viewer
from ..selectors.duplicate import duplicate_data
from ..selectors.duplicate_ranking import public_boards
from ..selectors.standings import (
    event_standings,
    event_tables,
)
from ..tables import StandingsTable
from . import cached
from .cached import cached_page
from .names import event_namer, rename, rename_seated
from .stats import player_page_context


def check_visible(request: HttpRequest, event: Event) -> None:
    if not publication.may_see_event(event, viewer(request.user)):
        raise Http404


def visible_event(request: HttpRequest, pk: int, **filters: object) -> Event:
    """The event if the viewer may see it (404 otherwise), with `open_sheets` for the
    provisional notice."""
    events = public_selectors.visible_events(viewer(request.user))
    return get_object_or_404(events, pk=pk, **filters)


def standings_table(request: HttpRequest, event: Event) -> StandingsTable:
    table = StandingsTable(event_standings(event, namer=event_namer(request, event)))
    RequestConfig(request, paginate=False).configure(table)
    return table


def _event_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    """What an event's public pages (the detail and the results) both show."""
    return {
        "event": event,
        "provisional": public_selectors.is_provisional(event),
        "standings": standings_table(request, event),
    }


def _duplicate_ranking(event: Event) -> HttpResponse | None:
    """A duplicate event's results are its ranking by percentage (views.duplicate_public),
    not totals of marques: its other event pages lead there."""
    return redirect(event.get_absolute_url()) if event.is_duplicate else None


@cached_page(cached.event_page, query=("sort",))
def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    event = visible_event(request, pk)
    if (elsewhere := _duplicate_ranking(event)) is not None:
        return elsewhere
    tables = event_tables(event)
    rename_seated(tables, event_namer(request, event))
    return render(
        request,
        "tournaments/public/event_detail.html",
        {**_event_context(request, event), "tables": tables},
    )


@cached_page(cached.event_page, query=("sort",))
def event_results(request: HttpRequest, pk: int) -> HttpResponse:
    event = visible_event(request, pk)
    if (elsewhere := _duplicate_ranking(event)) is not None:
        return elsewhere
    return render(
        request,
        "tournaments/public/event_results.html",
        _event_context(request, event),
    )


@cached_page(cached.table_page)
def table_public(request: HttpRequest, pk: int) -> HttpResponse:
    table = get_object_or_404(Table.objects.select_related("round__event__club"), pk=pk)
    event = table.round.event
    check_visible(request, event)
    # This sheet's own state: validating the others does not settle this one.
    provisional = publication.is_provisional(event, open_sheets=not table.is_validated)
    shown = sheet_selectors.sheet(table)
    if table.board_set is not None and not access.organises_event(request.user, event):
        # A duplicate table's sheet is shown once every table has played its boards
        # (views.duplicate_public): before, its hands would tell them how they went.
        public = public_boards(duplicate_data(event))
        if any(row.hand.number not in public for row in shown.rows):
            return render(
                request,
                "tournaments/duplicate/table_hidden.html",
                {"event": event, "table": table, "provisional": provisional},
            )
    # The takers and partners are Player instances of their own (select_related).
    name = event_namer(request, event)
    rename(shown.players, name)
    rename((p for row in shown.rows for p in (row.hand.taker, row.hand.partner)), name)
    return render(
        request,
        "tournaments/public/table_sheet.html",
        {
            "event": event,
            "provisional": provisional,
            "table": table,
            "sheet": shown,
        },
    )


@cached_page(cached.player_page, query=("page", "event"))
def player_public(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(public_selectors.visible_players(viewer(request.user)), pk=pk)
    # No event nor club is the page's subject: his own club's organisers read his full name.
    rename([player], namer(request.user))
    return render(
        request,
        "tournaments/public/player_detail.html",
        player_page_context(request, player),
    )
