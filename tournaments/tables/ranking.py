"""Rankings: a tournament's (players and teams) and a season's.

Rows keep the order their selector computed, tie-breaks included: none of these
tables is orderable, so django-tables2 never re-sorts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from .common import LINK, NUMBER, PHONE_HIDDEN, TABLET_UP, WIDE_ONLY

RANK = pgettext_lazy("ranking", "#")
# Long rankings (a 200-player open, a club's season) are shown 50 lines at a time.
RANKING_PER_PAGE = 50
BOLD_TOTAL = {"th": {"class": "text-end"}, "td": {"class": "text-end fw-bold"}}
ROUND = {
    "th": {"class": "text-end d-none d-md-table-cell"},
    "td": {"class": "text-end d-none d-md-table-cell"},
}


def _score_class(total: int) -> str:
    return "score-pos" if total > 0 else "score-neg" if total < 0 else ""


def _total_class(total: int) -> str:
    """A total's cell classes, its colour only when it has one."""
    return " ".join(filter(None, ("text-end fw-bold", _score_class(total))))


def _round_column(index: int, number: int) -> tables.Column:
    """One round's total of a RankingLine (round_totals, in column order); "—" when the
    player did not play it."""
    return tables.Column(
        verbose_name=_("R%(number)s") % {"number": number},
        accessor=f"round_totals__{index}",
        default="—",
        orderable=False,
        attrs=ROUND,
    )


def _player_column() -> tables.Column:
    """A ranked line's player, linked to his public page (a column of its own per table)."""
    return tables.Column(
        verbose_name=gettext_lazy("Player"),
        accessor="row__name",
        linkify=("player_public", {"pk": tables.A("row__player_id")}),
        attrs=LINK,
    )


def _total_column() -> tables.Column:
    """A team's or a season's total, in bold."""
    return tables.Column(verbose_name=gettext_lazy("Total"), attrs=BOLD_TOTAL)


class RankingTable(tables.Table):
    """A tournament's ranking: rows are selectors.tournament.RankingLine, one column per
    round shown (hidden on a phone), the team column only for a team tournament. The
    columns give the headers; each row's cells are written in templates/tables/ranking.html
    (what tables2 would print, at a fraction of its cost: benchmarks/RESULTS.md)."""

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
            "td": {"class": lambda record: _total_class(record.row.total)},
        },
    )

    class Meta:
        attrs = {"class": "table table-striped align-middle", "id": "ranking"}
        empty_text = gettext_lazy("No player is registered yet.")
        orderable = False
        per_page = RANKING_PER_PAGE
        sequence = ("rank", "name", "club", "team", "...", "total")
        template_name = "tables/ranking.html"

    def __init__(self, data: Sequence[Any], *, numbers: Sequence[int], teams: bool) -> None:
        # RankingLine.round_totals holds one total per number shown, in column order.
        rounds = [(f"round_{n}", _round_column(i, n)) for i, n in enumerate(numbers)]
        super().__init__(data, extra_columns=rounds, exclude=() if teams else ("team",))
        self.teams = teams


class TeamRankingTable(tables.Table):
    """A team tournament's team ranking: rows are selectors.ranking.TeamRow."""

    rank = tables.Column(verbose_name=RANK, attrs=NUMBER)
    name = tables.Column(verbose_name=gettext_lazy("Team"))
    members = tables.Column(verbose_name=gettext_lazy("Players"), empty_values=())
    total = _total_column()

    class Meta:
        attrs = {"class": "table table-striped align-middle", "id": "team-ranking"}
        orderable = False

    def render_members(self, value: Sequence[Any]) -> str:
        # Plain text: the table's template escapes it.
        return ", ".join(f"{m.name} ({m.total})" for m in value)


class SeasonRankingTable(tables.Table):
    """A season's stored public ranking: rows are selectors.season.StandingLine, 50 to a
    page, their cells written in templates/tables/season_ranking.html. The per-event grid
    is in the organisers' workbook: a busy club's season (300 players, 100 events) made a
    600 kB page."""

    rank = tables.Column(verbose_name=RANK, attrs=NUMBER)
    name = tables.Column(
        verbose_name=gettext_lazy("Player"),
        linkify=("player_public", {"pk": tables.A("player_id")}),
        attrs=LINK,
    )
    club = tables.Column(verbose_name=gettext_lazy("Club"), attrs=PHONE_HIDDEN)
    events = tables.Column(verbose_name=gettext_lazy("Events"), attrs=WIDE_ONLY)
    counted = tables.Column(verbose_name=gettext_lazy("Counted"), attrs=WIDE_ONLY)
    best = tables.Column(verbose_name=gettext_lazy("Best"), attrs=WIDE_ONLY)
    total = _total_column()

    class Meta:
        attrs = {"class": "table table-striped align-middle", "id": "season-ranking"}
        empty_text = gettext_lazy("No event of this season has published results yet.")
        orderable = False
        per_page = RANKING_PER_PAGE
        template_name = "tables/season_ranking.html"
