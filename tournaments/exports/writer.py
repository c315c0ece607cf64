"""One renderer for every spreadsheet export: sheets in, an .xlsx file out.

Exporters describe sheets (a title, columns, an iterator of rows) and never
touch openpyxl; this module writes them with a write-only workbook, so rows
stream from the database to a temporary file and memory stays flat whatever
the number of hands. Each sheet gets a bold header row (wrapped, tall enough for
its longest heading), panes frozen below it, column widths, number formats, an
autofilter over its data, and a print set-up: landscape A4, one page wide, the
header row repeated on every page, the workbook's title and the sheet's name in
the page header and the page number in the footer.

Every figure is stored as a value, which readers of stored values (pandas, most
viewers) see; a `Formula` is written only where an exporter asks for one, beside
the stored value it re-computes. Text that a spreadsheet would turn into
something else on a later edit (a formula "=...", "+...", "-...", "@...", or a
number such as a licence "01234") is stored as text with the cell's quotePrefix
style, the file format's own apostrophe: Excel and LibreOffice keep it text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import IO, Any, NamedTuple

from django.utils.functional import Promise
from openpyxl import Workbook
from openpyxl.cell import Cell, WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter, quote_sheetname
from openpyxl.worksheet.worksheet import Worksheet

# Number formats. Scores show their sign, as on a paper score sheet (+240 / -80).
SCORE = "+#,##0;-#,##0;0"
INTEGER = "0"
# Built-in format 14: Excel and LibreOffice show it in the reader's own short
# date (19/11/2026 in France), where a literal pattern would impose one.
DATE = "mm-dd-yy"

SHEET_TITLE_MAX = 31
_TITLE_FORBIDDEN = str.maketrans({c: " " for c in "[]:*?/\\"})
# Text a spreadsheet re-reads as a formula or a number when the cell is edited.
_PROTECT = re.compile(r"[=+\-@\t\r]|\d+$")
# The default row height (points) of one line of Calibri 11, and the header's
# lines at most (a longer heading is cut rather than a header taller than a page).
LINE_HEIGHT = 15
HEADER_LINES_MAX = 6
# Header and footer texts (the format allows 255 characters per header in all).
_HEADER_TEXT_MAX = 80


@dataclass(frozen=True)
class Column:
    header: str
    width: float = 12
    number_format: str | None = None


@dataclass(frozen=True)
class Formula:
    """A cell formula ("=SUM(A1:A3)"). Plain strings starting with "=" are written as text,
    so a player called "=HYPERLINK(...)" stays a name."""

    text: str


@dataclass(frozen=True)
class Styled:
    """A value with a format of its own, overriding its column's."""

    value: Any
    number_format: str | None = None
    italic: bool = False


class Rows(NamedTuple):
    """Rows that begin with the same values (`head`: a hand's inputs, on each of its
    players' rows), each followed by its own (`tails`): the writer converts the head once
    for all of them."""

    head: Sequence[Any]
    tails: Sequence[Sequence[Any]]


@dataclass
class Sheet:
    title: str
    columns: Sequence[Column]
    rows: Iterable[Sequence[Any]]
    autofilter: bool = True
    # Rows read after every other sheet's (the sheet keeps its place in the workbook):
    # for figures summed while the other sheets are written, such as the ranking's
    # sum of the hands.
    later: bool = False


def sheet_title(text: str, taken: set[str]) -> str:
    """A title Excel accepts (31 characters, none of []:*?/\\), unique in the workbook."""
    base = " ".join(text.translate(_TITLE_FORBIDDEN).split()).strip("'") or "Sheet"
    title, n = base[:SHEET_TITLE_MAX], 2
    while title.casefold() in taken:
        suffix = f" ({n})"
        title, n = base[: SHEET_TITLE_MAX - len(suffix)] + suffix, n + 1
    taken.add(title.casefold())
    return title


def sheet_ref(title: str, column: int) -> str:
    """An absolute whole-column reference into another sheet, for formulas."""
    letter = get_column_letter(column)
    return f"{quote_sheetname(title)}!${letter}:${letter}"


def _clean(text: str) -> str:
    # openpyxl refuses control characters; a pasted name may hold one.
    return ILLEGAL_CHARACTERS_RE.sub("", text)


def needs_protection(text: str) -> bool:
    """Whether a spreadsheet would read this text as a formula or a number once edited."""
    return bool(text) and _PROTECT.match(text) is not None


