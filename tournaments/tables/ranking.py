"""Rankings: a tournament's (players and teams) and a season's.

Rows keep the order their selector computed, tie-breaks included: none of these
tables is orderable, so django-tables2 never re-sorts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import django_tables2 as tables
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from ..models import Event
from .common import LINK, NUMBER, PHONE_HIDDEN, TABLET_UP

RANK = pgettext_lazy("ranking", "#")
ROUND = {
    "th": {"class": "text-end d-none d-md-table-cell"},
    "td": {"class": "text-end d-none d-md-table-cell"},
}


# A season's event columns, one per event: from a tablet up, so that the Total stays on
# a phone's screen (issue 15); the columns around the Total give way, never the Total.
EVENT_CELL = "text-end d-none d-md-table-cell"


def _score_class(total: int) -> str:
    return "score-pos" if total > 0 else "score-neg" if total < 0 else ""


class _RoundColumn(tables.Column):
    """One round's total of a RankingLine; "—" when the player did not play it."""

    def __init__(self, index: int, number: int) -> None:
        self.index = index
        super().__init__(
            verbose_name=_("R%(number)s") % {"number": number},
            empty_values=(),
            orderable=False,
            attrs=ROUND,
        )

    def render(self, record: Any) -> Any:
        total = record.round_totals[self.index]
        return "—" if total is None else total


def _player_column() -> tables.Column:
    """A ranked line's player, linked to his public page (a column of its own per table)."""
    return tables.Column(
        verbose_name=gettext_lazy("Player"),
        accessor="row__name",
        linkify=("player_public", {"pk": tables.A("row__player_id")}),
        attrs=LINK,
    )


class RankingTable(tables.Table):
    """A tournament's ranking: rows are selectors.tournament.RankingLine, one column per
    round shown (hidden on a phone), the team column only for a team tournament."""

    rank = tables.Column(verbose_name=RANK, accessor="row__rank", attrs=NUMBER)
    name = _player_column()
    club = tables.Column(
        verbose_name=gettext_lazy("Club"), accessor="row__club", attrs=PHONE_HIDDEN
    )
    team = tables.Column(
        verbose_name=gettext_lazy("Team"), accessor="row__team", default="—", attrs=TABLET_UP
    )
    total = tables.Column(
        verbose_name=gettext_lazy("Total"),
        accessor="row__total",
        attrs={
            "th": {"class": "text-end"},
            "td": {"class": lambda record: f"text-end fw-bold {_score_class(record.row.total)}"},
        },
    )

    class Meta:
        attrs = {"class": "table table-striped align-middle", "id": "ranking"}
        empty_text = gettext_lazy("No player is registered yet.")
        orderable = False
        sequence = ("rank", "name", "club", "team", "...", "total")

    def __init__(self, data: Sequence[Any], *, numbers: Sequence[int], teams: bool) -> None:
        # RankingLine.round_totals holds one total per number shown, in column order.
        rounds = [(f"round_{n}", _RoundColumn(i, n)) for i, n in enumerate(numbers)]
        super().__init__(data, extra_columns=rounds, exclude=() if teams else ("team",))


class TeamRankingTable(tables.Table):
    """A team tournament's team ranking: rows are selectors.ranking.TeamRow."""

    rank = tables.Column(verbose_name=RANK, attrs=NUMBER)
    name = tables.Column(verbose_name=gettext_lazy("Team"))
    members = tables.Column(verbose_name=gettext_lazy("Players"), empty_values=())
    total = tables.Column(
        verbose_name=gettext_lazy("Total"),
        attrs={"th": {"class": "text-end"}, "td": {"class": "text-end fw-bold"}},
    )

    class Meta:
        attrs = {"class": "table table-striped align-middle", "id": "team-ranking"}
        orderable = False

    def render_members(self, value: Sequence[Any]) -> SafeString:
        return format_html_join(", ", "{} ({})", ((m.name, m.total) for m in value))


class _SeasonEventColumn(tables.Column):
    """One event's points in a season line: counted, dropped (in brackets) or not
    counted because the event is unpublished (an organiser's preview)."""

    def __init__(self, index: int, event: Event) -> None:
        self.index = index
        unpublished = "" if event.published else " unpublished-event"
        super().__init__(
            verbose_name=format_html(
                '<a href="{}">{}</a>'
                '<span class="d-block fw-normal text-body-secondary">{}</span>{}',
                event.get_absolute_url(),
                event.name,
                _date(event),
                ""
                if event.published
                else format_html('<span class="badge text-bg-warning">{}</span>', _("unpublished")),
            ),
            empty_values=(),
            orderable=False,
            attrs={
                "th": {"class": f"{EVENT_CELL} small{unpublished}"},
                "td": {"class": EVENT_CELL},
            },
        )

    def render(self, record: Any) -> SafeString:
        cell = record.cells[self.index]
        if cell.points is None:
            return mark_safe('<span class="text-body-secondary">·</span>')
        if cell.unpublished:
            return format_html(
                '<span class="unpublished text-warning-emphasis fst-italic" title="{}">({})</span>',
                _("unpublished event: not counted"),
                cell.points,
            )
        if cell.counted:
            return format_html('<span class="counted">{}</span>', cell.points)
        return format_html(
            '<span class="dropped text-body-secondary fst-italic" title="{}">({})</span>',
            _("not counted"),
            cell.points,
        )


def _date(event: Event) -> str:
    return date_format(event.date, "SHORT_DATE_FORMAT")


class SeasonRankingTable(tables.Table):
    """A season's ranking: rows are selectors.tournament.SeasonLine of one page, one
    column per event. The selector paginates (it builds the players x events grid for
    the page shown only), so this table does not."""

    rank = tables.Column(verbose_name=RANK, accessor="row__rank", attrs=NUMBER)
    name = _player_column()
    club = tables.Column(verbose_name=gettext_lazy("Club"), attrs=PHONE_HIDDEN)
    total = tables.Column(
        verbose_name=gettext_lazy("Total"),
        accessor="row__total",
        attrs={"th": {"class": "text-end"}, "td": {"class": "text-end fw-bold"}},
    )
    events_played = tables.Column(
        verbose_name=gettext_lazy("Events"), accessor="row__events_played", attrs=NUMBER
    )

    class Meta:
        attrs = {"class": "table table-striped align-middle", "id": "season-ranking"}
        orderable = False
        sequence = ("rank", "name", "club", "...", "total", "events_played")

    def __init__(self, data: Sequence[Any], *, events: Sequence[Event]) -> None:
        columns = [(f"event_{e.pk}", _SeasonEventColumn(i, e)) for i, e in enumerate(events)]
        super().__init__(data, extra_columns=columns)

    def render_rank(self, value: int) -> Any:
        return value or "–"  # ranked nowhere: only unpublished results
