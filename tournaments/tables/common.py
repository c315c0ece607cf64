"""Shared column attributes, and the organiser's player list and a club night's results."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.core.paginator import EmptyPage
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django_tables2 import RequestConfig

from ..models import Player
from ..models.collation import by_name

NUMBER = {"th": {"class": "text-end"}, "td": {"class": "text-end"}}
# Columns a phone can live without: shown from the "sm" breakpoint (576px) up.
WIDE_ONLY = {
    "th": {"class": "text-end d-none d-sm-table-cell"},
    "td": {"class": "text-end d-none d-sm-table-cell"},
}
# Text columns a phone can live without, from "sm" (576px) or "md" (768px) up.
PHONE_HIDDEN = {
    "th": {"class": "d-none d-sm-table-cell"},
    "td": {"class": "d-none d-sm-table-cell"},
}
TABLET_UP = {"th": {"class": "d-none d-md-table-cell"}, "td": {"class": "d-none d-md-table-cell"}}
LINK = {"a": {"class": "d-inline-block py-1"}}
# The lines of a long list or ranking on one page (tables2's Meta.per_page, configure).
PER_PAGE = 50


class ScoreColumn(tables.TemplateColumn):
    """A score, right-aligned, green above 0 and red below. Bootstrap's table colours
    override a cell's own colour: the score class goes on a span
    (templates/tables/cells/score.html)."""

    template_name = "tables/cells/score.html"

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("attrs", NUMBER)
        super().__init__(**kwargs)


class FramedTable(tables.Table):
    """A small table drawn in templates/tables/frame.html, its rows written out by its
    own template: the frame prints no ordering link, no page of tables2's and no
    footer, so a table asking for one is refused rather than printed without it."""

    def before_render(self, request: HttpRequest) -> None:
        if self.orderable or getattr(self, "page", None) or self.has_footer():
            raise ValueError(
                f"{type(self).__name__}: tables/frame.html draws no order, page or footer"
            )
        super().before_render(request)


def configure(table: tables.Table, request: HttpRequest) -> tables.Table:
    """tables2's RequestConfig (ordering from ?sort=), and the page from ?page= in
    pages of the table's own size: ?per_page= is not read, so that nobody asks for a
    200-player ranking in one page. A page number out of range shows the last page."""
    RequestConfig(request, paginate=False).configure(table)
    try:
        number = int(request.GET.get(table.prefixed_page_field, 1))
    except ValueError:
        number = 1
    try:
        table.paginate(page=max(number, 1))
    except EmptyPage:
        table.paginate(page=table.paginator.num_pages)
    return table


class PlayerTable(tables.Table):
    name = tables.Column(
        verbose_name=_("Name"),
        linkify=("player_edit", {"pk": tables.A("pk")}),
        attrs={"a": {"class": "d-inline-block py-1"}},
    )
    licence = tables.Column(verbose_name=_("Licence"), empty_values=(), default="")
    active = tables.BooleanColumn(verbose_name=_("Active"))

    class Meta:
        model = Player
        fields = ("name", "licence", "active")
        attrs = {"class": "table table-striped align-middle"}
        empty_text = _("No player matches.")
        per_page = PER_PAGE

    def render_licence(self, value: str) -> str:
        return value or "—"

    def order_name(self, queryset: QuerySet[Player], is_descending: bool) -> tuple[QuerySet, bool]:
        """Names in French order (rules.collation), not by code point."""
        name = by_name()
        return queryset.order_by(name.desc() if is_descending else name.asc(), "pk"), True


class StandingsTable(tables.Table):
    """A club night's results: rows are selectors.standings.StandingRow, their cells
    written in templates/tables/standings.html."""

    rank = tables.Column(verbose_name=pgettext_lazy("ranking", "#"), attrs=NUMBER)
    name = tables.Column(
        verbose_name=_("Player"),
        linkify=("player_public", {"pk": tables.A("player_id")}),
        attrs={"a": {"class": "d-inline-block py-1"}},
    )
    total = tables.Column(verbose_name=_("Score"), attrs=NUMBER)
    hands = tables.Column(verbose_name=_("Hands"), attrs=WIDE_ONLY)
    taken = tables.Column(verbose_name=_("Taken"), attrs=NUMBER)
    won = tables.Column(verbose_name=_("Won"), attrs=NUMBER)

    class Meta:
        attrs = {"class": "table table-striped align-middle standings"}
        empty_text = _("No hand has been scored yet.")
        orderable = True
        per_page = PER_PAGE  # a 200-player open: 50 lines a page, sorted over all of them
        template_name = "tables/standings.html"

    def render_total(self, value: int) -> str:
        return f"{value:+d}" if value else "0"
