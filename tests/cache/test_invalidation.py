"""The page cache is never stale: every write through the services is visible on the
next anonymous request, while the pages of other subjects stay cached (views.cached,
services.cache, selectors.page_versions). The cache is on in tests
(settings.PAGE_CACHE), emptied before each."""

from __future__ import annotations

import datetime
import re

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from tournaments.models import Event, EventResult, Hand, PageVersion, Season
from tournaments.selectors.page_versions import SITE, event_key, page_version
from tournaments.services import events as event_services
from tournaments.services import seasons as season_services
from tournaments.services import tables as table_services
from tournaments.services.cache import touch
from tournaments.services.hands import delete_hand, save_hand
from tournaments.services.people import set_public_name
from tournaments.services.sheets import reopen_sheet, validate_sheet
from tournaments.views.cached import HEADER

from ..factories import logged_in, make_event, make_round, make_table, make_user, store_hand

pytestmark = pytest.mark.django_db


def get(client: Client, url: str, status: int = 200):
    response = client.get(url)
    assert response.status_code == status
    return response


def fill(client: Client, urls: list[str]) -> None:
    """Request each page until it is served from the cache."""
    for url in urls:
        get(client, url)
        assert get(client, url).get(HEADER) == "hit", url


def fresh(client: Client, url: str) -> str:
    """The page after a write: rendered again (a miss), its text."""
    response = get(client, url)
    assert response.get(HEADER) == "miss", url
    return response.content.decode()


@pytest.fixture
def night(club_night) -> Event:
    Event.objects.filter(pk=club_night.pk).update(published=True)
    club_night.refresh_from_db()
    return club_night


def event_pages(event: Event) -> list[str]:
    return [
        reverse("event_detail", args=[event.pk]),
        reverse("event_results", args=[event.pk]),
        reverse("event_chart", args=[event.pk]),
    ]


def shows(html: str, number: str) -> bool:
    """Whether the page's text (not its tags' attributes: a CSRF token may hold any
    digits) shows `number` as a number of its own."""
    text = re.sub(r"<[^>]*>", " ", html)
    return re.search(rf"(?<![\w.,]){number}(?![\w.,])", text) is not None


def total(event: Event, player) -> int:
    return EventResult.objects.get(event=event, player=player).total


def test_a_cached_event_page_costs_one_query_its_version(client, night, table4, organiser):
    store_hand(table4, organiser)
    url = reverse("event_detail", args=[night.pk])
    get(client, url)
    with CaptureQueriesContext(connection) as queries:
        response = get(client, url)
    assert response[HEADER] == "hit"
    assert ["pageversion" in q["sql"] for q in queries] == [True]


def test_saving_editing_and_deleting_a_hand_shows_on_every_page(
    client, night, table4, players, organiser
):
    anne, bruno = players[0], players[1]
    pages = [
        *event_pages(night),
        reverse("table_public", args=[table4.pk]),
        reverse("player_public", args=[bruno.pk]),
        reverse("head_to_head", args=[anne.pk, bruno.pk]),
    ]
    fill(client, pages)

    hand = store_hand(table4, organiser)  # Bruno's garde, made by 15: +240
    assert total(night, bruno) == 240
    for url in pages:
        assert shows(fresh(client, url), "240"), url
    fill(client, pages)

    hand.points = 41  # made by 0: (25 + 0) x 2 x 3 = 150
    save_hand(table=table4, hand=hand, user=organiser, expected_version=hand.version)
    assert total(night, bruno) == 150
    for url in pages:
        html = fresh(client, url)
        assert shows(html, "150") and not shows(html, "240"), url
    fill(client, pages)

    delete_hand(hand=Hand.objects.get(pk=hand.pk), user=organiser, expected_version=2)
    for url in pages:
        assert not shows(fresh(client, url), "150"), url


