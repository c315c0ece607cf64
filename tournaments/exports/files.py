"""A workbook as a file: its name and its download.

File names are unique and readable: the event's or season's name, its dates and its
id, so that two events of one name and day, or two seasons of one club, never
download under the same name. The name sent is ASCII (`open-de-lyon_2026-11-19_e42
.xlsx`, for every browser and file system), and the name with its accents rides
beside it in the header's `filename*` (RFC 6266), which browsers prefer.
"""

from __future__ import annotations

import datetime
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO
from urllib.parse import quote

from django.http import FileResponse
from django.utils.text import slugify

from .writer import Sheet, write_workbook

XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
# Exports up to this size stay in memory; bigger ones spill to a temporary file.
SPOOL_MAX_BYTES = 16 * 1024 * 1024
_NAME_MAX = 80
# Characters no file system or browser takes in a file name, and control characters.
_UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f\x7f]+')


@dataclass(frozen=True)
class FileName:
    ascii: str  # the fallback `filename`
    display: str  # the name with its accents (`filename*`)


def file_name(name: str, dates: Sequence[datetime.date], ref: str) -> FileName:
    """`name`, its dates (ISO) and a reference that makes it unique (`e42`: event 42)."""
    days = [f"{d:%Y-%m-%d}" for d in dates]
    slug = slugify(name)[:_NAME_MAX].strip("-") or "export"
    shown = " ".join(_UNSAFE.sub(" ", name).split())[:_NAME_MAX].strip(" .") or slug
    return FileName(
        ascii="_".join([slug, *days, ref]) + ".xlsx",
        display="_".join([shown, *days, ref]) + ".xlsx",
    )


def content_disposition(name: FileName) -> str:
    """An attachment with both names: the ASCII one for old clients, the other for all."""
    header = f'attachment; filename="{name.ascii}"'
    if name.display != name.ascii:
        header += f"; filename*=utf-8''{quote(name.display, safe='')}"
    return header


@dataclass
class Export:
    """A workbook ready to write once: its sheets' rows are read while writing. `title`
    heads its printed pages."""

    name: FileName
    sheets: list[Sheet]
    title: str = ""

    @property
    def filename(self) -> str:
        return self.name.ascii

    def write(self, fp: IO[bytes]) -> int:
        return write_workbook(self.sheets, fp, title=self.title)

    def response(self) -> FileResponse:
        """A download. The workbook is written before the response starts, so a database
        error shows as an error page, not as a truncated file."""
        # FileResponse closes the file once sent, so no context manager here.
        buffer = tempfile.SpooledTemporaryFile(max_size=SPOOL_MAX_BYTES)  # noqa: SIM115
        try:
            self.write(buffer)
            size = buffer.tell()
            buffer.seek(0)
        except BaseException:
            buffer.close()
            raise
        response = FileResponse(buffer, content_type=XLSX_CONTENT_TYPE)
        response["Content-Disposition"] = content_disposition(self.name)
        response["Content-Length"] = str(size)
        return response
