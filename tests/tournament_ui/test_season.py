"""Season challenge: create and edit, the ranking over the club's events, publication,
the workbook."""

from __future__ import annotations

import datetime
import io

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from tournaments.models import Event, Player, Round, Season, SeasonStanding
from tournaments.rules.season import public_season_standings
from tournaments.selectors.access import SYSTEM
from tournaments.selectors.season import season_placings
from tournaments.selectors.tournament import season_events, season_scale
from tournaments.services.events import publish_event, unpublish_event, update_event
from tournaments.services.hands import delete_hand, seat_table
from tournaments.services.seasons import save_season

from .conftest import play_round


def season_data(club, **changes) -> dict:
    data = {
        "club": club.pk,
        "name": "Saison 2026-2027",
        "start": "2026-09-01",
        "end": "2027-08-31",
        "mode": "places",
        "scale": "10; 8 6 4",
        "best_n": 2,
    }
    data.update(changes)
    return data


@pytest.fixture
def season(club) -> Season:
    return Season.objects.create(
        club=club,
        name="Saison 2026-2027",
        start=datetime.date(2026, 9, 1),
        end=datetime.date(2027, 8, 31),
        scale="10,8,6,4",
        best_n=2,
    )


@pytest.fixture
def nights(club, organiser) -> list[Event]:
    """Three published club nights in the season (8, 8 and 4 players) and one outside it."""
    people = [Player.objects.create(club=club, name=f"Joueur {i:02d}") for i in range(12)]
    events = []
    nights = (
        (datetime.date(2026, 10, 1), people[:8]),
        (datetime.date(2026, 11, 1), people[4:12]),
        (datetime.date(2026, 12, 1), people[4:8]),
        (datetime.date(2026, 5, 1), people[:4]),  # before the season
    )
    for date, seated in nights:
        event = Event.objects.create(
            club=club, name=f"Soirée {date.month}", date=date, published=True
        )
        round_ = Round.objects.create(event=event, number=1)
        for number, start in enumerate(range(0, len(seated), 4), 1):
            seat_table(by=SYSTEM, round=round_, number=number, players=seated[start : start + 4])
        play_round(round_, organiser, hands_per_table=3, seed=date.month)
        events.append(event)
    return events


def test_organiser_creates_a_season(organiser_client, club):
    response = organiser_client.post(reverse("season_create"), season_data(club))
    season = Season.objects.get()
    assert response.status_code == 302
    assert response.url == season.get_absolute_url()
    assert season.scale == "10,8,6,4"  # normalised
    assert season.best_n == 2 and not season.published


def test_a_bad_scale_is_an_error_at_the_scale(organiser_client, club):
    for scale in ("10, huit", "5,8"):
        response = organiser_client.post(reverse("season_create"), season_data(club, scale=scale))
        assert response.status_code == 200
        assert "scale" in response.context["form"].errors
    assert not Season.objects.exists()


def test_a_scale_is_not_needed_to_count_totals(organiser_client, club):
    response = organiser_client.post(
        reverse("season_create"), season_data(club, mode="totals", scale="")
    )
    assert response.status_code == 302
    assert Season.objects.get().mode == Season.Mode.TOTALS


def test_the_last_day_must_follow_the_first(organiser_client, club):
    response = organiser_client.post(reverse("season_create"), season_data(club, end="2026-08-01"))
    assert "end" in response.context["form"].errors
    assert not Season.objects.exists()


def test_organiser_edits_and_publishes_a_season(organiser_client, season, club):
    response = organiser_client.post(
        reverse("season_edit", args=[season.pk]),
        season_data(club, name="Saison longue", best_n=0, published="on"),
    )
    assert response.status_code == 302
    season.refresh_from_db()
    assert (season.name, season.best_n, season.published) == ("Saison longue", 0, True)


def test_season_forms_and_export_are_for_organisers_only(assert_denied, season, club):
    assert_denied(reverse("season_create"))
    assert_denied(reverse("season_create"), "post", season_data(club, name="Intrus"))
    assert_denied(reverse("season_edit", args=[season.pk]))
    assert_denied(reverse("season_edit", args=[season.pk]), "post", season_data(club, name="X"))
    season.published = True
    season.save()
    assert_denied(reverse("season_export", args=[season.pk]))
    assert list(Season.objects.values_list("name", flat=True)) == ["Saison 2026-2027"]


def test_unpublished_season_is_404_for_the_public(client, season, stranger):
    assert client.get(season.get_absolute_url()).status_code == 404
    client.force_login(stranger)
    assert client.get(season.get_absolute_url()).status_code == 404


def _lines(response) -> list:
    """The season ranking's lines on the page (selectors.season.StandingLine)."""
    return list(response.context["ranking"].data)


