"""Lean row rendering for the big public tables (rankings, standings), still django-tables2.

django-tables2 stays the owner of the columns (headers, attributes, what a phone
hides), of the ordering and of the pagination; only the body is built differently.
Stock tables2 works out every cell on its own: it inspects the signature of the
render method, resolves the accessor, computes the cell's attributes and reverses
the link's URL once per cell, and the template then renders each cell through the
template engine. A 200-player ranking (2,000 cells) took 250 ms that way, 95 % of the
page. Here each column is planned once per rendering (which render method and with
which arguments, its static attributes, its URL pattern), then every row is one
string built in Python. `tests/public/test_lean_tables.py` checks that both give the
same HTML, cell for cell.

A table opts in by deriving from LeanTable: its template, templates/tables/lean.html,
prints the whole table through tables.lean_frame (header, footer and pagination as
tables2's bootstrap5-responsive template, the rows from `lean_body`).
"""

from __future__ import annotations

import datetime
import decimal
import html
from collections.abc import Callable
from functools import lru_cache
from operator import attrgetter
from typing import Any

import django_tables2 as tables
from django.core.paginator import EmptyPage
from django.db import models
from django.urls import NoReverseMatch, reverse
from django.utils import formats
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import template_localtime
from django_tables2 import RequestConfig
from django_tables2.columns.base import BoundColumn, Column, LinkTransform
from django_tables2.utils import A, AttributeDict, computed_values, signature

LEAN_TEMPLATE = "tables/lean.html"
_CELL_ARGUMENTS = ("value", "record", "column", "bound_column", "bound_row", "table")
# Stand-in ids reversed once per link column, replaced by each row's own (see _url_maker).
_PLACEHOLDER = 987_654_321_000


@lru_cache(maxsize=1024)
def _function_signature(function: Callable[..., Any]) -> tuple[tuple[str, ...], str | None]:
    return signature(function)


def _render_signature(render: Callable[..., Any]) -> tuple[tuple[str, ...], str | None]:
    """tables2's signature() of a column's render method, read once per method rather
    than per table (a hall screen builds ten tables, a player page four)."""
    function = getattr(render, "__func__", None)
    if function is None:
        return signature(render)
    args, catch_all = _function_signature(function)
    return args[1:], catch_all  # a bound method: without its self


def _has_callable(attrs: Any) -> bool:
    if callable(attrs):
        return True
    if isinstance(attrs, dict):
        return any(_has_callable(value) for value in attrs.values())
    return False


def shown(value: Any) -> str:
    """What the stock template's `{{ cell }}` prints (render_value_in_context): local
    time and number format, escaped unless safe."""
    kind = type(value)
    if kind is str:  # not SafeString: what escape() gives, without its lazy-string check
        return html.escape(value)
    if kind is int and not formats.settings.USE_THOUSAND_SEPARATOR:
        return str(value)
    if isinstance(value, str):
        return conditional_escape(value)
    if (
        isinstance(value, int)
        and not isinstance(value, bool)
        and not formats.settings.USE_THOUSAND_SEPARATOR
    ):
        return str(value)
    if isinstance(value, datetime.datetime):
        value = template_localtime(value)
    if isinstance(value, (float, decimal.Decimal, datetime.date, datetime.time, int)):
        value = formats.localize(value)
    return conditional_escape(value)


def _getter(accessor: A) -> Callable[[Any], Any]:
    """The accessor's value for a record: plain attribute lookups without tables2's
    resolver when the path allows it (records here are dataclasses), else the resolver."""
    bits = accessor.bits
    indexed = any(bit.isdigit() for bit in bits)  # list indexes: tables2's resolver

    def get(record: Any) -> Any:
        value = record
        try:
            for bit in bits:
                if isinstance(value, dict):
                    value = value[bit]
                elif isinstance(value, (list, tuple)) and bit.isdigit():
                    value = value[int(bit)]
                else:
                    value = getattr(value, bit)
                if callable(value):
                    return accessor.resolve(record)
        except (AttributeError, KeyError, TypeError, IndexError):
            if not indexed:
                return None  # what tables2 gives a column its record has no value for
            try:
                return accessor.resolve(record)
            except Exception:
                return None
        return value

    # The common paths in one C call ("row__name", "round_totals__2"); anything else
    # (a dict, a callable, a missing attribute or index) goes the long way above.
    names, index = bits, None
    if bits and bits[-1].isdigit():
        names, index = bits[:-1], int(bits[-1])
    if not names or any(not bit.isidentifier() for bit in names):
        return get
    attributes = attrgetter(".".join(names))

    def fast(record: Any) -> Any:
        try:
            value = attributes(record)
            if index is not None:
                value = value[index] if type(value) is list else get(record)
        except (AttributeError, IndexError):
            return get(record)
        return get(record) if callable(value) else value

    return fast


