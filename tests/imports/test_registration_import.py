"""Registering players from a CSV or .xlsx list: all rows checked, all or nothing."""

from __future__ import annotations

import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from openpyxl import Workbook

from tournaments.errors import Refused
from tournaments.models import Club, Event, Player, Registration, Team
from tournaments.selectors.access import SYSTEM
from tournaments.services.imports import import_registrations


@pytest.fixture
def tournament(club_night) -> Event:
    club_night.kind = Event.Kind.TOURNAMENT
    club_night.save()
    return club_night


@pytest.fixture
def pairs(tournament) -> Event:
    tournament.team_size = 2
    tournament.save()
    return tournament


def csv_bytes(lines: list[str], *, delimiter: str = ";", encoding: str = "utf-8-sig") -> bytes:
    return "\r\n".join(line.replace("|", delimiter) for line in lines).encode(encoding)


def xlsx_bytes(rows: list[list[object]]) -> bytes:
    workbook = Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append(row)
    workbook.create_sheet("Ignored").append(["Nom", "Zoé"])
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def registered(event: Event) -> dict[str, str | None]:
    return {
        r.player.name: (r.team.name if r.team else None)
        for r in Registration.objects.filter(event=event).select_related("player", "team")
    }


def errors_by_row(report) -> dict[int, set[str]]:
    found: dict[int, set[str]] = {}
    for error in report.errors:
        found.setdefault(error.row, set()).add(error.field)
    return found


# --- reading the file ------------------------------------------------------------


def test_french_excel_csv_with_semicolons_bom_and_french_headers(tournament, club):
    data = csv_bytes(
        [
            "Nom|Numéro de licence|Club",
            "Jean Dupont|1234567|",
            "Zoé Lambert|7654321|Tarot Club de Lyon",
        ]
    )
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="inscrits.csv")
    assert report.ok, report.errors
    assert (report.players_created, report.registrations_created) == (2, 2)
    assert set(registered(tournament)) == {"Jean Dupont", "Zoé Lambert"}
    jean = Player.objects.get(name="Jean Dupont")
    assert (jean.licence, jean.club) == ("1234567", club)


def test_csv_with_commas_and_english_headers_in_any_case(tournament):
    data = csv_bytes(["NAME,Licence Number,CLUB", '"Martin, Anne",42,'], delimiter=",")
    report = import_registrations(
        by=SYSTEM, event=tournament, file=io.BytesIO(data), filename="list.CSV"
    )
    assert report.ok, report.errors
    assert Player.objects.get(licence="42").name == "Martin, Anne"


def test_cp1252_csv_from_an_old_excel_is_decoded(tournament):
    data = csv_bytes(["Nom;Club", "Gaëlle Hervé;Les Bœufs"], encoding="cp1252")
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="liste.csv")
    assert report.ok, report.errors
    player = Player.objects.get(name="Gaëlle Hervé")
    assert player.club.name == "Les Bœufs"


def test_latin1_bytes_that_cp1252_cannot_decode_still_import(tournament):
    # 0x81 is undefined in cp1252; latin-1 reads every byte.
    data = "Nom\r\nAnne\x81\r\n".encode("latin-1")
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="liste.csv")
    assert report.ok, report.errors
    assert report.players_created == 1


def test_xlsx_first_sheet_with_a_licence_typed_as_a_number(tournament):
    data = xlsx_bytes([["Nom", "Licence", "Club"], ["Paul Henri", 9876543, None], [None, None]])
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="inscrits.xlsx")
    assert report.ok, report.errors
    assert set(registered(tournament)) == {"Paul Henri"}  # the second sheet is not read
    assert Player.objects.get(name="Paul Henri").licence == "9876543"


def test_separate_first_name_column_is_put_before_the_name(tournament):
    data = csv_bytes(["Nom;Prénom;N° licence", "Martin;Anne;11"])
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="fft.csv")
    assert report.ok, report.errors
    assert Player.objects.get(licence="11").name == "Anne Martin"


def test_unknown_club_is_created_with_a_slug(tournament):
    data = csv_bytes(
        ["Nom;Club", "Anne;Tarot Club de Villeurbanne", "Bruno;tarot club de villeurbanne"]
    )
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    assert report.ok, report.errors
    assert report.clubs_created == 1
    club = Club.objects.get(slug="tarot-club-de-villeurbanne")
    assert set(club.players.values_list("name", flat=True)) == {"Anne", "Bruno"}


