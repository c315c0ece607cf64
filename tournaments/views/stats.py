"""Player statistics, head-to-head and the event chart: public pages, no login.

Only published events count for the public; an unpublished event's chart is a
404 (not 403) except for organisers, as on the event page itself. Figures come
from selectors.stats, selectors.head_to_head and selectors.running_totals (the
ledger, summed by the database); this module only picks what to show and hands
series to the SVG drawing in tournaments.charts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import formats
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from .. import charts
from ..forms.stats import EventChoiceForm
from ..models import Event, Player
from ..rules import typography
from ..selectors import access, running_totals
from ..selectors import head_to_head as head_to_head_selectors
from ..selectors import public as public_selectors
from ..selectors import stats as selectors
from ..selectors.access import namer, viewer
from ..selectors.head_to_head import SharedTable
from ..tables import PlayerEventsTable
from ..tables.links import url_of
from ..tables.stats import ContractTable, PartnerTable, head_to_head_table
from . import cached
from .cached import cached_page
from .names import event_namer, rename

TEMPLATES = "tournaments/stats/"


# --- charts --------------------------------------------------------------------


def season_chart(player: Player, events: list[selectors.PlayerEventRow]) -> charts.Chart:
    """Bars of the player's total at each of `events` (newest first), oldest first."""
    chronological = list(reversed(events))
    return charts.bar_chart(
        [
            charts.Bar(
                label=formats.date_format(row.date, "SHORT_DATE_FORMAT"),
                value=row.total,
                detail=row.name,
            )
            for row in chronological
        ],
        chart_id="season-chart",
        title=_("Score at each event"),
        # "d'Anne" / "Anne's": the owner's form each language puts where it wants.
        desc=_("%(of_name)s total score at each event listed below, oldest first.")
        % {"of_name": typography.of_name(player.name, get_language())},
        x_label=_("Date"),
        y_label=_("Score"),
        detail_label=_("Event"),
    )


def running_series(label: str, totals: list[int]) -> charts.Series:
    # Everybody starts an event at 0: the line starts there, before the first hand.
    return charts.Series(label=label, points=[(0, 0), *enumerate(totals, 1)])


def player_event_chart(player: Player, event: selectors.PlayerEventRow) -> charts.Chart:
    return charts.line_chart(
        [running_series(player.name, event.running())],
        chart_id="running-chart",
        title=_("Running score through %(event)s") % {"event": event.name},
        desc=_("%(of_name)s running total after each hand played at %(event)s.")
        % {"of_name": typography.of_name(player.name, get_language()), "event": event.name},
        x_label=_("Hand"),
        y_label=_("Running total"),
    )


# A 200-player open drew 200 lines over each other (and a 200-column table for screen
# readers): the chart shows 10 players' lines, by final total, the others a click away.
LINES_PER_CHART = 10


@dataclass
class EventChart:
    chart: charts.Chart
    lines: Page  # the players drawn (RunningSeries), one page of LINES_PER_CHART

    @property
    def pages(self) -> list[tuple[int, str]]:
        """Each page of lines with the places it draws ("11–20"), for the chart's nav."""
        paginator = self.lines.paginator
        size, count = paginator.per_page, paginator.count
        return [(n, f"{(n - 1) * size + 1}–{min(n * size, count)}") for n in paginator.page_range]


def event_chart(event: Event, name: access.Namer, lines: str | None = None) -> EventChart | None:
    """The running totals of one page of players (`lines`: the page number, by final
    total), each named by `name`; None before the first hand."""
    series = running_totals.event_running_totals(event, namer=name)
    if not series:
        return None
    page = Paginator(series, LINES_PER_CHART).get_page(lines)
    chart = charts.line_chart(
        [running_series(s.name, s.totals) for s in page.object_list],
        chart_id="event-chart",
        title=_("Running totals through %(event)s") % {"event": event.name},
        desc=_(
            "Running totals of the players ranked %(first)s to %(last)s by final total, "
            "after each hand they played, in the order they were played."
        )
        % {"first": page.start_index(), "last": page.end_index()},
        x_label=_("Hand"),
        y_label=_("Running total"),
    )
    return EventChart(chart=chart, lines=page)


# --- the player page (rendered by views.public.player_public) ------------------


def choose_event(
    raw: str | None, player: Player, shown: list[selectors.PlayerEventRow]
) -> tuple[selectors.PlayerEventRow, str]:
    """The event picked with ?event=<id> (among the page's events, else read alone),
    else the page's first; and a message if the pick was bad. `shown` is not empty."""
    if not raw:  # None or ""
        return shown[0], ""
    for row in shown:
        if str(row.event_id) == raw:
            return row, ""
    found = selectors.player_event(player, int(raw)) if raw.isdigit() and len(raw) < 19 else None
    if found is not None:
        return found, ""
    return shown[0], _("This event is not among the player's published results.")


# A player of many years has hundreds of events: listing and charting them all made a
# 400 kB page, slow to render. The list, the bar chart and the
# event picker show one page of events; the figures above them count every event.
EVENTS_PER_PAGE = 20


