"""The hall screen: the live ranking in large type for a projector or a TV.

Public exactly like the ranking pages (visible_event: 404 for a draft to the
public, a preview for its organisers), but always naming players by their public
names: the screen is projected for the whole hall, so the organiser or scorekeeper
whose login opened it must not reveal a name a player chose to keep to initials.
The page is a shell; `?part=live` answers the screens alone, which
static/js/hall-screen.js fetches every `refresh` seconds and pages through every
`seconds`. Without script, a meta refresh moves to the next screen (`?page=`) and so
reads fresh data too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from ..models import Event
from ..rules.screen import ScreenSettings, screen_settings, split_pages
from ..selectors import public as public_selectors
from ..selectors.access import public_names
from ..selectors.screen import HallScreen, ScreenLine, ScreenTable, hall_screen
from ..tables.screen import HallRankingTable
from . import cached
from .cached import cached_page
from .public import visible_event

TEMPLATES = "tournaments/screen/"


@dataclass
class HallTable:
    """A table of the open round as a screen shows it."""

    label: str
    players: list[str]  # their names, in seat order

    @classmethod
    def of(cls, table: ScreenTable) -> HallTable:
        return cls(_("Table %(number)s") % {"number": table.number}, list(table.players))


@dataclass
class Screen:
    """One screen of the rotation: a page of the ranking or of the round's tables."""

    title: str
    number: int  # 1-based, within its part (ranking or tables)
    count: int  # screens in that part
    lines: list[ScreenLine] | None = None
    ranking: HallRankingTable | None = None  # the lines, as the screen shows them
    tables: list[HallTable] | None = None


def _screens(shown: HallScreen, settings: ScreenSettings, total_label: str) -> list[Screen]:
    ranking = split_pages(shown.lines, settings.lines) or [[]]  # an empty ranking still shows
    labels: dict[str, Any] = {
        "detail_label": _("Team") if shown.detail_is_team else _("Club"),
        "total_label": total_label,
        "with_detail": shown.with_detail,
    }
    screens = [
        Screen(_("Ranking"), i, len(ranking), lines=page, ranking=HallRankingTable(page, **labels))
        for i, page in enumerate(ranking, 1)
    ]
    if shown.teams:  # a team event: its team ranking too, each team with its members
        team_labels = labels | {
            "detail_label": _("Players"),
            "with_detail": True,
            "name_label": _("Team"),
        }
        teams = split_pages(shown.teams, settings.lines)
        screens += [
            Screen(
                _("Team ranking"),
                i,
                len(teams),
                lines=page,
                ranking=HallRankingTable(page, **team_labels),
            )
            for i, page in enumerate(teams, 1)
        ]
    if shown.round_number is not None:
        title = _("Tables of round %(number)s") % {"number": shown.round_number}
        pages = split_pages(shown.tables, settings.tables)
        screens += [
            Screen(title, i, len(pages), tables=[HallTable.of(t) for t in page])
            for i, page in enumerate(pages, 1)
        ]
    return screens


def _query(settings: ScreenSettings, **extra: object) -> str:
    return urlencode(
        {"lines": settings.lines, "seconds": settings.seconds, "refresh": settings.refresh} | extra
    )


# The parameters the screen reads: its settings, the screen shown, the live part.
SCREEN_QUERY = ("lines", "seconds", "refresh", "page", "part")


def _page_number(raw: str | None, count: int) -> int:
    try:
        number = int(raw or 1)
    except ValueError:
        number = 1
    return (number - 1) % count + 1


def _total_label(event: Event) -> str:
    """A duplicate event ranks by percentage (or difference), not by a total."""
    if not event.is_duplicate:
        return _("Total")
    return _("Difference") if event.comparison == Event.Comparison.DIFFERENCE else "%"


def _screen(request: HttpRequest, event: Event) -> HttpResponse:
    settings = screen_settings(
        request.GET.get("lines"), request.GET.get("seconds"), request.GET.get("refresh")
    )
    # Whoever is signed in, the hall reads what the public reads: the screen is cast
    # from an organiser's phone to a projector the whole hall sees.
    shown = hall_screen(event, public_names)
    screens = _screens(shown, settings, _total_label(event))
    current = _page_number(request.GET.get("page"), len(screens))
    context: dict[str, Any] = {
        "event": event,
        "provisional": public_selectors.is_provisional(event),
        "screens": screens,
        "current": current,
        "settings": settings,
        "live_url": f"{request.path}?{_query(settings, part='live')}",
        # Without script the meta refresh turns the page: the next screen, read afresh.
        "next_url": f"{request.path}?{_query(settings, page=current % len(screens) + 1)}",
    }
    if request.GET.get("part") == "live":
        return render(request, TEMPLATES + "_screens.html", context)
    return render(request, TEMPLATES + "screen.html", context)


@cached_page(cached.event_page, query=SCREEN_QUERY)
def tournament_screen(request: HttpRequest, pk: int) -> HttpResponse:
    return _screen(request, visible_event(request, pk, kind=Event.Kind.TOURNAMENT))


@cached_page(cached.event_page, query=SCREEN_QUERY)
def event_screen(request: HttpRequest, pk: int) -> HttpResponse:
    """A club night's screen (a tournament's, too: its ranking, whatever the URL)."""
    return _screen(request, visible_event(request, pk))
