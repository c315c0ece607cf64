"""The hall screen's ranking (selectors.screen.ScreenLine), one table per screen: the
hall shows its pages in turn (views.screen), so the table itself is not paginated."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import django_tables2 as tables
from django.utils.translation import gettext_lazy


def _cells(css: str) -> dict[str, dict[str, str]]:
    return {"th": {"class": css}, "td": {"class": css}}


class HallRankingTable(tables.Table):
    """Its cells are written in templates/tables/hall_ranking.html."""

    rank = tables.Column(
        verbose_name=gettext_lazy("Rank"), attrs=_cells("hall-rank"), empty_values=()
    )
    name = tables.Column(verbose_name=gettext_lazy("Player"), attrs={"td": {"class": "hall-name"}})
    detail = tables.Column(attrs=_cells("hall-detail"))
    total = tables.Column(attrs=_cells("hall-total"))

    class Meta:
        attrs = {"class": "hall-ranking"}
        orderable = False
        empty_text = gettext_lazy("No scores yet.")
        template_name = "tables/hall_ranking.html"

    def __init__(
        self,
        lines: Sequence[Any],
        *,
        detail_label: str,
        total_label: str,
        with_detail: bool,
        name_label: str = "",
    ) -> None:
        super().__init__(lines, exclude=() if with_detail else ("detail",))
        self.with_detail = with_detail
        self.columns["total"].column.verbose_name = total_label
        if name_label:  # the team ranking names teams
            self.columns["name"].column.verbose_name = name_label
        if with_detail:
            self.columns["detail"].column.verbose_name = detail_label

    def render_rank(self, value: int | None) -> str:
        # No result yet, no place: blank, as on the ranking page (not 0).
        return "" if value is None else str(value)
