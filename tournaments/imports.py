"""Register players in an event from a spreadsheet (CSV or .xlsx).

Organisers get their lists from Excel, often a French Excel that saves CSV with
';' in cp1252, or from the federation's exports. The import is all or nothing:
every row is checked first, and one bad row means nothing is written, so the
organiser fixes the file and imports it again. Importing the same file twice
changes nothing the second time.

Columns (header in the first non-empty row, case, accents and punctuation
ignored; unknown columns are ignored):

- name / nom / joueur (required). A separate "prénom"/"first name" column, when
  present, is put before the name ("Anne" + "Martin" -> "Anne Martin"), as FFT
  lists split the two.
- licence / licence number / numéro de licence (optional, 1-20 letters or digits;
  spaces inside are dropped, a number cell of Excel is read without ".0").
- club (optional): the player's club, created when unknown; the event's club when
  empty. Only used for new players: a player found in the database keeps their club.
- team / équipe (optional): only for team events (event.team_size > 0).

A row's player is the database player with the same licence when the row gives
one, else the player of the same club with the same name (case-insensitive). A
player found by name who has no licence yet gets the row's licence.

This module reads and checks (it writes nothing); tournaments.services.imports
locks the event, calls it, and writes the registrations.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from .models import Club, Event, Player, Registration, Team

MAX_ROWS = 5000
NAME_MAX = 120
CLUB_MAX = 120
TEAM_MAX = 120
LICENCE_RE = re.compile(r"[0-9A-Za-z]{1,20}")

# Normalised header (see _header_key) -> column.
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


Complaint = Callable[["ImportRow", str, str], None]


class ImportFileError(ValueError):
    """The file as a whole cannot be read (type, encoding, header); nothing was imported."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class RowError:
    """A bad row: `row` as the spreadsheet numbers it (header = 1), `field` the column at fault
    ("name", "licence", "club", "team")."""

    row: int
    field: str
    message: str


@dataclass
class ImportReport:
    rows: int = 0
    errors: list[RowError] = field(default_factory=list)
    players_created: int = 0
    players_matched: int = 0
    licences_added: int = 0
    clubs_created: int = 0
    registrations_created: int = 0
    already_registered: int = 0
    teams_created: int = 0

    @property
    def ok(self) -> bool:
        """True when the file was imported; False when it had bad rows (nothing imported)."""
        return not self.errors

    def error_rows(self) -> list[int]:
        return sorted({e.row for e in self.errors})


@dataclass
class ImportRow:
    number: int
    name: str
    licence: str
    club: str
    team: str
    player: Player | None = None  # the database player it matched
    club_key: Any = None  # a club id, or ("new", normalised name)


# --- reading the file --------------------------------------------------------


def _header_key(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(re.sub(r"[^0-9a-z]+", " ", plain).split())


def name_key(text: str) -> str:
    return " ".join(text.split()).casefold()


def _club_key(text: str) -> str:
    return _header_key(text)


def _cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # Excel stores a licence typed as a number as a float
    return " ".join(str(value).split())


def _decode(data: bytes) -> str:
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")  # never fails: every byte is a character


def _sniff_delimiter(text: str) -> str:
    """French Excel writes ';', the rest of the world ','; the header line tells which."""
    header = next((line for line in text.splitlines() if line.strip()), "")
    counts = {d: header.count(d) for d in (";", ",", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] else ","


def _csv_rows(data: bytes) -> Iterator[tuple[int, list[str]]]:
    if data[:4] == b"PK\x03\x04":
        raise ImportFileError(_("This file is an Excel workbook, not a CSV file: name it .xlsx."))
    text = _decode(data)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_sniff_delimiter(text))
    try:
        # A record is a spreadsheet row even when a quoted cell spans lines.
        for number, record in enumerate(reader, 1):
            yield number, [_cell_text(v) for v in record]
    except csv.Error as exc:
        raise ImportFileError(
            _("This CSV file cannot be read: %(error)s") % {"error": exc}
        ) from None


def _xlsx_rows(data: bytes) -> Iterator[tuple[int, list[str]]]:
    from openpyxl import load_workbook

    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception:  # openpyxl raises zip, XML and key errors alike for a bad file
        raise ImportFileError(_("This file cannot be read as an Excel workbook (.xlsx).")) from None
    try:
        if not workbook.worksheets:
            raise ImportFileError(_("This workbook has no sheet."))
        sheet = workbook.worksheets[0]
        # read_only yields an empty tuple for an empty row, so numbering stays true.
        for number, values in enumerate(sheet.iter_rows(values_only=True), 1):
            yield number, [_cell_text(v) for v in values]
    finally:
        workbook.close()


def _read_rows(data: bytes, filename: str) -> Iterator[tuple[int, list[str]]]:
    extension = filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    if extension in ("csv", "txt"):
        return _csv_rows(data)
    if extension in ("xlsx", "xlsm"):
        return _xlsx_rows(data)
    if extension in ("xls", "ods"):
        raise ImportFileError(
            _("Files of type .%(type)s cannot be read: save the list as .xlsx or .csv.")
            % {"type": extension}
        )
    raise ImportFileError(
        _("Unknown file type %(name)s: import a .csv or .xlsx file.") % {"name": filename}
    )


def parse_file(data: bytes, filename: str) -> list[ImportRow]:
    rows: list[ImportRow] = []
    columns: dict[str, int] | None = None
    for number, values in _read_rows(data, filename):
        if not any(values):
            continue
        if columns is None:
            columns = _columns(values)
            continue
        if len(rows) >= MAX_ROWS:
            raise ImportFileError(_("This file has more than %(max)s rows.") % {"max": MAX_ROWS})
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
            )
        )
    if columns is None:
        raise ImportFileError(_("The file is empty."))
    return rows


