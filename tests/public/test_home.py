"""The home page leads the public to tournament rankings and season challenges."""

from __future__ import annotations

import datetime

from django.urls import reverse

from tournaments.models import Event, Season


def test_a_published_tournament_links_to_its_ranking(client, club):
    event = Event.objects.create(
        club=club,
        kind=Event.Kind.TOURNAMENT,
        name="Open",
        date=datetime.date(2026, 5, 1),
        published=True,
    )
    html = client.get(reverse("home")).content.decode()
    assert reverse("tournament_ranking", args=[event.pk]) in html


def test_published_seasons_are_listed_and_drafts_are_not(client, club):
    shown = Season.objects.create(
        club=club,
        name="Challenge 2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
        published=True,
    )
    Season.objects.create(
        club=club,
        name="Brouillon",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    html = client.get(reverse("home")).content.decode()
    assert shown.get_absolute_url() in html and "Challenge 2026" in html
    assert "Brouillon" not in html
