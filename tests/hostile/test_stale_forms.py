"""Stale and replayed forms: an old version never overwrites a newer hand, and a form
posted twice saves once."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from tournaments.models import Hand
from tournaments.services.hands import save_hand

from .conftest import HOSTILE, fingerprint, post, unbalanced_hands

OPERATIONS = st.lists(
    st.tuples(
        st.sampled_from(["edit", "edit", "delete", "replay"]),
        st.integers(min_value=-2, max_value=2),
        st.integers(min_value=41, max_value=86),  # possible with 2 oudlers
    ),
    min_size=1,
    max_size=6,
)


def edit_body(hand: Hand, version: int, points: int) -> dict[str, Any]:
    seats = [s.player_id for s in hand.table.seats.order_by("position")]
    return {
        "version": version,
        "dealer": seats[0],
        "contract": "garde",
        "taker": seats[1],
        "oudlers": "2",
        "points": str(points),
        "points_camp": "taker",
    }


@HOSTILE
@given(operations=OPERATIONS)
def test_only_a_form_of_the_current_version_changes_the_hand(world, clients, operations):
    seats = [s.player for s in world.table4.seats.order_by("position")]
    hand = save_hand(
        table=world.table4,
        hand=Hand(dealer=seats[0], contract="prise", taker=seats[0], oudlers=1, points=Decimal(51)),
        user=world.users["organiser"],
    ).hand
    client = clients["scorekeeper"]
    last: tuple[str, dict[str, Any]] | None = None
    for kind, offset, points in operations:
        current = Hand.objects.filter(pk=hand.pk).first()
        version = (current.version if current else hand.version) + offset
        if kind == "replay" and last is not None:
            url, body = last
        elif kind == "delete":
            url, body = reverse("hand_delete", args=[hand.pk]), {"version": version}
        else:
            url, body = reverse("hand_edit", args=[hand.pk]), edit_body(hand, version, points)
        before = fingerprint()

        response = post(client, url, body)
        last = (url, body)

        assert response.status_code < 500
        assert unbalanced_hands() == []
        if current is None:
            # Deleted meanwhile: a 404, or the delete page's "already deleted" redirect.
            assert response.status_code in (302, 404)
            assert fingerprint() == before
        elif int(body["version"]) < 1:
            # Not a version at all: the form says so and nothing changes.
            assert response.status_code == 200
            assert fingerprint() == before
        elif int(body["version"]) != current.version:
            assert response.status_code == 409
            assert fingerprint() == before
        elif "delete" in url:
            assert response.status_code == 302
            assert not Hand.objects.filter(pk=hand.pk).exists()
        else:
            assert response.status_code == 302
            saved = Hand.objects.get(pk=hand.pk)
            assert saved.version == current.version + 1
            assert saved.points == Decimal(body["points"])
