"""The history of a table's hands, or of one hand: who changed what, and when."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import django_tables2 as tables
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext_lazy

CELLS = "tables/cells/history_"


class HistoryTable(tables.Table):
    """Rows are selectors.sheet.HistoryEntry, oldest first (the selector's order)."""

    when = tables.Column(verbose_name=gettext_lazy("When"), attrs={"td": {"class": "text-nowrap"}})
    who = tables.Column(verbose_name=gettext_lazy("Who"), empty_values=())
    # The hand's number, linked to its own history unless the page is that already.
    number = tables.TemplateColumn(
        template_name=CELLS + "number.html", verbose_name=gettext_lazy("Hand")
    )
    # A badge coloured by the change's type, and the reason given for it.
    change = tables.TemplateColumn(
        template_name=CELLS + "change.html",
        verbose_name=gettext_lazy("Change"),
        accessor="change_label",
    )
    # Each field changed: its value before, struck out, and after.
    changes = tables.TemplateColumn(
        template_name=CELLS + "changes.html",
        verbose_name=gettext_lazy("Fields (before → after)"),
    )

    class Meta:
        attrs = {"class": "table table-sm align-top", "id": "history"}
        row_attrs = {"class": lambda record: f"history-{record.change_type}"}
        empty_text = gettext_lazy("No change recorded.")
        orderable = False

    def __init__(self, data: Sequence[Any], *, single_hand: bool) -> None:
        super().__init__(data)
        self.columns["number"].column.extra_context = {"single_hand": single_hand}

    def render_when(self, value: Any) -> str:
        # As the template's |date did: in the current time zone.
        return date_format(localtime(value), "SHORT_DATETIME_FORMAT")

    def render_who(self, value: Any) -> str:
        return (value.get_username() if value is not None else "") or "—"
