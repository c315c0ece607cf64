"""The one renderer: sheets in, a valid .xlsx out (no database needed)."""

from __future__ import annotations

import datetime
import io
from decimal import Decimal

from django.utils.translation import gettext_lazy
from openpyxl import load_workbook

from tournaments.exports.writer import (
    DATE,
    SCORE,
    XLSX_CONTENT_TYPE,
    Column,
    Formula,
    Sheet,
    Styled,
    sheet_ref,
    sheet_title,
    workbook_response,
    write_workbook,
)


def written(*sheets: Sheet):
    buffer = io.BytesIO()
    count = write_workbook(list(sheets), buffer)
    buffer.seek(0)
    return count, load_workbook(buffer)


COLUMNS = [Column("Name", 20), Column("Score", 9, SCORE), Column("Day", 12, DATE)]


def test_rows_from_a_generator_are_written_with_their_column_formats():
    rows = ([f"P{i}", i * 10 - 20, datetime.date(2026, 1, 1 + i)] for i in range(3))
    count, workbook = written(Sheet("Data", COLUMNS, rows))
    ws = workbook["Data"]
    assert count == 3
    assert [c.value for c in ws[1]] == ["Name", "Score", "Day"]
    assert [c.value for c in ws["B"][1:]] == [-20, -10, 0]
    assert {c.number_format for c in ws["B"][1:]} == {SCORE}
    assert ws["C2"].number_format == DATE
    assert ws["C2"].value.date() == datetime.date(2026, 1, 1)
    assert ws["A2"].number_format == "General"
    assert ws.auto_filter.ref == "A1:C4"
    assert ws.freeze_panes == "A2"
    assert ws.column_dimensions["A"].width == 20


def test_an_empty_sheet_keeps_its_header_and_filter():
    count, workbook = written(Sheet("Empty", COLUMNS, []))
    ws = workbook["Empty"]
    assert count == 0
    assert ws.max_row == 1
    assert ws.auto_filter.ref == "A1:C1"
    assert ws["A1"].font.b


def test_formulas_are_formulas_and_text_starting_with_equals_is_text():
    _count, workbook = written(
        Sheet("F", [Column("A"), Column("B")], [[Formula("=1+1"), "=cmd|' /C calc'!A0"]])
    )
    ws = workbook["F"]
    assert ws["A2"].data_type == "f"
    assert ws["A2"].value == "=1+1"
    assert ws["B2"].data_type == "s"


def test_lazy_translations_decimals_and_control_characters_are_written():
    rows = [[gettext_lazy("club"), Decimal("45.5"), "Anne\x07 Martin"]]
    _count, workbook = written(Sheet("X", [Column("a"), Column("b"), Column("c")], rows))
    ws = workbook["X"]
    assert ws["A2"].value == "club"
    assert ws["B2"].value == 45.5
    assert ws["C2"].value == "Anne Martin"


def test_styled_values_override_their_column_format():
    rows = [[Styled(5, "(0)", italic=True), 5]]
    _count, workbook = written(Sheet("S", [Column("a", number_format=SCORE), Column("b")], rows))
    ws = workbook["S"]
    assert (ws["A2"].number_format, ws["A2"].font.i) == ("(0)", True)
    assert (ws["B2"].number_format, ws["B2"].font.i) == ("General", False)


def test_sheet_titles_are_made_valid_and_unique():
    taken: set[str] = set()
    assert sheet_title("Round 1/2: [final]?", taken) == "Round 1 2 final"
    assert sheet_title("x" * 40, taken) == "x" * 31
    assert sheet_title("X" * 40, taken) == "X" * 27 + " (2)"
    _count, workbook = written(Sheet("Hands", COLUMNS, []), Sheet("hands", COLUMNS, []))
    assert workbook.sheetnames == ["Hands", "hands (2)"]


def test_sheet_ref_quotes_titles_with_spaces_and_accents():
    assert sheet_ref("Donnes", 15) == "'Donnes'!$O:$O"
    assert sheet_ref("Feuille d'été", 2) == "'Feuille d''été'!$B:$B"


def test_response_streams_an_attachment_with_a_unicode_filename():
    response = workbook_response([Sheet("A", COLUMNS, [["x", 1, None]])], filename="Été-2026.xlsx")
    assert response["Content-Type"] == XLSX_CONTENT_TYPE
    assert "filename*=utf-8''%C3%89t%C3%A9-2026.xlsx" in response["Content-Disposition"]
    workbook = load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    assert workbook["A"]["A2"].value == "x"
