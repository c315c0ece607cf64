"""The club's audit trail: its organisers read it; nobody else."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import AuditEntry
from tournaments.services import people

from ..factories import logged_in

pytestmark = pytest.mark.django_db


def audit_url(club) -> str:
    return f"{reverse('club_audit')}?club={club.slug}"


def test_the_audit_page_lists_the_club_actions_newest_first(client_a, club_a, orga_a, club_b):
    people.add_member(by=orga_a, club=club_a, username="first", role="scorekeeper")
    people.add_member(by=orga_a, club=club_a, username="second", role="scorekeeper")
    AuditEntry.objects.create(club=club_b, action="publish", target="elsewhere")
    response = client_a.get(audit_url(club_a))
    assert response.status_code == 200
    content = response.content.decode()
    assert "orga_a" in content
    assert content.index("second") < content.index("first")
    assert "elsewhere" not in content


def test_the_audit_page_is_paged_by_50(client_a, club_a):
    AuditEntry.objects.bulk_create(
        AuditEntry(club=club_a, action="publish", target=f"event {n}") for n in range(60)
    )
    first = client_a.get(audit_url(club_a))
    assert len(first.context["table"].page.object_list) == 50
    second = client_a.get(audit_url(club_a) + "&page=2")
    assert len(second.context["table"].page.object_list) == 10


def test_the_audit_page_is_for_the_club_organisers_only(club_a, orga_b, keeper_a):
    assert logged_in(orga_b).get(audit_url(club_a)).status_code == 403
    assert logged_in(keeper_a).get(audit_url(club_a)).status_code == 403
