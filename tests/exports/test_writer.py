"""The one renderer: sheets in, a valid .xlsx out (no database needed)."""

from __future__ import annotations

import datetime
import io
import re
import zipfile
from decimal import Decimal

from django.utils.translation import gettext_lazy
from openpyxl import load_workbook

from tournaments.exports.files import XLSX_CONTENT_TYPE, Export, FileName, file_name
from tournaments.exports.writer import (
    DATE,
    LINE_HEIGHT,
    SCORE,
    Column,
    Formula,
    Rows,
    Sheet,
    Styled,
    needs_protection,
    sheet_ref,
    sheet_title,
    wrapped_lines,
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


def test_response_sends_the_ascii_name_and_the_accented_one():
    name = file_name("Soirée d'été", [datetime.date(2026, 7, 1)], "e9")
    assert name == FileName("soiree-dete_2026-07-01_e9.xlsx", "Soirée d'été_2026-07-01_e9.xlsx")
    response = Export(name=name, sheets=[Sheet("A", COLUMNS, [["x", 1, None]])]).response()
    assert response["Content-Type"] == XLSX_CONTENT_TYPE
    disposition = response["Content-Disposition"]
    assert disposition.startswith('attachment; filename="soiree-dete_2026-07-01_e9.xlsx";')
    assert "filename*=utf-8''Soir%C3%A9e%20d%27%C3%A9t%C3%A9_2026-07-01_e9.xlsx" in disposition
    body = b"".join(response.streaming_content)
    assert int(response["Content-Length"]) == len(body)
    workbook = load_workbook(io.BytesIO(body))
    assert workbook["A"]["A2"].value == "x"


def test_file_names_are_safe_for_any_file_system():
    name = file_name('a/b\\c:"d"\x00 <e>|?*', [], "s1")
    assert name.ascii == "abcd-e_s1.xlsx"
    assert name.display == "a b c d e_s1.xlsx"
    assert file_name("", [], "e1").ascii == "export_e1.xlsx"
    assert file_name("Été", [], "e1").display == "Été_e1.xlsx"
    # No second header field when the name is ASCII already.
    plain = Export(name=file_name("open", [], "e1"), sheets=[]).response()
    assert plain["Content-Disposition"] == 'attachment; filename="open_e1.xlsx"'


def test_every_sheet_prints_landscape_one_page_wide_with_its_header_row_repeated():
    buffer = io.BytesIO()
    write_workbook(
        [Sheet("Data", COLUMNS, [["x", 1, None]]), Sheet("More", COLUMNS, [])],
        buffer,
        title="Open & Co — 19/11/2026",
    )
    workbook = load_workbook(io.BytesIO(buffer.getvalue()))
    for ws in workbook.worksheets:
        assert ws.page_setup.orientation == "landscape"
        assert ws.page_setup.paperSize == int(ws.PAPERSIZE_A4)
        assert ws.sheet_properties.pageSetUpPr.fitToPage
        assert (ws.page_setup.fitToWidth, ws.page_setup.fitToHeight) == (1, 0)
        assert ws.print_title_rows == "$1:$1"
        assert ws.oddHeader.left.text == "Open && Co — 19/11/2026"  # "&" doubled
        assert ws.oddHeader.right.text == "&A"
        assert ws.oddFooter.center.text == "&P / &N"


def test_text_a_spreadsheet_would_evaluate_is_stored_as_protected_text():
    names = ["=1+1", "+33 6", "-2", "@SUM(A1)", "0123", "Anne", "Jean-Paul", "=1+1"]
    _count, workbook = written(
        Sheet("T", [Column("Name"), Column("n", number_format=SCORE)], [[n, 1] for n in names])
    )
    ws = workbook["T"]
    cells = [ws.cell(row, 1) for row in range(2, 2 + len(names))]
    assert [c.value for c in cells] == names
    assert all(c.data_type == "s" for c in cells)
    assert [bool(c.quotePrefix) for c in cells] == [
        True,
        True,
        True,
        True,
        True,
        False,
        False,
        True,
    ]
    assert [needs_protection(n) for n in names] == [
        True,
        True,
        True,
        True,
        True,
        False,
        False,
        True,
    ]


def test_quote_prefix_is_in_the_files_own_style_of_the_cell():
    buffer = io.BytesIO()
    write_workbook([Sheet("T", [Column("Name")], [['=HYPERLINK("http://x","y")']])], buffer)
    with zipfile.ZipFile(io.BytesIO(buffer.getvalue())) as archive:
        sheet = archive.read("xl/worksheets/sheet1.xml").decode()
        styles = archive.read("xl/styles.xml").decode()
    cell = re.search(r'<c r="A2"([^>]*)>', sheet)
    assert 't="inlineStr"' in cell[1]
    style = int(re.search(r's="(\d+)"', cell[1])[1])
    xfs = re.search(r"<cellXfs[^>]*>(.*?)</cellXfs>", styles, re.S)[1]
    xf = re.findall(r"<xf [^>]*?/?>", xfs)[style]
    assert 'quotePrefix="1"' in xf
    assert "<f>" not in sheet


def test_long_headings_wrap_and_the_header_row_is_tall_enough():
    columns = [Column("Rank", 7), Column("Tie-break 1: best round", 12)]
    # 9 characters a line: "Tie-break" / "1: best" / "round"
    assert wrapped_lines("Tie-break 1: best round", 12) == 3
    assert wrapped_lines("Contracts", 5) == 3  # a word wider than its column breaks
    assert wrapped_lines("Rank", 7) == 1
    _count, workbook = written(Sheet("H", columns, []))
    ws = workbook["H"]
    assert ws.row_dimensions[1].height == 3 * LINE_HEIGHT
    assert all(c.alignment.wrap_text for c in ws[1])
    _count, workbook = written(Sheet("S", [Column("Rank", 7)], []))
    assert workbook["S"].row_dimensions[1].height is None  # one line: the default height


def test_a_later_sheet_keeps_its_place_and_reads_what_the_others_wrote():
    seen: list[int] = []

    def numbers():
        for n in range(3):
            seen.append(n)
            yield [n]

    summary = Sheet("Sum", [Column("total")], (lambda: ([sum(seen)] for _ in [0]))(), later=True)
    _count, workbook = written(summary, Sheet("Numbers", [Column("n")], numbers()))
    assert workbook.sheetnames == ["Sum", "Numbers"]
    assert workbook["Sum"]["A2"].value == 3


def test_rows_sharing_a_head_write_as_whole_rows():
    columns = [
        Column("Who"),
        Column("Hand", number_format=SCORE),
        Column("n"),
        Column("s", 9, SCORE),
    ]
    rows = [
        Rows(["=evil", 7], [("x", 1), ("y", -2)]),
        Rows(["Anne", -3], [("=z", 3)]),
        ["plain", 4, "w", 5],
        Rows(["nobody", 0], []),
        Rows(["Zoé"], [(1, "a", 2), (2, "b")]),  # tails of three values, and shorter
    ]
    count, workbook = written(Sheet("C", columns, rows))
    ws = workbook["C"]
    values = [[c.value for c in row] for row in ws.iter_rows(min_row=2)]
    assert values == [
        ["=evil", 7, "x", 1],
        ["=evil", 7, "y", -2],
        ["Anne", -3, "=z", 3],
        ["plain", 4, "w", 5],
        ["Zoé", 1, "a", 2],
        ["Zoé", 2, "b", None],
    ]
    assert count == 6
    assert ws.auto_filter.ref == "A1:D7"
    assert [ws.cell(r, 1).quotePrefix for r in (2, 3, 4)] == [True, True, False]
    assert ws.cell(4, 3).quotePrefix and ws.cell(4, 3).data_type == "s"
    assert {ws.cell(r, c).number_format for r in (2, 3, 4, 5) for c in (2, 4)} == {SCORE}


def test_a_heading_never_breaks_inside_a_word():
    """A heading "Départage" in a column 8 wide was once printed "Départa" over "ge"."""
    columns = [Column("Départage 1", 8), Column("Licence", 5), Column("Nom du joueur", 30)]
    _, workbook = written(Sheet("Classement", columns, [["x", "y", "z"]]))
    ws = workbook["Classement"]
    for index, column in enumerate(columns):
        width = ws.column_dimensions["ABC"[index]].width
        assert width >= column.width
        room = int(width * 0.9) - 1  # wrapped_lines' room for bold letters
        assert all(len(word) <= room for word in column.header.split()), (column, width)
    assert ws.column_dimensions["C"].width == 30  # a wide enough column keeps its width
