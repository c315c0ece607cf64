"""Public pages, no login: published results, tables' score sheets, player pages.

An unpublished event does not exist for the public (404, not 403, so its very
existence stays private); organisers see it, flagged as a preview.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from ..models import Event, Table
from ..rules import publication
from ..selectors import access
from ..selectors import public as public_selectors
from ..selectors import sheet as sheet_selectors
from ..selectors import tournament as tournament_selectors
from ..selectors.access import namer, viewer
from ..selectors.board_visibility import complete_boards
from ..selectors.duplicate import duplicate_data
from ..selectors.standings import (
    event_standings,
)
from ..tables import StandingsTable, configure
from ..tables.links import url_of
from . import cached
from .cached import cached_page
from .names import event_namer, rename
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
    """Sorted as ?sort= asks over every player, then shown 50 lines a page (?page=)."""
    table = StandingsTable(event_standings(event, namer=event_namer(request, event)))
    configure(table, request)
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


@dataclass
class ShownTable:
    """A table of the round as the page lists it (its players: the template's list)."""

    label: str
    url: str
    players: list[tuple[str, str]]  # (name, url of his page), in seat order

    @property
    def names(self) -> str:
        """The players' names in seat order, for a line under the table's link."""
        return ", ".join(name for name, _url in self.players)


def shown_tables(tables: list[tournament_selectors.RoundTable]) -> list[ShownTable]:
    return [
        ShownTable(
            label=_("Table %(number)s") % {"number": table.number},
            url=url_of("table_public", table.table_id),
            players=[(p.name, url_of("player_public", p.player_id)) for p in table.players],
        )
        for table in tables
    ]


def round_shown(raw: str | None, numbers: list[int]) -> int | None:
    """The round whose tables an event page lists: ?round=<number>, else the latest."""
    if not numbers:
        return None
    if raw is not None and raw.isdigit() and int(raw) in numbers:
        return int(raw)
    return numbers[-1]


@cached_page(cached.event_page, query=("sort", "page", "round"))
def event_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The event's results and the tables of one round (a 200-player open seats 50
    tables a round: listing all its 300 tables made a 250 kB page)."""
    event = visible_event(request, pk)
    if (elsewhere := _duplicate_ranking(event)) is not None:
        return elsewhere
    rounds = tournament_selectors.rounds_of(event)
    numbers = [r.number for r in rounds]
    shown = round_shown(request.GET.get("round"), numbers)
    seating = next(
        (
            tournament_selectors.round_seating(r, namer=event_namer(request, event))
            for r in rounds
            if r.number == shown
        ),
        [],
    )
    return render(
        request,
        "tournaments/public/event_detail.html",
        {
            **_event_context(request, event),
            "tables": shown_tables(seating),
            "round_numbers": numbers,
            "round_shown": shown,
        },
    )


@cached_page(cached.event_page, query=("sort", "page"))
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
        public = complete_boards(duplicate_data(event))
        if any(row.hand.number not in public for row in shown.rows):
            return render(
                request,
                "tournaments/duplicate/table_hidden.html",
                {"event": event, "table": table, "provisional": provisional},
            )
    # The hands' players are mostly the columns' own instances (selectors.sheet): each
    # instance renamed once.
    name = event_namer(request, event)
    named = (p for row in shown.rows for p in (row.hand.dealer, row.hand.taker, row.hand.partner))
    rename({id(p): p for p in (*shown.players, *named) if p is not None}.values(), name)
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
