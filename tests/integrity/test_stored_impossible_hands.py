"""A hand stored before the engine learnt to refuse it (or under rules since changed)
is named by `manage.py rescore`, and its event keeps its scores untouched."""

from __future__ import annotations

import datetime

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.models import Event, Hand, HandScore, Round
from tournaments.selectors.access import SYSTEM
from tournaments.services.hands import seat_table


def scores(event: Event) -> list[tuple[int, int, int]]:
    return sorted(
        HandScore.objects.filter(event=event).values_list("hand_id", "player_id", "points")
    )


def test_rescore_names_an_impossible_stored_hand_and_leaves_its_event_unchanged(
    play, table4, club, players
):
    good = play(table4)
    bad = play(table4)
    # What an older version accepted: petit au bout to the taker's camp with 0 oudlers.
    Hand.objects.filter(pk=bad.pk).update(oudlers=0, petit_au_bout="taker")
    event = table4.round.event
    before = scores(event)

    other = Event.objects.create(
        club=club, name="Autre soirée", date=datetime.date(2026, 11, 26), rules_name="fft"
    )
    other_table = seat_table(
        by=SYSTEM, round=Round.objects.create(event=other, number=1), number=1, players=players[4:8]
    )
    other_hand = play(other_table)
    HandScore.objects.filter(hand=other_hand).update(points=0)  # stale rows to rewrite

    with pytest.raises(CommandError) as refused:
        call_command("rescore")
    message = str(refused.value)
    assert f"hand {bad.number} (id {bad.pk})" in message
    assert f"id {good.pk})" not in message
    assert "petit" in message.lower()
    assert scores(event) == before
    # The other event was rescored all the same.
    rows = HandScore.objects.filter(hand=other_hand)
    assert sorted(rows.values_list("points", flat=True)) == [-80, -80, -80, 240]
