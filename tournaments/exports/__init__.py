"""Spreadsheet exports: exporters describe sheets, `writer` renders them (openpyxl write-only).

tournament_workbook(event).response()          # a view's whole job
season_workbook(club, events, best_n=5, scale="25,20,16").write(fp)
"""

from .season import season_workbook
from .tournament import tournament_workbook
from .writer import XLSX_CONTENT_TYPE, Column, Export, Formula, Sheet, write_workbook

__all__ = [
    "XLSX_CONTENT_TYPE",
    "Column",
    "Export",
    "Formula",
    "Sheet",
    "season_workbook",
    "tournament_workbook",
    "write_workbook",
]