@pytest.mark.parametrize(
    ("filename", "data"),
    [
        ("players.pdf", b"%PDF-1.4"),
        ("players", b"Nom\nAnne"),
        ("players.xls", b"\xd0\xcf\x11\xe0"),
        ("players.xlsx", b"Nom;Licence\nAnne;1"),
        ("players.csv", xlsx_bytes([["Nom"], ["Anne"]])),
    ],
)
def test_a_file_that_is_not_a_readable_csv_or_xlsx_is_refused_clearly(tournament, filename, data):
    with pytest.raises(Refused) as caught:
        import_registrations(by=SYSTEM, event=tournament, file=data, filename=filename)
    assert caught.value.message
    assert not Registration.objects.exists()


def test_a_file_without_a_name_column_is_refused(tournament):
    with pytest.raises(Refused, match="Nom"):
        import_registrations(
            by=SYSTEM, event=tournament, file=csv_bytes(["Licence;Club", "1;X"]), filename="l.csv"
        )


def test_an_empty_file_is_refused(tournament):
    with pytest.raises(Refused):
        import_registrations(
            by=SYSTEM, event=tournament, file=b"\xef\xbb\xbf\r\n", filename="l.csv"
        )


# --- validation: every bad row, nothing imported ------------------------------------


def test_every_bad_row_is_reported_with_its_spreadsheet_row_and_nothing_is_imported(
    tournament, players
):
    Player.objects.filter(name="Anne").update(licence="555")
    clubs_before = Club.objects.count()
    players_before = Player.objects.count()
    data = csv_bytes(
        [
            "Nom;Licence;Club",  # row 1
            ";123;",  # 2: no name
            f"{'x' * 121};;",  # 3: name too long
            "Good Player;12-34;",  # 4: bad licence
            "Paul;777;",  # 5: fine
            "Pierre;777;",  # 6: licence of row 5, another name
            "Marie;;Club Neuf",  # 7: fine (would create a club)
            "marie;;club neuf",  # 8: same name, same club as row 7
            "Intrus;555;",  # 9: licence of Anne in the database
            "",  # 10: blank, skipped but counted
            "Luc;ABCDEFGHIJKLMNOPQRSTU;",  # 11: licence longer than 20
            "Fine Too;;",  # 12: fine
        ]
    )
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    assert not report.ok
    assert errors_by_row(report) == {
        2: {"name"},
        3: {"name"},
        4: {"licence"},
        6: {"licence"},
        8: {"name"},
        9: {"licence"},
        11: {"licence"},
    }
    assert report.error_rows() == [2, 3, 4, 6, 8, 9, 11]
    assert all(e.message for e in report.errors)
    assert "5" in next(e.message for e in report.errors if e.row == 6)  # names the first row
    assert "Anne" in next(e.message for e in report.errors if e.row == 9)
    assert Player.objects.count() == players_before
    assert Club.objects.count() == clubs_before
    assert not Registration.objects.exists()


def test_the_same_licence_for_one_name_in_two_clubs_is_refused(tournament):
    data = csv_bytes(["Nom;Licence;Club", "Anne;99;Club A", "Anne;99;Club B"])
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    assert errors_by_row(report) == {3: {"licence"}}
    assert not Player.objects.filter(licence="99").exists()


def test_a_licence_different_from_the_known_players_is_refused(tournament, players):
    Player.objects.filter(name="Bruno").update(licence="100")
    data = csv_bytes(["Nom;Licence", "Bruno;200"])
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    assert errors_by_row(report) == {2: {"licence"}}


# --- matching existing players, re-import ------------------------------------------------


def test_reimporting_the_same_file_creates_no_duplicates(tournament, club):
    data = csv_bytes(["Nom;Licence;Club", "Jean;1;", "Zoé;;", "Léa;;Autre Club"])
    first = import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    assert (first.players_created, first.registrations_created, first.clubs_created) == (3, 3, 1)
    counts = (Player.objects.count(), Club.objects.count(), Registration.objects.count())

    again = import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    assert again.ok, again.errors
    assert (again.players_created, again.players_matched) == (0, 3)
    assert (again.registrations_created, again.already_registered) == (0, 3)
    assert (Player.objects.count(), Club.objects.count(), Registration.objects.count()) == counts


