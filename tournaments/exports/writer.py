"""One renderer for every spreadsheet export: sheets in, an .xlsx file out.

Exporters describe sheets (a title, columns, an iterator of rows) and never
touch openpyxl; this module writes them with a write-only workbook, so rows
stream from the database to a temporary file and memory stays flat whatever
the number of hands. Each sheet gets a bold header row, panes frozen below it,
column widths, number formats and an autofilter over its data.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import IO, Any

from django.http import FileResponse
from django.utils.functional import Promise
from django.utils.text import get_valid_filename
from openpyxl import Workbook
from openpyxl.cell import Cell, WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter, quote_sheetname

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

# Number formats. Scores show their sign, as on a paper score sheet (+240 / -80).
SCORE = "+#,##0;-#,##0;0"
INTEGER = "0"
# Built-in format 14: Excel and LibreOffice show it in the reader's own short
# date (19/11/2026 in France), where a literal pattern would impose one.
DATE = "mm-dd-yy"

# Exports up to this size stay in memory; bigger ones spill to a temporary file.
SPOOL_MAX_BYTES = 16 * 1024 * 1024
SHEET_TITLE_MAX = 31
_TITLE_FORBIDDEN = str.maketrans({c: " " for c in "[]:*?/\\"})


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


@dataclass
class Sheet:
    title: str
    columns: Sequence[Column]
    rows: Iterable[Sequence[Any]]
    autofilter: bool = True


@dataclass
class Export:
    """A workbook ready to write once: its sheets' rows are read while writing."""

    filename: str
    sheets: list[Sheet]

    def write(self, fp: IO[bytes]) -> int:
        return write_workbook(self.sheets, fp)

    def response(self) -> FileResponse:
        return workbook_response(self.sheets, filename=self.filename)


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


def export_filename(*parts: str) -> str:
    return get_valid_filename("-".join(p for p in parts if p)) + ".xlsx"


def _clean(text: str) -> str:
    # openpyxl refuses control characters; a pasted name may hold one.
    return ILLEGAL_CHARACTERS_RE.sub("", text)


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
        self.cleaned: dict[str, str] = {}
        self.converters = [self._converter(fmt) for fmt in self.formats]

    def _text(self, value: str) -> Any:
        cleaned = self.cleaned.get(value)
        if cleaned is None:
            cleaned = _clean(value)
            if len(self.cleaned) < _CLEANED_MAX:
                self.cleaned[value] = cleaned
        if cleaned.startswith("="):
            cell = WriteOnlyCell(self.ws, cleaned)
            cell.data_type = "s"  # text, not a formula
            return cell
        return cleaned

    def _converter(self, number_format: str | None) -> Any:
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

    def row(self, values: Sequence[Any]) -> list[Any]:
        converters = self.converters
        if len(values) <= len(converters):
            return [convert(value) for convert, value in zip(converters, values, strict=False)]
        return [
            self.converters[i](value) if i < len(converters) else self.cell(value, None)
            for i, value in enumerate(values)
        ]


def write_workbook(sheets: Iterable[Sheet], fp: IO[bytes]) -> int:
    """Write the sheets as an .xlsx file to `fp`; returns the number of data rows written."""
    workbook = Workbook(write_only=True)
    bold = Font(bold=True)
    taken: set[str] = set()
    total = 0
    for sheet in sheets:
        ws = workbook.create_sheet(sheet_title(sheet.title, taken))
        # Write-only sheets take their view and column settings before the first row.
        ws.freeze_panes = "A2"
        for index, column in enumerate(sheet.columns, 1):
            ws.column_dimensions[get_column_letter(index)].width = column.width
        header = []
        for column in sheet.columns:
            cell = WriteOnlyCell(ws, _clean(column.header))
            cell.font = bold
            header.append(cell)
        ws.append(header)
        writer = _SheetWriter(ws, sheet.columns)
        count = 0
        for values in sheet.rows:
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


def workbook_response(sheets: Iterable[Sheet], *, filename: str) -> FileResponse:
    """A download of the sheets. The workbook is written before the response starts, so a
    database error shows as an error page, not as a truncated file."""
    # FileResponse closes the file once sent, so no context manager here.
    buffer = tempfile.SpooledTemporaryFile(max_size=SPOOL_MAX_BYTES)  # noqa: SIM115
    try:
        write_workbook(sheets, buffer)
        buffer.seek(0)
    except BaseException:
        buffer.close()
        raise
    return FileResponse(
        buffer, as_attachment=True, filename=filename, content_type=XLSX_CONTENT_TYPE
    )
