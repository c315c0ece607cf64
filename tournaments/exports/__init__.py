"""Spreadsheet exports: exporters describe sheets, `writer` renders them (openpyxl write-only).

tournament_workbook(event).response()          # a view's whole job
season_workbook(season, events).write(fp)
club_night_workbook(event).response()
"""

from .club_night import club_night_workbook
from .files import XLSX_CONTENT_TYPE, Export, FileName, file_name
from .season import season_workbook
from .tournament import tournament_workbook
from .writer import Column, Formula, Sheet, write_workbook

__all__ = [
    "XLSX_CONTENT_TYPE",
    "Column",
    "Export",
    "FileName",
    "Formula",
    "Sheet",
    "club_night_workbook",
    "file_name",
    "season_workbook",
    "tournament_workbook",
    "write_workbook",
]
