"""The whole POST of a new hand at a club night costs at most 15 queries, whatever the
size of the database: session, user, the submission key's first look, the table with
its seats (read for the view to parse the form at), the roles, the table's lock (its
seats read again under it), the event's lock (with the
table's last hand number, read once the table's lock is held, so two saves never take
one number), the hand, its history, its score rows, the stored results (their rows,
the ledger of the table's players, the write), the event's page version (no cached
page older than the database) and the key's claim. A published club night adds its
seasons' stored ranking."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.models import (
    Event,
    EventResult,
    Hand,
    HandScore,
    Season,
    SeasonStanding,
    Submission,
)
from tournaments.selectors.access import SYSTEM
from tournaments.services.results import stale_event_results
from tournaments.services.seasons import save_season

from ..factories import logged_in, seated, store_hand

# Its subject is the database, so CI runs it on SQLite too (docs/TESTING.md):
# the queries of a hand's post, counted on each database.
pytestmark = pytest.mark.both_databases

# 12 for the save itself, + 2: the event's row locked apart from the table's (a save holds
# the event only for its writes), and the event's page version raised in the save's
# transaction (services.cache.touch, one upsert: no page is older than the database),
# + 1: the table read before the write's transaction, for the view to parse the form.
MAX_QUERIES = 15
# The transaction's own "BEGIN" ("BEGIN IMMEDIATE" on SQLite) and "COMMIT" are logged
# beside the queries: counted apart (statements()).
TRANSACTION = 2


def statements(captured) -> list[str]:
    """The queries of the request, without the transaction's BEGIN and COMMIT."""
    sql = [q["sql"] for q in captured.captured_queries]
    control = [s for s in sql if s.split()[0].upper() in ("BEGIN", "COMMIT")]
    assert len(control) == TRANSACTION, control  # one transaction, committed
    return [s for s in sql if s not in control]


def posted(table, *, taker: int = 1, **changes: object) -> dict[str, object]:
    seats = list(table.seats.order_by("position"))
    data = {
        "dealer": seats[0].player_id,
        "contract": "garde",
        "taker": seats[taker].player_id,
        "oudlers": "2",
        "points": "45",
        "points_camp": "taker",
        "petit_au_bout": "",
        "chelem_made_by": "",
        "version": "",
        "submission_key": str(uuid.uuid4()),
    }
    data.update(changes)
    return data


@pytest.fixture
def keeper_client(scorekeeper):
    return logged_in(scorekeeper)


# Counted as in production: no test transaction around the request (its savepoints
# would be counted too).
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("before", [0, 3])
def test_a_new_hand_post_at_a_club_night(
    keeper_client, table4, table5, organiser, before, uncached, django_assert_max_num_queries
):
    # The other table has played: the refresh keeps (and may move) its players' places.
    store_hand(table5, organiser)
    for _ in range(before):
        store_hand(table4, organiser)
    url, data = reverse("hand_new", args=[table4.pk]), posted(table4)
    with django_assert_max_num_queries(MAX_QUERIES + TRANSACTION) as captured:
        response = keeper_client.post(url, data)
    assert response.status_code == 302, response.content[:500]
    assert len(statements(captured)) <= MAX_QUERIES
    assert table4.hands.count() == before + 1
    assert HandScore.objects.filter(hand__table=table4).count() == 4 * (before + 1)
    assert Submission.objects.count() == 1
    assert stale_event_results() == []


# A save at a published event works out its table's players' careers again.
CAREERS = 2


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("seasons", [0, 1])
def test_a_published_club_night_adds_its_seasons_ranking(
    keeper_client, table4, table5, club_night, organiser, seasons, uncached
):
    """Looking for the seasons counting the night: one query; for a season found, its
    results read, its old ranking deleted and the new one inserted: three more. The
    table's players' careers (services.careers): their published results read, their
    careers stored: two more."""
    store_hand(table5, organiser)
    Event.objects.filter(pk=club_night.pk).update(published=True)
    for _ in range(seasons):
        save_season(
            by=SYSTEM,
            season=None,
            club=club_night.club,
            name="Saison",
            start=club_night.date,
            end=club_night.date,
            mode=Season.Mode.PLACES,
            scale="10,8,6",
            best_n=0,
            published=True,
        )
    url, data = reverse("hand_new", args=[table4.pk]), posted(table4)
    with CaptureQueriesContext(connection) as captured:
        assert keeper_client.post(url, data).status_code == 302
    assert len(statements(captured)) == MAX_QUERIES + 1 + 3 * seasons + CAREERS
    if seasons:
        assert SeasonStanding.objects.filter(player__in=seated(table4)).count() == 4


def test_a_refused_post_writes_nothing_and_keeps_its_key(keeper_client, table4, uncached):
    data = posted(table4, points="95")  # more than 91 card points
    response = keeper_client.post(reverse("hand_new", args=[table4.pk]), data)
    assert response.status_code == 200
    assert "points" in response.context["form"].errors
    assert not Hand.objects.exists() and not Submission.objects.exists()
    data["points"] = "45"
    assert keeper_client.post(reverse("hand_new", args=[table4.pk]), data).status_code == 302
    assert Hand.objects.count() == 1 and EventResult.objects.count() == 4


def test_the_same_post_twice_saves_once(keeper_client, table4, uncached):
    data = posted(table4)
    url = reverse("hand_new", args=[table4.pk])
    first, second = keeper_client.post(url, data), keeper_client.post(url, data)
    assert first.status_code == second.status_code == 302
    assert first.url == second.url
    assert Hand.objects.count() == 1