def test_validating_and_reopening_a_sheet_shows(client, night, table4, organiser):
    store_hand(table4, organiser)
    url = reverse("event_detail", args=[night.pk])
    fill(client, [url])
    assert get(client, url).get(HEADER) == "hit"

    validate_sheet(table=table4, user=organiser)
    response = get(client, url)
    assert response[HEADER] == "miss" and response.context["provisional"] is False
    fill(client, [url])

    reopen_sheet(table=table4, user=organiser)
    response = get(client, url)
    assert response[HEADER] == "miss" and response.context["provisional"] is True


def test_publishing_and_unpublishing_shows(client, club_night, table4, organiser, players):
    store_hand(table4, organiser)
    pages = [*event_pages(club_night), reverse("player_public", args=[players[1].pk])]
    get(client, pages[0], status=404)

    event_services.publish_event(by=organiser, event=club_night)
    fill(client, pages)

    event_services.unpublish_event(by=organiser, event=club_night)
    for url in pages:
        get(client, url, status=404)


def test_a_rules_change_shows(client, night, table4, organiser, players):
    store_hand(table4, organiser)
    bruno = players[1]
    pages = [*event_pages(night), reverse("player_public", args=[bruno.pk])]
    fill(client, pages)
    before = total(night, bruno)

    event_services.update_event(
        by=organiser,
        event=night,
        name=night.name,
        date=night.date,
        rules_name="alternative",
        rescore=True,
    )
    after = total(night, bruno)
    assert after != before
    for url in pages:
        assert str(after) in fresh(client, url), url


def test_a_table_seating_change_shows(client, night, table4, organiser, players):
    store_hand(table4, organiser)
    pages = [reverse("event_detail", args=[night.pk])]
    fill(client, pages)
    assert "Emma" not in get(client, pages[0]).content.decode()

    table_services.add_table(by=organiser, event=night, number=2, players=players[4:8])
    assert "Emma" in fresh(client, pages[0])


def test_a_public_name_change_shows_wherever_he_is_named(client, night, table4, organiser, players):
    anne, bruno = players[0], players[1]
    store_hand(table4, organiser)
    pages = [
        *event_pages(night),
        reverse("table_public", args=[table4.pk]),
        reverse("player_public", args=[bruno.pk]),  # Anne among his opponents
        reverse("player_public", args=[anne.pk]),
    ]
    fill(client, pages)
    assert "Anne" in get(client, pages[0]).content.decode()

    set_public_name(by=organiser, player=anne, style="initials")
    for url in pages:
        assert "Anne" not in fresh(client, url), url


def test_a_season_edit_shows(client, club, night, table4, organiser):
    store_hand(table4, organiser)
    season = Season.objects.create(
        club=club,
        name="Saison 2026",
        start=datetime.date(2026, 9, 1),
        end=datetime.date(2027, 6, 30),
        published=True,
    )
    url = reverse("season_detail", args=[season.pk])
    fill(client, [url])

    season_services.save_season(
        by=organiser,
        season=season,
        club=club,
        name="Saison renommée",
        start=season.start,
        end=season.end,
        mode=season.mode,
        scale=season.scale,
        best_n=0,
        published=True,
    )
    assert "Saison renommée" in fresh(client, url)
    fill(client, [url])

    # A hand at a night of the season changes its standings too.
    store_hand(table4, organiser)
    fresh(client, url)


def test_another_events_pages_stay_cached(client, club, night, table4, organiser, players):
    other = make_event(club, name="Autre soirée", date=datetime.date(2026, 12, 3), published=True)
    other_table = make_table(make_round(other), players[4:8])
    store_hand(other_table, organiser)
    store_hand(table4, organiser)
    others = [*event_pages(other), reverse("table_public", args=[other_table.pk])]
    fill(client, others)

    store_hand(table4, organiser)  # tonight's event only
    event_services.update_event(
        by=organiser, event=night, name="Renommée", date=night.date, rules_name="fft"
    )
    for url in others:
        assert get(client, url)[HEADER] == "hit", url
    with CaptureQueriesContext(connection) as queries:
        get(client, reverse("event_detail", args=[other.pk]))
    assert len(queries) == 1  # its version


