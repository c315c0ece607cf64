"""Public pages: home, event, a table's read-only sheet, a player's page; 404 on drafts."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tournaments.models import Club, Event, Round
from tournaments.selectors.access import SYSTEM
from tournaments.services.hands import seat_table


def night(club: Club, day: int, *, published: bool = True, name: str = "") -> Event:
    return Event.objects.create(
        club=club,
        name=name or f"Soirée {day}",
        date=datetime.date(2026, 10, day),
        published=published,
    )


def client_as(request, who: str | None) -> Client:
    client = Client()
    if who:
        client.force_login(request.getfixturevalue(who))
    return client


# --- home --------------------------------------------------------------------


def test_home_lists_published_events_newest_first(client, club):
    night(club, 1)
    night(club, 15)
    night(club, 8)
    night(club, 20, published=False, name="Brouillon")
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert [e.name for e in response.context["page"]] == ["Soirée 15", "Soirée 8", "Soirée 1"]
    assert "Brouillon" not in response.content.decode()
    assert response.context["drafts"] == []


def test_home_links_to_each_event(client, club):
    event = night(club, 3)
    assert event.get_absolute_url() in client.get(reverse("home")).content.decode()


def test_organiser_also_sees_unpublished_events_on_home(client, organiser, club):
    draft = night(club, 20, published=False, name="Brouillon")
    client.force_login(organiser)
    response = client.get(reverse("home"))
    assert response.context["drafts"] == [draft]
    assert reverse("event_manage", args=[draft.pk]) in response.content.decode()


def test_home_for_a_logged_in_non_organiser_hides_drafts(client, stranger, club):
    night(club, 20, published=False, name="Brouillon")
    client.force_login(stranger)
    assert "Brouillon" not in client.get(reverse("home")).content.decode()


@pytest.mark.parametrize("events", [2, 30])
def test_home_queries_do_not_grow_with_events(
    client, organiser, club, events, django_assert_max_num_queries
):
    for day in range(events):
        night(club, 1 + day % 28, published=day % 3 != 0)
    client.force_login(organiser)
    with django_assert_max_num_queries(8):
        response = client.get(reverse("home"))
    assert len(response.context["page"].object_list) <= 20


def test_home_pages_beyond_twenty_events(client, club):
    for day in range(1, 26):
        night(club, day)
    response = client.get(reverse("home"), {"page": 2})
    assert response.context["page"].object_list[0].name == "Soirée 5"


# --- navigation --------------------------------------------------------------


def test_nav_shows_organiser_links_to_organisers_only(client, organiser, stranger, club):
    players_url, new_url = reverse("player_list"), reverse("event_create")
    html = client.get(reverse("home")).content.decode()
    assert players_url not in html and new_url not in html and 'href="/score/"' not in html
    client.force_login(stranger)
    html = client.get(reverse("home")).content.decode()
    assert players_url not in html and 'href="/score/"' in html
    client.force_login(organiser)
    html = client.get(reverse("home")).content.decode()
    assert players_url in html and new_url in html


# --- event page --------------------------------------------------------------


def test_event_page_shows_results_and_tables(client, played_night, table4, table5):
    response = client.get(played_night.get_absolute_url())
    assert response.status_code == 200
    assert response.context["standings"].rows[0].record.name == "Bruno"
    html = response.content.decode()
    assert reverse("table_public", args=[table4.pk]) in html
    assert reverse("table_public", args=[table5.pk]) in html
    assert reverse("event_manage", args=[played_night.pk]) not in html


@pytest.mark.parametrize("who", [None, "scorekeeper", "stranger"])
def test_unpublished_event_page_is_404(club_night, table4, request, who):
    response = client_as(request, who).get(club_night.get_absolute_url())
    assert response.status_code == 404


def test_organiser_previews_an_unpublished_event(client, organiser, club_night, table4):
    client.force_login(organiser)
    response = client.get(club_night.get_absolute_url())
    assert response.status_code == 200
    assert 'id="preview-banner"' in response.content.decode()


def test_unknown_event_page_is_404(client, db):
    assert client.get(reverse("event_detail", args=[999])).status_code == 404


@pytest.mark.parametrize("hands", [2, 20])
def test_event_page_queries_do_not_grow_with_hands(
    client, club_night, table4, table5, many_hands, hands, django_assert_max_num_queries
):
    Event.objects.filter(pk=club_night.pk).update(published=True)
    many_hands(table4, hands)
    many_hands(table5, hands)
    with django_assert_max_num_queries(5):
        response = client.get(club_night.get_absolute_url())
    assert len(response.context["tables"]) == 2


# --- a table's public sheet --------------------------------------------------


def test_table_sheet_shows_each_hand_and_running_totals(client, played_night, table4):
    response = client.get(reverse("table_public", args=[table4.pk]))
    assert response.status_code == 200
    sheet = response.context["sheet"]
    assert [p.name for p in sheet.players] == ["Anne", "Bruno", "Chloé", "David"]
    assert [[c.points for c in h.cells] for h in sheet.rows] == [
        [-80, 240, -80, -80],
        [75, -25, -25, -25],
        [35, 35, -105, 35],
        [-25, -25, -25, 75],
    ]
    assert [[c.total for c in h.cells] for h in sheet.rows] == [
        [-80, 240, -80, -80],
        [-5, 215, -105, -105],
        [30, 250, -210, -70],
        [5, 225, -235, 5],
    ]
    assert sheet.totals == [5, 225, -235, 5]
    assert [(h.hand.taker.name, h.contract_made) for h in sheet.rows] == [
        ("Bruno", True),
        ("Anne", True),
        ("Chloé", False),
        ("David", True),
    ]


def test_table_sheet_of_five_shows_partner_and_passed_hand(client, played_night, table5):
    sheet = client.get(reverse("table_public", args=[table5.pk])).context["sheet"]
    assert [(h.hand.taker, h.hand.partner) for h in sheet.rows] == [
        (table5.seats.get(position=1).player, table5.seats.get(position=2).player),
        (table5.seats.get(position=3).player, table5.seats.get(position=4).player),
        (None, None),
    ]
    assert [c.points for c in sheet.rows[2].cells] == [0, 0, 0, 0, 0]
    assert sheet.totals == [135, 55, -30, -55, -105]
    # Its mode, from the selector (the template no longer counts the seats itself).
    assert sheet.mode.five_mode == table5.get_five_mode_display()
    assert sheet.mode.dealer_sits_out is False


def test_table_sheet_without_hands_is_empty(client, club_night, table4):
    Event.objects.filter(pk=club_night.pk).update(published=True)
    response = client.get(reverse("table_public", args=[table4.pk]))
    assert response.status_code == 200
    assert response.context["sheet"].rows == []


@pytest.mark.parametrize("who", [None, "scorekeeper", "stranger"])
def test_table_of_an_unpublished_event_is_404(club_night, table4, request, who):
    # even the scorekeeper of that very table: he has his own sheet
    response = client_as(request, who).get(reverse("table_public", args=[table4.pk]))
    assert response.status_code == 404


def test_organiser_previews_a_table_of_an_unpublished_event(client, organiser, table4):
    client.force_login(organiser)
    assert client.get(reverse("table_public", args=[table4.pk])).status_code == 200


@pytest.mark.parametrize("hands", [2, 20])
def test_table_sheet_queries_do_not_grow_with_hands(
    uncached, client, club_night, table5, many_hands, hands, django_assert_max_num_queries
):
    Event.objects.filter(pk=club_night.pk).update(published=True)
    many_hands(table5, hands)
    with django_assert_max_num_queries(4):
        response = client.get(reverse("table_public", args=[table5.pk]))
    assert len(response.context["sheet"].rows) == hands


# --- a player's page ---------------------------------------------------------


def test_player_page_lists_published_events_with_totals(client, played_night, club, players, enter):
    later = night(club, 30, name="Soirée suivante")
    draft = night(club, 31, published=False, name="Brouillon")
    for event in (later, draft):
        table = seat_table(
            by=SYSTEM,
            round=Round.objects.create(event=event, number=1),
            number=1,
            players=players[:3],
        )
        enter(table, players[2], players[0], "prise", 2, 45)  # Anne +58
    response = client.get(players[0].get_absolute_url())
    assert response.status_code == 200
    events = response.context["events"]
    # the club night of 2026-11-19 comes before the one of 2026-10-30
    assert [(e.name, e.total, e.hands) for e in events] == [
        ("Soirée du jeudi", 5, 4),
        ("Soirée suivante", 58, 1),
    ]
    assert "Brouillon" not in response.content.decode()


def test_player_of_an_unpublished_event_only_is_404(client, club_night, table4, players, enter):
    # His name would tell the public who plays the unpublished event.
    enter(table4, players[0], players[1], "garde", 2, 56)
    assert client.get(players[1].get_absolute_url()).status_code == 404


def test_unknown_player_page_is_404(client, db):
    assert client.get(reverse("player_public", args=[999])).status_code == 404


@pytest.mark.parametrize("events", [1, 8])
def test_player_page_queries_do_not_grow_with_events(
    client, club, players, enter, events, django_assert_max_num_queries
):
    for day in range(1, events + 1):
        event = night(club, day)
        table = seat_table(
            by=SYSTEM,
            round=Round.objects.create(event=event, number=1),
            number=1,
            players=players[:4],
        )
        enter(table, players[0], players[1], "garde", 2, 56)
        enter(table, players[1], players[2], "garde", 2, 56)
    with django_assert_max_num_queries(11):
        response = client.get(players[1].get_absolute_url())
    assert len(response.context["events"]) == events
    assert {e.total for e in response.context["events"]} == {240 - 80}


def test_table_sheet_names_its_round(client, played_night, table4):
    """The public table page named the event and the table, not the round."""
    Round.objects.filter(pk=table4.round_id).update(number=2)
    with translation.override("en"):
        html = client.get(reverse("table_public", args=[table4.pk])).content.decode()
    title = html.split('id="table-title">')[1].split("</h2>")[0]
    assert title.startswith("Round 2 · Table 1")
