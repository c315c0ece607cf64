"""The whole of a lean table in Python: what tables2's bootstrap5-responsive template
prints around the rows (wrapper, header, footer, pagination), built as one string.

The stock template renders each header cell, ordering link and page link through the
template engine and the `querystring_replace` tag: 0.5 ms for a 50-line ranking's
header and pagination, 1.5 ms for a player's four-line contract table, a good part of
a public page's own cost against the floor page (benchmarks/RESULTS.md). The rows
come from LeanTable.lean_body; `tests/tournament_ui/test_lean_tables.py` checks that
the HTML is the stock template's but for white space.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django_tables2 import Table
from django_tables2.templatetags.django_tables2 import table_page_range
from django_tables2.utils import AttributeDict

# tables2's own words, translated by its own catalogue (held in variables so that
# makemessages does not copy them into ours).
_PREVIOUS, _NEXT = "previous", "next"


def _attrs(value: Any) -> str:
    """`{{ x.as_html }}` in the stock template: "" unless `x` is an AttributeDict."""
    return value.as_html() if isinstance(value, AttributeDict) else ""


def _query(request: Any, field: str, value: Any) -> str:
    """tables2's `{% querystring_replace field=value %}`."""
    params = dict(request.GET) if request is not None else {}
    params[field] = value
    return escape("?" + urlencode(params, doseq=True))


def _header(table: Table, request: Any) -> str:
    cells = []
    for column in table.columns:
        label = conditional_escape(column.header)
        if column.orderable:
            href = _query(request, table.prefixed_order_by_field, column.order_by_alias.next)
            label = f'<a href="{href}">{label}</a>'
        cells.append(f'<th {column.attrs["th"].as_html()} scope="col">{label}</th>')
    return f"<thead {_attrs(table.attrs.get('thead'))}><tr>{''.join(cells)}</tr></thead>"


def _footer(table: Table) -> str:
    cells = "".join(
        f"<td {column.attrs['tf'].as_html()}>{conditional_escape(column.footer)}</td>"
        for column in table.columns
    )
    return f"<tfoot {_attrs(table.attrs.get('tfoot'))}><tr>{cells}</tr></tfoot>"


def _pagination(table: Table, request: Any) -> str:
    page = getattr(table, "page", None)
    if not page or table.paginator.num_pages <= 1:
        return ""
    field = table.prefixed_page_field
    items = []
    if page.has_previous():
        href = _query(request, field, page.previous_page_number())
        items.append(
            f'<li class="previous page-item"><a href="{href}" class="page-link">'
            f'<span aria-hidden="true">&laquo;</span> {escape(gettext(_PREVIOUS))}</a></li>'
        )
    if page.has_previous() or page.has_next():
        for number in table_page_range(page, table.paginator):
            active = " active" if page.number == number else ""
            href = f' href="{_query(request, field, number)}"' if number != "..." else ""
            items.append(
                f'<li class="page-item{active}"><a class="page-link"{href}>'
                f"{conditional_escape(number)}</a></li>"
            )
    if page.has_next():
        href = _query(request, field, page.next_page_number())
        items.append(
            f'<li class="next page-item"><a href="{href}" class="page-link">'
            f'{escape(gettext(_NEXT))} <span aria-hidden="true">&raquo;</span></a></li>'
        )
    # The stock template leaves this label in English; a screen reader reads ours.
    label = gettext("Table navigation")
    return (
        f'<nav aria-label="{escape(label)}">'
        f'<ul class="pagination justify-content-center">{"".join(items)}</ul></nav>'
    )


def table_html(table: Any, request: Any) -> SafeString:
    """The LeanTable `table` as the stock bootstrap5-responsive template prints it."""
    if request is None:  # the page's request first, as the stock template's context
        request = getattr(table, "request", None)
    attrs = AttributeDict({"class": "table"})
    attrs.update(table.attrs)
    # Focusable, as in tables/responsive.html: a keyboard must be able to scroll it.
    parts = [
        f'<div class="table-container table-responsive" tabindex="0"><table {attrs.as_html()}>'
    ]
    if table.show_header:
        parts.append(_header(table, request))
    parts.append(f"<tbody {_attrs(table.attrs.get('tbody'))}>{table.lean_body()}</tbody>")
    if table.has_footer():
        parts.append(_footer(table))
    parts.append("</table>")
    parts.append(_pagination(table, request))
    parts.append("</div>")
    # Every value above went through escape() or an AttributeDict's as_html.
    return mark_safe("".join(parts))