def wrapped_lines(text: str, width: float) -> int:
    """The lines a heading takes wrapped in a column of `width` characters (greedy, by
    words; bold text is about a tenth wider than the width's unit, a '0')."""
    room = max(1, int(width * 0.9) - 1)
    lines, used = 1, 0
    for word in text.split():
        size = len(word)
        while size > room:  # a word longer than the column breaks anywhere
            lines, size = lines + (1 if used else 0), size - room
            used = room
        if used and used + 1 + size > room:
            lines, used = lines + 1, size
        else:
            used = used + 1 + size if used else size
    return lines


def header_width(text: str, width: float) -> float:
    """The column's width, widened so that the heading's longest word fits on one line:
    wrapped, "Départage" in a column 8 wide printed "Départa" over "ge". The inverse of
    wrapped_lines' room (a bold letter is about 1.1 units, plus a unit of margin)."""
    longest = max((len(word) for word in text.split()), default=0)
    return max(width, (longest + 2) / 0.9)


# Rows (or hands, `Rows`) read from an exporter before they are written.
BATCH_ROWS = 256

# Distinct strings kept cleaned per sheet: names and words repeat on every row.
_CLEANED_MAX = 50_000


class _ColumnCell(Cell):
    """The one cell of a formatted column, given each row's value in turn. Its style is
    looked up once (openpyxl looks a cell's style up in the workbook's list each time it
    writes one), and its repr is cheap: openpyxl builds that repr into the error it
    catches on being handed a cell rather than a value, once per formatted value."""

    __slots__ = ("_style_index",)

    def __init__(self, ws: Any, number_format: str) -> None:
        super().__init__(ws, row=1, column=1)
        self.number_format = number_format
        self._style_index = super().style_id

    @property
    def style_id(self) -> int:
        return self._style_index

    def __repr__(self) -> str:
        return "<column cell>"


class _SheetWriter:
    """Turns a sheet's values into what a write-only worksheet appends, at close to the
    library's own speed: one converter per column chosen once, plain numbers and
    strings handed over as they are (strings cleaned once each), and one cell object
    per formatted column, reused from row to row (a write-only sheet writes each row
    out before the next is appended), rather than a new styled cell for every value."""

    def __init__(self, ws: Any, columns: Sequence[Column]) -> None:
        self.ws = ws
        self.formats = [c.number_format for c in columns]
        self.italic = Font(italic=True)
        # text -> the cleaned text, or None when it must be written protected
        self.cleaned: dict[str, str | None] = {}
        self.converters = [self._converter(fmt) for fmt in self.formats]
        self.tails: dict[int, Callable[[Sequence[Any]], list[Any]]] = {}  # by head length

    def _text(self, value: str) -> Any:
        try:
            cleaned = self.cleaned[value]
        except KeyError:
            cleaned = _clean(value)
            if needs_protection(cleaned):
                cleaned = None
            if len(self.cleaned) < _CLEANED_MAX:
                self.cleaned[value] = cleaned
        return self._protected(_clean(value)) if cleaned is None else cleaned

    def _protected(self, text: str) -> Cell:
        cell = WriteOnlyCell(self.ws, text)
        cell.data_type = "s"  # text, never a formula
        cell.quotePrefix = True  # and kept text when the cell is edited
        return cell

    def _converter(self, number_format: str | None) -> Callable[[Any], Any]:
        if number_format is None:

            def plain(value: Any) -> Any:
                kind = type(value)
                if kind is int or kind is float or value is None:
                    return value
                if kind is str:
                    return self._text(value)
                return self.cell(value, None)

            return plain
        shared = _ColumnCell(self.ws, number_format)

        def formatted(value: Any) -> Any:
            kind = type(value)
            if kind is int or kind is float:
                shared.value = value
                return shared
            return self.cell(value, number_format)

        return formatted

    def cell(self, value: Any, number_format: str | None) -> Any:
        """Any value, the slow way: styled values, formulas, lazy translations, dates."""
        if value is None:
            return None
        if isinstance(value, Styled):
            cell = self.cell(value.value, value.number_format or number_format)
            if value.italic and cell is not None:
                if not isinstance(cell, Cell):
                    cell = WriteOnlyCell(self.ws, cell)
                cell.font = self.italic
            return cell
        if isinstance(value, Promise):  # a lazy translation (a model choice's label)
            value = str(value)
        if isinstance(value, Formula):
            value = value.text
        elif isinstance(value, str):
            value = self._text(value)
            if isinstance(value, Cell):
                return value
        if number_format is None:
            return value
        cell = WriteOnlyCell(self.ws, value)
        cell.number_format = number_format
        return cell

    def rows(self, values: Rows) -> Iterator[list[Any]]:
        """Each row of `values`, its head converted once."""
        head = self.row(values.head)
        convert = self.tails.get(len(head))
        if convert is None:
            convert = self.tails[len(head)] = self._tail(self.converters[len(head) :])
        for tail in values.tails:
            yield head + convert(tail)

    def _tail(self, converters: list[Callable[[Any], Any]]) -> Callable[[Sequence[Any]], list[Any]]:
        """The conversion of a tail; of three values, without a loop (a hand's rows end
        with the player, his score and his id)."""
        if len(converters) == 3:
            first, second, third = converters

            def three(tail: Sequence[Any]) -> list[Any]:
                if len(tail) == 3:
                    return [first(tail[0]), second(tail[1]), third(tail[2])]
                return [c(value) for c, value in zip(converters, tail, strict=False)]

            return three
        return lambda tail: [c(value) for c, value in zip(converters, tail, strict=False)]

    def row(self, values: Sequence[Any]) -> list[Any]:
        converters = self.converters
        if len(values) <= len(converters):
            return [convert(value) for convert, value in zip(converters, values, strict=False)]
        return [
            self.converters[i](value) if i < len(converters) else self.cell(value, None)
            for i, value in enumerate(values)
        ]


