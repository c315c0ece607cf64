"""The public player page with its statistics and charts; the event page's chart."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tournaments.models import Event, Round

SVG = "{http://www.w3.org/2000/svg}"


def svgs(html: str) -> dict[str, ET.Element]:
    """Every <svg> of a page, parsed, by id."""
    found = {}
    for chunk in html.split("<svg")[1:]:
        root = ET.fromstring("<svg" + chunk.split("</svg>")[0] + "</svg>")
        found[root.get("id")] = root
    return found


@pytest.fixture
def anne(season):
    return season.players["Anne"]


def test_player_page_shows_the_season_figures(client, anne):
    response = client.get(anne.get_absolute_url())
    assert response.status_code == 200
    html = response.content.decode()
    # French is the default: 2351 / 10 = 235,1 per hand, 2351 / 2 = 1175,5 per event.
    for fragment in (
        '<dd class="fs-5 fw-bold mb-0 score-pos" id="stat-total">2351</dd>',
        'id="stat-per-hand">235,1<',
        'id="stat-per-event">1175,5<',
        'id="petits-won">2<',
        'id="petits-lost">1<',
        'id="poignees-simple">1<',
        'id="poignees-double">1<',
        'id="poignees-triple">0<',
        'id="chelems-announced">1<',
        'id="chelems-made">2<',
    ):
        assert fragment in html
    assert [(r.contract, r.success_rate) for r in response.context["contracts"]] == [
        ("prise", 50.0),
        ("garde", 100.0),
    ]
    assert response.context["best"].points == 1680
    assert reverse("head_to_head", args=[anne.pk, response.context["opponents"][0].player_id]) in (
        html
    )


def test_player_page_numbers_follow_the_readers_language(anne):
    # The request switches the thread's language: override() puts French back afterwards.
    with translation.override("en"):
        url = anne.get_absolute_url()
        html = Client().get(url).content.decode()
    assert url.startswith("/en/")
    assert 'id="stat-per-hand">235.1<' in html
    assert "1 Oct 2026" in html  # DATE_FORMAT in English (tarot_club.formats)
    french = Client().get(anne.get_absolute_url()).content.decode()
    assert "1er octobre 2026" in french  # one format in French too, "1er" on the 1st


def test_player_page_ignores_unpublished_events(uncached, client, season, anne):
    html = client.get(anne.get_absolute_url()).content.decode()
    assert "Brouillon" not in html
    assert [e.name for e in client.get(anne.get_absolute_url()).context["events"]] == [
        "Soirée 2",
        "Soirée 1",
    ]


def test_player_page_draws_the_season_and_running_charts(client, season, anne):
    html = client.get(anne.get_absolute_url()).content.decode()
    charts = svgs(html)
    assert set(charts) == {"season-chart", "running-chart"}
    # One bar per published event; the running chart is of the latest event by default:
    # 0, then Soirée 2's 58, -14, 76, 438 -> one line of five points.
    assert len(charts["season-chart"].findall(f".//{SVG}rect[@class='bar']")) == 2
    (line,) = charts["running-chart"].findall(f".//{SVG}polyline")
    assert len(line.get("points").split()) == 5
    assert "Soirée 2" in charts["running-chart"].find(f"{SVG}title").text
    assert re.search(r'<div class="visually-hidden">\s*<table id="running-chart-data"', html)


def test_event_parameter_picks_the_running_chart(client, season, anne):
    response = client.get(anne.get_absolute_url(), {"event": season.first.pk})
    assert response.context["chosen_event"].event_id == season.first.pk
    (line,) = svgs(response.content.decode())["running-chart"].findall(f".//{SVG}polyline")
    assert len(line.get("points").split()) == 7  # 0 and the six hands of Soirée 1


@pytest.mark.parametrize("bad", ["draft", "9999", "abc"])
def test_bad_event_parameter_says_so_and_shows_the_latest(client, season, anne, bad):
    value = season.draft.pk if bad == "draft" else bad
    response = client.get(anne.get_absolute_url(), {"event": value})
    assert response.status_code == 200
    assert response.context["chosen_event"].event_id == season.second.pk
    assert 'id="event-choice-error"' in response.content.decode()


def test_player_without_published_result_gets_a_plain_page(client, season, players, organiser):
    # Inès never played: the public does not know her (her name would tell who plays
    # an unpublished event), organisers do.
    assert client.get(players[8].get_absolute_url()).status_code == 404
    client.force_login(organiser)
    response = client.get(players[8].get_absolute_url())
    assert response.status_code == 200
    assert response.context["events"] == []
    assert "<svg" not in response.content.decode()


def test_unknown_player_is_404(client, db):
    assert client.get(reverse("player_public", args=[999])).status_code == 404


@pytest.mark.parametrize("extra_hands", [0, 20])
def test_player_page_queries_do_not_grow_with_hands(
    uncached, client, season, anne, many_hands, extra_hands, django_assert_max_num_queries
):
    many_hands(season.first_table, extra_hands)
    many_hands(season.second_table, extra_hands)
    # the player, his results, partners' and opponents' names, the best and worst
    # hands, the running chart: 5, however many hands
    with django_assert_max_num_queries(5):
        response = client.get(anne.get_absolute_url())
    assert response.context["summary"].hands == 10 + 2 * extra_hands


# --- the event page's chart ----------------------------------------------------


def test_event_page_loads_the_running_chart(client, season):
    html = client.get(season.first.get_absolute_url()).content.decode()
    assert f'hx-get="{reverse("event_chart", args=[season.first.pk])}"' in html


def test_event_chart_draws_every_players_running_total(client, season):
    response = client.get(reverse("event_chart", args=[season.first.pk]), HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "<html" not in html  # a fragment for htmx
    root = svgs(html)["event-chart"]
    lines = root.findall(f".//{SVG}polyline[@class='series']")
    # Best final total first: Anne 1913, Bruno -251, David -483, Chloé -1179.
    assert [p.find(f"{SVG}title").text for p in lines] == ["Anne", "Bruno", "David", "Chloé"]
    assert all(len(p.get("points").split()) == 7 for p in lines)
    assert response.context["chart"].rows[6] == [6, 1913, -251, -483, -1179]


def test_event_chart_without_script_is_a_page(client, season):
    response = client.get(reverse("event_chart", args=[season.first.pk]))
    assert response.status_code == 200
    assert "<html" in response.content.decode()


def test_event_chart_before_any_hand(client, club):
    event = Event.objects.create(club=club, name="Vide", date="2026-10-20", published=True)
    response = client.get(reverse("event_chart", args=[event.pk]))
    assert response.status_code == 200
    assert "<svg" not in response.content.decode()


@pytest.mark.parametrize("who", [None, "stranger", "scorekeeper"])
def test_unpublished_event_chart_is_404_for_the_public(season, request, who):
    client = Client()
    if who:
        client.force_login(request.getfixturevalue(who))
    assert client.get(reverse("event_chart", args=[season.draft.pk])).status_code == 404


def test_organiser_previews_an_unpublished_events_chart(client, season, organiser):
    client.force_login(organiser)
    response = client.get(reverse("event_chart", args=[season.draft.pk]))
    assert response.status_code == 200
    assert "event-chart" in response.content.decode()


@pytest.mark.parametrize("extra_hands", [0, 20])
def test_event_chart_queries_do_not_grow_with_hands(
    client, season, many_hands, extra_hands, django_assert_max_num_queries
):
    many_hands(season.first_table, extra_hands)
    # 2 of the page's own, + 1: its version for the page cache (a miss here).
    with django_assert_max_num_queries(3):
        response = client.get(reverse("event_chart", args=[season.first.pk]))
    assert len(response.context["chart"].rows) == 7 + extra_hands


def test_a_long_history_is_listed_and_charted_one_page_at_a_time(
    uncached, client, club, players, enter, django_assert_max_num_queries
):
    # 25 club nights, one hand each: Anne's garde made by 10 with 2 oudlers, (25 + 10) x 2
    # from each of three defenders = +210. The figures count all 25; the list, the bar
    # chart and the event picker show 20 a page.
    from datetime import date, timedelta

    from tournaments.views.stats import EVENTS_PER_PAGE

    from .conftest import table_of

    anne = players[0]
    events = []
    for n in range(25):
        event = Event.objects.create(
            club=club,
            name=f"Soirée {n + 1}",
            date=date(2025, 1, 1) + timedelta(weeks=n),
            published=True,
        )
        table = table_of(event, players[:4])
        enter(table, anne, anne, "garde", 2, 51)
        events.append(event)
    assert EVENTS_PER_PAGE == 20
    with django_assert_max_num_queries(5):
        first = client.get(anne.get_absolute_url())
    assert first.context["summary"].events == 25
    assert first.context["summary"].total == 25 * 210
    listed = [row.name for row in first.context["events_shown"]]
    assert listed == [f"Soirée {n}" for n in range(25, 5, -1)]
    html = first.content.decode()
    assert len(svgs(html)["season-chart"].findall(f".//{SVG}rect[@class='bar']")) == 20
    picker = html.split('id="event-choice"')[1].split("</form>")[0]
    assert picker.count('<option value="') == 20
    assert 'href="?page=2#player-events"' in html
    # The running chart is of the newest event of the page shown.
    second = client.get(anne.get_absolute_url(), {"page": 2})
    assert [row.name for row in second.context["events_shown"]] == [
        f"Soirée {n}" for n in range(5, 0, -1)
    ]
    assert second.context["chosen_event"].event_id == events[4].pk
    page2 = second.content.decode()
    assert len(svgs(page2)["season-chart"].findall(f".//{SVG}rect[@class='bar']")) == 5
    assert '<input type="hidden" name="page" value="2">' in page2
    # An event picked from another page is still offered, selected, with this page's.
    third = client.get(anne.get_absolute_url(), {"page": 2, "event": events[20].pk})
    assert third.context["chosen_event"].event_id == events[20].pk
    assert third.context["event_choices"][0].event_id == events[20].pk
    assert len(third.context["event_choices"]) == 6
    # A page past the end shows the last one, as Django's get_page does.
    assert client.get(anne.get_absolute_url(), {"page": 99}).context["events_page"].number == 2


def test_best_and_worst_hands_name_their_event_round_and_table(season, anne):
    """A hand named "Soirée 1, table 1, hand 6" left out the round, which a tournament
    needs."""
    Round.objects.filter(event=season.first).update(number=3)
    with translation.override("en"):
        html = Client().get(reverse("player_public", args=[anne.pk])).content.decode()
    best = html.split('id="best-hand"')[1].split("</li>")[0]
    worst = html.split('id="worst-hand"')[1].split("</li>")[0]
    assert "Soirée 1, round 3, table 1, hand 6" in best
    assert "Soirée 1, round 3, table 1, hand 2" in worst