def test_season_page_lists_every_player_who_played(client, season, nights):
    season.published = True
    season.save()
    response = client.get(season.get_absolute_url())
    assert response.status_code == 200
    assert [e.name for e in response.context["events"]] == ["Soirée 10", "Soirée 11", "Soirée 12"]
    names = {line.name for line in _lines(response)}
    assert names == {f"Joueur {i:02d}" for i in range(12)}
    content = response.content.decode()
    for name in names:
        assert name in content


def test_only_the_best_results_count(organiser_client, season, nights):
    response = organiser_client.get(season.get_absolute_url())
    lines = _lines(response)
    placings = season_placings(nights[:3])
    points = {}
    scale = (10, 8, 6, 4)
    for placing in placings.placings:
        earned = scale[placing.place - 1] if placing.place <= len(scale) else 0
        points.setdefault(placing.player_id, []).append(earned)
    # Players 04-07 played three nights, the others one or two; the best 2 count.
    for line in lines:
        mine = sorted(points[line.player_id], reverse=True)
        assert (line.events, line.counted) == (len(mine), min(2, len(mine)))
        assert line.total == sum(mine[:2]) and line.best == mine[0]
    assert sum(1 for line in lines if line.counted < line.events) == 4
    ranks = [line.rank for line in lines]
    assert ranks == sorted(ranks) and ranks[0] == 1
    assert 'id="preview-banner"' in response.content.decode()


def test_the_stored_ranking_follows_every_write(organiser, season, nights):
    """Hands, publication, an event's date and the season's counting: each write leaves
    the stored ranking equal to a ranking counted afresh."""

    def fresh() -> list[tuple[int, int, int]]:
        standings = public_season_standings(
            season_placings(season_events(season)),
            season_events(season),
            best_n=season.best_n or None,
            scale=season_scale(season),
            with_unpublished=False,
        )
        return sorted((row.player_id, row.rank, row.total) for row in standings)

    def stored() -> list[tuple[int, int, int]]:
        return sorted(
            SeasonStanding.objects.filter(season=season).values_list("player_id", "rank", "total")
        )

    assert stored() == fresh() != []
    table = nights[0].rounds.get().tables.first()
    hand = table.hands.last()
    delete_hand(hand=hand, user=organiser, expected_version=hand.version)
    assert stored() == fresh()
    unpublish_event(by=organiser, event=nights[1])
    assert stored() == fresh()
    publish_event(by=organiser, event=nights[1])
    update_event(
        by=organiser,
        event=nights[2],
        name=nights[2].name,
        date=datetime.date(2027, 9, 1),  # after the season
        rules_name="fft",
    )
    after = stored()
    assert after == fresh()
    save_season(
        by=organiser,
        season=season,
        club=season.club,
        name=season.name,
        start=season.start,
        end=datetime.date(2027, 9, 30),  # the moved night counts again
        mode=season.mode,
        scale="5,3,1",
        best_n=0,
        published=season.published,
    )
    season.refresh_from_db()
    assert stored() == fresh() != after


def test_season_page_queries_do_not_grow_with_events(
    client, season, nights, django_assert_max_num_queries
):
    season.published = True
    season.save()
    # 5, + 1: the page's version for the page cache (a miss here).
    with django_assert_max_num_queries(6):
        client.get(season.get_absolute_url())


def test_season_excel_download_loads_in_openpyxl(organiser_client, season, nights):
    response = organiser_client.get(reverse("season_export", args=[season.pk]))
    assert response.status_code == 200
    workbook = load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    rows = list(workbook.worksheets[0].iter_rows(values_only=True))
    assert len(rows) == 1 + 12


def test_published_season_is_public(season, nights):
    season.published = True
    season.save()
    assert Client().get(season.get_absolute_url()).status_code == 200


def test_season_page_shows_fifty_lines_a_page(client, club, organiser, season):
    """A busy club's season (60 players): 50 lines on the first page, the rest on the
    second, every player once; ?per_page= changes nothing."""
    people = [Player.objects.create(club=club, name=f"Joueur {i:02d}") for i in range(60)]
    event = Event.objects.create(
        club=club, name="Grande soirée", date=datetime.date(2026, 10, 8), published=True
    )
    round_ = Round.objects.create(event=event, number=1)
    for number, start in enumerate(range(0, 60, 4), 1):
        seat_table(by=SYSTEM, round=round_, number=number, players=people[start : start + 4])
    play_round(round_, organiser, hands_per_table=1)
    season.published = True
    season.save()
    first = client.get(season.get_absolute_url() + "?per_page=100")
    second = client.get(season.get_absolute_url() + "?page=2")
    pages = [[row.record for row in r.context["ranking"].page] for r in (first, second)]
    shown = [line.player_id for page in pages for line in page]
    assert len(pages[0]) == 50
    assert sorted(shown) == sorted(p.pk for p in people)
    assert len(first.content) < 150_000
