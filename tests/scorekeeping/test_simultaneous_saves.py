"""Two scorekeepers of one table saving at the same moment: one hand stored, never a
500.

Each pair of posts is released together from two threads, each with its own database
connection, as two phones' requests reach two workers. On PostgreSQL the second post
waits for the table's lock; the number it stores must be read after that wait (it was
read before, in the locking statement, and the second insert broke the unique
(table, number): a 500). Every post is answered, never with a 500; what the answers
say was stored is what is stored; the numbers run 1, 2, 3 without a gap.

What two new hands posted at once mean: a form knows the hand it was opened for
("Donne 7"). Two forms opened for the same hand are most often two scorekeepers
entering the same deal: the first is stored, the second is asked (409, what he typed
kept) whether it was the same deal or the next one. A post without that number (a
script, a page from before the field) is stored as the next hand, as before.
"""

from __future__ import annotations

import re
import threading
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.urls import reverse

from tournaments.models import Hand, HandScore, Table

from ..concurrency import at_once
from .conftest import hand_data

# Its subject is the database, so CI runs it on SQLite too (docs/TESTING.md):
# simultaneous saves: what each database's locks let through.
pytestmark = pytest.mark.both_databases

PAIRS = 15


def client_of(user: User) -> Client:
    # raise_request_exception=False: a 500 is an answer to count, not an exception that
    # would stop the other thread's post from being looked at.
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def numbers(table: Table) -> list[int]:
    return list(table.hands.order_by("number").values_list("number", flat=True))


def balanced(table: Table) -> None:
    for hand in table.hands.all():
        rows = HandScore.objects.filter(hand=hand)
        assert rows.count() == 4
        assert sum(rows.values_list("points", flat=True)) == 0


def opened_for(response: Any) -> int:
    """The hand number a new-hand form was opened for, as the page says and posts it."""
    found = re.search(r'name="number" value="(\d+)"', response.content.decode())
    assert found, "the new-hand form carries the number it was opened for"
    return int(found.group(1))


@pytest.mark.slow  # pairs of saves racing in threads, a transactional database
@pytest.mark.django_db(transaction=True)
def test_pairs_without_the_opened_number_are_both_stored_gapless(
    table4, scorekeeper, other_scorekeeper
):
    """Scripts and old pages post no number: both hands are stored, one after the other."""
    table4.scorekeepers.add(other_scorekeeper)
    url = reverse("hand_new", args=[table4.pk])
    told = 0
    for _pair in range(PAIRS):
        first, second = client_of(scorekeeper), client_of(other_scorekeeper)
        posts = [
            lambda c=first: c.post(url, {**hand_data(table4), "submission_key": uuid.uuid4()}),
            lambda c=second: c.post(url, {**hand_data(table4), "submission_key": uuid.uuid4()}),
        ]
        responses = at_once(posts)
        assert [r.status_code for r in responses] == [302, 302]
        told += 2
    assert numbers(table4) == list(range(1, told + 1))
    balanced(table4)


@pytest.mark.slow  # rounds of two saves racing in threads: near the budget
@pytest.mark.django_db(transaction=True)
def test_pairs_opened_for_the_same_hand_store_one_and_ask_the_other(
    table4, scorekeeper, other_scorekeeper
):
    table4.scorekeepers.add(other_scorekeeper)
    url = reverse("hand_new", args=[table4.pk])
    for pair in range(PAIRS):
        first, second = client_of(scorekeeper), client_of(other_scorekeeper)
        number = opened_for(first.get(url))
        assert number == opened_for(second.get(url)) == pair + 1
        data = hand_data(table4, number=number)
        responses = at_once(
            [
                lambda c=first, d=data: c.post(url, {**d, "submission_key": uuid.uuid4()}),
                lambda c=second, d=data: c.post(url, {**d, "submission_key": uuid.uuid4()}),
            ]
        )
        codes = sorted(r.status_code for r in responses)
        assert codes == [302, 409], codes
        asked = next(r for r in responses if r.status_code == 409)
        page = asked.content.decode()
        # The stored hand and the next number are offered; what he typed is kept.
        assert asked.context["conflict"]["current"].number == number
        assert asked.context["conflict"]["next_number"] == number + 1
        assert f'name="number" value="{number + 1}"' in page
        assert 'name="points" value="56"' in page
    assert numbers(table4) == list(range(1, PAIRS + 1))
    balanced(table4)


