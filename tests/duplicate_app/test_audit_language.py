"""The audit trail reads in the reader's language, whoever acted and in whichever
language: a line is stored as codes with their data, put into words when read."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation

from tournaments.models import AuditEntry
from tournaments.services import duplicate as services
from tournaments.services import tables as table_services

from ..factories import logged_in, make_member
from .worlds import module_world

pytestmark = pytest.mark.django_db

# Every database test here starts from the seated event: built once for the module.
world, dup_club, duplicate_event, seated_event, organiser = module_world()


def audit_page(event, organiser: User, language: str) -> str:
    with translation.override(language):  # English pages live under /en/
        url = f"{reverse('club_audit')}?club={event.club.slug}"
    response = logged_in(organiser).get(url)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture
def named(seated_event):
    """A French organiser names table 1's scorekeeper for every round."""
    organiser = make_member("orga_dup", seated_event.club)
    keeper = make_member("marqueur", seated_event.club, role="scorekeeper")
    with translation.override("fr"):
        services.set_table_scorekeepers(by=organiser, event=seated_event, number=1, users=[keeper])
    return organiser


def test_an_english_reader_reads_a_french_organisers_line_in_english(seated_event, named):
    content = audit_page(seated_event, named, "en")
    # One clause for the table, naming its rounds: not "Table 1: marqueur" five times.
    assert "Scorekeepers named: Table 1, rounds 1–5: marqueur" in content
    assert "Marqueurs" not in content and "Séance" not in content
    assert "5 rounds seated from the movement: 5 tables, 20 players." in content


def test_a_french_reader_reads_the_same_line_in_french(seated_event, named):
    content = audit_page(seated_event, named, "fr")
    assert "Marqueurs désignés\u00a0: Table 1, séances 1–5\u00a0: marqueur" in content
    assert "Scorekeepers named" not in content


def test_a_line_stores_codes_not_a_sentence(seated_event, named):
    line = AuditEntry.objects.filter(action=AuditEntry.Action.ROLE).get()
    assert (line.code, line.detail) == ("scorekeepers_named", "")
    assert line.data["lines"] == [
        [
            "scorekeepers_named",
            {"tables": [{"table": 1, "rounds": [1, 2, 3, 4, 5], "names": "marqueur"}]},
        ]
    ]


def test_one_round_named_says_which(seated_event, named):
    keeper = User.objects.get(username="marqueur")
    table = seated_event.rounds.get(number=2).tables.get(number=3)
    table_services.set_scorekeepers(by=named, choices=[(table, [keeper])])
    with translation.override("en"):
        line = AuditEntry.objects.filter(action=AuditEntry.Action.ROLE).first()
        assert line.details == "Scorekeepers named: Table 3, round 2: marqueur"
