"""A player's figures (selectors.stats) and a head-to-head (selectors.head_to_head):
small lists in the selector's order, shown whole. Each writes its rows in its own
template (templates/tables/contracts.html, partners.html, head_to_head.html) in the
frame of tables/frame.html (FramedTable): tables2 working each of their cells out on its
own (its render method's signature, its attributes) was a large part of the busiest
player page's cost."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import django_tables2 as tables
from django.template.defaultfilters import floatformat
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy

from .common import NUMBER, FramedTable, ScoreColumn

SMALL = {"class": "table table-sm align-middle"}
ROW_HEAD = {"td": {"class": "fw-normal"}}


class ContractTable(FramedTable):
    """The contracts a player took (selectors.stats.ContractRow), in contract order."""

    label = tables.Column(verbose_name=gettext_lazy("Contract"), attrs=ROW_HEAD)
    taken = tables.Column(verbose_name=gettext_lazy("Taken"), attrs=NUMBER)
    contracts_made = tables.Column(verbose_name=gettext_lazy("Made"), attrs=NUMBER)
    success_rate = tables.Column(
        verbose_name=gettext_lazy("Success"),
        attrs={"th": {"class": "text-end"}, "td": {"class": "text-end text-nowrap"}},
    )
    points = ScoreColumn(verbose_name=gettext_lazy("Score"))

    class Meta:
        attrs = {**SMALL, "id": "contract-table"}
        row_attrs = {"id": lambda record: f"contract-{record.contract}"}
        orderable = False
        template_name = "tables/contracts.html"

    def render_label(self, value: str) -> str:
        return capfirst(value)

    def render_success_rate(self, value: float) -> str:
        return gettext("%(rate)s %%") % {"rate": floatformat(value, 0)}


class PartnerTable(FramedTable):
    """The partners of a called king (selectors.stats.PartnerRow), most hands first."""

    name = tables.Column(
        verbose_name=gettext_lazy("Partner"),
        linkify=("player_public", {"pk": tables.A("player_id")}),  # one reverse a table
    )
    hands = tables.Column(verbose_name=gettext_lazy("Hands"), attrs=NUMBER)
    contracts_made = tables.Column(verbose_name=gettext_lazy("Made"), attrs=NUMBER)
    points = ScoreColumn(verbose_name=gettext_lazy("Score"))

    class Meta:
        attrs = SMALL
        orderable = False
        template_name = "tables/partners.html"

    def __init__(self, data: Any, *, table_id: str) -> None:
        super().__init__(data, attrs={**SMALL, "id": table_id})


class HeadToHeadTable(FramedTable):
    """Two players' hands together: all of them, each one taking, as partners. Rows
    are dicts (head_to_head_rows), the columns of points named after the players."""

    label = tables.Column(verbose_name="", attrs=ROW_HEAD)
    hands = tables.Column(verbose_name=gettext_lazy("Hands"), attrs=NUMBER)
    contracts_made = tables.Column(verbose_name=gettext_lazy("Made"), attrs=NUMBER, default="—")
    a_points = ScoreColumn()
    b_points = ScoreColumn()

    class Meta:
        attrs = {**SMALL, "id": "h2h-table"}
        row_attrs = {
            "id": lambda record: record["id"],
            "class": lambda record: "fw-bold" if record["id"] == "h2h-all" else None,
        }
        orderable = False
        template_name = "tables/head_to_head.html"

    def __init__(self, rows: Sequence[dict[str, Any]], *, a: str, b: str) -> None:
        super().__init__(rows)
        self.columns["a_points"].column.verbose_name = a
        self.columns["b_points"].column.verbose_name = b


def head_to_head_table(h2h: Any, a: str, b: str) -> HeadToHeadTable:
    """The table of selectors.head_to_head.HeadToHead `h2h` between players named a and b."""

    def line(row_id: str, label: str, encounter: Any) -> dict[str, Any]:
        return {
            "id": row_id,
            "label": label,
            "hands": encounter.hands,
            "contracts_made": encounter.contracts_made,
            "a_points": encounter.a_points,
            "b_points": encounter.b_points,
        }

    def took(taker: str, other: str) -> str:
        # The literal inside gettext, so that makemessages finds it: through a variable
        # it was never extracted, and the French page said "X took, Y defended".
        return gettext("%(taker)s took, %(other)s defended") % {"taker": taker, "other": other}

    rows = [
        {
            "id": "h2h-all",
            "label": gettext("All hands together"),
            "hands": h2h.hands,
            "contracts_made": None,
            "a_points": h2h.a_total,
            "b_points": h2h.b_total,
        },
        line("h2h-a-took", took(a, b), h2h.a_took),
        line("h2h-b-took", took(b, a), h2h.b_took),
        line("h2h-partners", gettext("Partners (one called the other)"), h2h.partners),
    ]
    return HeadToHeadTable(rows, a=a, b=b)
