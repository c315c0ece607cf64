"""Seating players at tables: create, edit (refused once hands exist), delete."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from tournaments.models import Club, EventGuest, Player, Round, Seat, Table

from ..factories import make_club, make_member


def fr(message: str) -> str:
    with translation.override("fr"):
        return gettext(message)


def seating(players, *, number=1, five_mode="called_king", scorekeepers=()) -> dict:
    data = {"number": number, "five_mode": five_mode, "scorekeepers": [u.pk for u in scorekeepers]}
    for position, player in enumerate(players, 1):
        data[f"seat_{position}"] = player.pk
    return data


def seated(table: Table) -> list[str]:
    return [s.player.name for s in table.seats.select_related("player").order_by("position")]


# --- create ------------------------------------------------------------------


def test_organiser_seats_four_players_in_order_with_a_scorekeeper(
    organiser_client, club_night, night_round, players, scorekeeper
):
    url = reverse("table_create", args=[club_night.pk])
    response = organiser_client.get(url)
    assert response.status_code == 200
    assert response.context["form"].initial["number"] == 1
    order = [players[3], players[0], players[2], players[1]]
    response = organiser_client.post(url, seating(order, scorekeepers=[scorekeeper]))
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.round == night_round
    assert seated(table) == ["David", "Anne", "Chloé", "Bruno"]
    assert list(table.scorekeepers.all()) == [scorekeeper]


def test_only_the_clubs_people_and_the_events_guests_may_keep_score(
    organiser_client, organiser, club, club_night, players, scorekeeper, stranger
):
    """Organisers and scorekeepers of the club and the event's guests are offered; a
    person of another club, or of none, is neither offered nor accepted."""
    club_organiser = make_member("orga_lyon", club)
    paris = make_club("Tarot Club de Paris", "paris")
    guest = make_member("invite", paris, role="scorekeeper")
    EventGuest.objects.create(event=club_night, user=guest)
    outsider = make_member("parisien", paris, role="scorekeeper")
    url = reverse("table_create", args=[club_night.pk])
    offered = set(organiser_client.get(url).context["form"].fields["scorekeepers"].queryset)
    assert offered == {organiser, club_organiser, scorekeeper, guest}
    for refused in (stranger, outsider):
        response = organiser_client.post(url, seating(players[:4], scorekeepers=[refused]))
        assert response.status_code == 200
        assert list(response.context["form"].errors) == ["scorekeepers"]
    assert not Table.objects.exists()
    response = organiser_client.post(url, seating(players[:4], scorekeepers=[guest, scorekeeper]))
    assert response.status_code == 302
    assert set(Table.objects.get().scorekeepers.all()) == {guest, scorekeeper}


def test_seat_five_players_with_dealer_sitting_out(organiser_client, club_night, players):
    response = organiser_client.post(
        reverse("table_create", args=[club_night.pk]),
        seating(players[:5], number=3, five_mode="dealer_out"),
    )
    assert response.status_code == 302
    table = Table.objects.get()
    assert (table.number, table.five_mode, len(seated(table))) == (3, "dealer_out", 5)


def test_next_table_number_is_offered(organiser_client, club_night, table4):
    response = organiser_client.get(reverse("table_create", args=[club_night.pk]))
    assert response.context["form"].initial["number"] == 2


def test_a_player_cannot_sit_at_two_tables_of_a_round(
    organiser_client, club_night, table4, players
):
    # Bruno already sits at table 1; he is the 2nd player chosen here
    response = organiser_client.post(
        reverse("table_create", args=[club_night.pk]),
        seating([players[4], players[1], players[5]], number=2),
    )
    assert response.status_code == 200
    assert response.context["form"].errors["seat_2"] == [
        fr("%(player)s already sits at table %(table)s of this round.")
        % {"player": "Bruno", "table": 1}
    ]
    assert Table.objects.count() == 1


def test_a_table_needs_three_players(organiser_client, club_night, players):
    response = organiser_client.post(
        reverse("table_create", args=[club_night.pk]), seating(players[:2])
    )
    assert response.status_code == 200
    assert "seat_3" in response.context["form"].errors
    assert not Table.objects.exists()


def test_the_same_player_twice_at_a_table_is_refused(organiser_client, club_night, players):
    response = organiser_client.post(
        reverse("table_create", args=[club_night.pk]),
        seating([players[0], players[1], players[0]]),
    )
    assert response.status_code == 200
    assert "seat_3" in response.context["form"].errors
    assert not Table.objects.exists()


def test_seats_are_filled_in_order(organiser_client, club_night, players):
    data = seating(players[:3])
    data["seat_5"] = players[4].pk
    response = organiser_client.post(reverse("table_create", args=[club_night.pk]), data)
    assert response.status_code == 200
    assert "seat_4" in response.context["form"].errors
    assert not Table.objects.exists()


def test_a_table_number_is_unique_in_the_round(organiser_client, club_night, table4, players):
    response = organiser_client.post(
        reverse("table_create", args=[club_night.pk]), seating(players[4:7], number=1)
    )
    assert response.status_code == 200
    assert response.context["form"].errors["number"] == [
        fr("Table %(number)s already exists in this round.") % {"number": 1}
    ]
    assert Table.objects.count() == 1


def test_inactive_and_other_club_players_are_not_offered(organiser_client, club_night, players):
    Player.objects.filter(name="Inès").update(active=False)
    other = Club.objects.create(name="Autre club", slug="autre")
    outsider = Player.objects.create(club=other, name="Zoé")
    url = reverse("table_create", args=[club_night.pk])
    offered = {p.name for p in organiser_client.get(url).context["form"].fields["seat_1"].queryset}
    assert "Inès" not in offered and "Zoé" not in offered and "Anne" in offered
    response = organiser_client.post(url, seating([players[0], players[1], outsider]))
    assert "seat_3" in response.context["form"].errors
    assert not Table.objects.exists()


def test_an_event_without_round_gets_round_1_when_seating(organiser_client, club_night, players):
    # club_night from the fixtures has no round (as an event made in the admin)
    response = organiser_client.post(
        reverse("table_create", args=[club_night.pk]), seating(players[:4])
    )
    assert response.status_code == 302
    assert Round.objects.get(event=club_night).number == 1


@pytest.mark.parametrize("method", ["get", "post"])
def test_seating_denied_to_non_organisers(assert_denied, club_night, players, method):
    assert_denied(reverse("table_create", args=[club_night.pk]), method, seating(players[:4]))
    assert not Table.objects.exists()


# --- edit --------------------------------------------------------------------


def test_organiser_changes_the_players_of_a_table_without_hands(
    organiser_client, table4, players, scorekeeper, other_scorekeeper
):
    url = reverse("table_edit", args=[table4.pk])
    response = organiser_client.get(url)
    assert response.status_code == 200
    assert response.context["form"].initial["seat_1"] == players[0].pk
    new = [players[0], players[1], players[2], players[8]]
    response = organiser_client.post(url, seating(new, scorekeepers=[other_scorekeeper]))
    assert response.status_code == 302
    assert seated(table4) == ["Anne", "Bruno", "Chloé", "Inès"]
    assert list(table4.scorekeepers.all()) == [other_scorekeeper]


def test_a_player_moved_from_another_table_is_refused(organiser_client, table4, table5, players):
    new = [players[0], players[1], players[2], players[4]]  # Emma sits at table 2
    response = organiser_client.post(reverse("table_edit", args=[table4.pk]), seating(new))
    assert response.status_code == 200
    assert "seat_4" in response.context["form"].errors
    assert seated(table4) == ["Anne", "Bruno", "Chloé", "David"]


def test_editing_the_seats_of_a_table_with_hands_is_refused(
    organiser_client, table4, players, play_garde
):
    play_garde(table4)
    url = reverse("table_edit", args=[table4.pk])
    assert response_has_warning(organiser_client.get(url))
    reordered = [players[1], players[0], players[2], players[3]]
    response = organiser_client.post(url, seating(reordered))
    assert response.status_code == 200
    assert response.context["form"].errors["seat_1"] == [
        fr(
            "This table already has hands: its players, their order and the game "
            "mode can no longer change. Delete its hands first."
        )
    ]
    assert seated(table4) == ["Anne", "Bruno", "Chloé", "David"]


def response_has_warning(response) -> bool:
    return response.status_code == 200 and response.context["has_hands"] is True


def test_changing_the_five_mode_of_a_table_with_hands_is_refused(
    organiser_client, table5, players, play_garde
):
    play_garde(table5)
    response = organiser_client.post(
        reverse("table_edit", args=[table5.pk]),
        seating(players[4:9], number=2, five_mode="dealer_out"),
    )
    assert response.status_code == 200
    assert "five_mode" in response.context["form"].errors
    table5.refresh_from_db()
    assert table5.five_mode == "called_king"


def test_scorekeepers_and_number_of_a_table_with_hands_may_change(
    organiser_client, table4, players, other_scorekeeper, play_garde
):
    play_garde(table4)
    response = organiser_client.post(
        reverse("table_edit", args=[table4.pk]),
        seating(players[:4], number=7, scorekeepers=[other_scorekeeper]),
    )
    assert response.status_code == 302
    table4.refresh_from_db()
    assert table4.number == 7
    assert list(table4.scorekeepers.all()) == [other_scorekeeper]


def test_a_seated_player_who_became_inactive_stays_on_the_form(organiser_client, table4, players):
    Player.objects.filter(name="David").update(active=False)
    response = organiser_client.post(reverse("table_edit", args=[table4.pk]), seating(players[:4]))
    assert response.status_code == 302
    assert seated(table4)[-1] == "David"


@pytest.mark.parametrize("method", ["get", "post"])
def test_table_edit_denied_to_non_organisers(assert_denied, table4, players, method):
    # the table's own scorekeeper included
    assert_denied(reverse("table_edit", args=[table4.pk]), method, seating(players[4:8]))
    assert seated(table4) == ["Anne", "Bruno", "Chloé", "David"]


# --- delete ------------------------------------------------------------------


def test_organiser_deletes_a_table_without_hands(organiser_client, table4):
    url = reverse("table_delete", args=[table4.pk])
    assert organiser_client.get(url).status_code == 200
    response = organiser_client.post(url)
    assert response.status_code == 302
    assert not Table.objects.exists() and not Seat.objects.exists()


def test_a_table_with_hands_cannot_be_deleted(organiser_client, table4, play_garde):
    play_garde(table4)
    response = organiser_client.post(reverse("table_delete", args=[table4.pk]), follow=True)
    assert Table.objects.filter(pk=table4.pk).exists()
    assert fr("This table has hands: it cannot be deleted.") in [
        str(m) for m in response.context["messages"]
    ]


def test_table_delete_denied_to_non_organisers(assert_denied, table4):
    assert_denied(reverse("table_delete", args=[table4.pk]), "post")
    assert Table.objects.filter(pk=table4.pk).exists()