@pytest.mark.slow  # pairs of racing saves, each on its own thread and connection
@pytest.mark.django_db(transaction=True)
def test_pairs_opened_for_consecutive_hands_are_both_stored(table4, scorekeeper, other_scorekeeper):
    """One phone opened its form for hand n, the other (after seeing n saved, or
    entering the next deal ahead) for n + 1: both stored, in order, at once."""
    table4.scorekeepers.add(other_scorekeeper)
    url = reverse("hand_new", args=[table4.pk])
    for pair in range(PAIRS):
        n = 2 * pair + 1
        first, second = client_of(scorekeeper), client_of(other_scorekeeper)
        responses = at_once(
            [
                lambda c=first, n=n: c.post(
                    url, {**hand_data(table4, number=n), "submission_key": uuid.uuid4()}
                ),
                lambda c=second, n=n: c.post(
                    url, {**hand_data(table4, number=n + 1), "submission_key": uuid.uuid4()}
                ),
            ]
        )
        codes = [r.status_code for r in responses]
        # Whichever order the two reach the lock in, neither is a 500; one stored as
        # n, and the other as n + 1 or asked (n + 1 posted before n was there is the
        # next deal: stored as n + 1 would leave no gap either, as n is then stored).
        assert 500 not in codes, codes
        assert codes.count(302) >= 1
        for response in responses:
            if response.status_code == 409:
                # Asked: the same post with the offered number stores it as the next.
                offered = response.context["conflict"]["next_number"]
                again = first.post(
                    url, {**hand_data(table4, number=offered), "submission_key": uuid.uuid4()}
                )
                assert again.status_code == 302
    assert numbers(table4) == list(range(1, len(numbers(table4)) + 1))
    assert len(numbers(table4)) == 2 * PAIRS
    balanced(table4)


@pytest.mark.django_db
def test_the_next_deal_answer_stores_what_was_typed_as_the_next_hand(
    login, play, table4, scorekeeper, players
):
    client = login(scorekeeper)
    url = reverse("hand_new", args=[table4.pk])
    opened = opened_for(client.get(url))
    play(table4)  # another phone stores hand 1 meanwhile
    typed = hand_data(table4, number=opened, taker=players[2].pk, points="61")
    asked = client.post(url, {**typed, "submission_key": uuid.uuid4()})
    assert asked.status_code == 409
    page = asked.content.decode()
    assert "La donne 1 a été enregistrée sur un autre téléphone" in page
    # "The same deal": nothing stored, back to the sheet.
    assert table4.get_absolute_url() in page
    assert numbers(table4) == [1]
    # "The next deal": his form again, with the offered number.
    stored = client.post(url, {**typed, "number": "2", "submission_key": uuid.uuid4()})
    assert stored.status_code == 302
    assert stored.url.endswith("#hand-2")
    assert Hand.objects.get(table=table4, number=2).taker_id == players[2].pk


@pytest.mark.django_db(transaction=True)
def test_a_hand_scored_while_the_rules_change_is_stored_with_the_new_rules(
    table4, organiser, monkeypatch
):
    """A save holds its table's lock while the engine scores the hand, and takes the
    event's lock only to write: a change of rule set (which rescores every stored hand
    under the event's lock) may commit in between. The hand is then scored again with
    the event's rules as they are when it is written, never stored with the old ones."""
    from decimal import Decimal

    import scoring
    from tournaments.models import Hand as HandModel
    from tournaments.services import events as event_services
    from tournaments.services import hands as hand_services

    if connection.vendor != "postgresql":
        pytest.skip("SQLite runs one write at a time: a rules change cannot come between")
    event = table4.round.event
    seats = list(table4.seats.order_by("position"))
    fields = {"contract": "garde", "oudlers": 2, "points": Decimal(57)}
    engine = hand_services.engine_hand(
        HandModel(dealer_id=seats[0].player_id, taker_id=seats[1].player_id, **fields), seats
    )
    old = scoring.score_hand(engine, scoring.rules_from_json("fft")).scores
    new = scoring.score_hand(engine, scoring.rules_from_json("fft_round_10")).scores
    assert old != new  # else the test could not tell them apart
    scored, changed = threading.Event(), threading.Event()
    real = hand_services.score_stored_hand

    def slow_score(*args: Any, **kwargs: Any) -> Any:
        result = real(*args, **kwargs)
        if not scored.is_set():
            scored.set()
            assert changed.wait(30)
        return result

    monkeypatch.setattr(hand_services, "score_stored_hand", slow_score)
    saved: list[Any] = []

    def save() -> None:
        try:
            hand = HandModel(dealer_id=seats[0].player_id, taker_id=seats[1].player_id, **fields)
            saved.append(hand_services.save_hand(table=table4, hand=hand, user=organiser))
        finally:
            connection.close()

    worker = threading.Thread(target=save)
    worker.start()
    try:
        assert scored.wait(30)
        event_services.update_event(
            by=organiser,
            event=event,
            name=event.name,
            date=event.date,
            rules_name="fft_round_10",
            rescore=True,
        )
    finally:
        changed.set()
        worker.join(60)
    assert saved, "the save went through"
    rows = dict(HandScore.objects.filter(hand=saved[0].hand).values_list("player_id", "points"))
    assert rows == new
