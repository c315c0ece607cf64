"""Importing a list of players through the page: all or nothing, every bad row shown."""

from __future__ import annotations

import io

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from tournaments.models import Player, Registration

GOOD_CSV = (
    "Nom;Licence;Club\nAnne Martin;1001;\nBruno Petit;1002;Tarot Club de Grenoble\nChloé Roy;;\n"
)
BAD_CSV = "Nom;Licence\nAnne Martin;1001\n;1002\nBruno Petit;12-3\nAnne Martin;\n"


def upload(name: str, content: bytes) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content)


def url(event) -> str:
    return reverse("tournament_import", args=[event.pk])


def test_a_good_csv_registers_everyone_and_reports_counts(organiser_client, tournament):
    response = organiser_client.post(
        url(tournament), {"file": upload("joueurs.csv", GOOD_CSV.encode("cp1252"))}
    )
    assert response.status_code == 200
    report = response.context["report"]
    assert report.ok and report.registrations_created == 3 and report.clubs_created == 1
    assert Registration.objects.filter(event=tournament).count() == 3
    assert 'id="import-report"' in response.content.decode()


def test_a_bad_file_imports_nothing_and_lists_every_bad_row(organiser_client, tournament):
    response = organiser_client.post(
        url(tournament), {"file": upload("joueurs.csv", BAD_CSV.encode())}
    )
    assert response.status_code == 200
    assert not Registration.objects.exists()
    assert not Player.objects.exists()
    rows = [row for row, _column, _message in response.context["row_errors"]]
    assert rows == [3, 4, 5]
    content = response.content.decode()
    assert 'id="import-errors"' in content
    assert "12-3" in content  # the bad licence is named in its row's message


def test_an_xlsx_file_is_read(organiser_client, tournament):
    workbook = Workbook()
    sheet = workbook.active
    sheet.append(["Prénom", "Nom", "Licence"])
    sheet.append(["Anne", "Martin", 1001])
    sheet.append(["Bruno", "Petit", None])
    buffer = io.BytesIO()
    workbook.save(buffer)
    response = organiser_client.post(
        url(tournament), {"file": upload("liste.xlsx", buffer.getvalue())}
    )
    assert response.context["report"].ok
    assert set(Registration.objects.values_list("player__name", flat=True)) == {
        "Anne Martin",
        "Bruno Petit",
    }
    assert Player.objects.get(name="Anne Martin").licence == "1001"


def test_an_unreadable_file_is_an_error_at_the_file_field(organiser_client, tournament):
    response = organiser_client.post(url(tournament), {"file": upload("liste.ods", b"data")})
    assert "file" in response.context["form"].errors
    assert response.context["report"] is None
    assert not Registration.objects.exists()


def test_no_file_is_an_error_at_the_file_field(organiser_client, tournament):
    response = organiser_client.post(url(tournament), {})
    assert "file" in response.context["form"].errors


def test_import_is_for_organisers_only(assert_denied, tournament):
    assert_denied(url(tournament))
    assert_denied(url(tournament), "post", {"file": upload("joueurs.csv", GOOD_CSV.encode())})
    assert not Registration.objects.exists()
