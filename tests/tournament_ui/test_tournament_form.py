"""Creating and editing a tournament: its format, rule set and team mode."""

from __future__ import annotations

from django.urls import reverse

from tournaments.models import Event
from tournaments.selectors.access import SYSTEM
from tournaments.services.rounds import generate_round

from .conftest import play_round


def form_data(club, **changes) -> dict:
    data = {
        "name": "Open d'hiver",
        "date": "2026-12-12",
        "club": club.pk,
        "rules_name": "fft",
        "rounds_planned": 4,
        "deals_per_round": 5,
        "team_size": 2,
    }
    data.update(changes)
    return data


def test_organiser_creates_a_tournament(organiser_client, club):
    response = organiser_client.post(reverse("tournament_create"), form_data(club))
    event = Event.objects.get(name="Open d'hiver")
    assert response.status_code == 302
    assert response.url == reverse("tournament_registrations", args=[event.pk])
    assert event.kind == Event.Kind.TOURNAMENT
    assert (event.rounds_planned, event.deals_per_round, event.team_size) == (4, 5, 2)
    assert event.club == club
    assert event.rules_json  # the exact rules are stored with the event


def test_create_form_offers_rule_sets_and_team_modes(organiser_client, club):
    response = organiser_client.get(reverse("tournament_create"))
    content = response.content.decode()
    assert response.status_code == 200
    assert 'name="rules_name"' in content
    assert 'name="team_size"' in content
    assert response.context["form"].initial["club"] == club


def test_create_refuses_zero_rounds_at_the_field(organiser_client, club):
    response = organiser_client.post(
        reverse("tournament_create"), form_data(club, rounds_planned=0, name="")
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "rounds_planned" in errors and "name" in errors
    assert not Event.objects.filter(kind=Event.Kind.TOURNAMENT).exists()


def test_create_refuses_an_unknown_team_mode(organiser_client, club):
    response = organiser_client.post(reverse("tournament_create"), form_data(club, team_size=3))
    assert "team_size" in response.context["form"].errors
    assert not Event.objects.exists()


def test_create_and_edit_are_for_organisers_only(assert_denied, tournament, club):
    assert_denied(reverse("tournament_create"))
    assert_denied(reverse("tournament_create"), "post", form_data(club))
    assert_denied(reverse("tournament_edit", args=[tournament.pk]))
    assert_denied(reverse("tournament_edit", args=[tournament.pk]), "post", form_data(club))
    assert_denied(reverse("tournament_list"))
    assert not Event.objects.filter(name="Open d'hiver").exists()
    tournament.refresh_from_db()
    assert tournament.name == "Open de Lyon"


def test_organiser_edits_the_format(organiser_client, tournament, club):
    url = reverse("tournament_edit", args=[tournament.pk])
    response = organiser_client.post(
        url, form_data(club, name="Open de Lyon 2026", rounds_planned=5, team_size=0)
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.name == "Open de Lyon 2026"
    assert (tournament.rounds_planned, tournament.deals_per_round) == (5, 5)


def test_rounds_cannot_drop_below_the_rounds_seated(organiser_client, tournament, registered, club):
    generate_round(by=SYSTEM, event=tournament)
    url = reverse("tournament_edit", args=[tournament.pk])
    response = organiser_client.post(url, form_data(club, rounds_planned=0, team_size=0))
    assert "rounds_planned" in response.context["form"].errors
    response = organiser_client.post(url, form_data(club, rounds_planned=1, team_size=2))
    assert "team_size" in response.context["form"].errors
    tournament.refresh_from_db()
    assert (tournament.rounds_planned, tournament.team_size) == (3, 0)


def test_changing_the_rules_after_hands_needs_the_rescore_box(
    organiser_client, tournament, registered, organiser, club
):
    round_ = generate_round(by=organiser, event=tournament)
    play_round(round_, organiser, hands_per_table=1)
    url = reverse("tournament_edit", args=[tournament.pk])
    data = form_data(club, rules_name="fft_round_5", team_size=0)
    response = organiser_client.post(url, data)
    assert "rules_name" in response.context["form"].errors
    tournament.refresh_from_db()
    assert tournament.rules_name == "fft"
    response = organiser_client.post(url, {**data, "rescore": "on"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.rules_name == "fft_round_5"


def test_tournament_pages_404_for_a_club_night(organiser_client, club_night):
    assert (
        organiser_client.get(reverse("tournament_manage", args=[club_night.pk])).status_code == 404
    )


def test_list_shows_tournaments_and_the_new_buttons(organiser_client, tournament):
    response = organiser_client.get(reverse("tournament_list"))
    content = response.content.decode()
    assert tournament.name in content
    assert reverse("tournament_create") in content
    assert reverse("season_create") in content


def test_event_manage_links_a_tournament_to_its_pages(organiser_client, tournament):
    response = organiser_client.get(reverse("event_manage", args=[tournament.pk]))
    assert reverse("tournament_manage", args=[tournament.pk]) in response.content.decode()
