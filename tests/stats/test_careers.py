"""The stored careers (models.PlayerCareer, services.careers) stay equal to a recompute
from the ledger through any sequence of writes: new hands, edits, deletions,
publications, unpublications and date changes, at events that share players, on
SQLite and PostgreSQL alike."""

from __future__ import annotations

import datetime
import random

import pytest

from tournaments.demo import random_hand
from tournaments.models import Event, Hand, PlayerCareer
from tournaments.selectors.access import SYSTEM
from tournaments.services import events as event_services
from tournaments.services.careers import rebuild_all_careers, stale_careers
from tournaments.services.hands import delete_hand, save_hand
from tournaments.services.results import stale_event_results

from ..factories import make_event, make_round, make_table

pytestmark = pytest.mark.django_db

# Three evenings sharing players, so a career spans events (and a 5-player table).
SEATING = {
    0: [[0, 1, 2, 3], [4, 5, 6, 7, 8]],
    1: [[0, 4, 5, 6], [1, 2, 3, 7]],
    2: [[0, 1, 4, 5, 8]],
}


def _evenings(club, players) -> tuple[list[Event], list]:
    events, tables = [], []
    for index, seating in SEATING.items():
        event = make_event(club, f"Soirée {index}", datetime.date(2026, 10, 1 + 7 * index))
        round_ = make_round(event)
        for number, seats in enumerate(seating, 1):
            tables.append(make_table(round_, [players[i] for i in seats], number=number))
        events.append(event)
    return events, tables


def _step(rng: random.Random, events: list[Event], tables: list, user) -> str:
    move = rng.choices(
        ["new", "edit", "delete", "publish", "unpublish", "date"], weights=[8, 4, 2, 2, 2, 1]
    )[0]
    hands = list(Hand.objects.order_by("pk"))
    if move in ("edit", "delete") and not hands:
        move = "new"
    if move == "new":
        table = rng.choice(tables)
        seats = list(table.seats.select_related("player").order_by("position"))
        number = table.hands.count() + 1
        save_hand(table=table, hand=random_hand(rng, seats, number), user=user)
    elif move == "edit":
        hand = rng.choice(hands)
        seats = list(hand.table.seats.select_related("player").order_by("position"))
        new = random_hand(rng, seats, hand.number)
        for name in Hand.INPUT_FIELDS:
            setattr(hand, name, getattr(new, name))
        save_hand(table=hand.table, hand=hand, user=user, expected_version=hand.version)
    elif move == "delete":
        hand = rng.choice(hands)
        delete_hand(hand=hand, user=user, expected_version=hand.version)
    else:
        event = Event.objects.get(pk=rng.choice(events).pk)
        if move == "publish":
            event_services.publish_event(by=SYSTEM, event=event)
        elif move == "unpublish":
            event_services.unpublish_event(by=SYSTEM, event=event)
        else:
            event_services.update_event(
                by=SYSTEM,
                event=event,
                name=event.name,
                date=event.date + datetime.timedelta(days=rng.choice([-9, 9])),
                rules_name=event.rules_name,
            )
    return move


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_careers_equal_a_recompute_after_any_writes(club, players, organiser, seed):
    rng = random.Random(seed)
    events, tables = _evenings(club, players)
    event_services.publish_event(by=SYSTEM, event=events[0])
    done = []
    for _ in range(45):
        done.append(_step(rng, events, tables, organiser))
        assert stale_careers() == [], done
    assert stale_event_results() == []
    # Every kind of write was made, and some careers hold something.
    assert {"new", "edit", "delete", "publish", "unpublish"} <= set(done)
    assert PlayerCareer.objects.filter(events__gt=0).exists()


def test_a_recompute_notices_a_career_left_behind(club, players, organiser):
    """stale_careers can fail: a career changed behind the services' back is named."""
    events, tables = _evenings(club, players)
    event_services.publish_event(by=SYSTEM, event=events[0])
    save_hand(
        table=tables[0], hand=random_hand(random.Random(4), _seats(tables[0]), 1), user=organiser
    )
    assert stale_careers() == []
    anne = players[0]
    PlayerCareer.objects.filter(player=anne).update(total=12345)
    assert stale_careers() == [anne.pk]
    assert rebuild_all_careers() == 4
    assert stale_careers() == []


def test_unpublishing_empties_the_careers_of_its_players(club, players, organiser):
    events, tables = _evenings(club, players)
    event_services.publish_event(by=SYSTEM, event=events[0])
    save_hand(
        table=tables[0], hand=random_hand(random.Random(5), _seats(tables[0]), 1), user=organiser
    )
    assert PlayerCareer.objects.count() == 4
    event_services.unpublish_event(by=SYSTEM, event=events[0])
    assert PlayerCareer.objects.count() == 0
    event_services.publish_event(by=SYSTEM, event=events[0])
    assert PlayerCareer.objects.filter(events=1).count() == 4


def _seats(table) -> list:
    return list(table.seats.select_related("player").order_by("position"))
