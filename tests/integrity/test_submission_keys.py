"""One-time submission keys: a form posted twice (double tap, re-sent form) writes once
and gets the first post's answer; a failed post leaves its key unused."""

from __future__ import annotations

import datetime
import io
import re
import uuid
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from tests.concurrency import at_once
from tests.scorekeeping.conftest import hand_data, seated
from tests.tournament_ui.test_import import GOOD_CSV, upload
from tournaments.models import Event, Hand, Player, Registration, Round, Season, Submission, Table
from tournaments.services import hand_entry
from tournaments.services.hands import save_hand

KEY_INPUT = re.compile(r'name="submission_key" value="([0-9a-f-]{36})"')


# The sheet's "Validate" button asks first; the confirmation posts this.
CONFIRMED = {"confirm": "1"}


def keyed(data: dict[str, Any], key: uuid.UUID) -> dict[str, Any]:
    return {**data, "submission_key": str(key)}


def shown_messages(response: Any) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def fr(message: str, **values: Any) -> str:
    with translation.override("fr"):
        return gettext(message) % values


# --- hands -------------------------------------------------------------------


def test_a_double_tap_on_a_new_hand_stores_one_hand(login, table4, scorekeeper):
    client = login(scorekeeper)
    url = reverse("hand_new", args=[table4.pk])
    data = keyed(hand_data(table4), uuid.uuid4())
    first = client.post(url, data)
    second = client.post(url, data)
    assert first.status_code == second.status_code == 302
    assert second.url == first.url == f"{table4.get_absolute_url()}#hand-1"
    assert list(table4.hands.values_list("number", flat=True)) == [1]
    # The first tap's message is still waiting: the second does not add it again.
    assert shown_messages(client.get(second.url)) == [fr("Hand %(number)s saved.", number=1)]


def test_a_form_sent_again_after_the_sheet_was_shown_still_stores_one_hand(
    login, table4, scorekeeper
):
    client = login(scorekeeper)
    url = reverse("hand_new", args=[table4.pk])
    data = keyed(hand_data(table4), uuid.uuid4())
    client.get(client.post(url, data).url)  # saved, and its message shown
    again = client.post(url, data)  # the browser's "send the form again"
    assert again.status_code == 302 and again.url.endswith("#hand-1")
    assert table4.hands.count() == 1
    assert shown_messages(client.get(again.url)) == [fr("Hand %(number)s saved.", number=1)]


def test_a_post_without_a_key_is_saved_as_before(login, table4, scorekeeper):
    """A page cached before the keys existed must still save (and a repeat saves twice)."""
    client = login(scorekeeper)
    url = reverse("hand_new", args=[table4.pk])
    assert client.post(url, hand_data(table4)).status_code == 302
    assert client.post(url, hand_data(table4)).status_code == 302
    assert table4.hands.count() == 2
    assert not Submission.objects.exists()


def test_the_second_tap_of_an_edit_is_not_a_conflict(login, play, table4, scorekeeper, players):
    hand = play(table4)
    client = login(scorekeeper)
    url = reverse("hand_edit", args=[hand.pk])
    data = keyed(hand_data(table4, taker=players[2].pk, version=1), uuid.uuid4())
    first = client.post(url, data)
    second = client.post(url, data)
    assert first.status_code == second.status_code == 302
    assert second.url == first.url
    hand.refresh_from_db()
    assert (hand.version, hand.taker_id) == (2, players[2].pk)


def test_a_conflict_leaves_the_key_unused_for_the_corrected_post(
    login, play, table4, scorekeeper, organiser, players
):
    hand = play(table4)
    url = reverse("hand_edit", args=[hand.pk])
    login(organiser).post(url, hand_data(table4, taker=players[3].pk, version=1))
    key = uuid.uuid4()
    client = login(scorekeeper)
    conflict = client.post(url, keyed(hand_data(table4, taker=players[2].pk, version=1), key))
    assert conflict.status_code == 409
    assert not Submission.objects.filter(key=key).exists()
    # The conflict page carries the same key, so saving from it is still one submission.
    assert KEY_INPUT.findall(conflict.content.decode()) == [str(key)]
    retry = client.post(url, keyed(hand_data(table4, taker=players[2].pk, version=2), key))
    assert retry.status_code == 302
    hand.refresh_from_db()
    assert (hand.version, hand.taker_id) == (3, players[2].pk)
    assert Submission.objects.get(key=key).action == f"hand_edit:{hand.pk}"


