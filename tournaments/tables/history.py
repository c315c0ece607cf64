"""The history of a table's hands, or of one hand: who changed what, and when."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.text import capfirst
from django.utils.timezone import localtime
from django.utils.translation import gettext_lazy

BADGES = {"-": "text-bg-danger", "+": "text-bg-success"}


class HistoryTable(tables.Table):
    """Rows are selectors.sheet.HistoryEntry, oldest first (the selector's order)."""

    when = tables.Column(verbose_name=gettext_lazy("When"), attrs={"td": {"class": "text-nowrap"}})
    who = tables.Column(verbose_name=gettext_lazy("Who"), empty_values=())
    number = tables.Column(verbose_name=gettext_lazy("Hand"))
    change = tables.Column(
        verbose_name=gettext_lazy("Change"), accessor="change_label", empty_values=()
    )
    changes = tables.Column(verbose_name=gettext_lazy("Fields (before → after)"), empty_values=())

    class Meta:
        attrs = {"class": "table table-sm align-top", "id": "history"}
        row_attrs = {"class": lambda record: f"history-{record.change_type}"}
        empty_text = gettext_lazy("No change recorded.")
        orderable = False

    def __init__(self, data: Sequence[Any], *, single_hand: bool) -> None:
        super().__init__(data)
        self.single_hand = single_hand

    def render_when(self, value: Any) -> str:
        # As the template's |date did: in the current time zone.
        return date_format(localtime(value), "SHORT_DATETIME_FORMAT")

    def render_who(self, value: Any) -> str:
        return (value.get_username() if value is not None else "") or "—"

    def render_number(self, record: Any, value: int) -> Any:
        if self.single_hand:
            return value
        return format_html(
            '<a href="{}">{}</a>', reverse("hand_history", args=[record.hand_id]), value
        )

    def render_change(self, record: Any, value: str) -> SafeString:
        badge = format_html(
            '<span class="badge {}">{}</span>',
            BADGES.get(record.change_type, "text-bg-secondary"),
            value,
        )
        if record.reason:
            return format_html('{} <small class="text-muted">{}</small>', badge, record.reason)
        return badge

    def render_changes(self, value: Sequence[Any]) -> SafeString | str:
        if not value:
            return ""
        return format_html(
            '<dl class="row mb-0 small">{}</dl>',
            format_html_join(
                "",
                '<dt class="col-5 fw-normal text-muted">{}</dt>'
                '<dd class="col-7 mb-0">{}<ins>{}</ins></dd>',
                (
                    (
                        capfirst(change.label),
                        format_html("<del>{}</del> → ", change.before) if change.before else "",
                        change.after,
                    )
                    for change in value
                ),
            ),
        )