def _header_text(text: str) -> str:
    # "&" starts a code in page headers ("&P": the page number); "&&" is an ampersand.
    return _clean(text)[:_HEADER_TEXT_MAX].replace("&", "&&")


def _print_setup(ws: Any, title: str) -> None:
    """Landscape A4, one page wide (as many pages tall as it takes), the header row on
    every page, the title and the sheet's name above, the page number below."""
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = Worksheet.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0  # no limit: the sheet runs on as many pages as it needs
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_title_rows = "1:1"
    ws.print_options.gridLines = True
    if title:
        ws.oddHeader.left.text = _header_text(title)
    ws.oddHeader.right.text = "&A"  # the sheet's name
    ws.oddFooter.center.text = "&P / &N"


def _start_sheet(workbook: Workbook, sheet: Sheet, title: str, taken: set[str]) -> Any:
    """The worksheet with its settings and header row (write-only sheets take their view,
    column and row settings before the first row)."""
    ws = workbook.create_sheet(sheet_title(sheet.title, taken))
    ws.freeze_panes = "A2"
    lines = 1
    for index, column in enumerate(sheet.columns, 1):
        width = header_width(column.header, column.width)
        ws.column_dimensions[get_column_letter(index)].width = width
        lines = max(lines, wrapped_lines(column.header, width))
    if lines > 1:
        ws.row_dimensions[1].height = LINE_HEIGHT * min(lines, HEADER_LINES_MAX)
    _print_setup(ws, title)
    bold = Font(bold=True)
    wrap = Alignment(wrap_text=True, vertical="top")
    header = []
    for column in sheet.columns:
        cell = WriteOnlyCell(ws, _clean(column.header))
        cell.data_type = "s"
        cell.font = bold
        cell.alignment = wrap
        header.append(cell)
    ws.append(header)
    return ws


def write_workbook(sheets: Iterable[Sheet], fp: IO[bytes], *, title: str = "") -> int:
    """Write the sheets as an .xlsx file to `fp`; returns the number of data rows written.
    `title` (the event or the season) heads every printed page."""
    workbook = Workbook(write_only=True)
    taken: set[str] = set()
    started = [(sheet, _start_sheet(workbook, sheet, title, taken)) for sheet in sheets]
    total = 0
    for sheet, ws in sorted(started, key=lambda item: item[0].later):
        writer = _SheetWriter(ws, sheet.columns)
        count = 0
        given = iter(sheet.rows)
        # The exporter's rows are read a batch at a time, then converted and handed to the
        # library one by one (a formatted column's cell is shared from row to row): its
        # database reads and the library's writing, interleaved row by row, each ran
        # slower.
        while batch := list(islice(given, BATCH_ROWS)):
            for values in batch:
                if type(values) is Rows:
                    for row in writer.rows(values):
                        ws.append(row)
                        count += 1
                else:
                    ws.append(writer.row(values))
                    count += 1
        if sheet.autofilter and sheet.columns:
            # The filter is written after the rows, so the range can be known only now.
            ws.auto_filter.ref = f"A1:{get_column_letter(len(sheet.columns))}{count + 1}"
        total += count
    if not taken:
        workbook.create_sheet("Sheet")  # a workbook needs a sheet
    workbook.save(fp)
    return total
