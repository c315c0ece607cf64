"""Club nights, players, tables, seasons and sheets act per club: every write of
services.events, services.seasons and services.hands refuses an organiser of another
club (PermissionDenied, nothing written), lets the club's own organiser act, and
leaves an audit line for publication, rules, seating and sheet changes. The organiser
pages of these objects answer 403 to an organiser of another club."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from tournaments.models import (
    AuditEntry,
    Club,
    Event,
    Hand,
    HandScore,
    Membership,
    Player,
    Round,
    Season,
    Seat,
    Table,
)
from tournaments.services import events, hands, seasons, sheets
from tournaments.services import players as player_services
from tournaments.services import tables as table_services

from ..factories import logged_in, make_club, make_member, make_players, store_hand

DAY = datetime.date(2026, 11, 19)


@pytest.fixture
def other_club(db) -> Club:
    return make_club("Tarot Club de Paris", "paris")


@pytest.fixture
def other(other_club):
    """An organiser of another club."""
    return make_member("other", other_club)


@pytest.fixture
def own(club):
    """An organiser of the club that owns everything below."""
    return make_member("own", club)


@pytest.fixture
def season(club) -> Season:
    return Season.objects.create(
        club=club,
        name="Saison 2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )


@pytest.fixture
def validated(table5, other_scorekeeper) -> Table:
    """Table 2 (five players), one hand, its sheet validated."""
    store_hand(table5, other_scorekeeper)
    return sheets.validate_sheet(table=table5, user=other_scorekeeper)


@pytest.fixture
def world(club, players, club_night, night_round, table4, scorekeeper, validated, season):
    """Club A's players, a draft club night with a table to fill and a validated one, a
    season; table 1 has a hand, so the rules change below must rescore."""
    store_hand(table4, scorekeeper)
    return {"club": club, "players": players, "event": club_night, "table": table4}


def snapshot() -> dict[str, list[tuple[Any, ...]]]:
    """Every row a write of these services could touch, in a comparable form."""
    through = Table.scorekeepers.through
    tables: dict[str, Any] = {
        "player": Player.objects.values_list(
            "pk", "club_id", "name", "licence", "active", "public_name_style"
        ),
        "event": Event.objects.values_list(
            "pk", "club_id", "name", "date", "rules_name", "rules_json", "published"
        ),
        "round": Round.objects.values_list("pk", "event_id", "number", "status"),
        "table": Table.objects.values_list(
            "pk", "round_id", "number", "five_mode", "validated_at", "validated_by_id"
        ),
        "seat": Seat.objects.values_list("pk", "table_id", "player_id", "position"),
        "scorekeepers": through.objects.values_list("table_id", "user_id"),
        "season": Season.objects.values_list(
            "pk", "club_id", "name", "start", "end", "mode", "scale", "best_n", "published"
        ),
        "hand": Hand.objects.values_list("pk", "table_id", "version"),
        "handscore": HandScore.objects.values_list("hand_id", "player_id", "points"),
        "audit": AuditEntry.objects.values_list("pk", "action"),
    }
    return {name: sorted(rows.order_by(), key=repr) for name, rows in tables.items()}


# Each write of the club's objects, as `by` would call it on club A's objects.
Write = Callable[[Any, dict[str, Any]], Any]


def _season_values(club: Club) -> dict[str, Any]:
    return {
        "club": club,
        "name": "Saison",
        "start": datetime.date(2026, 1, 1),
        "end": datetime.date(2026, 6, 30),
        "mode": Season.Mode.TOTALS,
        "scale": "",
        "best_n": 3,
        "published": True,
    }


WRITES: dict[str, Write] = {
    "create_player": lambda by, w: player_services.create_player(by=by, club=w["club"], name="Zoé"),
    "update_player": lambda by, w: player_services.update_player(
        by=by, player=w["players"][0], name="Anne B.", public_name_style="initials"
    ),
    "create_club_night": lambda by, w: events.create_club_night(
        by=by, club=w["club"], name="Soirée volée", date=DAY
    ),
    "update_event": lambda by, w: events.update_event(
        by=by, event=w["event"], name="Renamed", date=DAY, rules_name="fft_round_10", rescore=True
    ),
    "publish_event": lambda by, w: events.publish_event(by=by, event=w["event"]),
    "unpublish_event": lambda by, w: events.unpublish_event(by=by, event=w["published"]),
    "add_table": lambda by, w: table_services.add_table(
        by=by, event=w["event"], number=3, players=w["extra"]
    ),
    "edit_table": lambda by, w: table_services.edit_table(
        by=by, table=w["empty_table"], number=8, players=w["players"][:3]
    ),
    "delete_table": lambda by, w: table_services.delete_table(by=by, table=w["empty_table"]),
    "seat_table": lambda by, w: hands.seat_table(
        by=by, round=w["other_round"], number=1, players=w["players"][:3]
    ),
    "validate_sheet": lambda by, w: sheets.validate_sheet(table=w["table"], user=by),
    "reopen_sheet": lambda by, w: sheets.reopen_sheet(table=w["validated"], user=by),
    "create_season": lambda by, w: seasons.save_season(
        by=by, season=None, **_season_values(w["club"])
    ),
    "edit_season": lambda by, w: seasons.save_season(
        by=by, season=w["season"], **_season_values(w["club"])
    ),
}


@pytest.fixture
def targets(world, club, players, club_night, validated, season) -> dict[str, Any]:
    """`world` plus a published event, an event with an empty round, a table without hands."""
    published = Event.objects.create(club=club, name="Publiée", date=DAY, published=True)
    other_round = Round.objects.create(
        event=Event.objects.create(club=club, name="Sans table", date=DAY), number=1
    )
    empty_round = Round.objects.create(
        event=Event.objects.create(club=club, name="Vide", date=DAY), number=1
    )
    empty_table = hands.seat_table(
        by=make_member("setup", club), round=empty_round, number=1, players=players[5:8]
    )
    return {
        **world,
        "extra": make_players(club, ["Jules", "Karim", "Léa"]),
        "published": published,
        "other_round": other_round,
        "empty_table": empty_table,
        "validated": validated,
        "season": season,
    }


@pytest.mark.parametrize("write", sorted(WRITES))
def test_an_organiser_of_another_club_is_refused_and_nothing_changes(write, targets, other):
    before = snapshot()
    with pytest.raises(PermissionDenied):
        WRITES[write](other, targets)
    assert snapshot() == before


@pytest.mark.parametrize("write", sorted(WRITES))
def test_the_clubs_own_organiser_may(write, targets, own):
    before = snapshot()
    WRITES[write](own, targets)
    assert snapshot() != before


def test_a_season_cannot_be_moved_to_the_organisers_own_club(season, other, other_club):
    before = snapshot()
    with pytest.raises(PermissionDenied):
        seasons.save_season(by=other, season=season, **_season_values(other_club))
    assert snapshot() == before


def test_a_scorekeeper_of_another_club_cannot_validate_a_sheet(world, other_club):
    keeper = make_member("keeper", other_club, role="scorekeeper")
    before = snapshot()
    with pytest.raises(PermissionDenied):
        sheets.validate_sheet(table=world["table"], user=keeper)
    assert snapshot() == before


# --- the audit trail -----------------------------------------------------------


def audit_line() -> AuditEntry:
    return AuditEntry.objects.order_by("-pk").first()


AUDITED = {
    "publish_event": (AuditEntry.Action.PUBLISH, "Soirée du jeudi"),
    "unpublish_event": (AuditEntry.Action.UNPUBLISH, "Publiée"),
    "update_event": (AuditEntry.Action.RULES, "Renamed"),
    "add_table": (AuditEntry.Action.SEATING, "3"),
    "edit_table": (AuditEntry.Action.SEATING, "8"),
    "delete_table": (AuditEntry.Action.SEATING, "1"),
    "validate_sheet": (AuditEntry.Action.VALIDATE, "1"),
    "reopen_sheet": (AuditEntry.Action.REOPEN, "2"),
    "update_player": (AuditEntry.Action.PUBLIC_NAME, "Anne B."),
}


@pytest.mark.parametrize("write", sorted(AUDITED))
def test_each_audited_action_leaves_one_line_who_what_where(write, targets, own, club):
    count = AuditEntry.objects.count()
    WRITES[write](own, targets)
    assert AuditEntry.objects.count() == count + 1
    line = audit_line()
    action, in_target = AUDITED[write]
    assert (line.user, line.username, line.club, line.action) == (own, "own", club, action)
    assert in_target in line.what


def test_the_rules_line_says_old_and_new_rules(targets, own):
    WRITES["update_event"](own, targets)
    assert audit_line().details == "fft → fft_round_10"


def test_the_seating_lines_say_what_changed(targets, own, other_scorekeeper):
    extra = targets["extra"]
    table = table_services.add_table(by=own, event=targets["event"], number=3, players=extra)
    assert "Jules, Karim, Léa" in audit_line().details
    table_services.edit_table(
        by=own, table=table, number=4, players=extra, scorekeepers=[other_scorekeeper]
    )
    detail = audit_line().details
    assert "3 → 4" in detail and "autre_marqueur" in detail and "Jules" not in detail
    count = AuditEntry.objects.count()
    table_services.edit_table(
        by=own, table=table, number=4, players=extra, scorekeepers=[other_scorekeeper]
    )
    assert AuditEntry.objects.count() == count  # nothing changed, no line


def test_a_refused_rules_change_leaves_no_line(world, own, club_night):
    """A stored pousse is unknown to plain FFT rules: the change rolls back, line included."""
    club_night.rules_name = "pousse_x1_5"
    club_night.rules_json = events.preset_rules("pousse_x1_5")
    club_night.save()
    store_hand(world["table"], own, contract="pousse")
    count = AuditEntry.objects.count()
    with pytest.raises(events.Refused):
        events.update_event(
            by=own, event=club_night, name="x", date=DAY, rules_name="fft", rescore=True
        )
    assert AuditEntry.objects.count() == count


def test_publishing_a_published_event_writes_no_line(targets, own):
    count = AuditEntry.objects.count()
    events.publish_event(by=own, event=targets["published"])
    assert AuditEntry.objects.count() == count


def test_a_player_keeps_his_public_name_unless_one_is_given(world, own, players):
    anne = players[0]
    anne.public_name_style = "initials"
    anne.save()
    player_services.update_player(by=own, player=anne, name="Anne", licence="")
    anne.refresh_from_db()
    assert anne.public_name_style == "initials"
    created = player_services.create_player(
        by=own, club=world["club"], name="Zoé", public_name_style="first_initial"
    )
    assert created.public_name_style == "first_initial"
    with pytest.raises(events.Refused):
        player_services.create_player(
            by=own, club=world["club"], name="Yann", public_name_style="nickname"
        )


# --- the pages -----------------------------------------------------------------


@pytest.fixture
def pages(targets, season) -> list[str]:
    event, table = targets["event"], targets["table"]
    return [
        reverse("event_manage", args=[event.pk]),
        reverse("event_edit", args=[event.pk]),
        reverse("table_create", args=[event.pk]),
        reverse("player_edit", args=[targets["players"][0].pk]),
        reverse("table_edit", args=[table.pk]),
        reverse("table_delete", args=[table.pk]),
        reverse("season_edit", args=[season.pk]),
        reverse("season_export", args=[season.pk]),
        reverse("player_list") + "?club=lyon",
        reverse("player_create") + "?club=lyon",
        reverse("event_create") + "?club=lyon",
    ]


def test_an_organiser_of_another_club_gets_403_on_every_page(pages, other, own):
    visitor, owner = logged_in(other), logged_in(own)
    for url in pages:
        assert visitor.get(url).status_code == 403, url
        assert owner.get(url).status_code == 200, url


def test_an_organiser_of_another_club_cannot_post_to_them(targets, season, other, players):
    client = logged_in(other)
    before = snapshot()
    event, table = targets["event"], targets["table"]
    posts = {
        reverse("event_publish", args=[event.pk]): {},
        reverse("event_unpublish", args=[targets["published"].pk]): {},
        reverse("event_edit", args=[event.pk]): {
            "name": "x",
            "date": "2026-11-19",
            "rules_name": "fft",
        },
        reverse("player_edit", args=[players[0].pk]): {
            "name": "x",
            "public_name_style": "initials",
        },
        reverse("table_edit", args=[table.pk]): {"number": 9, "five_mode": "called_king"},
        reverse("table_delete", args=[targets["empty_table"].pk]): {},
        reverse("season_edit", args=[season.pk]): {"name": "x"},
        reverse("player_create") + "?club=lyon": {"name": "Zoé"},
    }
    for url, data in posts.items():
        assert client.post(url, data).status_code == 403, url
    assert snapshot() == before
    event.refresh_from_db()
    assert not event.published


def test_the_club_choice_offers_only_the_organised_clubs(club, other_club, other, own):
    # One organised club: its page at once, without a choice.
    response = logged_in(other).get(reverse("player_list"))
    assert response.status_code == 200
    assert response.context["club"] == other_club
    # Two: the choice lists those two only.
    third = make_club("Tarot Club de Nantes", "nantes")
    make_club("Tarot Club de Lille", "lille")
    Membership.objects.create(user=other, club=third, role="organiser")
    response = logged_in(other).get(reverse("player_list"))
    assert [c.slug for c in response.context["clubs"]] == ["nantes", "paris"]


def test_the_player_list_shows_only_the_clubs_players(world, other, other_club):
    Player.objects.create(club=other_club, name="Parisien")
    response = logged_in(other).get(reverse("player_list"))
    html = response.content.decode()
    assert "Parisien" in html and "Anne" not in html


def test_the_season_form_offers_only_the_organised_clubs(club, other_club, other):
    response = logged_in(other).get(reverse("season_create"))
    assert list(response.context["form"].fields["club"].queryset) == [other_club]
    response = logged_in(other).post(
        reverse("season_create"),
        {
            "club": club.pk,
            "name": "Volée",
            "start": "2026-01-01",
            "end": "2026-12-31",
            "mode": "totals",
            "best_n": 0,
        },
    )
    assert response.status_code == 200 and "club" in response.context["form"].errors
    assert not Season.objects.filter(name="Volée").exists()
