"""{% lean_table table %}: a LeanTable printed whole by tables.lean_frame (the body of
templates/tables/lean.html)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.safestring import SafeString

from ..tables.lean_frame import table_html

register = template.Library()


@register.simple_tag(takes_context=True)
def lean_table(context: template.Context, table: Any) -> SafeString:
    return table_html(table, context.get("request"))
