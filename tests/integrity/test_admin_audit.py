"""Every admin write goes through a service, which checks, renews the cached pages and
leaves its audit line: an event created already published, an event's settings and its
deletion (single and bulk), seating edits (rounds, tables, seats), a table's
scorekeepers, a player's account, a season's publication; a hand's bulk delete that
meets a version conflict says so instead of failing."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.contrib.admin import helpers
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format

from tournaments.errors import Refused
from tournaments.models import AuditEntry, Event, Hand, Membership, Role, Round, Season, Seat
from tournaments.services import admin_events, seasons
from tournaments.services import hands as hand_services

from ..factories import logged_in, make_club, make_member, make_user, store_hand
from ..scorekeeping.test_admin import form_data

DAY = datetime.date(2026, 11, 19)


def url(model: str, view: str, *args: Any) -> str:
    return reverse(f"admin:tournaments_{model}_{view}", args=args)


def post_change(client: Any, model: str, obj: Any, **changes: str) -> Any:
    data = form_data(client.get(url(model, "change", obj.pk)).content.decode())
    data.update(changes)
    return client.post(url(model, "change", obj.pk), data)


def lines(action: str, **filters: Any) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(action=action, **filters).order_by("pk"))


@pytest.fixture
def orga(club) -> Any:
    """The club's organiser, with the back office's door (staff)."""
    user = make_member("orga_admin", club)
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    return user


# --- events --------------------------------------------------------------------------


def test_an_event_created_published_in_the_admin_is_audited(club, orga):
    client = logged_in(orga)
    data = form_data(client.get(url("event", "add")).content.decode())
    data.update(
        club=str(club.pk),
        kind="club_night",
        name="Soirée de l'admin",
        date="2026-11-26",
        rules_name="fft",
        published="on",
        rounds_planned="1",
        team_size="0",
    )
    response = client.post(url("event", "add"), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    event = Event.objects.get(name="Soirée de l'admin")
    assert event.published
    [line] = lines(AuditEntry.Action.PUBLISH)
    assert (line.user, line.club, line.event) == (orga, club, event)


def test_an_event_created_as_a_draft_leaves_no_publication_line(club, orga):
    client = logged_in(orga)
    data = form_data(client.get(url("event", "add")).content.decode())
    data.update(club=str(club.pk), name="Brouillon", date="2026-11-26", rules_name="fft")
    data.pop("published", None)
    assert client.post(url("event", "add"), data).status_code == 302
    assert not Event.objects.get(name="Brouillon").published
    assert not lines(AuditEntry.Action.PUBLISH)


def test_the_format_kind_and_seed_changed_in_the_admin_are_audited(club_night, orga):
    client = logged_in(orga)
    response = post_change(
        client, "event", club_night, kind="tournament", rounds_planned="5", seed="42"
    )
    assert response.status_code == 302, response.context["adminform"].form.errors
    club_night.refresh_from_db()
    assert (club_night.kind, club_night.rounds_planned, club_night.seed) == ("tournament", 5, 42)
    details = " ".join(line.details for line in lines(AuditEntry.Action.RULES, user=orga))
    with translation.override("fr"):  # the request's language
        kind = str(Event.Kind.TOURNAMENT.label)
    assert "1 → 5" in details and "None → 42" in details and kind in details


def test_an_events_club_cannot_change_in_the_admin(club_night, orga):
    """Even between two clubs he organises: no service moves an event (its players,
    seasons and audit trail are its club's)."""
    paris = make_club("Tarot Club de Paris", "paris")
    Membership.objects.create(user=orga, club=paris, role=Role.ORGANISER)
    data = form_data(logged_in(orga).get(url("event", "change", club_night.pk)).content.decode())
    assert "club" not in data  # shown, not editable
    data["club"] = str(paris.pk)
    assert logged_in(orga).post(url("event", "change", club_night.pk), data).status_code == 302
    club_night.refresh_from_db()
    assert club_night.club_id != paris.pk


def test_an_event_deleted_in_the_admin_goes_through_the_service(club, orga, client):
    event = Event.objects.create(club=club, name="À supprimer", date=DAY, published=True)
    page = reverse("event_detail", args=[event.pk])
    assert client.get(page).status_code == 200  # cached for the anonymous
    response = logged_in(orga).post(url("event", "delete", event.pk), {"post": "yes"})
    assert response.status_code == 302
    assert not Event.objects.filter(pk=event.pk).exists()
    [line] = lines(AuditEntry.Action.DELETE)
    assert (line.user, line.club) == (orga, club) and "À supprimer" in line.what
    assert client.get(page).status_code == 404


def test_the_bulk_delete_of_events_goes_through_the_service(club, orga):
    events = [Event.objects.create(club=club, name=f"Vide {n}", date=DAY) for n in (1, 2)]
    response = logged_in(orga).post(
        url("event", "changelist"),
        {
            "action": "delete_selected",
            helpers.ACTION_CHECKBOX_NAME: [e.pk for e in events],
            "post": "yes",
        },
    )
    assert response.status_code == 302
    assert not Event.objects.filter(pk__in=[e.pk for e in events]).exists()
    # The event's name as typed, its date in the reader's format.
    assert sorted(line.what for line in lines(AuditEntry.Action.DELETE)) == [
        f"{e.name} ({date_format(e.date, 'SHORT_DATE_FORMAT')})" for e in events
    ]


def test_an_event_with_hands_is_not_deleted(club_night, table4, orga, scorekeeper):
    store_hand(table4, scorekeeper)
    # The admin refuses (its score rows are read-only there)...
    response = logged_in(orga).post(url("event", "delete", club_night.pk), {"post": "yes"})
    assert response.status_code == 403
    # ...and so does the service, with a message, whoever calls it.
    with pytest.raises(Refused):
        admin_events.delete_event(by=orga, event=club_night)
    assert Hand.objects.filter(table=table4).exists()
    assert not lines(AuditEntry.Action.DELETE)


# --- seating -------------------------------------------------------------------------


def test_a_round_added_renumbered_and_deleted_in_the_admin_is_audited(club_night, orga):
    client = logged_in(orga)
    data = form_data(client.get(url("round", "add")).content.decode())
    data.update(event=str(club_night.pk), number="2")
    assert client.post(url("round", "add"), data).status_code == 302
    round_ = Round.objects.get(event=club_night, number=2)
    assert post_change(client, "round", round_, number="3").status_code == 302
    assert client.post(url("round", "delete", round_.pk), {"post": "yes"}).status_code == 302
    found = lines(AuditEntry.Action.SEATING, user=orga, event=club_night)
    assert len(found) == 3
    assert "2 → 3" in found[1].details


def test_a_tables_number_and_mode_changed_in_the_admin_are_audited(table5, orga):
    response = post_change(logged_in(orga), "table", table5, number="7", five_mode="dealer_out")
    assert response.status_code == 302, response.context["adminform"].form.errors
    [line] = lines(AuditEntry.Action.SEATING, user=orga)
    assert "2 → 7" in line.details and line.event_id == table5.round.event_id


def test_a_seat_changed_added_and_deleted_in_the_admin_is_audited(table4, players, orga):
    client = logged_in(orga)
    seat = Seat.objects.get(table=table4, position=4)
    response = post_change(client, "seat", seat, player=str(players[8].pk))
    assert response.status_code == 302, response.context["adminform"].form.errors
    response = client.post(
        url("seat", "add"), {"table": table4.pk, "position": 5, "player": players[7].pk}
    )
    assert response.status_code == 302, response.context["adminform"].form.errors
    added = Seat.objects.get(table=table4, position=5)
    assert client.post(url("seat", "delete", added.pk), {"post": "yes"}).status_code == 302
    found = lines(AuditEntry.Action.SEATING, user=orga)
    assert len(found) == 3
    assert "David" in found[0].details and "Inès" in found[0].details
    assert "Hugo" in found[1].details and "Hugo" in found[2].details


def test_seats_changed_in_the_tables_inline_are_audited(table4, players, orga):
    client = logged_in(orga)
    data = form_data(client.get(url("table", "change", table4.pk)).content.decode())
    row = next(
        k[: -len("-position")] for k, v in data.items() if k.endswith("-position") and v == "4"
    )
    data[f"{row}-player"] = str(players[8].pk)
    response = client.post(url("table", "change", table4.pk), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert Seat.objects.get(table=table4, position=4).player == players[8]
    assert lines(AuditEntry.Action.SEATING, user=orga)


def test_scorekeepers_named_in_the_admins_table_form_go_through_the_service(
    table4, orga, scorekeeper, other_scorekeeper
):
    client = logged_in(orga)
    both = [str(scorekeeper.pk), str(other_scorekeeper.pk)]
    response = post_change(client, "table", table4, scorekeepers=both)
    assert response.status_code == 302, response.context["adminform"].form.errors
    assert set(table4.scorekeepers.all()) == {scorekeeper, other_scorekeeper}
    [line] = lines(AuditEntry.Action.ROLE, user=orga)
    assert "autre_marqueur" in line.details
    # Saving again without a change writes no line.
    assert post_change(client, "table", table4, scorekeepers=both).status_code == 302
    assert len(lines(AuditEntry.Action.ROLE, user=orga)) == 1


def test_a_scorekeeper_outside_the_club_is_refused_in_the_admins_table_form(table4, orga):
    outsider = make_user("outsider")
    data = form_data(logged_in(orga).get(url("table", "change", table4.pk)).content.decode())
    data["scorekeepers"] = [str(outsider.pk)]
    response = logged_in(orga).post(url("table", "change", table4.pk), data)
    assert response.status_code == 200
    assert "scorekeepers" in response.context["adminform"].form.errors
    assert outsider not in table4.scorekeepers.all()
    assert not lines(AuditEntry.Action.ROLE)


# --- players and seasons ---------------------------------------------------------------


def test_a_players_account_linked_in_the_admin_is_audited(admin_client, admin_user, players):
    anne, account = players[0], make_user("anne")
    response = post_change(admin_client, "player", anne, user=str(account.pk))
    assert response.status_code == 302, response.context["adminform"].form.errors
    anne.refresh_from_db()
    assert anne.user == account
    [line] = lines(AuditEntry.Action.ACCOUNT, user=admin_user)
    assert "Anne" in line.target and "anne" in line.details


def test_a_seasons_publication_is_audited(club, orga):
    values = {
        "club": club,
        "name": "Saison 2026",
        "start": datetime.date(2026, 1, 1),
        "end": datetime.date(2026, 12, 31),
        "mode": Season.Mode.TOTALS,
        "scale": "",
        "best_n": 0,
    }
    season = seasons.save_season(by=orga, season=None, published=True, **values)
    season = seasons.save_season(by=orga, season=season, published=True, **values)
    season = seasons.save_season(by=orga, season=season, published=False, **values)
    assert [(e.action, e.target) for e in AuditEntry.objects.order_by("pk")] == [
        (AuditEntry.Action.PUBLISH, "Saison 2026"),
        (AuditEntry.Action.UNPUBLISH, "Saison 2026"),
    ]
    assert not seasons.save_season(by=orga, season=None, published=False, **values).published
    assert AuditEntry.objects.count() == 2


def test_a_seasons_publication_in_the_admin_is_audited(club, orga):
    season = Season.objects.create(
        club=club, name="Saison A", start=datetime.date(2026, 1, 1), end=datetime.date(2026, 12, 31)
    )
    response = post_change(logged_in(orga), "season", season, published="on")
    assert response.status_code == 302, response.context["adminform"].form.errors
    [line] = lines(AuditEntry.Action.PUBLISH, user=orga)
    assert line.target == "Saison A" and line.club == club


# --- hands -----------------------------------------------------------------------------


def test_a_version_conflict_in_the_hands_bulk_delete_is_a_message(
    admin_client, admin_user, table4, monkeypatch
):
    first = store_hand(table4, admin_user)
    second = store_hand(table4, admin_user)
    real = hand_services.delete_hand

    def changed_meanwhile(*, hand: Hand, user: Any, expected_version: int) -> None:
        if hand.pk == first.pk:  # somebody saved it between the list and the delete
            Hand.objects.filter(pk=hand.pk).update(version=hand.version + 1)
        real(hand=hand, user=user, expected_version=expected_version)

    monkeypatch.setattr(hand_services, "delete_hand", changed_meanwhile)
    response = admin_client.post(
        url("hand", "changelist"),
        {
            "action": "delete_selected",
            helpers.ACTION_CHECKBOX_NAME: [first.pk, second.pk],
            "post": "yes",
        },
        follow=True,
    )
    assert response.status_code == 200
    assert Hand.objects.filter(pk=first.pk).exists()
    assert not Hand.objects.filter(pk=second.pk).exists()
    assert any("changed" in str(m) or "modifi" in str(m) for m in response.context["messages"])


def test_a_version_conflict_in_a_single_hand_delete_is_a_message(
    admin_client, admin_user, table4, monkeypatch
):
    hand = store_hand(table4, admin_user)
    real = hand_services.delete_hand

    def changed_meanwhile(*, hand: Hand, user: Any, expected_version: int) -> None:
        Hand.objects.filter(pk=hand.pk).update(version=hand.version + 1)
        real(hand=hand, user=user, expected_version=expected_version)

    monkeypatch.setattr(hand_services, "delete_hand", changed_meanwhile)
    response = admin_client.post(url("hand", "delete", hand.pk), {"post": "yes"}, follow=True)
    assert response.status_code == 200
    assert Hand.objects.filter(pk=hand.pk).exists()