def test_an_engine_refusal_leaves_the_key_unused(login, table4, scorekeeper, monkeypatch):
    saves: list[Any] = []
    real_write = hand_entry.write_hand
    monkeypatch.setattr(hand_entry, "write_hand", lambda **kw: saves.append(kw) or real_write(**kw))
    client = login(scorekeeper)
    url = reverse("hand_new", args=[table4.pk])
    key = uuid.uuid4()
    # The form lets it through; the engine refuses it (3 oudlers: the Petit is the taker's).
    impossible = hand_data(table4, oudlers="3", points="60", petit_au_bout="defence")
    refused = client.post(url, keyed(impossible, key))
    assert refused.status_code == 200 and len(saves) == 1  # refused inside the write
    assert not Submission.objects.exists() and not table4.hands.exists()
    assert KEY_INPUT.findall(refused.content.decode()) == [str(key)]
    assert client.post(url, keyed(hand_data(table4), key)).status_code == 302
    assert table4.hands.count() == 1


def test_a_key_used_by_another_user_gets_none_of_their_answer(
    login, table4, scorekeeper, organiser
):
    url = reverse("hand_new", args=[table4.pk])
    data = keyed(hand_data(table4), uuid.uuid4())
    assert login(scorekeeper).post(url, data).url.endswith("#hand-1")
    # Not the scorekeeper's answer: the organiser's post is written as if it had no key.
    theirs = login(organiser).post(url, data)
    assert theirs.status_code == 302 and theirs.url.endswith("#hand-2")
    assert table4.hands.count() == 2
    assert Submission.objects.get().user == scorekeeper


def test_a_key_used_by_another_form_is_not_that_forms_answer(login, table4, scorekeeper):
    client = login(scorekeeper)
    key = uuid.uuid4()
    client.post(reverse("hand_new", args=[table4.pk]), keyed(hand_data(table4), key))
    response = client.post(reverse("table_validate", args=[table4.pk]), keyed(CONFIRMED, key))
    assert response.status_code == 302
    table4.refresh_from_db()
    assert table4.is_validated


def test_a_double_tap_on_delete_deletes_once_and_answers_twice(login, play, table4, scorekeeper):
    hand = play(table4)
    client = login(scorekeeper)
    url = reverse("hand_delete", args=[hand.pk])
    data = keyed({"version": 1}, uuid.uuid4())
    first = client.post(url, data)
    second = client.post(url, data)  # the hand is gone: not a 404, the same answer
    assert first.status_code == second.status_code == 302
    assert first.url == second.url == table4.get_absolute_url()
    assert not Hand.objects.filter(pk=hand.pk).exists()
    assert shown_messages(client.get(second.url)) == [fr("Hand %(number)s deleted.", number=1)]


def test_a_double_tap_on_validate_validates_once(login, play, table4, scorekeeper):
    play(table4)
    client = login(scorekeeper)
    url = reverse("table_validate", args=[table4.pk])
    data = keyed(CONFIRMED, uuid.uuid4())
    first = client.post(url, data)
    table4.refresh_from_db()
    validated_at = table4.validated_at
    # Once validated the scorekeeper may no longer touch the sheet; the repeat is no refusal.
    second = client.post(url, data)
    assert first.status_code == second.status_code == 302
    assert second.url == table4.get_absolute_url()
    table4.refresh_from_db()
    assert table4.validated_at == validated_at is not None


