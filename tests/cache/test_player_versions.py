"""A player's page and head-to-heads are keyed on the players' own counters, not on the
counter of every event they played (views.cached, services.cache): a hit costs the
same two small queries for 1 event or 600, every write to a published event he is
named in renews his pages, and writes at unpublished events leave them cached."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tournaments.models import Event, Hand
from tournaments.selectors.access import SYSTEM
from tournaments.services import events as event_services
from tournaments.services.hands import delete_hand, save_hand
from tournaments.services.people import set_public_name
from tournaments.views.cached import HEADER

from ..factories import make_event, make_round, make_table, store_hand
from .test_invalidation import fill, fresh, get, shows

pytestmark = pytest.mark.django_db


def evening(club, players, day: int, *, published: bool = True):
    """A club night on 2026-10-`day` at which Anne, Bruno, Chloé and David play."""
    event = make_event(club, f"Soirée du {day}", datetime.date(2026, 10, day))
    table = make_table(make_round(event), players[:4])
    if published:
        event_services.publish_event(by=SYSTEM, event=event)
    return event, table


def pages(players) -> list[str]:
    anne, bruno = players[0], players[1]
    return [
        reverse("player_public", args=[bruno.pk]),
        reverse("head_to_head", args=[anne.pk, bruno.pk]),
    ]


@pytest.mark.parametrize("events", [1, 6])
def test_a_cached_player_page_costs_two_queries_whatever_his_events(
    client, club, players, organiser, events
):
    for day in range(1, events + 1):
        _event, table = evening(club, players, day)
        store_hand(table, organiser)
    for url in pages(players):
        fill(client, [url])
        with CaptureQueriesContext(connection) as queries:
            response = get(client, url)
        assert response[HEADER] == "hit"
        sql = [q["sql"] for q in queries]
        # Who may be seen (with his club), then the counters: no list of events.
        assert len(sql) == 2, sql
        assert "pageversion" in sql[1]


def test_publishing_editing_and_unpublishing_renew_his_pages(client, club, players, organiser):
    _first, table1 = evening(club, players, 1)
    store_hand(table1, organiser)  # Bruno's garde made by 15 there: +240
    second, table2 = evening(club, players, 8, published=False)
    hand = store_hand(table2, organiser, points=41)  # made by 0 there: +150
    urls = pages(players)
    fill(client, urls)
    assert not shows(get(client, urls[0]).content.decode(), "390")

    event_services.publish_event(by=SYSTEM, event=second)
    html = fresh(client, urls[0])
    assert "Soirée du 8" in html and shows(html, "390")  # his total over both
    assert shows(fresh(client, urls[1]), "150")
    fill(client, urls)

    hand.points = 56  # made by 15: +240 there too
    save_hand(table=table2, hand=hand, user=organiser, expected_version=hand.version)
    assert shows(fresh(client, urls[0]), "480")
    assert shows(fresh(client, urls[1]), "480")
    fill(client, urls)

    event_services.update_event(
        by=SYSTEM, event=second, name="Soirée renommée", date=second.date, rules_name="fft"
    )
    assert "Soirée renommée" in fresh(client, urls[0])
    fill(client, urls)

    event_services.unpublish_event(by=SYSTEM, event=second)
    html = fresh(client, urls[0])
    assert "Soirée renommée" not in html and not shows(html, "480") and shows(html, "240")
    assert not shows(fresh(client, urls[1]), "480")
    fill(client, urls)

    delete_hand(hand=Hand.objects.get(table=table1), user=organiser, expected_version=1)
    assert not shows(fresh(client, urls[0]), "240")


def test_writes_at_an_unpublished_event_leave_his_pages_cached(client, club, players, organiser):
    _first, table1 = evening(club, players, 1)
    store_hand(table1, organiser)
    _draft, table2 = evening(club, players, 8, published=False)
    urls = pages(players)
    fill(client, urls)
    store_hand(table2, organiser)
    for url in urls:
        assert get(client, url)[HEADER] == "hit", url


def test_a_player_no_longer_seen_is_never_served_from_the_cache(client, club, players, organiser):
    """Visibility is read live: his only published event unpublished, his page is a 404
    at once, whatever copy the cache holds."""
    event, table = evening(club, players, 1)
    store_hand(table, organiser)
    url = reverse("player_public", args=[players[1].pk])
    fill(client, [url])
    Event.objects.filter(pk=event.pk).update(published=False)  # behind every service
    get(client, url, status=404)


def test_a_player_renamed_renews_the_pages_naming_him(client, club, players, organiser):
    _event, table = evening(club, players, 1)
    store_hand(table, organiser)
    url = reverse("player_public", args=[players[1].pk])  # Anne among his opponents
    fill(client, [url])
    set_public_name(by=organiser, player=players[0], style="initials")
    assert "Anne" not in fresh(client, url)
