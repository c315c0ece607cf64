"""Reading a registration file (CSV or .xlsx) into rows; checks nothing about the database.

Excel's ways are taken in: a French Excel saves CSV with ';' in cp1252, a licence typed
as a number comes back as a float, and the header may sit below empty rows.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
import unicodedata
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any
from xml.parsers import expat

from django.utils.translation import gettext as _

from ..errors import Refused
from ..models import Player

# Limits checked before a file is read in full, so that a small hostile file (3 million
# empty rows, a sheet declaring 16,384 columns, a zip bomb) is refused in milliseconds
# instead of holding a worker for minutes. The form's help text and docs/USING.md state them.
MAX_ROWS = 5000  # rows of the file, blank and header rows included
MAX_COLUMNS = 50  # so at most 250,000 cells are ever read
MAX_UNCOMPRESSED_BYTES = 20 * 1024 * 1024  # an .xlsx once unzipped, all its parts
# A real workbook compresses 5 to 20 times; far more means padding made to be unzipped.
MAX_COMPRESSION_RATIO = 100
_RATIO_FROM_BYTES = 1024 * 1024  # tiny parts compress oddly: the ratio counts above 1 MB


# Normalised header (see header_key) -> column.
HEADERS: dict[str, str] = {
    **dict.fromkeys(
        [
            "name",
            "player",
            "player name",
            "full name",
            "last name",
            "surname",
            "nom",
            "joueur",
            "nom du joueur",
            "nom complet",
            "nom prenom",
            "nom et prenom",
        ],
        "name",
    ),
    **dict.fromkeys(["first name", "given name", "prenom"], "first_name"),
    **dict.fromkeys(
        [
            "licence",
            "license",
            "licence number",
            "license number",
            "licence no",
            "license no",
            "licence fft",
            "fft licence",
            "numero de licence",
            "numero licence",
            "no de licence",
            "no licence",
            "n de licence",
            "n licence",
            "num licence",
        ],
        "licence",
    ),
    **dict.fromkeys(["club", "club name", "nom du club"], "club"),
    **dict.fromkeys(["team", "team name", "equipe", "nom de l equipe", "nom equipe"], "team"),
}


def _unreadable(message: str) -> Refused:
    """The file as a whole cannot be read (type, encoding, header, size); nothing was
    imported. Refused at the form's file field."""
    return Refused(message, field="file")


@dataclass
class ImportRow:
    number: int
    name: str
    licence: str
    club: str
    team: str
    player: Player | None = None  # the database player it matched
    club_key: Any = None  # a club id, or ("new", normalised name)
    # A CSV record's count of fields when it differs from the header's (None: same):
    # a name holding the separator, unquoted, shifts every cell after it.
    fields: int | None = None
    header_fields: int = 0


# --- reading the file --------------------------------------------------------