def test_the_validate_button_asks_first_and_its_key_validates_once(
    login, play, table4, scorekeeper
):
    """The sheet's button carries the key; the confirmation sends it back with its own
    button, so a double tap there validates once, and the first press wrote nothing."""
    play(table4)
    client = login(scorekeeper)
    url = reverse("table_validate", args=[table4.pk])
    key = uuid.uuid4()
    question = client.post(url, keyed({}, key))
    assert question.status_code == 200
    assert f'name="submission_key" value="{key}"' in question.content.decode()
    assert not Submission.objects.exists()
    table4.refresh_from_db()
    assert not table4.is_validated
    first = client.post(url, keyed(CONFIRMED, key))
    table4.refresh_from_db()
    validated_at = table4.validated_at
    second = client.post(url, keyed(CONFIRMED, key))
    assert first.status_code == second.status_code == 302
    table4.refresh_from_db()
    assert table4.validated_at == validated_at is not None
    assert Submission.objects.count() == 1


def test_a_double_tap_on_reopen_answers_twice(login, play, table4, scorekeeper, organiser):
    play(table4)
    login(scorekeeper).post(reverse("table_validate", args=[table4.pk]), CONFIRMED)
    client = login(organiser)
    data = keyed({}, uuid.uuid4())
    url = reverse("table_reopen", args=[table4.pk])
    assert client.post(url, data).status_code == client.post(url, data).status_code == 302
    table4.refresh_from_db()
    assert not table4.is_validated
    assert Submission.objects.count() == 1


# --- the forms carry a key ---------------------------------------------------


def test_every_writing_form_of_the_sheet_and_hand_pages_carries_a_fresh_key(
    login, play, table4, scorekeeper
):
    hand = play(table4)
    client = login(scorekeeper)
    pages = [
        reverse("hand_new", args=[table4.pk]),
        reverse("hand_edit", args=[hand.pk]),
        reverse("hand_delete", args=[hand.pk]),
        table4.get_absolute_url(),
    ]
    keys = [KEY_INPUT.findall(client.get(page).content.decode()) for page in pages]
    assert all(len(found) == 1 for found in keys), keys
    assert len({found[0] for found in keys}) == len(pages)
    assert KEY_INPUT.findall(client.get(pages[0]).content.decode()) != keys[0]


# --- organisers' writes ------------------------------------------------------


def post_twice(client: Client, url: str, data: dict[str, Any]) -> tuple[Any, Any]:
    data = keyed(data, uuid.uuid4())
    first = client.post(url, data)
    second = client.post(url, data)
    assert first.status_code == second.status_code == 302, (first, second)
    assert first.url == second.url
    return first, second


def test_a_double_click_creates_one_player(organiser_client, club):
    post_twice(organiser_client, reverse("player_create"), {"name": "Julie", "active": "on"})
    assert list(Player.objects.filter(club=club).values_list("name", flat=True)) == ["Julie"]


def test_a_double_click_creates_one_club_night(organiser_client, club):
    data = {"name": "Soirée du vendredi", "date": "2026-11-20", "rules_name": "fft"}
    first, _ = post_twice(organiser_client, reverse("event_create"), data)
    assert Event.objects.count() == 1
    assert first.url == reverse("event_manage", args=[Event.objects.get().pk])


def test_a_double_click_seats_one_table(organiser_client, club_night, night_round, players):
    data = {"number": 1, "five_mode": "called_king"}
    data.update({f"seat_{i}": p.pk for i, p in enumerate(players[:4], 1)})
    post_twice(organiser_client, reverse("table_create", args=[club_night.pk]), data)
    assert Table.objects.filter(round=night_round).count() == 1


def test_a_double_click_creates_one_tournament(organiser_client, club):
    data = {
        "name": "Open d'hiver",
        "date": "2026-12-12",
        "club": club.pk,
        "rules_name": "fft",
        "rounds_planned": 4,
        "deals_per_round": 5,
        "team_size": 2,
    }
    post_twice(organiser_client, reverse("tournament_create"), data)
    assert Event.objects.filter(kind=Event.Kind.TOURNAMENT).count() == 1


def test_a_double_click_registers_a_new_player_once(organiser_client, tournament):
    url = reverse("tournament_registrations", args=[tournament.pk])
    post_twice(organiser_client, url, {"name": "Zoé", "licence": "", "club": tournament.club_id})
    assert Registration.objects.filter(event=tournament).count() == 1
    assert Player.objects.filter(name="Zoé").count() == 1


