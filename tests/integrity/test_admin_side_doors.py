"""The back office is no side door around the services: a rule set changes with every
hand rescored (or not at all), a round's status follows its sheets, the seats and game
mode of a table with hands stay as they were scored, and derived rows are read-only."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.urls import reverse

from tournaments.models import Event, EventResult, Hand, HandScore, Round, Season, Seat, Table
from tournaments.services.events import preset_rules
from tournaments.services.results import stale_event_results
from tournaments.services.sheets import validate_sheet

from ..factories import seated
from ..factories import store_hand as store
from ..scorekeeping.test_admin import form_data


def post_change(client: Any, model: str, obj: Any, **changes: str) -> Any:
    url = reverse(f"admin:tournaments_{model}_change", args=[obj.pk])
    data = form_data(client.get(url).content.decode())
    data.update(changes)
    return client.post(url, data)


def points(hand: Hand) -> list[int]:
    return sorted(HandScore.objects.filter(hand=hand).values_list("points", flat=True))


# --- rule set ------------------------------------------------------------------------


def test_a_rules_change_in_admin_rescores_every_hand(admin_client, admin_user, table4):
    hand = store(table4, admin_user, contract="garde_contre")
    assert points(hand) == [-240, -240, -240, 720]  # (25 + 15) x 6
    event = table4.round.event
    response = post_change(admin_client, "event", event, rules_name="garde_contre_x8")
    assert response.status_code == 302, response.context["adminform"].form.errors
    event.refresh_from_db()
    assert event.rules_name == "garde_contre_x8"
    assert event.rules.to_json()["multipliers"]["garde_contre"] == 8
    assert points(hand) == [-320, -320, -320, 960]
    assert stale_event_results() == []


def test_a_rule_set_a_stored_hand_cannot_be_scored_with_is_refused(
    admin_client, admin_user, club_night, table4
):
    Event.objects.filter(pk=club_night.pk).update(
        rules_name="pousse_x1_5", rules_json=preset_rules("pousse_x1_5")
    )
    club_night.refresh_from_db()
    hand = store(table4, admin_user, contract="pousse")
    before = points(hand)
    response = post_change(admin_client, "event", club_night, rules_name="fft", name="Renamed")
    assert response.status_code == 200
    assert "rules_name" in response.context["adminform"].form.errors
    club_night.refresh_from_db()
    assert (club_night.rules_name, club_night.name) == ("pousse_x1_5", "Soirée du jeudi")
    assert points(hand) == before


def test_an_unknown_rule_set_is_refused_in_admin(admin_client, club_night):
    response = post_change(admin_client, "event", club_night, rules_name="no_such_rules")
    assert "rules_name" in response.context["adminform"].form.errors
    club_night.refresh_from_db()
    assert club_night.rules_name == "fft"


def test_the_exact_rules_are_read_only_in_admin(admin_client, club_night):
    url = reverse("admin:tournaments_event_change", args=[club_night.pk])
    data = form_data(admin_client.get(url).content.decode())
    assert "rules_json" not in data
    before = club_night.rules_json
    data["rules_json"] = '{"base": 1000}'
    assert admin_client.post(url, data).status_code == 302
    club_night.refresh_from_db()
    assert club_night.rules_json == before


# --- round status --------------------------------------------------------------------


def test_round_status_is_not_editable_in_admin(admin_client, night_round, table4):
    response = post_change(admin_client, "round", night_round, status="locked")
    assert response.status_code == 302
    night_round.refresh_from_db()
    assert night_round.status == Round.Status.OPEN
    # Nor from the event's round inline.
    url = reverse("admin:tournaments_event_change", args=[night_round.event_id])
    data = form_data(admin_client.get(url).content.decode())
    assert not any(name.endswith("-status") for name in data)


def test_a_table_added_in_admin_to_a_locked_round_reopens_it(
    admin_client, admin_user, night_round, table4, players
):
    store(table4, admin_user)
    validate_sheet(table=table4, user=admin_user)
    night_round.refresh_from_db()
    assert night_round.status == Round.Status.LOCKED
    url = reverse("admin:tournaments_table_add")
    data = form_data(admin_client.get(url).content.decode())
    data.update(round=str(night_round.pk), number="2", five_mode="called_king")
    data.pop("scorekeepers", None)
    response = admin_client.post(url, data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    night_round.refresh_from_db()
    assert night_round.status == Round.Status.OPEN


# --- seats and game mode -------------------------------------------------------------


def test_game_mode_of_a_table_with_hands_is_read_only(admin_client, admin_user, table5):
    store(table5, admin_user, partner=seated(table5)[3])
    response = post_change(admin_client, "table", table5, five_mode="dealer_out")
    assert response.status_code == 302
    table5.refresh_from_db()
    assert table5.five_mode == Table.FiveMode.CALLED_KING


def test_game_mode_of_a_table_without_hands_may_change(admin_client, table5):
    response = post_change(admin_client, "table", table5, five_mode="dealer_out")
    assert response.status_code == 302
    table5.refresh_from_db()
    assert table5.five_mode == Table.FiveMode.DEALER_OUT


def test_seats_of_a_table_with_hands_are_read_only(admin_client, admin_user, table4, players):
    store(table4, admin_user)
    seats = list(table4.seats.order_by("position").values_list("pk", "player_id"))
    # The table's seat inline has no editable row left.
    url = reverse("admin:tournaments_table_change", args=[table4.pk])
    data = form_data(admin_client.get(url).content.decode())
    assert "seats-0-id" in data  # the rows are shown, not editable
    assert not {"seats-0-player", "seats-0-position", "seats-4-player"} & set(data)
    # The seat's own page refuses a change...
    seat = Seat.objects.get(pk=seats[0][0])
    url = reverse("admin:tournaments_seat_change", args=[seat.pk])
    change = admin_client.post(url, {"table": table4.pk, "position": 1, "player": players[8].pk})
    assert change.status_code == 403
    assert (
        admin_client.post(
            reverse("admin:tournaments_seat_delete", args=[seat.pk]), {"post": "yes"}
        ).status_code
        == 403
    )
    # ...and no seat can be added to it.
    add = admin_client.post(
        reverse("admin:tournaments_seat_add"),
        {"table": table4.pk, "position": 5, "player": players[8].pk},
    )
    assert add.status_code == 200 and add.context["adminform"].form.non_field_errors()
    assert list(table4.seats.order_by("position").values_list("pk", "player_id")) == seats


def test_a_table_with_hands_cannot_be_deleted_from_the_admin(
    admin_client, admin_user, night_round, table4
):
    hand = store(table4, admin_user)
    url = reverse("admin:tournaments_table_delete", args=[table4.pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 403
    # Nor by ticking "delete" in the round's table inline.
    url = reverse("admin:tournaments_round_change", args=[night_round.pk])
    data = form_data(admin_client.get(url).content.decode())
    data["tables-0-DELETE"] = "on"
    response = admin_client.post(url, data)
    assert response.status_code == 200
    assert Hand.objects.filter(pk=hand.pk).exists() and points(hand)


# --- derived and missing models ------------------------------------------------------


def test_season_is_in_the_admin(admin_client, club):
    season = Season.objects.create(
        club=club, name="2026-2027", start=datetime.date(2026, 9, 1), end=datetime.date(2027, 8, 31)
    )
    assert admin_client.get(reverse("admin:tournaments_season_changelist")).status_code == 200
    response = post_change(admin_client, "season", season, name="Saison 2026-2027")
    assert response.status_code == 302
    season.refresh_from_db()
    assert season.name == "Saison 2026-2027"


def test_event_results_are_read_only_in_the_admin(admin_client, admin_user, table4):
    store(table4, admin_user)
    row = EventResult.objects.first()
    assert admin_client.get(reverse("admin:tournaments_eventresult_changelist")).status_code == 200
    assert admin_client.get(reverse("admin:tournaments_eventresult_add")).status_code == 403
    url = reverse("admin:tournaments_eventresult_change", args=[row.pk])
    assert admin_client.get(url).status_code == 200
    admin_client.post(url, {"total": 9999, "rank": 1})
    delete = reverse("admin:tournaments_eventresult_delete", args=[row.pk])
    assert admin_client.post(delete, {"post": "yes"}).status_code == 403
    row.refresh_from_db()
    assert row.total != 9999
    assert stale_event_results() == []


@pytest.mark.parametrize("model", ["season", "eventresult"])
def test_new_admins_search(admin_client, admin_user, table4, model):
    store(table4, admin_user)
    response = admin_client.get(reverse(f"admin:tournaments_{model}_changelist"), {"q": "Anne"})
    assert response.status_code == 200