def _columns(header: list[str]) -> dict[str, int]:
    columns: dict[str, int] = {}
    for index, title in enumerate(header):
        column = HEADERS.get(_header_key(title))
        if column is None:
            continue
        if column in columns:
            raise ImportFileError(
                _("Two columns of the first row mean the same thing: %(title)s.") % {"title": title}
            )
        columns[column] = index
    if "name" not in columns:
        raise ImportFileError(
            _(
                "The first row must name the columns, with at least a name column "
                "(“Name” or “Nom”); optional: licence, club, team."
            )
        )
    return columns


# --- checking ----------------------------------------------------------------


@dataclass
class ImportContext:
    event: Event
    clubs: dict[str, Club]  # normalised name or slug -> club
    by_licence: dict[str, Player]
    by_club_name: dict[tuple[int, str], list[Player]]  # a club may hold "Anne" and "anne"
    registrations: dict[int, int | None]  # player id -> team id
    teams: dict[str, Team]  # name key -> team
    team_members: dict[int, set[int]]  # team id -> registered player ids


def load_context(event: Event, rows: list[ImportRow]) -> ImportContext:
    clubs: dict[str, Club] = {}
    for club in Club.objects.all():
        clubs.setdefault(_club_key(club.name), club)
        clubs.setdefault(_club_key(club.slug), club)
    club_ids = {event.club_id} | {
        clubs[_club_key(r.club)].pk for r in rows if r.club and _club_key(r.club) in clubs
    }
    licences = {r.licence for r in rows if r.licence}
    by_licence = {p.licence: p for p in Player.objects.filter(licence__in=licences)}
    by_club_name: dict[tuple[int, str], list[Player]] = defaultdict(list)
    for player in Player.objects.filter(club_id__in=club_ids).order_by("pk"):
        by_club_name[(player.club_id, name_key(player.name))].append(player)
    registrations = dict(
        Registration.objects.filter(event=event).values_list("player_id", "team_id")
    )
    teams = {name_key(t.name): t for t in Team.objects.filter(event=event)}
    team_members: dict[int, set[int]] = defaultdict(set)
    for player_id, team_id in registrations.items():
        if team_id is not None:
            team_members[team_id].add(player_id)
    return ImportContext(event, clubs, by_licence, by_club_name, registrations, teams, team_members)


def check_rows(rows: list[ImportRow], ctx: ImportContext) -> list[RowError]:
    errors: list[RowError] = []
    event = ctx.event

    def bad(row: ImportRow, column: str, message: str) -> None:
        errors.append(RowError(row=row.number, field=column, message=message))

    for row in rows:
        for column, text in (("name", row.name), ("club", row.club), ("team", row.team)):
            # A control character is a damaged file, and PostgreSQL refuses NUL bytes.
            if any(ord(c) < 32 for c in text):
                bad(row, column, _("This cell contains a control character."))
        if not row.name:
            bad(row, "name", _("The name is missing."))
        elif len(row.name) > NAME_MAX:
            bad(row, "name", _("The name is longer than %(max)s characters.") % {"max": NAME_MAX})
        if row.licence and not LICENCE_RE.fullmatch(row.licence):
            bad(
                row,
                "licence",
                _(
                    "The licence number “%(licence)s” is not valid: "
                    "1 to 20 letters or digits expected."
                )
                % {"licence": row.licence},
            )
        if len(row.club) > CLUB_MAX:
            bad(
                row,
                "club",
                _("The club name is longer than %(max)s characters.") % {"max": CLUB_MAX},
            )
        if row.team and event.team_size == 0:
            bad(row, "team", _("This event is individual: the team column must stay empty."))
        elif len(row.team) > TEAM_MAX:
            bad(
                row,
                "team",
                _("The team name is longer than %(max)s characters.") % {"max": TEAM_MAX},
            )
        club = ctx.clubs.get(_club_key(row.club)) if row.club else event.club
        row.club_key = club.pk if club else ("new", _club_key(row.club))

    named = [row for row in rows if row.name]
    _check_duplicates(named, bad)
    for row in named:
        _match_player(row, ctx, bad)
    _check_same_player(named, bad)
    _check_teams(named, ctx, bad)
    return errors