def test_a_signed_in_organiser_never_reads_the_anonymous_copy(
    client, night, table4, organiser, players
):
    store_hand(table4, organiser)
    set_public_name(by=organiser, player=players[0], style="initials")
    url = reverse("event_detail", args=[night.pk])
    fill(client, [url])
    assert "Anne" not in get(client, url).content.decode()

    organiser_client = logged_in(organiser)
    for _ in range(2):  # and his own page is never stored either
        response = get(organiser_client, url)
        assert HEADER not in response
        assert "Anne" in response.content.decode()  # full names for organisers
    assert get(client, url)[HEADER] == "hit"

    # A draft: the organiser's preview, a 404 for everybody else, cached or not.
    event_services.unpublish_event(by=organiser, event=night)
    assert HEADER not in get(organiser_client, url)
    get(client, url, status=404)


@pytest.fixture(autouse=True)
def _default_language():
    """Requests to /en/ leave English active in the thread: put French back after."""
    with translation.override("fr"):
        yield


def test_each_visitor_gets_his_own_csrf_token(night):
    url = reverse("event_detail", args=[night.pk])
    first, second = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    assert get(first, url)[HEADER] == "miss"
    response = get(second, url)
    assert response[HEADER] == "hit"
    html = response.content.decode()
    assert "\x00" not in html
    token = html.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    assert token not in get(first, url).content.decode()
    assert "csrftoken" in response.cookies
    # The token on the cached page is good for the second visitor's own cookie.
    posted = second.post(
        "/i18n/setlang/", {"language": "en", "next": "/", "csrfmiddlewaretoken": token}
    )
    assert posted.status_code == 302


def test_unknown_query_parameters_are_not_cached(client, night):
    url = reverse("event_detail", args=[night.pk])
    assert HEADER not in get(client, url + "?utm_source=x")
    assert get(client, url + "?sort=-total")[HEADER] == "miss"
    assert get(client, url + "?sort=-total")[HEADER] == "hit"
    assert get(client, url)[HEADER] == "miss"  # another key than the sorted page


def test_each_language_has_its_copy(client, night):
    url = reverse("event_detail", args=[night.pk])
    assert get(client, url)[HEADER] == "miss"
    english = get(client, "/en" + url)
    assert english[HEADER] == "miss"
    assert english.content.decode().startswith("<!doctype html>")
    assert 'lang="en"' in english.content.decode()


@pytest.mark.django_db(transaction=True)
def test_the_versions_are_raised_in_the_writes_transaction(client, club, players):
    """Committed with the write: a page read after the commit has a new key; a write
    rolled back leaves the version (and the page) as they were."""
    night = make_event(club, published=True)
    table = make_table(make_round(night), players[:4])
    organiser = make_user("marqueur2", federation=True)
    url = reverse("event_detail", args=[night.pk])
    fill(client, [url])
    before = page_version([event_key(night.pk)])

    with pytest.raises(RuntimeError), transaction.atomic():
        store_hand(table, organiser)
        assert page_version([event_key(night.pk)]) != before  # raised in the transaction
        raise RuntimeError
    assert page_version([event_key(night.pk)]) == before
    assert get(client, url)[HEADER] == "hit"
    assert not shows(get(client, url).content.decode(), "240")

    with transaction.atomic():
        store_hand(table, organiser)
    assert page_version([event_key(night.pk)]).subjects == before.subjects + 1
    assert shows(fresh(client, url), "240")


def test_a_version_never_repeats(night):
    """Each touch raises the sum over the page's subjects by one; the site's counter
    jumps past every value used before (a restored database's counters went back)."""
    keys = [event_key(night.pk)]
    first = page_version(keys)
    touch(events=[night])
    touch(events=[night, 999_999])  # a subject without a row yet: created
    assert page_version(keys).subjects == first.subjects + 2
    assert page_version([event_key(999_999)]).subjects == 1

    touch(everything=True)
    site = page_version(keys).site
    assert site > 1_000_000_000_000_000  # microseconds since 1970
    PageVersion.objects.filter(key=SITE).update(counter=5)  # a database restored
    touch(everything=True)
    again = page_version(keys).site
    assert again > site
    touch(everything=True)  # within the same microsecond or not: up again
    assert page_version(keys).site > again
