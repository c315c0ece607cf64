"""Hostile workbooks are refused by their declared sizes, in seconds and a few MB.

A small .xlsx of millions of empty rows could hold a worker busy, or swell its memory,
before these checks (benchmarks/RESULTS.md). Every file here is refused before its
rows are read in full.
"""

from __future__ import annotations

import io
import time
import tracemalloc
import zipfile
from collections.abc import Callable

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from tournaments.errors import Refused
from tournaments.forms.tournament import ImportForm
from tournaments.imports import (
    MAX_COLUMNS,
    MAX_ROWS,
    MAX_UNCOMPRESSED_BYTES,
    parse_file,
)

SHEET = "xl/worksheets/sheet1.xml"
SHEET_HEAD = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
)
HEADER_ROW = '<row r="1"><c r="A1" t="inlineStr"><is><t>Nom</t></is></c></row>'


def workbook_with_sheet(sheet_xml: Callable[[], bytes] | bytes) -> bytes:
    """A real workbook from openpyxl whose first sheet's XML is replaced by ours."""
    workbook = Workbook()
    workbook.active.append(["Nom"])
    original = io.BytesIO()
    workbook.save(original)
    out = io.BytesIO()
    with (
        zipfile.ZipFile(original) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target,
    ):
        for item in source.infolist():
            if item.filename == SHEET:
                target.writestr(SHEET, sheet_xml() if callable(sheet_xml) else sheet_xml)
            else:
                target.writestr(item, source.read(item.filename))
    return out.getvalue()


def refused_quickly(data: bytes, filename: str = "list.xlsx") -> tuple[str, float, int]:
    """Parse and expect a refusal; return its message, the seconds and peak bytes taken."""
    tracemalloc.start()
    # CPU time, not wall time: the limit is about the parser's work, not about what the
    # machine's other processes are doing.
    started = time.process_time()
    try:
        with pytest.raises(Refused) as refused:
            parse_file(data, filename)
        elapsed = time.process_time() - started
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # "Within a few seconds and a few MB": what an organiser's upload may cost. The
    # measured cost is far below these bounds (benchmarks/RESULTS.md), which leave room
    # for a loaded machine.
    assert elapsed < 2, f"{elapsed:.2f} s"
    assert peak < 4 * 1024 * 1024, f"{peak / 1e6:.1f} MB"
    return refused.value.message, elapsed, peak


def empty_rows_sheet(rows: int, *, dimension: str | None, numbered: bool = True) -> bytes:
    parts = [SHEET_HEAD]
    if dimension:
        parts.append(f'<dimension ref="{dimension}"/>')
    parts.append("<sheetData>")
    parts.append(HEADER_ROW)
    # Without r="n" openpyxl counts the rows itself, and the XML compresses 1000 times.
    parts.extend(f'<row r="{n}"/>' if numbered else "<row/>" for n in range(2, rows + 1))
    parts.append("</sheetData></worksheet>")
    return "".join(parts).encode()


def test_three_million_empty_rows_are_refused_by_the_declared_size():
    data = workbook_with_sheet(empty_rows_sheet(3_000_000, dimension="A1:A3000000", numbered=False))
    assert len(data) < 600 * 1024  # the file: about 421 KB
    message, elapsed, peak = refused_quickly(data)
    assert "unzipped" in message or "décompressé" in message
    print(f"3M empty rows, {len(data) // 1024} KB: {elapsed:.3f} s, peak {peak / 1e6:.1f} MB")


def test_a_tiny_sheet_declaring_three_million_rows_is_refused_by_its_dimension():
    # openpyxl would yield 3 million padded empty rows after the single real one.
    data = workbook_with_sheet(
        (SHEET_HEAD + '<dimension ref="A1:A3000000"/><sheetData>' + HEADER_ROW).encode()
        + b"</sheetData></worksheet>"
    )
    assert len(data) < 10 * 1024
    message, elapsed, peak = refused_quickly(data)
    assert str(MAX_ROWS) in message
    print(f"dimension A1:A3000000: {elapsed:.3f} s, peak {peak / 1e6:.1f} MB")


