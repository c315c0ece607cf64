"""Bugs the hostile tests found, one test each, kept so that they stay fixed.

The folder's world (conftest.build_world, with its seated tournament round) is built
once for the module, and each test runs in a savepoint rolled back after it
(tests/worlds_shared.py): every test here sends a request or two to it."""

from __future__ import annotations

import inspect

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.urls import reverse

from tournaments.models import Player

from ..worlds_shared import built_once, refetched, shared_fixtures
from .conftest import World, build_world, fingerprint, post

ON_POSTGRESQL = connection.vendor == "postgresql"
ON_SQLITE = connection.vendor == "sqlite"


def build_module_world() -> World:
    """conftest.build_world on tests/conftest.py's objects, as the `world` fixture."""
    made = shared_fixtures()
    return build_world(**{name: made[name] for name in inspect.signature(build_world).parameters})


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker):
    yield from built_once(django_db_blocker, build_module_world)


@pytest.fixture
def world(built, db) -> World:
    """The folder's world, its rows fetched afresh for each test."""
    return refetched(built)


@pytest.mark.parametrize("page", ["table_create", "table_edit"])
def test_table_form_refuses_a_scorekeeper_id_beyond_64_bits(world, clients, page):
    arg = world.club_night.pk if page == "table_create" else world.table4.pk
    seats = {f"seat_{i}": p.pk for i, p in enumerate(world.players[:4], 1)}
    before = fingerprint()

    response = post(
        clients["organiser"],
        reverse(page, args=[arg]),
        {"number": "9", "five_mode": "called_king", "scorekeepers": str(2**63), **seats},
    )

    assert response.status_code == 200
    assert "scorekeepers" in response.context["form"].errors
    assert fingerprint() == before


@pytest.mark.parametrize("page", ["player_list", "player_create", "event_create"])
def test_a_nul_byte_in_the_club_query_is_a_404_not_an_error(world, clients, page):
    # These pages work on one club (resolve_club): a club that cannot exist is not found.
    response = clients["organiser"].get(reverse(page) + "?club=%00")
    assert response.status_code == 404


def test_a_nul_byte_in_the_club_query_leaves_the_new_tournament_club_unchosen(world, clients):
    # The club is only a preselection on this form: the page shows, with no club chosen.
    response = clients["organiser"].get(reverse("tournament_create") + "?club=%00")
    assert response.status_code == 200
    assert response.context["form"].initial["club"] is None


def test_import_refuses_a_name_with_a_nul_byte(world, clients):
    before = fingerprint()
    upload = SimpleUploadedFile("list.csv", b"Nom;Licence\nAn\x00ne;\nBruno;\n")

    response = clients["organiser"].post(
        reverse("tournament_import", args=[world.tournament.pk]), {"file": upload}
    )

    assert response.status_code == 200
    report = response.context["report"]
    assert report is not None and not report.ok
    assert [(e.row, e.field) for e in report.errors] == [(2, "name")]
    assert fingerprint() == before
    # Checked in Python: SQLite's LIKE stops at a NUL byte and would match every name.
    assert not any("\x00" in name for name in Player.objects.values_list("name", flat=True))


@pytest.mark.parametrize("ids", [(1, 2**63), (2**63, 1), (10**20, 10**20)])
def test_head_to_head_with_an_id_beyond_64_bits_is_a_404(world, clients, ids):
    response = clients["anonymous"].get(reverse("head_to_head", args=ids))
    assert response.status_code == 404