class UrlPattern:
    """The URL of view `viewname` for many integer ids on one page: reversed once (in
    the current language) with a stand-in, each id put in its place. reverse() costs
    20-40 µs a call: 250 links made a round's page 10 ms slower."""

    def __init__(self, viewname: str) -> None:
        self.stand_in = str(_PLACEHOLDER)
        self.pattern = reverse(viewname, args=[_PLACEHOLDER])

    def __call__(self, pk: int) -> str:
        return self.pattern.replace(self.stand_in, str(int(pk)))


def _url_maker(link: LinkTransform) -> Callable[[Any], str] | None:
    """A fast URL for `linkify=(viewname, {name: A(...)})` with integer arguments: the
    view reversed once with a stand-in number per argument, each row's numbers put in
    its place. None when the link is of another kind (then tables2 builds it)."""
    params = link.reverse_args
    viewname = params.get("viewname")
    kwargs = params.get("kwargs")
    if (
        link.url
        or not isinstance(viewname, str)
        or not kwargs
        or set(params) - {"viewname", "kwargs"}
    ):
        return None
    names = list(kwargs)
    accessors = [kwargs[name] for name in names]
    if not all(isinstance(a, A) for a in accessors):
        return None
    stand_ins = [str(_PLACEHOLDER + i) for i in range(len(names))]
    try:
        pattern = reverse(viewname, kwargs=dict(zip(names, map(int, stand_ins), strict=True)))
    except NoReverseMatch:
        return None
    if any(pattern.count(s) != 1 for s in stand_ins):
        return None
    getters = [_getter(a) for a in accessors]

    def url(record: Any) -> str:
        values = [get(record) for get in getters]
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return link.call_reverse(record=record)
        text = pattern
        for stand_in, value in zip(stand_ins, values, strict=True):
            text = text.replace(stand_in, str(value))
        return text

    return url