def test_a_sheet_declaring_every_column_is_refused_before_padding_rows():
    # <dimension ref="A1:XFD..."/>: every row read would be 16,384 cells wide.
    data = workbook_with_sheet(
        (SHEET_HEAD + '<dimension ref="A1:XFD4000"/><sheetData>' + HEADER_ROW).encode()
        + b"</sheetData></worksheet>"
    )
    message, _, _ = refused_quickly(data)
    assert str(MAX_COLUMNS) in message


def test_rows_past_the_limit_without_a_dimension_stop_the_stream():
    # No dimension and under the size limit: the stream stops at the first row too many.
    sheet = empty_rows_sheet(600_000, dimension=None)
    assert len(sheet) < MAX_UNCOMPRESSED_BYTES
    message, elapsed, peak = refused_quickly(workbook_with_sheet(sheet))
    assert str(MAX_ROWS) in message
    print(f"600k rows, no dimension: {elapsed:.3f} s, peak {peak / 1e6:.1f} MB")


def test_a_zip_bomb_is_refused_by_its_declared_size():
    # 200 MB of one repeated byte in a shared-strings part openpyxl would load whole.
    out = io.BytesIO()
    with (
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive,
        archive.open("xl/sharedStrings.xml", "w") as part,
    ):
        chunk = b"A" * (1024 * 1024)
        for _ in range(200):
            part.write(chunk)
    data = out.getvalue()
    assert len(data) < 1024 * 1024
    message, elapsed, peak = refused_quickly(data)
    assert "MB" in message or "Mo" in message
    print(f"zip bomb, {len(data) // 1024} KB: {elapsed:.3f} s, peak {peak / 1e6:.1f} MB")


def test_a_highly_compressed_part_under_the_size_limit_is_refused_by_its_ratio():
    data = workbook_with_sheet(
        SHEET_HEAD.encode() + b"<sheetData>" + b" " * (10 * 1024 * 1024) + b"</sheetData>"
        b"</worksheet>"
    )
    refused_quickly(data)


def test_a_csv_of_empty_lines_stops_at_the_row_limit():
    data = b"Nom\r\n" + b";\r\n" * 1_000_000
    message, _, _ = refused_quickly(data, "list.csv")
    assert str(MAX_ROWS) in message


def test_a_full_file_at_the_limits_still_reads():
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["Nom", "Licence", *[f"x{i}" for i in range(MAX_COLUMNS - 2)]])
    for n in range(MAX_ROWS - 1):
        sheet.append([f"Joueur {n}", str(100000 + n)])
    buffer = io.BytesIO()
    workbook.save(buffer)
    rows = parse_file(buffer.getvalue(), "list.xlsx")
    assert len(rows) == MAX_ROWS - 1


def test_the_import_form_states_the_limits():
    from django.utils import translation

    from tournaments.forms.tournament import IMPORT_MAX_BYTES

    with translation.override("en"):
        help_text = str(ImportForm().fields["file"].help_text)
    megabytes = 1024 * 1024
    assert f"At most {IMPORT_MAX_BYTES // megabytes} MB, {MAX_ROWS} rows" in help_text
    assert f"{MAX_COLUMNS} columns ({MAX_UNCOMPRESSED_BYTES // megabytes} MB once" in help_text


@pytest.mark.django_db
def test_the_page_shows_the_refusal_at_the_file_field(client, organiser, club_night):
    from tournaments.models import Event

    club_night.kind = Event.Kind.TOURNAMENT
    club_night.save()
    client.force_login(organiser)
    data = workbook_with_sheet(
        (SHEET_HEAD + '<dimension ref="A1:A3000000"/><sheetData>' + HEADER_ROW).encode()
        + b"</sheetData></worksheet>"
    )
    response = client.post(
        reverse("tournament_import", args=[club_night.pk]),
        {"file": SimpleUploadedFile("list.xlsx", data)},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200
    errors = response.context["form"].errors["file"]
    assert any(str(MAX_ROWS) in error for error in errors), errors