def test_a_double_click_seats_one_round(organiser_client, tournament, registered):
    url = reverse("round_generate", args=[tournament.pk])
    first, _ = post_twice(organiser_client, url, {})
    assert Round.objects.filter(event=tournament).count() == 1
    assert first.url == reverse("round_manage", args=[Round.objects.get(event=tournament).pk])


def test_a_double_click_creates_one_season(organiser_client, club):
    data = {
        "club": club.pk,
        "name": "Saison 2026-2027",
        "start": "2026-09-01",
        "end": "2027-08-31",
        "mode": "places",
        "scale": "10 8 6 4",
        "best_n": 2,
    }
    post_twice(organiser_client, reverse("season_create"), data)
    assert Season.objects.count() == 1


def test_a_double_click_on_publish_answers_twice(organiser_client, club_night):
    post_twice(organiser_client, reverse("event_publish", args=[club_night.pk]), {})
    club_night.refresh_from_db()
    assert club_night.published
    assert Submission.objects.count() == 1


def test_a_repeated_import_shows_the_first_import_report(organiser_client, tournament):
    url = reverse("tournament_import", args=[tournament.pk])
    key = str(uuid.uuid4())
    first = organiser_client.post(
        url, {"file": upload("j.csv", GOOD_CSV.encode()), "submission_key": key}
    )
    second = organiser_client.post(
        url, {"file": upload("j.csv", GOOD_CSV.encode()), "submission_key": key}
    )
    assert first.context["report"].registrations_created == 3
    # Without the key the second import would report "newly registered: 0".
    assert second.context["report"].registrations_created == 3
    assert Registration.objects.filter(event=tournament).count() == 3
    # The form shown after an import is for another file: a fresh key.
    assert KEY_INPUT.findall(second.content.decode()) != [key]


# --- at the same time --------------------------------------------------------


def clients(user: User, count: int) -> list[Client]:
    made = []
    for _ in range(count):
        client = Client()
        client.force_login(user)
        made.append(client)
    return made


@pytest.mark.django_db(transaction=True)
def test_same_key_posted_at_once_stores_one_hand(table4, scorekeeper):
    url = reverse("hand_new", args=[table4.pk])
    data = keyed(hand_data(table4), uuid.uuid4())
    responses = at_once([lambda c=c: c.post(url, data) for c in clients(scorekeeper, 4)])
    assert [r.status_code for r in responses] == [302] * 4
    assert {r.url for r in responses} == {f"{table4.get_absolute_url()}#hand-1"}
    assert list(table4.hands.values_list("number", flat=True)) == [1]
    assert Submission.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_same_key_edit_posted_at_once_is_one_edit_and_no_conflict(
    table4, scorekeeper, organiser, players
):
    people = seated(table4)
    hand = save_hand(
        table=table4,
        hand=Hand(dealer=people[0], taker=people[1], contract="garde", oudlers=2, points=56),
        user=organiser,
    ).hand
    url = reverse("hand_edit", args=[hand.pk])
    data = keyed(hand_data(table4, taker=players[2].pk, version=1), uuid.uuid4())
    responses = at_once([lambda c=c: c.post(url, data) for c in clients(scorekeeper, 3)])
    assert [r.status_code for r in responses] == [302] * 3  # no 409
    hand.refresh_from_db()
    assert (hand.version, hand.taker_id) == (2, players[2].pk)


# --- forgetting old keys -----------------------------------------------------


def test_purge_forgets_keys_older_than_thirty_days(organiser):
    old = Submission.objects.create(key=uuid.uuid4(), user=organiser, action="a")
    recent = Submission.objects.create(key=uuid.uuid4(), user=organiser, action="a")
    Submission.objects.filter(pk=old.pk).update(
        created_at=timezone.now() - datetime.timedelta(days=31)
    )
    out = io.StringIO()
    call_command("purge_submissions", stdout=out)
    assert out.getvalue().startswith("1 ")
    assert list(Submission.objects.values_list("pk", flat=True)) == [recent.pk]
