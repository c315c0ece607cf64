"""Two people edit the same hand: the second is told, keeps what he typed, may save on top."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext

from tournaments.models import Hand, HandScore
from tournaments.services import hand_entry

from .conftest import hand_data, seated


def test_second_edit_from_the_same_version_gets_the_conflict(
    login, scorekeeper, organiser, table4, play
):
    hand = play(table4)  # garde by Bruno: +240
    players = seated(table4)
    url = reverse("hand_edit", args=[hand.pk])

    first = login(organiser).post(url, hand_data(table4, taker=players[2].pk, version=1))
    assert first.status_code == 302
    hand.refresh_from_db()
    assert hand.version == 2
    stored = dict(HandScore.objects.filter(hand=hand).values_list("player__name", "points"))

    typed = hand_data(table4, taker=players[3].pk, contract="garde_sans", points="60", version=1)
    second = login(scorekeeper).post(url, typed)
    assert second.status_code == 409
    html = second.content.decode()
    assert gettext("This hand was changed by someone else since you opened it.") in html
    # The saved version's scores, from its HandScore rows (Chloé took: +240).
    assert 'id="conflict"' in html
    conflict = second.context["conflict"]
    assert conflict["current"].version == 2
    assert {row.player.name: row.points for row in conflict["scores"]} == stored
    # What the user typed is kept, and the form now carries the current version.
    form = second.context["form"]
    assert form.data["taker"] == str(players[3].pk)
    assert form.data["contract"] == "garde_sans"
    assert form.data["points"] == "60"
    assert 'name="version" value="2"' in html
    # The database is unchanged by the refused edit.
    hand.refresh_from_db()
    assert (hand.version, hand.taker, hand.contract) == (2, players[2], "garde")
    after = dict(HandScore.objects.filter(hand=hand).values_list("player__name", "points"))
    assert after == stored

    # Saving again from the conflict page puts the user's entry on top of version 2.
    again = login(scorekeeper).post(url, {**typed, "version": 2})
    assert again.status_code == 302
    hand.refresh_from_db()
    assert (hand.version, hand.taker, hand.contract) == (3, players[3], "garde_sans")


def test_edit_of_a_hand_deleted_meanwhile_offers_to_save_it_as_new(
    login, scorekeeper, table4, play, monkeypatch
):
    hand = play(table4)
    url = reverse("hand_edit", args=[hand.pk])

    real_write = hand_entry.write_hand

    def deleted_meanwhile(**kwargs):
        # The race: the hand is deleted by another phone just before the write reads it.
        Hand.objects.filter(pk=hand.pk).delete()
        return real_write(**kwargs)

    monkeypatch.setattr(hand_entry, "write_hand", deleted_meanwhile)
    response = login(scorekeeper).post(url, hand_data(table4, points="60", version=1))
    assert response.status_code == 409
    assert response.context["conflict"] == {"deleted": True}
    html = response.content.decode()
    assert f'action="{reverse("hand_new", args=[table4.pk])}"' in html
    assert response.context["form"].data["points"] == "60"
    # Nothing was written: the deletion is undone with the refused post's transaction.
    hand.refresh_from_db()
    assert hand.points == 56