def test_existing_players_are_matched_by_licence_then_by_club_and_name(tournament, players, club):
    other = Club.objects.create(name="Autre", slug="autre")
    Player.objects.filter(name="Anne").update(licence="555")
    data = csv_bytes(
        [
            "Nom;Licence;Club",
            "ANNE;555;Autre",  # by licence: Anne keeps her club
            "bruno;;",  # by name in the event's club, any case
            "Chloé;321;",  # by name; gets the licence she lacked
            "David;;Autre",  # a new David in another club
        ]
    )
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    assert report.ok, report.errors
    assert (report.players_matched, report.players_created, report.licences_added) == (3, 1, 1)
    assert Player.objects.get(name="Anne").club == club
    assert Player.objects.get(name="Chloé").licence == "321"
    assert Player.objects.filter(name="David", club=other).exists()
    assert set(registered(tournament)) == {"Anne", "Bruno", "Chloé", "David"}


def test_existing_registrations_are_kept(tournament, players):
    Registration.objects.create(event=tournament, player=players[0], present=False)
    data = csv_bytes(["Nom", "Anne", "Bruno"])
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    assert (report.registrations_created, report.already_registered) == (1, 1)
    assert not Registration.objects.get(event=tournament, player=players[0]).present


def test_two_rows_finding_the_same_player_are_refused(tournament, players):
    Player.objects.filter(name="Anne").update(licence="555")
    data = csv_bytes(["Nom;Licence;Club", "Anne;555;", "Anne;;Tarot Club de Lyon"])
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    assert errors_by_row(report) == {3: {"name"}}


# --- teams ---------------------------------------------------------------------------


def test_teams_are_created_and_filled(pairs):
    data = csv_bytes(
        [
            "Nom;Équipe",
            "Anne;Les Rois",
            "Bruno;Les Rois",
            "Chloé;Les Dames",
            "Emma;Les Dames",
            "Dan;",
        ]
    )
    report = import_registrations(by=SYSTEM, event=pairs, file=data, filename="l.csv")
    assert report.ok, report.errors
    assert report.teams_created == 2
    assert registered(pairs) == {
        "Anne": "Les Rois",
        "Bruno": "Les Rois",
        "Chloé": "Les Dames",
        "Emma": "Les Dames",
        "Dan": None,
    }


def test_a_team_larger_than_the_event_allows_is_refused(pairs):
    data = csv_bytes(["Nom;Équipe", "Anne;Les Rois", "Bruno;les rois", "Chloé;Les Rois", "Dan;"])
    report = import_registrations(by=SYSTEM, event=pairs, file=data, filename="l.csv")
    assert errors_by_row(report) == {2: {"team"}, 3: {"team"}, 4: {"team"}}
    assert not Team.objects.exists()
    assert not Registration.objects.exists()


def test_members_already_registered_count_towards_the_team_size(pairs, players):
    team = Team.objects.create(event=pairs, name="Les Rois")
    Registration.objects.create(event=pairs, player=players[0], team=team)
    Registration.objects.create(event=pairs, player=players[1], team=team)
    report = import_registrations(
        by=SYSTEM,
        event=pairs,
        file=csv_bytes(["Nom;Équipe", "Anne;Les Rois", "Zoé;Les Rois"]),
        filename="l.csv",
    )
    assert errors_by_row(report) == {3: {"team"}}  # Anne is already in; Zoé would be third


def test_a_registered_player_is_not_moved_to_another_team(pairs, players):
    team = Team.objects.create(event=pairs, name="Les Rois")
    Registration.objects.create(event=pairs, player=players[0], team=team)
    report = import_registrations(
        by=SYSTEM, event=pairs, file=csv_bytes(["Nom;Équipe", "Anne;Les Dames"]), filename="l.csv"
    )
    assert errors_by_row(report) == {2: {"team"}}


def test_a_team_in_an_individual_event_is_refused(tournament):
    report = import_registrations(
        by=SYSTEM,
        event=tournament,
        file=csv_bytes(["Nom;Team", "Anne;Les Rois", "Bruno;"]),
        filename="l.csv",
    )
    assert errors_by_row(report) == {2: {"team"}}
    assert not Player.objects.filter(name="Bruno").exists()


def test_team_rows_of_an_xlsx_report_their_row_numbers(pairs):
    data = xlsx_bytes([["Joueur", "Equipe"], ["A", "T"], [None, None], ["B", "T"], ["C", "T"]])
    report = import_registrations(by=SYSTEM, event=pairs, file=data, filename="l.xlsx")
    assert errors_by_row(report) == {2: {"team"}, 4: {"team"}, 5: {"team"}}


def test_two_columns_meaning_the_same_are_refused(tournament):
    with pytest.raises(Refused):
        import_registrations(
            by=SYSTEM,
            event=tournament,
            file=csv_bytes(["Nom;Joueur", "Anne;Anne"]),
            filename="l.csv",
        )