def header_key(text: str) -> str:
    """A header or club name as compared: accents, case and punctuation ignored."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(re.sub(r"[^0-9a-z]+", " ", plain).split())


def _cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # Excel stores a licence typed as a number as a float
    return " ".join(str(value).split())


_CHUNK = 64 * 1024


def _encoding(data: bytes) -> str:
    """UTF-8 (with or without its byte order mark), else Windows-1252, else Latin-1 (every
    byte is a character there). Checked a chunk at a time: the whole file is never held
    decoded (a million empty lines cost 23 MB that way)."""
    for encoding in ("utf-8-sig", "cp1252"):
        decoder = codecs.getincrementaldecoder(encoding)()
        try:
            for start in range(0, len(data), _CHUNK):
                decoder.decode(data[start : start + _CHUNK])
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            continue
        return encoding
    return "latin-1"


def _sniff_delimiter(head: str) -> str:
    """French Excel writes ';', the rest of the world ','; the header line tells which."""
    header = next((line for line in head.splitlines() if line.strip()), "")
    counts = {d: header.count(d) for d in (";", ",", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def _csv_rows(data: bytes) -> Iterator[tuple[int, list[str]]]:
    if data[:4] == b"PK\x03\x04":
        raise _unreadable(_("This file is an Excel workbook, not a CSV file: name it .xlsx."))
    encoding = _encoding(data)
    # The header is in the first lines; the rows are decoded as they are read.
    delimiter = _sniff_delimiter(data[:_CHUNK].decode(encoding, errors="ignore"))
    text = io.TextIOWrapper(io.BytesIO(data), encoding=encoding, newline="")
    reader = csv.reader(text, delimiter=delimiter)
    read_to = 0  # the file's line the last record read ended on
    try:
        # A record is a spreadsheet row even when a quoted cell spans lines.
        for number, record in enumerate(reader, 1):
            read_to = reader.line_num
            _check_row(number, len(record))
            yield number, [_cell_text(v) for v in record]
    except csv.Error:
        # The csv module's own words are English ("field larger than field limit"): the
        # organiser reads where to look instead. In practice it is a quotation mark left
        # open, which swallows the rest of the file into one cell.
        raise _unreadable(
            _(
                'This CSV file cannot be read from row %(row)s on: a quotation mark (") is '
                "probably left open there. Remove it, or close it, and import the file again."
            )
            % {"row": read_to + 1}  # the record that failed starts on the next line
        ) from None


def _too_many_rows() -> Refused:
    return _unreadable(
        _("This file has more than %(max)s rows: import at most %(max)s rows at a time.")
        % {"max": MAX_ROWS}
    )


def _too_many_columns() -> Refused:
    return _unreadable(
        _("This file has more than %(max)s columns: keep only the player columns.")
        % {"max": MAX_COLUMNS}
    )


def _check_row(number: int, width: int) -> None:
    """Stop at the first row past the limits, before reading the rest of the file."""
    if number > MAX_ROWS:
        raise _too_many_rows()
    if width > MAX_COLUMNS:
        raise _too_many_columns()


def _check_archive(data: bytes) -> None:
    """Refuse an .xlsx by its zip directory (declared sizes) and a streamed count of rows.

    zipfile never inflates a member past its declared size, so the declared total bounds
    what reading the workbook can cost, whatever the compressed parts really hold.
    """
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
            _check_size(members)
            for member in members:
                if member.filename.startswith("xl/worksheets/") and member.filename.endswith(
                    ".xml"
                ):
                    with archive.open(member) as source:
                        _check_sheet_without_dimension(source)
    except Refused:
        raise  # already says what is wrong
    except (zipfile.BadZipFile, ValueError, OSError, expat.ExpatError):
        raise _unreadable(_("This file cannot be read as an Excel workbook (.xlsx).")) from None


def _check_size(members: list[zipfile.ZipInfo]) -> None:
    total = sum(member.file_size for member in members)
    bombs = [
        member
        for member in members
        if member.file_size > _RATIO_FROM_BYTES
        and member.file_size > MAX_COMPRESSION_RATIO * max(member.compress_size, 1)
    ]
    if total > MAX_UNCOMPRESSED_BYTES or bombs:
        raise _unreadable(
            _(
                "This workbook is too large once unzipped (%(size)s MB, at most %(max)s MB): "
                "copy only the player list into a new workbook."
            )
            % {
                "size": f"{total / (1024 * 1024):.0f}",
                "max": MAX_UNCOMPRESSED_BYTES // (1024 * 1024),
            }
        )


class _SheetScan:
    """Counts a sheet's rows and cells from its XML, with no tree: expat events only."""

    def __init__(self) -> None:
        self.rows = 0
        self.cells_in_row = 0
        self.done = False  # a <dimension> came first: openpyxl sizes the sheet from it

    def start(self, name: str, _attributes: dict[str, str]) -> None:
        tag = name.rsplit(" ", 1)[-1]
        if tag == "dimension" and not self.rows:
            self.done = True
        elif tag == "row":
            self.rows += 1
            self.cells_in_row = 0
            if self.rows > MAX_ROWS:
                raise _too_many_rows()
        elif tag == "c":
            self.cells_in_row += 1
            if self.cells_in_row > MAX_COLUMNS:
                raise _too_many_columns()


def _refuse_doctype(*_args: object) -> None:
    # A worksheet never has one; entities are how an XML file grows when parsed.
    raise _unreadable(_("This file cannot be read as an Excel workbook (.xlsx)."))


