"""Registering players by hand, teams, withdrawals and late arrivals."""

from __future__ import annotations

from django.urls import reverse

from tournaments.models import Player, Registration, Team

from ..factories import add_role


def url(event) -> str:
    return reverse("tournament_registrations", args=[event.pk])


def test_list_shows_every_registration_with_club_and_presence(
    organiser_client, tournament, registered
):
    Registration.objects.filter(event=tournament, player=registered[0]).update(present=False)
    response = organiser_client.get(url(tournament))
    content = response.content.decode()
    assert response.status_code == 200
    for player in registered:
        assert player.name in content
    assert response.context["counts"].registered == 16
    assert response.context["counts"].present == 15


def test_list_queries_do_not_grow_with_players(
    organiser_client, tournament, registered, django_assert_max_num_queries
):
    with django_assert_max_num_queries(12):
        organiser_client.get(url(tournament))


def test_organiser_registers_an_existing_player(organiser_client, tournament, players):
    response = organiser_client.post(url(tournament), {"player": players[0].pk})
    assert response.status_code == 302
    assert Registration.objects.filter(event=tournament, player=players[0], present=True).exists()


def test_organiser_registers_a_new_player_of_another_club_he_organises(
    organiser_client, organiser, tournament, other_club
):
    add_role(organiser, other_club)
    response = organiser_client.post(
        url(tournament), {"name": "  Zoé   Durand ", "licence": "12 345", "club": other_club.pk}
    )
    assert response.status_code == 302
    player = Player.objects.get(name="Zoé Durand")
    assert (player.club, player.licence) == (other_club, "12345")
    assert Registration.objects.filter(event=tournament, player=player).exists()


def test_a_new_player_without_club_joins_the_tournament_club(organiser_client, tournament, club):
    organiser_client.post(url(tournament), {"name": "Yves"})
    assert Player.objects.get(name="Yves").club == club


def test_choosing_nobody_is_an_error_at_the_player_field(organiser_client, tournament):
    response = organiser_client.post(url(tournament), {"name": ""})
    assert response.status_code == 200
    assert "player" in response.context["form"].errors
    assert not Registration.objects.exists()


def test_choosing_a_player_and_a_new_name_is_an_error_at_the_name(
    organiser_client, tournament, players
):
    response = organiser_client.post(url(tournament), {"player": players[0].pk, "name": "Yves"})
    assert "name" in response.context["form"].errors
    assert not Registration.objects.exists()
    assert not Player.objects.filter(name="Yves").exists()


def test_a_licence_already_taken_is_an_error_at_the_licence(organiser_client, tournament, club):
    Player.objects.create(club=club, name="Xavier", licence="777")
    response = organiser_client.post(url(tournament), {"name": "Yves", "licence": "777"})
    assert "licence" in response.context["form"].errors
    assert not Player.objects.filter(name="Yves").exists()


def test_a_registered_player_is_not_offered_again(organiser_client, tournament, registered):
    response = organiser_client.post(url(tournament), {"player": registered[0].pk})
    assert "player" in response.context["form"].errors
    assert Registration.objects.filter(event=tournament).count() == 16


def test_team_event_registers_players_in_teams(organiser_client, tournament, players):
    tournament.team_size = 2
    tournament.save()
    organiser_client.post(url(tournament), {"player": players[0].pk, "team": "Les As"})
    organiser_client.post(url(tournament), {"player": players[1].pk, "team": "les as"})
    team = Team.objects.get(event=tournament)
    assert {r.player for r in team.members.all()} == {players[0], players[1]}
    response = organiser_client.post(url(tournament), {"player": players[2].pk, "team": "Les As"})
    assert "team" in response.context["form"].errors
    assert not Registration.objects.filter(player=players[2]).exists()
    content = organiser_client.get(url(tournament)).content.decode()
    assert "Les As" in content


def test_individual_event_has_no_team_field(organiser_client, tournament):
    response = organiser_client.get(url(tournament))
    assert "team" not in response.context["form"].fields


def test_withdrawal_and_return(organiser_client, tournament, registered):
    registration = Registration.objects.get(event=tournament, player=registered[3])
    toggle = reverse("registration_present", args=[registration.pk])
    response = organiser_client.post(toggle, {"present": "0"})
    assert response.status_code == 302
    registration.refresh_from_db()
    assert registration.present is False
    organiser_client.post(toggle, {"present": "1"})
    registration.refresh_from_db()
    assert registration.present is True


def test_presence_toggle_needs_post(organiser_client, tournament, registered):
    registration = Registration.objects.filter(event=tournament).first()
    response = organiser_client.get(reverse("registration_present", args=[registration.pk]))
    assert response.status_code == 405


def test_registrations_are_for_organisers_only(assert_denied, tournament, registered):
    registration = Registration.objects.filter(event=tournament).first()
    assert_denied(url(tournament))
    assert_denied(url(tournament), "post", {"name": "Intrus"})
    assert_denied(reverse("registration_present", args=[registration.pk]), "post", {"present": "0"})
    registration.refresh_from_db()
    assert registration.present
    assert not Player.objects.filter(name="Intrus").exists()