class _CellPlan:
    """How one column's cells are made, decided once per rendering."""

    def __init__(self, table: tables.Table, bound: BoundColumn) -> None:
        self.table, self.bound, self.column = table, bound, bound.column
        self.name = bound.name
        self.get = _getter(A(bound.accessor))
        self.empty_values = self.column.empty_values
        self.default = bound.default
        render = bound.render
        # Column.render returns the value as it is: no call needed.
        self.identity = getattr(render, "__func__", None) is Column.render
        self.render = render
        args, catch_all = _render_signature(render)
        self.arguments = (
            _CELL_ARGUMENTS if catch_all else tuple(a for a in args if a in _CELL_ARGUMENTS)
        )
        self.callable_cell = bool(catch_all is None and set(args) - set(_CELL_ARGUMENTS))
        self.link = bound.link
        self.url = _url_maker(self.link) if self.link else None
        self.link_attrs = ""
        if self.link is not None and self.url is not None:
            if _has_callable(self.link.attrs):
                self.url = None  # per-record link attributes: tables2 builds the link
            else:
                link_html = AttributeDict(self.link.attrs or {}).as_html()
                self.link_attrs = f" {link_html}" if link_html else ""
        self.dynamic_td = (
            _has_callable(self.table.attrs.get("td"))
            or _has_callable(self.column.attrs.get("td"))
            or _has_callable(self.column.attrs.get("cell"))
        )
        self.td = "" if self.dynamic_td else bound.attrs["td"].as_html()
        self._td_plan: list[tuple[str, Any, tuple[tuple[str, ...], str | None] | None]] | None = (
            None
        )
        self._td_seen: dict[tuple[Any, ...], str] = {}  # computed attributes -> their HTML
        self.localize = self.column.localize
        plain = (
            self.identity
            and self.link is None
            and not self.dynamic_td
            and not self.callable_cell
            and self.localize is None
        )
        if plain:
            self.cell = self._plain_cell  # type: ignore[method-assign]

    def _plain_cell(self, row: Any) -> str:
        """The common case, a value shown as it is: one lookup, one escape."""
        record = row.record
        if isinstance(record, models.Model):
            content = row.get_cell(self.name)
            return self._td(record, content, self._printed(content))
        value = self.get(record)
        if value in self.empty_values:
            value = self.default
        return f"<td {self.td}>{shown(value)}</td>"

    def cell(self, row: Any) -> str:
        record = row.record
        if isinstance(record, models.Model) or self.callable_cell:
            # Choices' labels (get_FOO_display) and the like: tables2's own way.
            content: Any = row.get_cell(self.name)
            return self._td(record, content, self._printed(content))
        value = self.get(record)
        if value in self.empty_values:
            return self._td(record, self.default, self._printed(self.default))
        if self.identity:
            content = value
        elif self.arguments == ("record",):
            content = self.render(record=record)
        elif self.arguments == ("value",):
            content = self.render(value=value)
        else:
            given = {
                "value": value,
                "record": record,
                "column": self.column,
                "bound_column": self.bound,
                "bound_row": row,
                "table": self.table,
            }
            content = self.render(**{name: given[name] for name in self.arguments})
        if self.link is None:
            return self._td(record, content, self._printed(content))
        if self.url is not None:
            href = escape(self.url(record))
            return self._td(
                record,
                content,
                f'<a{self.link_attrs} href="{href}">{conditional_escape(content)}</a>',
            )
        content = self.link(
            content,
            value=value,
            record=record,
            column=self.column,
            bound_column=self.bound,
            bound_row=row,
            table=self.table,
        )
        return self._td(record, content, self._printed(content))

    def _printed(self, content: Any) -> str:
        """The stock template's `{{ cell }}`, `{{ cell|localize }}` or `{{ cell|unlocalize }}`."""
        if self.localize is None:
            return shown(content)
        if self.localize:
            return conditional_escape(str(formats.localize(content, use_l10n=True)))
        return conditional_escape(str(content))

    def _td(self, record: Any, content: Any, html: str) -> str:
        attrs = self._dynamic_td(record, content) if self.dynamic_td else self.td
        return f"<td {attrs}>{html}</td>"

    def _dynamic_td(self, record: Any, content: Any) -> str:
        """The cell's attributes when they depend on the record: what tables2's
        BoundColumn.attrs["td"] gives (BoundRow.items sets the record and value), its
        th and tf left out, each callable's signature read once (tables2 reads it at
        every cell)."""
        if self._td_plan is None:
            merged = {**self.table.attrs, **self.column.attrs}
            source = merged.get("td", merged.get("cell", {}))
            self._td_plan = [
                (name, value, signature(value) if callable(value) else None)
                for name, value in source.items()
            ]
        given = {"table": self.table, "bound_column": self.bound}
        if content is not None:  # as tables2: the record is only passed with a value
            given.update(record=record, value=content)
        values: dict[str, Any] = {}
        for name, value, sig in self._td_plan:
            if sig is None:
                values[name] = (
                    computed_values(value, kwargs=given) if isinstance(value, dict) else value
                )
                continue
            args, catch_all = sig
            if catch_all:
                values[name] = value(**given)
            elif all(a in given for a in args):
                values[name] = value(**{a: given[a] for a in args})
            else:
                values[name] = None  # tables2's call_with_appropriate gives None then
        try:
            key = tuple(values.items())
            return self._td_seen[key]
        except KeyError:
            pass
        except TypeError:  # an unhashable value: not remembered
            key = None
        td = AttributeDict(values)
        td["class"] = self.bound.get_td_class(td)
        html_attrs = td.as_html()
        if key is not None:
            self._td_seen[key] = html_attrs
        return html_attrs


class LeanTable(tables.Table):
    """A tables2 Table whose body rows are built by `lean_body` (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self._template is None:  # not given to this table: the lean one
            self.template_name = LEAN_TEMPLATE

    def lean_body(self) -> SafeString:
        plans = [_CellPlan(self, bound) for bound in self.columns]
        lines: list[str] = []
        static_rows = not self.row_attrs
        for row in self.paginated_rows:
            if static_rows:
                attrs = f'class="{row.get_even_odd_css_class()}"'
            else:
                attrs = row.attrs.as_html()
            cells = "".join(plan.cell(row) for plan in plans)
            lines.append(f"<tr {attrs}>{cells}</tr>")
        if not lines and self.empty_text:
            lines.append(
                f'<tr><td colspan="{len(plans)}">{conditional_escape(self.empty_text)}</td></tr>'
            )
        return mark_safe("".join(lines))  # every value went through conditional_escape


def configure(table: tables.Table, request: Any) -> tables.Table:
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