# --- rows against the header and teams against the event's size ----------------------


def test_a_row_with_more_fields_than_the_header_is_refused_at_its_line(tournament):
    data = csv_bytes(["Nom;Licence;Club", "Anne;123;", "Trop;De;Colonnes;x;y", "Bruno;;"])
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    assert errors_by_row(report) == {3: {"fields"}}
    (error,) = report.errors
    assert "Cette ligne a 5 champs, la première ligne 3\u00a0:" in error.message
    assert "entre guillemets" in error.message
    # Nothing made of the shifted cells: no player "Trop", no club "Colonnes".
    assert not Player.objects.filter(name="Trop").exists()
    assert not Club.objects.filter(name="Colonnes").exists()
    assert not Registration.objects.exists()


def test_a_row_with_fewer_fields_than_the_header_is_refused_at_its_line(tournament):
    data = csv_bytes(["Nom;Licence;Club", "Anne;123;Lyon", "Bruno"])
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    assert errors_by_row(report) == {3: {"fields"}}
    assert "1 champ, la première ligne 3\u00a0: il manque un séparateur" in report.errors[0].message


def test_a_quoted_separator_keeps_the_row_whole(tournament):
    data = csv_bytes(["Nom;Club", '"Dupont; Anne";Lyon'])
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    assert report.ok, report.errors
    assert set(registered(tournament)) == {"Dupont; Anne"}


def test_the_import_page_names_the_shifted_row_in_french(organiser_client, tournament):
    url = reverse("tournament_import", args=[tournament.pk])
    upload = SimpleUploadedFile(
        "joueurs.csv", csv_bytes(["Nom;Licence;Club", "Trop;De;Colonnes;x;y"])
    )
    response = organiser_client.post(url, {"file": upload})
    content = response.content.decode()
    assert "Cette ligne a 5 champs, la première ligne 3" in content
    assert "toutes les colonnes" in content


def test_a_team_smaller_than_the_event_size_is_refused_at_import(tournament):
    tournament.team_size = 4  # quadrettes
    tournament.save()
    data = csv_bytes(
        ["Nom;Équipe"]
        + [f"{name};Les As" for name in ("Anne", "Bruno", "Chloé", "David")]
        + ["Emma;Les Rois", "Fabien;Les Rois"]
    )
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    assert errors_by_row(report) == {6: {"team"}, 7: {"team"}}
    assert (
        "aurait 2 joueurs\u202f; les équipes de cet événement en comptent 4"
        in report.errors[0].message
    )
    assert not Registration.objects.exists()


def test_a_team_completed_by_the_file_is_accepted(pairs, players):
    team = Team.objects.create(event=pairs, name="Les Rois")
    Registration.objects.create(event=pairs, player=players[0], team=team)
    report = import_registrations(
        by=SYSTEM, event=pairs, file=csv_bytes(["Nom;Équipe", "Zoé;Les Rois"]), filename="l.csv"
    )
    assert report.ok, report.errors
    assert registered(pairs) == {"Anne": "Les Rois", "Zoé": "Les Rois"}


def test_a_lookalike_of_a_stored_player_is_refused_at_import(tournament, club):
    Player.objects.create(club=club, name="Bruno Petit")
    data = csv_bytes(["Nom", "Bruno \u03a1etit", "Anne"])  # a Greek capital Rho
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    assert errors_by_row(report) == {2: {"name"}}
    assert "ressemble à Bruno Petit" in report.errors[0].message
    assert Player.objects.filter(club=club).count() == 1


def test_a_lookalike_written_twice_in_the_file_is_one_person_twice(tournament):
    data = csv_bytes(["Nom", "Bruno Petit", "Bruno Pe\u200btit"])  # a zero-width space
    report = import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    assert errors_by_row(report) == {3: {"name"}}


def test_an_unreadable_csv_is_explained_in_french_with_its_row(tournament):
    """The csv module's English error ("field larger than field limit") was once
    shown as is."""
    data = csv_bytes(["Nom;Licence", "Anne;1", 'Bruno;"12', *(["Chloé;" + "x" * 1000] * 200)])
    with pytest.raises(Refused) as refused:
        import_registrations(by=SYSTEM, event=tournament, file=data, filename="l.csv")
    message = refused.value.message
    assert "field" not in message and "limit" not in message
    assert "à partir de la ligne 3" in message
    assert "guillemet" in message
