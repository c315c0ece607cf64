"""Organiser pages for a club's players: list with filters, create, edit."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from tournaments.models import Club, Player

from ..factories import add_role


def fr(message: str) -> str:
    """The message as the (French) site shows it, catalogue or not."""
    with translation.override("fr"):
        return gettext(message)


def listed_names(response) -> list[str]:
    return [row.record.name for row in response.context["table"].paginated_rows]


# --- list --------------------------------------------------------------------


def test_player_list_shows_active_players_by_default(organiser_client, players):
    Player.objects.filter(name="Hugo").update(active=False)
    response = organiser_client.get(reverse("player_list"))
    assert response.status_code == 200
    names = listed_names(response)
    assert "Anne" in names and "Hugo" not in names
    assert names == sorted(names)


def test_player_list_filters_inactive_players(organiser_client, players):
    Player.objects.filter(name__in=["Hugo", "Inès"]).update(active=False)
    response = organiser_client.get(reverse("player_list"), {"status": "inactive"})
    assert listed_names(response) == ["Hugo", "Inès"]


def test_player_list_all_shows_active_and_inactive(organiser_client, players):
    Player.objects.filter(name="Hugo").update(active=False)
    response = organiser_client.get(reverse("player_list"), {"status": "all"})
    assert len(listed_names(response)) == len(players)


def test_player_list_searches_by_name(organiser_client, players):
    response = organiser_client.get(reverse("player_list"), {"q": "BR", "status": "all"})
    assert listed_names(response) == ["Bruno"]
    response = organiser_client.get(reverse("player_list"), {"q": "mm", "status": "all"})
    assert listed_names(response) == ["Emma"]


def test_player_list_with_unknown_status_falls_back_to_active(organiser_client, players):
    Player.objects.filter(name="Hugo").update(active=False)
    response = organiser_client.get(reverse("player_list"), {"status": "everyone"})
    assert response.status_code == 200
    assert "Hugo" not in listed_names(response)


def test_player_list_is_sortable_by_name_descending(organiser_client, players):
    response = organiser_client.get(reverse("player_list"), {"sort": "-name"})
    names = listed_names(response)
    assert names == sorted(names, reverse=True)


def test_player_list_query_count_does_not_grow_with_players(
    organiser_client, club, django_assert_max_num_queries
):
    for size in (3, 40):
        Player.objects.filter(club=club).delete()
        Player.objects.bulk_create(Player(club=club, name=f"P{i:03}") for i in range(size))
        with django_assert_max_num_queries(8):
            response = organiser_client.get(reverse("player_list"))
        assert len(listed_names(response)) == size


def test_player_list_denied_to_non_organisers(assert_denied, club):
    assert_denied(reverse("player_list"))


def test_several_clubs_ask_which_club(organiser_client, organiser, club, players):
    other = Club.objects.create(name="Tarot Club de Paris", slug="paris")
    add_role(organiser, other)
    Player.objects.create(club=other, name="Zoé")
    response = organiser_client.get(reverse("player_list"))
    assert response.status_code == 200
    assert "tournaments/organiser/club_choice.html" in [t.name for t in response.templates]
    assert "?club=paris" in response.content.decode()

    response = organiser_client.get(reverse("player_list"), {"club": "paris"})
    assert listed_names(response) == ["Zoé"]


def test_unknown_club_slug_is_404(organiser_client, club):
    assert organiser_client.get(reverse("player_list"), {"club": "nowhere"}).status_code == 404


# --- create ------------------------------------------------------------------


def test_organiser_creates_a_player(organiser_client, club):
    response = organiser_client.post(
        reverse("player_create"), {"name": " Julie ", "licence": "0712345", "active": "on"}
    )
    assert response.status_code == 302
    assert response.url.startswith(reverse("player_list"))
    player = Player.objects.get(name="Julie")
    assert (player.club, player.licence, player.active) == (club, "0712345", True)


def test_create_player_in_the_club_chosen_by_slug(organiser_client, organiser, club):
    other = Club.objects.create(name="Tarot Club de Paris", slug="paris")
    add_role(organiser, other)
    url = reverse("player_create") + "?club=paris"
    assert organiser_client.post(url, {"name": "Julie"}).status_code == 302
    assert Player.objects.get(name="Julie").club == other


def test_create_player_with_duplicate_name_shows_error_at_name(organiser_client, players):
    response = organiser_client.post(reverse("player_create"), {"name": "anne", "active": "on"})
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["name"] == [fr("This club already has a player with this name.")]
    assert Player.objects.filter(name__iexact="anne").count() == 1


def test_create_player_with_duplicate_licence_shows_error_at_licence(organiser_client, players):
    Player.objects.filter(name="Anne").update(licence="123456")
    response = organiser_client.post(
        reverse("player_create"), {"name": "Julie", "licence": "123456"}
    )
    assert response.status_code == 200
    assert response.context["form"].errors["licence"] == [
        fr("A player with this licence number already exists.")
    ]
    assert not Player.objects.filter(name="Julie").exists()


def test_create_player_without_name_is_refused(organiser_client, club):
    response = organiser_client.post(reverse("player_create"), {"name": "   "})
    assert response.status_code == 200
    assert "name" in response.context["form"].errors
    assert not Player.objects.exists()


def test_two_players_without_licence_are_allowed(organiser_client, club):
    for name in ("Julie", "Karim"):
        response = organiser_client.post(reverse("player_create"), {"name": name, "licence": ""})
        assert response.status_code == 302
    assert Player.objects.filter(licence="").count() == 2


def test_create_player_denied_to_non_organisers(assert_denied, club):
    assert_denied(reverse("player_create"))
    assert_denied(reverse("player_create"), "post", {"name": "Julie"})
    assert not Player.objects.filter(name="Julie").exists()


# --- edit --------------------------------------------------------------------


def test_organiser_edits_a_player(organiser_client, players):
    anne = players[0]
    url = reverse("player_edit", args=[anne.pk])
    assert organiser_client.get(url).status_code == 200
    response = organiser_client.post(url, {"name": "Anne-Marie", "licence": "42"})
    assert response.status_code == 302
    anne.refresh_from_db()
    # an unticked checkbox is not sent: the player becomes inactive
    assert (anne.name, anne.licence, anne.active) == ("Anne-Marie", "42", False)


def test_edit_player_keeping_own_name_and_licence_is_fine(organiser_client, players):
    anne = players[0]
    Player.objects.filter(pk=anne.pk).update(licence="42")
    response = organiser_client.post(
        reverse("player_edit", args=[anne.pk]), {"name": "Anne", "licence": "42", "active": "on"}
    )
    assert response.status_code == 302


def test_edit_player_to_another_players_name_is_refused(organiser_client, players):
    anne = players[0]
    response = organiser_client.post(
        reverse("player_edit", args=[anne.pk]), {"name": "Bruno", "active": "on"}
    )
    assert response.status_code == 200
    assert response.context["form"].errors["name"] == [
        fr("This club already has a player with this name.")
    ]
    anne.refresh_from_db()
    assert anne.name == "Anne"


@pytest.mark.parametrize("method", ["get", "post"])
def test_edit_player_denied_to_non_organisers(assert_denied, players, method):
    assert_denied(reverse("player_edit", args=[players[0].pk]), method, {"name": "X"})
    players[0].refresh_from_db()
    assert players[0].name == "Anne"


def test_edit_unknown_player_is_404(organiser_client, club):
    assert organiser_client.get(reverse("player_edit", args=[999])).status_code == 404


# --- look-alike names: one person, not two players -----------------------------------------

LOOKALIKES = {
    "Greek capital Rho": "Bruno \u03a1etit",
    "Cyrillic i": "Bruno Pet\u0456t",
    "full-width P": "Bruno \uff30etit",
    "zero-width space": "Bruno Pe\u200btit",
}


@pytest.mark.parametrize("name", LOOKALIKES.values(), ids=LOOKALIKES.keys())
def test_a_name_that_looks_like_a_players_asks_first(organiser_client, club, name):
    Player.objects.create(club=club, name="Bruno Petit")
    response = organiser_client.post(reverse("player_create"), {"name": name, "active": "on"})
    assert response.status_code == 200
    (message,) = response.context["form"].errors["name"]
    assert "ressemble à Bruno Petit" in message
    html = response.content.decode()
    assert 'type="checkbox" name="another_person"' in html  # the box to say so appears
    assert Player.objects.filter(club=club).count() == 1
    # Ticked: another person, saved as typed.
    response = organiser_client.post(
        reverse("player_create"), {"name": name, "active": "on", "another_person": "on"}
    )
    assert response.status_code == 302
    assert Player.objects.filter(club=club).count() == 2


def test_the_another_person_box_is_hidden_until_a_name_looks_alike(organiser_client, club):
    html = organiser_client.get(reverse("player_create")).content.decode()
    assert 'type="hidden" name="another_person"' in html
    assert 'type="checkbox" name="another_person"' not in html


def test_renaming_a_player_to_a_lookalike_asks_too(organiser_client, club):
    Player.objects.create(club=club, name="Bruno Petit")
    anne = Player.objects.create(club=club, name="Anne")
    response = organiser_client.post(
        reverse("player_edit", args=[anne.pk]), {"name": "Bruno \u03a1etit", "active": "on"}
    )
    assert response.status_code == 200
    assert "ressemble à Bruno Petit" in response.context["form"].errors["name"][0]
    anne.refresh_from_db()
    assert anne.name == "Anne"


def test_the_skeleton_folds_lookalikes_but_keeps_accents():
    from tournaments.rules.names import name_skeleton

    plain = name_skeleton("Bruno Petit")
    assert {name_skeleton(n) for n in LOOKALIKES.values()} == {plain}
    assert name_skeleton("Hélène") != name_skeleton("Helene")
    assert name_skeleton("Bruno Petit") != name_skeleton("Bruno Petiot")
