"""Organiser pages for club nights: create, edit (rule set changes), dashboard, publish."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

import scoring
from tournaments.forms.organiser import RULES_LABELS, rules_choices
from tournaments.models import Event, HandScore, Player, Round, Table
from tournaments.selectors.access import SYSTEM
from tournaments.services.events import preset_rules
from tournaments.services.hands import seat_table

from ..factories import store_hand


def fr(message: str) -> str:
    with translation.override("fr"):
        return gettext(message)


NIGHT = {"name": "Soirée du vendredi", "date": "2026-11-20", "rules_name": "fft_round_10"}


# --- create ------------------------------------------------------------------


def test_organiser_creates_a_club_night_with_its_round_1(organiser_client, club):
    response = organiser_client.get(reverse("event_create"))
    assert response.status_code == 200
    response = organiser_client.post(reverse("event_create"), NIGHT)
    event = Event.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("event_manage", args=[event.pk])
    assert (event.club, event.kind, event.name) == (club, "club_night", "Soirée du vendredi")
    assert event.date == datetime.date(2026, 11, 20)
    assert event.rules_name == "fft_round_10"
    assert event.rules_json == scoring.PRESETS["fft_round_10"].to_json()
    assert not event.published
    assert list(event.rounds.values_list("number", flat=True)) == [1]


def test_create_club_night_with_unknown_rule_set_is_refused(organiser_client, club):
    response = organiser_client.post(reverse("event_create"), {**NIGHT, "rules_name": "belote"})
    assert response.status_code == 200
    assert "rules_name" in response.context["form"].errors
    assert not Event.objects.exists()


def test_create_club_night_without_date_is_refused(organiser_client, club):
    response = organiser_client.post(reverse("event_create"), {**NIGHT, "date": ""})
    assert response.status_code == 200
    assert "date" in response.context["form"].errors
    assert not Event.objects.exists() and not Round.objects.exists()


def test_create_club_night_denied_to_non_organisers(assert_denied, club):
    assert_denied(reverse("event_create"))
    assert_denied(reverse("event_create"), "post", NIGHT)
    assert not Event.objects.exists()


def test_rule_set_choices_cover_every_preset_with_a_marked_label():
    assert [name for name, _label in rules_choices()] == list(scoring.PRESETS)
    # makemessages only sees the labels listed in the form module
    assert {rules.label for rules in scoring.PRESETS.values()} <= set(RULES_LABELS)


def test_rule_set_labels_go_through_gettext(monkeypatch):
    monkeypatch.setattr(
        "tournaments.forms.organiser.gettext", lambda text: f"«{text}»", raising=True
    )
    assert dict(rules_choices())["fft"] == f"«{scoring.FFT.label}»"


# --- edit --------------------------------------------------------------------


def test_organiser_edits_name_date_and_rules_without_hands(organiser_client, club_night):
    url = reverse("event_edit", args=[club_night.pk])
    assert organiser_client.get(url).status_code == 200
    response = organiser_client.post(url, NIGHT)
    assert response.status_code == 302
    club_night.refresh_from_db()
    assert club_night.name == "Soirée du vendredi"
    assert club_night.rules_name == "fft_round_10"
    assert club_night.rules_json["rounding"] == 10


def test_changing_rules_of_an_event_with_hands_is_refused_without_confirmation(
    organiser_client, club_night, table4, play_garde
):
    play_garde(table4)
    url = reverse("event_edit", args=[club_night.pk])
    response = organiser_client.get(url)
    assert "rescore" in response.context["form"].fields
    response = organiser_client.post(url, NIGHT)
    assert response.status_code == 200
    assert response.context["form"].errors["rules_name"] == [
        fr(
            "Hands have already been scored with the current rule set. Tick the "
            "confirmation box to rescore every hand with the new rules."
        )
    ]
    club_night.refresh_from_db()
    assert (club_night.rules_name, club_night.name) == ("fft", "Soirée du jeudi")


def test_changing_rules_with_confirmation_rescores_the_hands(
    organiser_client, organiser, club_night, night_round, players
):
    # A prise made by 4 at 3 players: (25 + 4) x 1 = 29 per defender, 30 rounded to 10.
    table = seat_table(by=SYSTEM, round=night_round, number=1, players=players[:3])
    store_hand(table, organiser, contract="prise", points=45)
    assert HandScore.objects.get(player=players[1]).points == 58
    response = organiser_client.post(
        reverse("event_edit", args=[club_night.pk]), {**NIGHT, "rescore": "on"}
    )
    assert response.status_code == 302
    assert HandScore.objects.get(player=players[1]).points == 60
    assert HandScore.objects.get(player=players[0]).points == -30


def test_rescore_refused_when_a_hand_does_not_fit_the_new_rules(
    organiser_client, organiser, table4
):
    event = table4.round.event
    Event.objects.filter(pk=event.pk).update(
        rules_name="pousse_x1_5", rules_json=preset_rules("pousse_x1_5")
    )
    event.refresh_from_db()
    store_hand(table4, organiser, contract="pousse")
    before = list(HandScore.objects.order_by("pk").values_list("points", flat=True))

    response = organiser_client.post(
        reverse("event_edit", args=[event.pk]), {**NIGHT, "rules_name": "fft", "rescore": "on"}
    )
    assert response.status_code == 200
    assert response.context["form"].errors["rules_name"]
    event.refresh_from_db()
    assert event.rules_name == "pousse_x1_5" and event.name == "Soirée du jeudi"
    assert list(HandScore.objects.order_by("pk").values_list("points", flat=True)) == before


def test_an_event_with_custom_rules_keeps_them_when_renamed(organiser_client, club):
    house = {"preset": "fft", "rounding": 5, "label": "House rules"}
    event = Event.objects.create(
        club=club,
        name="Tournoi",
        date=datetime.date(2026, 5, 1),
        rules_name="house",
        rules_json=house,
    )
    url = reverse("event_edit", args=[event.pk])
    assert ("house", "House rules") in organiser_client.get(url).context["form"].fields[
        "rules_name"
    ].choices
    response = organiser_client.post(url, {**NIGHT, "rules_name": "house"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.name, event.rules_name, event.rules_json) == (NIGHT["name"], "house", house)


def test_edit_event_with_blank_name_is_refused(organiser_client, club_night):
    response = organiser_client.post(
        reverse("event_edit", args=[club_night.pk]), {**NIGHT, "name": " "}
    )
    assert response.status_code == 200
    assert "name" in response.context["form"].errors


@pytest.mark.parametrize("method", ["get", "post"])
def test_edit_event_denied_to_non_organisers(assert_denied, club_night, method):
    assert_denied(reverse("event_edit", args=[club_night.pk]), method, NIGHT)
    club_night.refresh_from_db()
    assert club_night.name == "Soirée du jeudi"


# --- dashboard ---------------------------------------------------------------


def test_dashboard_shows_tables_players_scorekeepers_and_hands(
    organiser_client, club_night, table4, table5, play_garde
):
    play_garde(table4)
    play_garde(table4)
    response = organiser_client.get(reverse("event_manage", args=[club_night.pk]))
    assert response.status_code == 200
    dashboard = response.context["dashboard"]
    assert dashboard.hand_count == 2
    assert response.context["rules_label"] == fr(scoring.FFT.label)
    assert [t.hand_count for t in dashboard.tables] == [2, 0]
    html = response.content.decode()
    for name in ("Anne", "Inès", "marqueur", "autre_marqueur"):
        assert name in html
    assert reverse("event_publish", args=[club_night.pk]) in html
    # a table with hands offers no delete button; an empty one does
    assert reverse("table_delete", args=[table4.pk]) not in html
    assert reverse("table_delete", args=[table5.pk]) in html
    # ...as rules.tables says, and the table of 5 names its mode: the selector's answers
    assert [t.deletable for t in dashboard.tables] == [False, True]
    assert [t.mode.five_mode for t in dashboard.tables] == [None, fr("called king (5 players)")]
    # "Rule set :" with French typography: a no-break space before the colon
    assert fr("Rule set") + "\u00a0:" in html


def test_dashboard_of_a_published_event_offers_unpublish(organiser_client, club_night):
    Event.objects.filter(pk=club_night.pk).update(published=True)
    html = organiser_client.get(reverse("event_manage", args=[club_night.pk])).content.decode()
    assert reverse("event_unpublish", args=[club_night.pk]) in html
    assert reverse("event_publish", args=[club_night.pk]) not in html


def test_dashboard_denied_to_non_organisers(assert_denied, club_night, table4):
    # even the scorekeeper of one of its tables
    assert_denied(reverse("event_manage", args=[club_night.pk]))


def test_dashboard_of_unknown_event_is_404(organiser_client, club):
    assert organiser_client.get(reverse("event_manage", args=[404])).status_code == 404


@pytest.mark.parametrize("tables", [1, 6])
def test_dashboard_query_count_does_not_grow_with_tables(
    organiser_client,
    club,
    night_round,
    scorekeeper,
    play_garde,
    tables,
    django_assert_max_num_queries,
):
    people = [Player.objects.create(club=club, name=f"P{i:02}") for i in range(4 * tables)]
    for number in range(1, tables + 1):
        table = seat_table(
            by=SYSTEM,
            round=night_round,
            number=number,
            players=people[4 * (number - 1) : 4 * number],
            scorekeepers=[scorekeeper],
        )
        play_garde(table)
    with django_assert_max_num_queries(10):
        response = organiser_client.get(reverse("event_manage", args=[night_round.event_id]))
    assert response.context["dashboard"].hand_count == tables


# --- publish -----------------------------------------------------------------


def test_organiser_publishes_and_unpublishes_an_event(organiser_client, club_night):
    response = organiser_client.post(reverse("event_publish", args=[club_night.pk]))
    assert response.status_code == 302
    club_night.refresh_from_db()
    assert club_night.published
    organiser_client.post(reverse("event_unpublish", args=[club_night.pk]))
    club_night.refresh_from_db()
    assert not club_night.published


def test_publish_needs_a_post(organiser_client, club_night):
    assert organiser_client.get(reverse("event_publish", args=[club_night.pk])).status_code == 405
    club_night.refresh_from_db()
    assert not club_night.published


def test_publish_denied_to_non_organisers(assert_denied, club_night):
    assert_denied(reverse("event_publish", args=[club_night.pk]), "post")
    club_night.refresh_from_db()
    assert not club_night.published


def test_unpublish_denied_to_non_organisers(assert_denied, club_night):
    Event.objects.filter(pk=club_night.pk).update(published=True)
    assert_denied(reverse("event_unpublish", args=[club_night.pk]), "post")
    club_night.refresh_from_db()
    assert club_night.published


def test_publishing_with_open_sheets_asks_first_and_says_how_many(
    organiser_client, club_night, table4, table5
):
    """Publishing with 0 of 2 sheets validated once went ahead without a word."""
    url = reverse("event_publish", args=[club_night.pk])
    response = organiser_client.post(url)
    assert response.status_code == 200
    club_night.refresh_from_db()
    assert not club_night.published
    html = response.content.decode()
    assert "2 feuilles sur 2 ne sont pas encore validées." in html
    assert 'name="confirm" value="1"' in html
    response = organiser_client.post(url, {"confirm": "1"})
    assert response.status_code == 302
    club_night.refresh_from_db()
    assert club_night.published


def test_one_open_sheet_is_said_in_the_singular(organiser_client, club_night, table4, table5):
    Table.objects.filter(pk=table5.pk).update(validated_at=timezone.now())
    html = organiser_client.post(reverse("event_publish", args=[club_night.pk])).content.decode()
    assert "1 feuille sur 2 n'est pas encore validée." in html


def test_publishing_with_every_sheet_validated_asks_nothing(
    organiser_client, club_night, table4, table5
):
    Table.objects.filter(round__event=club_night).update(validated_at=timezone.now())
    response = organiser_client.post(reverse("event_publish", args=[club_night.pk]))
    assert response.status_code == 302
    club_night.refresh_from_db()
    assert club_night.published


def test_a_tournament_with_open_sheets_asks_too(organiser_client, club_night, table4):
    Event.objects.filter(pk=club_night.pk).update(kind=Event.Kind.TOURNAMENT)
    response = organiser_client.post(reverse("tournament_publish", args=[club_night.pk]))
    assert response.status_code == 200
    assert "1 feuille sur 1 n'est pas encore validée." in response.content.decode()
    club_night.refresh_from_db()
    assert not club_night.published
