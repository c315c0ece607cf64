"""The page cache stays never stale for the writes test_invalidation.py does not cover:
a registration import, a round drawn, swapped and drawn again, a club renamed, the
admin's writes, the ledger's repair; and a write with the cache unreachable, which
needs the cache for nothing."""

from __future__ import annotations

import datetime
import io

import pytest
from django.core.cache import caches
from django.core.management import call_command
from django.urls import reverse

from tournaments.models import Event, EventResult, Registration, Round, Team
from tournaments.services import admin_events, admin_writes
from tournaments.services.imports import import_registrations
from tournaments.services.rounds import generate_round, regenerate_round, swap_players
from tournaments.views.cached import HEADER

from ..factories import store_hand
from .test_invalidation import event_pages, fill, fresh, get, shows

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(club, players) -> Event:
    """A published tournament of 8 registered players, no round yet."""
    event = Event.objects.create(
        club=club,
        kind=Event.Kind.TOURNAMENT,
        name="Open du cache",
        date=datetime.date(2026, 12, 12),
        rules_name="fft",
        rounds_planned=2,
        deals_per_round=2,
        published=True,
        seed=7,
    )
    Registration.objects.bulk_create(Registration(event=event, player=p) for p in players[:8])
    return event


def tournament_pages(event: Event) -> list[str]:
    return [*event_pages(event), reverse("tournament_ranking", args=[event.pk])]


def test_an_import_shows_on_the_ranking(client, tournament, organiser):
    url = reverse("tournament_ranking", args=[tournament.pk])
    fill(client, [url])
    data = "Nom;Club\nZoé Importée;Tarot Club de Lyon\n".encode()
    import_registrations(by=organiser, event=tournament, file=data, filename="l.csv")
    assert "Zoé Importée" in fresh(client, url)


@pytest.mark.slow  # two seating searches (a draw and a redraw): near the budget
def test_a_round_drawn_swapped_and_drawn_again_shows(client, tournament, organiser, players):
    url = reverse("event_detail", args=[tournament.pk])
    fill(client, [url])
    round_ = generate_round(by=organiser, event=tournament)
    assert 'id="tables"' in fresh(client, url) and round_.tables.count() == 2
    fill(client, [url])

    first, second = (t.seats.order_by("position").first().player for t in round_.tables.all())
    swap_players(by=organiser, round=round_, player_a=first, player_b=second)
    html = fresh(client, url)
    table_1 = html[html.index('id="tables"') :].split("</a>")[0]
    assert second.name in table_1 and first.name not in table_1
    fill(client, [url])

    regenerate_round(by=organiser, round=Round.objects.get(pk=round_.pk))
    fresh(client, url)


def test_a_club_renamed_shows_on_its_events(client, club, tournament, organiser):
    pages = tournament_pages(tournament)
    fill(client, pages)
    club.name = "Tarot Club de Lyon Presqu'île"
    admin_writes.save_club(by=organiser, club=club)
    for url in pages:
        assert "Presqu&#x27;île" in fresh(client, url), url


def test_the_admins_writes_show(client, tournament, organiser, players):
    url = reverse("tournament_ranking", args=[tournament.pk])
    fill(client, [url])
    team = admin_writes.save_team(by=organiser, team=Team(event=tournament, name="Les Rouges"))
    registration = Registration.objects.get(event=tournament, player=players[0])
    registration.team = team
    admin_writes.save_registration(by=organiser, registration=registration)
    fresh(client, url)
    fill(client, [url])

    admin_writes.delete_registration(by=organiser, registration=registration)
    assert players[0].name not in fresh(client, url)
    fill(client, [url])

    admin_events.delete_event(by=organiser, event=tournament)
    assert get(client, url, status=404)


def test_the_ledgers_repair_renews_every_page(client, night, table4, organiser, players):
    store_hand(table4, organiser)  # Bruno +240
    pages = [*event_pages(night), reverse("player_public", args=[players[1].pk])]
    fill(client, pages)
    # Results changed behind the services' back: the cached pages do not know.
    EventResult.objects.filter(event=night, player=players[1]).update(total=999)
    assert get(client, pages[0])[HEADER] == "hit"
    call_command("check_ledger", "--rebuild-results", stdout=io.StringIO())
    assert EventResult.objects.get(event=night, player=players[1]).total == 240
    for url in pages:
        assert not shows(fresh(client, url), "999"), url


@pytest.fixture
def night(club_night) -> Event:
    Event.objects.filter(pk=club_night.pk).update(published=True)
    club_night.refresh_from_db()
    return club_night


def test_a_write_needs_no_cache(client, night, table4, organiser, monkeypatch):
    """The versions are in the database: a save with every cache call failing is
    stored, and once the cache is back the page shows it."""
    store_hand(table4, organiser)
    url = reverse("event_results", args=[night.pk])
    fill(client, [url])
    backend = type(caches["default"])

    def unreachable(*args: object, **kwargs: object) -> None:
        raise ConnectionError("cache unreachable")

    with monkeypatch.context() as patched:
        for name in ("get", "set", "add", "delete", "get_many", "set_many", "delete_many"):
            patched.setattr(backend, name, unreachable)
        store_hand(table4, organiser, points=41)  # a second garde: 240 + 150

    assert "390" in fresh(client, url)
