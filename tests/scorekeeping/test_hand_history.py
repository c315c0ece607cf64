"""Organisers read every change to a hand: who, when, what, before and after."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.models import Hand

from .conftest import assert_login_redirect, hand_data, seated


def label(field: str) -> str:
    """The field's name as the page shows it, in whatever language is active."""
    return str(Hand._meta.get_field(field).verbose_name)


@pytest.fixture
def edited_and_deleted(login, scorekeeper, table4):
    """Hand 1 created then edited (taker Anne -> Chloé), hand 2 created then deleted."""
    client = login(scorekeeper)
    players = seated(table4)
    client.post(reverse("hand_new", args=[table4.pk]), hand_data(table4))
    client.post(reverse("hand_new", args=[table4.pk]), hand_data(table4, points="60"))
    first, second = Hand.objects.order_by("number")
    client.post(
        reverse("hand_edit", args=[first.pk]),
        hand_data(table4, taker=players[2].pk, points="40,0", version=1),
    )
    client.post(reverse("hand_delete", args=[second.pk]), {"version": 1})
    return first.pk, second.pk


def test_hand_history_shows_who_when_and_the_diff(
    login, organiser, scorekeeper, edited_and_deleted
):
    first, _ = edited_and_deleted
    response = login(organiser).get(reverse("hand_history", args=[first]))
    assert response.status_code == 200
    entries = response.context["history"].entries
    assert [e.change_type for e in entries] == ["+", "~"]
    assert {e.who for e in entries} == {scorekeeper}
    changes = {c.label: (c.before, c.after) for c in entries[1].changes}
    assert changes[label("taker")] == ("Anne", "Chloé")
    assert changes[label("points")] == ("56", "40")
    assert changes[label("version")] == ("1", "2")
    assert label("dealer") not in changes  # unchanged fields are not listed
    html = response.content.decode()
    assert "<del>Anne</del>" in html and "<ins>Chloé</ins>" in html
    assert scorekeeper.username in html


def test_table_history_includes_deleted_hands(login, organiser, table4, edited_and_deleted):
    first, second = edited_and_deleted
    response = login(organiser).get(reverse("table_history", args=[table4.pk]))
    assert response.status_code == 200
    entries = response.context["history"].entries
    assert [(e.hand_id, e.change_type) for e in entries] == [
        (first, "+"),
        (second, "+"),
        (first, "~"),
        (second, "-"),
    ]
    # The stored code is worded in the reader's language, never shown raw.
    assert entries[-1].reason == str(Hand.ChangeReason.DELETED.label)
    assert entries[-1].reason != "deleted"
    assert '<small class="text-muted">deleted</small>' not in response.content.decode()


def test_old_and_hand_written_reasons_still_read(login, organiser, table4, edited_and_deleted):
    """Records written before the codes said "deleted" (the code itself, so they read as
    the new ones); a reason typed in the admin's history is shown as it was typed."""
    first, second = edited_and_deleted
    Hand.history.filter(id=second, history_type="-").update(history_change_reason="deleted")
    Hand.history.filter(id=first, history_type="~").update(history_change_reason="typo fixed")
    entries = (
        login(organiser).get(reverse("table_history", args=[table4.pk])).context["history"].entries
    )
    reasons = {(e.hand_id, e.change_type): e.reason for e in entries}
    assert reasons[(second, "-")] == str(Hand.ChangeReason.DELETED.label)
    assert reasons[(first, "~")] == "typo fixed"
    assert reasons[(first, "+")] == ""


def test_history_of_a_deleted_hand_is_still_readable(login, organiser, edited_and_deleted):
    _, second = edited_and_deleted
    response = login(organiser).get(reverse("hand_history", args=[second]))
    assert response.status_code == 200
    assert response.context["history"].table is not None


def test_history_of_an_unknown_hand_is_404_and_refused_to_a_club_s_organiser(
    login, organiser, federation
):
    url = reverse("hand_history", args=[424242])
    assert login(federation).get(url).status_code == 404
    # No club owns it: an organiser of a club is refused, as for another club's hand
    # (the answer does not tell him whether it exists).
    assert login(organiser).get(url).status_code == 403


def test_history_is_for_organisers_only(
    login, scorekeeper, other_scorekeeper, stranger, table4, edited_and_deleted
):
    first, _ = edited_and_deleted
    for url in (reverse("hand_history", args=[first]), reverse("table_history", args=[table4.pk])):
        assert login(scorekeeper).get(url).status_code == 403
        assert login(other_scorekeeper).get(url).status_code == 403
        assert login(stranger).get(url).status_code == 403
        assert_login_redirect(login(None).get(url))