def _check_duplicates(rows: list[ImportRow], bad: Complaint) -> None:
    """The same person twice in the file: by name within a club, or by licence."""
    first_name: dict[tuple[Any, str], ImportRow] = {}
    first_licence: dict[str, ImportRow] = {}
    for row in rows:
        other = first_name.setdefault((row.club_key, name_key(row.name)), row)
        if other is not row:
            bad(
                row,
                "name",
                _("%(name)s of this club is already on row %(row)s.")
                % {"name": row.name, "row": other.number},
            )
            continue
        if not row.licence:
            continue
        other = first_licence.setdefault(row.licence, row)
        if other is row:
            continue
        if name_key(other.name) != name_key(row.name):
            message = _("The licence %(licence)s is already on row %(row)s, for %(name)s.")
        else:  # same person written for two clubs
            message = _("The licence %(licence)s is already on row %(row)s.")
        bad(
            row,
            "licence",
            message % {"licence": row.licence, "row": other.number, "name": other.name},
        )


def _match_player(row: ImportRow, ctx: ImportContext, bad: Complaint) -> None:
    player = ctx.by_licence.get(row.licence) if row.licence else None
    if player is not None:
        if name_key(player.name) != name_key(row.name):
            bad(
                row,
                "licence",
                _("The licence %(licence)s belongs to %(name)s.")
                % {"licence": row.licence, "name": player.name},
            )
            return
    elif isinstance(row.club_key, int):
        same_name = ctx.by_club_name.get((row.club_key, name_key(row.name)), [])
        exact = [p for p in same_name if p.name == row.name]
        player = (exact or same_name or [None])[0]
        if player is not None and row.licence and player.licence:
            # One name in a club with two licences: two people the club cannot tell apart.
            bad(
                row,
                "licence",
                _("%(name)s of this club already has the licence %(licence)s.")
                % {"name": player.name, "licence": player.licence},
            )
            return
    row.player = player


def _check_same_player(rows: list[ImportRow], bad: Complaint) -> None:
    """Two rows that look different but find the same database player."""
    first: dict[int, ImportRow] = {}
    for row in rows:
        if row.player is None:
            continue
        other = first.setdefault(row.player.pk, row)
        if other is not row:
            bad(
                row,
                "name",
                _("This is the same player as on row %(row)s.") % {"row": other.number},
            )


def _check_teams(rows: list[ImportRow], ctx: ImportContext, bad: Complaint) -> None:
    size = ctx.event.team_size
    if size == 0:
        return
    members: dict[str, set[Any]] = defaultdict(set)
    for key, team in ctx.teams.items():
        members[key] |= ctx.team_members.get(team.pk, set())
    added: dict[str, list[ImportRow]] = defaultdict(list)
    for row in rows:
        if not row.team:
            continue
        key = name_key(row.team)
        if row.player is not None:
            current = ctx.registrations.get(row.player.pk)
            team = ctx.teams.get(key)
            if current is not None and (team is None or team.pk != current):
                # Existing registrations are kept: moving a player is done by hand.
                bad(
                    row,
                    "team",
                    _("%(name)s is already registered in another team.") % {"name": row.name},
                )
                continue
        member = row.player.pk if row.player is not None else ("row", row.number)
        if member not in members[key]:
            members[key].add(member)
            added[key].append(row)
    for key, team_rows in added.items():
        if len(members[key]) > size:
            for row in team_rows:
                bad(
                    row,
                    "team",
                    _(
                        "The team %(team)s would have %(count)s players; "
                        "teams of this event have %(size)s."
                    )
                    % {"team": row.team, "count": len(members[key]), "size": size},
                )