@dataclass
class OpponentLine:
    """One of the players most met, as the player page lists him."""

    player_id: int
    name: str
    url: str
    head_to_head_url: str
    met: str  # "3 tables · 24 hands"


def _opponent_lines(player: Player, rows: list[selectors.OpponentRow]) -> list[OpponentLine]:
    """Each opponent with his links (tables.links), the counts worded here."""
    return [
        OpponentLine(
            row.player_id,
            row.name,
            url_of("player_public", row.player_id),
            url_of("head_to_head", player.pk, row.player_id),
            " · ".join(
                (
                    ngettext("%(tables)s table", "%(tables)s tables", row.tables)
                    % {"tables": row.tables},
                    ngettext("%(hands)s hand", "%(hands)s hands", row.hands) % {"hands": row.hands},
                )
            ),
        )
        for row in rows
    ]


def player_page_context(request: HttpRequest, player: Player) -> dict[str, Any]:
    """The player page; `player.name` already reads as the viewer may see it
    (views.public.player_public renames him), and so do his partners and opponents.
    His figures come from his stored career, his events one page at a time: the same
    few queries for 2 events or 600."""
    figures = selectors.career_figures(player, namer=namer(request.user))
    context: dict[str, Any] = {"player": player, "events": []}
    if figures is None:
        return context
    events = selectors.PlayerEvents(player, figures.summary.events)
    page = Paginator(events, EVENTS_PER_PAGE).get_page(request.GET.get("page"))
    shown = list(page.object_list)
    chosen, choice_error = choose_event(request.GET.get("event"), player, shown)
    choices = shown if chosen in shown else [chosen, *shown]
    context.update(
        events=events,
        summary=figures.summary,
        contracts=figures.contracts,
        contract_table=ContractTable(figures.contracts),
        partners_called=PartnerTable(figures.partners.called, table_id="partners-called"),
        partners_called_by=PartnerTable(figures.partners.called_by, table_id="partners-called-by"),
        best=figures.best,
        worst=figures.worst,
        partners=figures.partners,
        opponents=_opponent_lines(player, figures.opponents),
        events_page=page,
        events_shown=shown,
        events_table=PlayerEventsTable(shown),
        event_choices=choices,
        event_form=EventChoiceForm(selectors.event_choices(choices), chosen.event_id, choice_error),
        season_chart=season_chart(player, shown),
        chosen_event=chosen,
        choice_error=choice_error,
        running_chart=player_event_chart(player, chosen),
    )
    return context


# --- head-to-head --------------------------------------------------------------


@cached_page(cached.head_to_head_page)
def head_to_head(request: HttpRequest, a: int, b: int) -> HttpResponse:
    if max(a, b) > 2**63 - 1:  # beyond any id; SQLite would overflow on the lookup
        raise Http404
    found = public_selectors.visible_players(viewer(request.user)).in_bulk([a, b])
    if a not in found or b not in found:
        raise Http404
    if a == b:  # a player against himself: his own page says it all
        return redirect(found[a].get_absolute_url())
    first, second = found[a], found[b]
    # Neither player's event is the page's subject: each by his own club's rule.
    rename([first, second], namer(request.user))
    h2h = head_to_head_selectors.head_to_head(first, second)
    return render(
        request,
        TEMPLATES + "head_to_head.html",
        {
            "a": first,
            "b": second,
            "h2h": h2h,
            "h2h_table": head_to_head_table(h2h, first.name, second.name),
            "shared_tables": [(item, _where(item)) for item in h2h.recent_tables],
        },
    )


def _where(table: SharedTable) -> str:
    """ "séance 2, table 3 · 14 donnes": a shared table's line after its date, worded
    here rather than by two translation tags for each of 20 tables."""
    where = _("round %(round)s, table %(table)s") % {
        "round": table.round_number,
        "table": table.table_number,
    }
    hands = ngettext("%(hands)s hand", "%(hands)s hands", table.hands) % {"hands": table.hands}
    return f"{where} · {hands}"


# --- the event page's chart ------------------------------------------------------


@cached_page(cached.event_page, query=("lines",))
def event_running_chart(request: HttpRequest, pk: int) -> HttpResponse:
    """The chart alone for htmx on the event page, or as a page of its own without script."""
    event = get_object_or_404(public_selectors.visible_events(viewer(request.user)), pk=pk)
    if event.is_duplicate:  # running totals of marques say nothing in duplicate
        return redirect(event.get_absolute_url())
    template = "_event_chart.html" if request.headers.get("HX-Request") else "event_chart.html"
    shown = event_chart(event, event_namer(request, event), request.GET.get("lines"))
    context = {
        "event": event,
        "provisional": public_selectors.is_provisional(event),
        "chart": shown.chart if shown else None,
        "lines": shown.lines if shown else None,
        "line_pages": shown.pages if shown else [],
    }
    return render(request, TEMPLATES + template, context)