def _check_sheet_without_dimension(source: IO[bytes]) -> None:
    """Without <dimension>, openpyxl parses the whole sheet as it opens the workbook.

    So such a sheet is counted here first, streaming, and refused at the first row or cell
    past the limits; a sheet with a dimension is checked by it, after opening.
    """
    scan = _SheetScan()
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.StartElementHandler = scan.start
    parser.StartDoctypeDeclHandler = _refuse_doctype
    while not scan.done:
        chunk = source.read(64 * 1024)
        parser.Parse(chunk, not chunk)
        if not chunk:
            break


def _xlsx_rows(data: bytes) -> Iterator[tuple[int, list[str]]]:
    from openpyxl import load_workbook

    _check_archive(data)
    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:  # openpyxl raises zip, XML and key errors alike for a bad file
        raise _unreadable(_("This file cannot be read as an Excel workbook (.xlsx).")) from None
    try:
        if not workbook.worksheets:
            raise _unreadable(_("This workbook has no sheet."))
        sheet = workbook.worksheets[0]
        # The sheet's declared dimension (<dimension ref="A1:XFD1048576"/>) pads every row
        # read to its width: refuse a huge one before reading a row.
        if (sheet.max_row or 0) > MAX_ROWS:
            raise _too_many_rows()
        if (sheet.max_column or 0) > MAX_COLUMNS:
            raise _too_many_columns()
        # read_only streams the sheet's XML; an empty row comes as an empty tuple, so the
        # numbering stays true and blank rows count towards the limit too.
        for number, values in enumerate(sheet.iter_rows(values_only=True), 1):
            _check_row(number, len(values))
            yield number, [_cell_text(v) for v in values]
    finally:
        workbook.close()


def _extension(filename: str) -> str:
    return filename.rsplit(".", 1)[-1].lower() if "." in filename else ""


def _read_rows(data: bytes, filename: str) -> Iterator[tuple[int, list[str]]]:
    extension = _extension(filename)
    if extension in ("csv", "txt"):
        return _csv_rows(data)
    if extension in ("xlsx", "xlsm"):
        return _xlsx_rows(data)
    if extension in ("xls", "ods"):
        raise _unreadable(
            _("Files of type .%(type)s cannot be read: save the list as .xlsx or .csv.")
            % {"type": extension}
        )
    raise _unreadable(
        _("Unknown file type %(name)s: import a .csv or .xlsx file.") % {"name": filename}
    )


def parse_file(data: bytes, filename: str) -> list[ImportRow]:
    rows: list[ImportRow] = []
    columns: dict[str, int] | None = None
    # Only a CSV record's length means something: a workbook pads every row to the
    # sheet's width, whereas "Trop;De;Colonnes;x;y" under a three-column header is a
    # shifted row, and reading it by position would make up a licence and a club.
    counts_fields = _extension(filename) in ("csv", "txt")
    header_fields = 0
    for number, values in _read_rows(data, filename):
        if not any(values):
            continue
        if columns is None:
            columns = _columns(values)
            header_fields = len(values)
            continue
        cells = {
            column: values[index] if index < len(values) else ""
            for column, index in columns.items()
        }
        name = " ".join(part for part in (cells.get("first_name"), cells["name"]) if part)
        rows.append(
            ImportRow(
                number=number,
                name=name,
                licence=cells.get("licence", "").replace(" ", ""),
                club=cells.get("club", ""),
                team=cells.get("team", ""),
                fields=len(values) if counts_fields and len(values) != header_fields else None,
                header_fields=header_fields,
            )
        )
    if columns is None:
        raise _unreadable(_("The file is empty."))
    return rows


def _columns(header: list[str]) -> dict[str, int]:
    columns: dict[str, int] = {}
    for index, title in enumerate(header):
        column = HEADERS.get(header_key(title))
        if column is None:
            continue
        if column in columns:
            raise _unreadable(
                _("Two columns of the first row mean the same thing: %(title)s.") % {"title": title}
            )
        columns[column] = index
    if "name" not in columns:
        raise _unreadable(
            _(
                "The first row must name the columns, with at least a name column "
                "(“Name” or “Nom”); optional: licence, club, team."
            )
        )
    return columns
