"""The Django admin acts per club: an organiser of club B (staff) sees none of club A's
rows, cannot open nor change them by typing their address, and every save goes through
a service (its checks and its messages); the federation sees every club; a staff user
without a club role sees and adds nothing."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.apps import apps
from django.forms.models import model_to_dict
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from tournaments.models import (
    AuditEntry,
    Club,
    EventGuest,
    Membership,
    Player,
    Registration,
    Role,
    Season,
    Team,
)
from tournaments.selectors.access import SYSTEM
from tournaments.services import audit

from ..factories import logged_in, make_club, make_member, make_user, store_hand
from ..scorekeeping.test_admin import form_data

# Every model of the admin, and the lookup from each to its club.
MODELS = {
    "club": "pk",
    "player": "club",
    "season": "club",
    "event": "club",
    "round": "event__club",
    "table": "round__event__club",
    "seat": "table__round__event__club",
    "hand": "table__round__event__club",
    "handscore": "event__club",
    "eventresult": "event__club",
    "team": "event__club",
    "registration": "event__club",
    "membership": "club",
    "eventguest": "event__club",
    "auditentry": "club",
}


def staff(user: Any) -> Any:
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    return user


@pytest.fixture
def club_a(club, club_night, table4, organiser) -> Club:
    """Club A (the suite's club) with one row of every model."""
    store_hand(table4, organiser)
    team = Team.objects.create(event=club_night, name="Les Bouts")
    Registration.objects.create(event=club_night, player=table4.seats.first().player, team=team)
    Season.objects.create(
        club=club, name="A 2026", start=datetime.date(2026, 9, 1), end=datetime.date(2027, 8, 31)
    )
    make_member("orga_a", club)
    EventGuest.objects.create(event=club_night, user=make_user("invite_a"))
    audit.record(by=SYSTEM, club=club, action=AuditEntry.Action.PUBLISH, target=club_night)
    return club


@pytest.fixture
def club_b(db) -> Club:
    club = make_club("Tarot Club de Grenoble", "grenoble")
    Player.objects.create(club=club, name="Zoé")
    return club


@pytest.fixture
def orga_b(club_b) -> Any:
    return staff(make_member("orga_b", club_b))


@pytest.fixture
def federation(db) -> Any:
    return staff(make_user("federation", federation=True))


def a_row(model: str, club: Club) -> Any:
    return apps.get_model("tournaments", model).objects.filter(**{MODELS[model]: club.pk}).first()


def url(model: str, view: str, *args: Any) -> str:
    return reverse(f"admin:tournaments_{model}_{view}", args=args)


@pytest.mark.parametrize("model", MODELS)
def test_an_organiser_of_another_club_sees_none_of_its_rows(club_a, orga_b, model):
    row = a_row(model, club_a)
    assert row is not None
    response = logged_in(orga_b).get(url(model, "changelist"))
    assert response.status_code == 200
    shown = response.context["cl"].queryset
    assert not shown.filter(**{MODELS[model]: club_a.pk}).exists()
    assert not shown.filter(pk=row.pk).exists()


@pytest.mark.parametrize("model", MODELS)
def test_an_organiser_of_another_club_cannot_open_nor_change_its_rows(
    club_a, orga_b, federation, model
):
    row = a_row(model, club_a)
    before = model_to_dict(row)
    page = logged_in(federation).get(url(model, "change", row.pk))
    assert page.status_code == 200
    data = form_data(page.content.decode())
    for field in ("name", "number", "role", "licence"):
        if field in data:
            data[field] = {"role": Role.SCOREKEEPER, "number": "9"}.get(field, "Changed")
    client = logged_in(orga_b)
    assert client.get(url(model, "change", row.pk)).status_code == 403
    assert client.post(url(model, "change", row.pk), data).status_code == 403
    assert client.post(url(model, "delete", row.pk), {"post": "yes"}).status_code == 403
    row.refresh_from_db()
    assert model_to_dict(row) == before


@pytest.mark.parametrize("model", MODELS)
def test_the_federation_sees_every_club(club_a, club_b, federation, model):
    response = logged_in(federation).get(url(model, "changelist"))
    assert response.status_code == 200
    shown = response.context["cl"].queryset
    assert shown.filter(**{MODELS[model]: club_a.pk}).exists()
    if model in ("club", "player"):
        assert shown.filter(**{MODELS[model]: club_b.pk}).exists()


def test_a_staff_user_without_a_club_role_sees_and_adds_nothing(club_a):
    client = logged_in(staff(make_user("staff_only")))
    index = client.get(reverse("admin:index"))
    assert index.status_code == 200
    assert not index.context["app_list"]
    assert client.get(url("player", "changelist")).status_code == 403
    response = client.post(url("player", "add"), {"club": club_a.pk, "name": "Intrus"})
    assert response.status_code == 403
    assert client.get(url("club", "add")).status_code == 403
    assert not Player.objects.filter(name="Intrus").exists()


def test_another_clubs_choices_are_refused_on_add(club_a, club_b, orga_b):
    client = logged_in(orga_b)
    data = form_data(client.get(url("player", "add")).content.decode())
    data.update(club=str(club_a.pk), name="Intrus", public_name_style="full")
    response = client.post(url("player", "add"), data)
    assert response.status_code == 200
    assert "club" in response.context["adminform"].form.errors
    assert not Player.objects.filter(name="Intrus").exists()
    # His own club is the only one offered.
    field = response.context["adminform"].form.fields["club"]
    assert list(field.queryset) == [club_b]


def test_a_player_saved_in_the_admin_goes_through_the_service(club_b, orga_b):
    client = logged_in(orga_b)
    data = form_data(client.get(url("player", "add")).content.decode())
    # "zoé" passes the model's (case-sensitive) constraint; the service refuses it.
    data.update(club=str(club_b.pk), name="zoé", public_name_style="full")
    response = client.post(url("player", "add"), data)
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    with translation.override("fr"):
        assert errors["name"] == [gettext("This club already has a player with this name.")]
    assert Player.objects.filter(club=club_b).count() == 1
    # A valid one is created, and its public name change is audited by the service.
    data.update(name="Yann", public_name_style="initials")
    assert client.post(url("player", "add"), data).status_code == 302
    yann = Player.objects.get(club=club_b, name="Yann")
    assert yann.public_name_style == "initials"
    data = form_data(client.get(url("player", "change", yann.pk)).content.decode())
    data["public_name_style"] = "full"
    assert client.post(url("player", "change", yann.pk), data).status_code == 302
    assert AuditEntry.objects.filter(
        club=club_b, action=AuditEntry.Action.PUBLIC_NAME, username="orga_b"
    ).exists()


def test_only_the_federation_creates_a_club_an_organiser_renames_his(club_b, orga_b, federation):
    client = logged_in(orga_b)
    assert client.get(url("club", "add")).status_code == 403
    data = form_data(client.get(url("club", "change", club_b.pk)).content.decode())
    data["name"] = "TC Grenoble"
    assert client.post(url("club", "change", club_b.pk), data).status_code == 302
    club_b.refresh_from_db()
    assert club_b.name == "TC Grenoble"
    assert client.post(url("club", "delete", club_b.pk), {"post": "yes"}).status_code == 403
    fed = logged_in(federation)
    data = form_data(fed.get(url("club", "add")).content.decode())
    data.update(name="TC Nice", slug="nice")
    assert fed.post(url("club", "add"), data).status_code == 302
    assert Club.objects.filter(slug="nice").exists()


def test_a_role_change_in_the_admin_goes_through_the_service(club_b, orga_b):
    """The club's last organiser cannot step down (services.people), and a change is audited."""
    membership = Membership.objects.get(user=orga_b)
    client = logged_in(orga_b)
    page = url("membership", "change", membership.pk)
    assert client.get(url("membership", "add")).status_code == 403
    response = client.post(page, {"role": Role.SCOREKEEPER})
    assert response.status_code == 200
    assert "Le club doit garder au moins un organisateur." in str(
        response.context["adminform"].form.errors
    )
    membership.refresh_from_db()
    assert membership.role == Role.ORGANISER
    other = Membership.objects.create(
        user=make_user("marqueur_b"), club=club_b, role=Role.SCOREKEEPER
    )
    assert (
        client.post(url("membership", "change", other.pk), {"role": "organiser"}).status_code == 302
    )
    other.refresh_from_db()
    assert other.role == Role.ORGANISER
    assert AuditEntry.objects.filter(club=club_b, action=AuditEntry.Action.ROLE).count() == 1


def test_the_audit_trail_is_read_only_for_everyone(club_a, federation):
    entry = AuditEntry.objects.get(club=club_a)
    client = logged_in(federation)
    assert client.get(url("auditentry", "changelist")).status_code == 200
    assert client.get(url("auditentry", "add")).status_code == 403
    client.post(url("auditentry", "change", entry.pk), {"target": "forged"})
    assert client.post(url("auditentry", "delete", entry.pk), {"post": "yes"}).status_code == 403
    entry.refresh_from_db()
    assert entry.target != "forged"


def test_a_season_and_a_team_saved_in_the_admin_are_checked(club_a, club_b, orga_b):
    client = logged_in(orga_b)
    data = form_data(client.get(url("season", "add")).content.decode())
    data.update(club=str(club_a.pk), name="Intrus", start="2026-09-01", end="2027-08-31")
    response = client.post(url("season", "add"), data)
    assert response.status_code == 200 and "club" in response.context["adminform"].form.errors
    data["club"] = str(club_b.pk)
    assert client.post(url("season", "add"), data).status_code == 302
    assert Season.objects.get(name="Intrus").club == club_b
    # A team for club A's event: the event is not among his choices.
    event_a = club_a.events.first()
    response = client.post(url("team", "add"), {"event": event_a.pk, "name": "Intrus"})
    assert response.status_code == 200
    assert "event" in response.context["adminform"].form.errors
    assert not Team.objects.filter(name="Intrus").exists()
