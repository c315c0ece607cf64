"""The back office: every model has an admin; hands are saved and deleted through services."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.apps import apps
from django.urls import reverse

from tournaments.models import Hand, HandScore, Registration, Team

from .conftest import seated

MODELS = [
    "club",
    "player",
    "event",
    "round",
    "table",
    "seat",
    "hand",
    "handscore",
    "team",
    "registration",
]


class FormFields(HTMLParser):
    """The values a browser would submit for the admin's main form."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, str] = {}
        self._select: str | None = None
        self._textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and a.get("type") not in ("submit", "button", "checkbox"):
            self.data[name] = a.get("value") or ""
        elif tag == "input" and name and a.get("type") == "checkbox" and "checked" in a:
            self.data[name] = a.get("value") or "on"
        elif tag == "select" and name:
            self._select = name
            self.data.setdefault(name, "")
        elif tag == "option" and self._select and "selected" in a:
            self.data[self._select] = a.get("value") or ""
        elif tag == "textarea" and name:
            self._textarea = name
            self.data[name] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "textarea":
            self._textarea = None

    def handle_data(self, data: str) -> None:
        if self._textarea:
            self.data[self._textarea] += data.strip("\n")


def form_data(html: str) -> dict[str, str]:
    parser = FormFields()
    parser.feed(html)
    return parser.data


@pytest.fixture
def stocked(table4, table5, club_night, players, play):
    """At least one row of every model."""
    team = Team.objects.create(event=club_night, name="Les Bouts")
    Registration.objects.create(event=club_night, player=players[0], team=team)
    return play(table4)


def test_every_tournaments_model_is_registered(admin_client):
    from django.contrib import admin

    models = apps.get_app_config("tournaments").get_models()
    registered = {m._meta.model_name for m in models if admin.site.is_registered(m)}
    assert registered >= set(MODELS)


@pytest.mark.parametrize("model", MODELS)
def test_changelist_and_change_page_load(admin_client, stocked, model):
    response = admin_client.get(reverse(f"admin:tournaments_{model}_changelist"))
    assert response.status_code == 200
    obj = apps.get_model("tournaments", model).objects.first()
    response = admin_client.get(reverse(f"admin:tournaments_{model}_change", args=[obj.pk]))
    assert response.status_code == 200


@pytest.mark.parametrize("model", MODELS)
def test_changelist_search_works(admin_client, stocked, model):
    response = admin_client.get(reverse(f"admin:tournaments_{model}_changelist"), {"q": "Anne"})
    assert response.status_code == 200


def test_hand_scores_are_read_only_in_the_admin(admin_client, stocked):
    assert admin_client.get(reverse("admin:tournaments_handscore_add")).status_code == 403
    row = HandScore.objects.first()
    url = reverse("admin:tournaments_handscore_change", args=[row.pk])
    admin_client.post(url, {"points": 999})
    row.refresh_from_db()
    assert row.points != 999
    assert (
        admin_client.post(
            reverse("admin:tournaments_handscore_delete", args=[row.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    assert HandScore.objects.filter(pk=row.pk).exists()


def test_hand_change_in_admin_goes_through_save_hand(admin_client, admin_user, stocked):
    hand = stocked
    url = reverse("admin:tournaments_hand_change", args=[hand.pk])
    data = form_data(admin_client.get(url).content.decode())
    assert data["version"] == "1"
    data["contract"] = "garde_sans"
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    hand.refresh_from_db()
    assert (hand.contract, hand.version) == ("garde_sans", 2)
    # Scores rewritten by the service: (25 + 15) x 4 = 160 per defender.
    assert sorted(hand.scores.values_list("points", flat=True)) == [-160, -160, -160, 480]
    assert hand.history.latest("history_date").history_user == admin_user


def test_impossible_hand_is_refused_in_admin_at_its_field(admin_client, stocked):
    hand = stocked
    url = reverse("admin:tournaments_hand_change", args=[hand.pk])
    data = form_data(admin_client.get(url).content.decode())
    data["points"] = "3"
    response = admin_client.post(url, data)
    assert response.status_code == 200
    assert "points" in response.context["adminform"].form.errors
    hand.refresh_from_db()
    assert (hand.version, hand.points) == (1, 56)


def test_stale_admin_form_is_refused(admin_client, stocked, play, table4):
    hand = stocked
    url = reverse("admin:tournaments_hand_change", args=[hand.pk])
    data = form_data(admin_client.get(url).content.decode())
    Hand.objects.filter(pk=hand.pk).update(version=7)
    data["contract"] = "prise"
    response = admin_client.post(url, data)
    assert response.status_code == 200
    assert response.context["adminform"].form.non_field_errors()
    hand.refresh_from_db()
    assert (hand.contract, hand.version) == ("garde", 7)


def test_hand_added_in_admin_is_numbered_and_scored(admin_client, stocked, table4):
    players = seated(table4)
    data = form_data(admin_client.get(reverse("admin:tournaments_hand_add")).content.decode())
    data.update(
        table=str(table4.pk),
        dealer=str(players[1].pk),
        contract="prise",
        taker=str(players[2].pk),
        oudlers="1",
        points="51",
        poignees="[]",
        miseres="[]",
    )
    response = admin_client.post(reverse("admin:tournaments_hand_add"), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    hand = Hand.objects.get(table=table4, number=2)
    assert sorted(hand.scores.values_list("points", flat=True)) == [-25, -25, -25, 75]


def test_hand_delete_in_admin_goes_through_delete_hand(admin_client, stocked):
    hand = stocked
    response = admin_client.post(
        reverse("admin:tournaments_hand_delete", args=[hand.pk]), {"post": "yes"}
    )
    assert response.status_code == 302
    assert not Hand.objects.filter(pk=hand.pk).exists()
    assert Hand.history.filter(id=hand.pk).latest("history_date").history_change_reason == (
        "deleted"
    )


def test_hand_history_page_loads_in_admin(admin_client, stocked):
    url = reverse("admin:tournaments_hand_history", args=[stocked.pk])
    assert admin_client.get(url).status_code == 200


def test_admin_is_closed_to_non_staff(client, scorekeeper):
    client.force_login(scorekeeper)
    response = client.get(reverse("admin:tournaments_hand_changelist"))
    assert response.status_code == 302
