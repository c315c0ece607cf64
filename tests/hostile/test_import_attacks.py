"""Hostile files for the player import: random bytes, broken CSV, odd workbooks.

The import is all or nothing: a file it cannot read, or with one bad row, changes
nothing; only organisers may import at all.
"""

from __future__ import annotations

import datetime
import io
import re

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import Workbook

from tournaments.imports import LICENCE_RE, NAME_MAX
from tournaments.models import Player, Registration

from .conftest import HOSTILE, ROLES, assert_refused, fingerprint, unbalanced_hands

HEADERS = ["Nom", "Prénom", "Licence", "Club", "Équipe", "name", "licence", "team", "???", ""]
DELIMITERS = [";", ",", "\t"]
FILENAMES = [
    "list.csv",
    "list.txt",
    "list.xlsx",
    "list.xls",
    "list",
    "LIST.CSV",
    "x" * 200 + ".csv",
]
CELL_TEXT = st.text(max_size=30)
CELLS = st.one_of(
    st.sampled_from(
        ["Anne", "anne", "ANNE", "Jules", "P0", "P1", "12345", "", "Tarot Club de Lyon", "paris"]
    ),
    st.sampled_from(["x" * 121, "1" * 21, "A B C", "Équipe 1", "=1+1", '"quoted;cell"']),
    CELL_TEXT,
)


@st.composite
def csv_files(draw: st.DrawFn) -> tuple[str, bytes]:
    delimiter = draw(st.sampled_from(DELIMITERS))
    header = draw(st.lists(st.sampled_from(HEADERS), min_size=1, max_size=5))
    rows = draw(st.lists(st.lists(CELLS, max_size=6), max_size=8))
    lines = [delimiter.join(header), *(delimiter.join(row) for row in rows)]
    text = draw(st.sampled_from(["\n", "\r\n", "\r"])).join(lines)
    encoding = draw(st.sampled_from(["utf-8", "utf-8-sig", "cp1252", "utf-16"]))
    return draw(st.sampled_from(FILENAMES)), text.encode(encoding, errors="replace")


@st.composite
def xlsx_files(draw: st.DrawFn) -> tuple[str, bytes]:
    values = st.one_of(
        CELLS,
        st.integers(min_value=-(10**20), max_value=10**20),
        st.floats(allow_nan=True, allow_infinity=True),
        st.booleans(),
        st.datetimes(min_value=datetime.datetime(1900, 3, 1)),
        st.none(),
    )
    header = draw(st.lists(st.sampled_from(HEADERS), min_size=1, max_size=5))
    rows = draw(st.lists(st.lists(values, max_size=6), max_size=8))
    workbook = Workbook()
    sheet = workbook.active
    for row in [header, *rows]:
        # Control characters cannot be written into a workbook at all: leave such cells out.
        sheet.append(
            [v for v in row if not (isinstance(v, str) and re.search(r"[\x00-\x08\x0b-\x1f]", v))]
        )
    buffer = io.BytesIO()
    workbook.save(buffer)
    return draw(st.sampled_from(["list.xlsx", "list.csv"])), buffer.getvalue()


ANY_FILE = st.one_of(
    csv_files(),
    xlsx_files(),
    st.tuples(st.sampled_from(FILENAMES), st.binary(max_size=600)),
)


@HOSTILE
@given(data=st.data())
def test_import_reads_any_file_without_error_and_writes_all_or_nothing(world, clients, data):
    role = data.draw(st.sampled_from(ROLES), label="role")
    event_id = data.draw(st.sampled_from(world.ids("tournament")), label="event")
    filename, content = data.draw(ANY_FILE, label="file")
    before = fingerprint()
    registrations = Registration.objects.filter(event=world.tournament).count()

    response = clients[role].post(
        reverse("tournament_import", args=[event_id]),
        {"file": SimpleUploadedFile(filename, content)},
    )

    assert response.status_code < 500
    assert unbalanced_hands() == []
    if role != "organiser":
        assert_refused(response, role)
        assert fingerprint() == before
        return
    if event_id != world.tournament.pk:
        assert response.status_code == 404
        assert fingerprint() == before
        return
    assert response.status_code == 200
    report = response.context["report"]
    if report is None or not report.ok:
        # Unreadable, or a bad row: nothing imported, and the page says why.
        assert response.context["form"].errors or report.errors
        assert fingerprint() == before
    else:
        assert Registration.objects.filter(event=world.tournament).count() == (
            registrations + report.registrations_created
        )
        for name, licence in Player.objects.values_list("name", "licence"):
            assert 0 < len(name) <= NAME_MAX
            assert not licence or LICENCE_RE.fullmatch(licence)
