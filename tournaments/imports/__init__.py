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
  New players are added only to the event's club, the importer's clubs and new
  clubs; a stored club the importer does not organise must already hold the player.
- team / équipe (optional): only for team events (event.team_size > 0).

A row's player is the database player with the same licence when the row gives
one, else the player of the same club with the same name (case-insensitive). A
player found by name who has no licence yet gets the row's licence.

This package reads (files) and checks (checks) and writes nothing;
tournaments.services.imports locks the event, calls it, and writes the registrations.
"""

from __future__ import annotations

from .checks import (
    CLUB_MAX,
    LICENCE_RE,
    NAME_MAX,
    TEAM_MAX,
    ImportContext,
    ImportReport,
    RowError,
    check_rows,
    load_context,
    name_key,
)
from .files import (
    HEADERS,
    MAX_COLUMNS,
    MAX_ROWS,
    MAX_UNCOMPRESSED_BYTES,
    ImportRow,
    header_key,
    parse_file,
)

__all__ = [
    "CLUB_MAX",
    "HEADERS",
    "LICENCE_RE",
    "MAX_COLUMNS",
    "MAX_ROWS",
    "MAX_UNCOMPRESSED_BYTES",
    "NAME_MAX",
    "TEAM_MAX",
    "ImportContext",
    "ImportReport",
    "ImportRow",
    "RowError",
    "check_rows",
    "header_key",
    "load_context",
    "name_key",
    "parse_file",
]
