"""Tournaments act per club: every write of services.tournament and
services.imports refuses an organiser of another club (PermissionDenied, nothing
written), lets the tournament's guest organiser act on it but not on another
tournament of the same club, and leaves an audit line for seating, imports, format
and scorekeeper changes. The tournament's organiser pages (GET too: printables and
the workbook) answer 403 to an organiser of another club.

The world (clubs, players, the two tournaments) is built once for the module and each
test runs in a savepoint rolled back after it (tests/worlds_shared.py); its people
(own, other, guest) are made per test. The seating search answers a seating it has
already computed for the same arguments from memory: every test seats the same round 1
of the same world (its set-up or the write under test), and the search is pure."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from tournaments.errors import Refused
from tournaments.models import (
    AuditEntry,
    Club,
    Event,
    EventGuest,
    Membership,
    Player,
    Registration,
    Role,
    Round,
    Seat,
    Table,
    Team,
)
from tournaments.selectors.access import SYSTEM
from tournaments.services import imports, registrations, tournament
from tournaments.services import rounds as round_services
from tournaments.services import tables as table_services

from ..factories import logged_in, make_club, make_member, make_players, make_user
from ..worlds_shared import built_once, remembered_seatings

DAY = datetime.date(2026, 12, 5)
NAMES = ["Anne", "Bruno", "Chloé", "David", "Emma", "Fabien", "Gaëlle", "Hugo"]


def build_world() -> dict[str, int]:
    """Club A ("lyon", the shared fixtures' club) with 8 players (plus one not
    registered) and two tournaments, club B ("paris") with one player; a scorekeeper of
    club A who may be named at their tables. Their ids."""
    club = make_club()
    other_club = make_club("Tarot Club de Paris", "paris")
    make_players(club, [*NAMES, "Inès"])
    make_players(other_club, ["Paul"])
    keeper = make_member("keeper", club, role=Role.SCOREKEEPER)
    return {
        "club": club.pk,
        "other_club": other_club.pk,
        "open": make_tournament(club, "Open de Lyon").pk,
        "sibling": make_tournament(club, "Coupe de Lyon").pk,
        "keeper": keeper.pk,
    }


@pytest.fixture(scope="module")
def built(django_db_setup, django_db_blocker):
    with remembered_seatings():
        yield from built_once(django_db_blocker, build_world)


@pytest.fixture
def club(built, db) -> Club:
    return Club.objects.get(pk=built["club"])


@pytest.fixture
def other_club(built, db) -> Club:
    return Club.objects.get(pk=built["other_club"])


@pytest.fixture
def other(other_club):
    """An organiser of another club."""
    return make_member("other", other_club)


@pytest.fixture
def own(club):
    """An organiser of the club that owns the tournaments."""
    return make_member("own", club)


def make_tournament(club: Club, name: str) -> Event:
    event = Event.objects.create(
        club=club,
        kind=Event.Kind.TOURNAMENT,
        name=name,
        date=DAY,
        rules_name="fft",
        rounds_planned=4,
        deals_per_round=4,
        seed=7,
    )
    for player in Player.objects.filter(club=club, name__in=NAMES):
        Registration.objects.create(event=event, player=player)
    return event


@pytest.fixture
def world(built, db):
    """Club A's 8 players (plus one not registered), two tournaments of club A; a
    scorekeeper of club A who may be named at their tables (build_world): fetched
    afresh for each test, which may change them."""
    return {
        "open": Event.objects.get(pk=built["open"]),
        "sibling": Event.objects.get(pk=built["sibling"]),
        "keeper": User.objects.get(pk=built["keeper"]),
    }


@pytest.fixture
def guest(other_club, world):
    """An organiser of club B lent to club A's Open as its guest organiser."""
    person = make_member("guest", other_club)
    EventGuest.objects.create(event=world["open"], user=person, role=Role.ORGANISER)
    return person


def snapshot() -> dict[str, list[tuple[Any, ...]]]:
    """Every row a write of these services could touch, in a comparable form."""
    through = Table.scorekeepers.through
    return {
        "clubs": list(Club.objects.order_by("pk").values_list()),
        "players": list(Player.objects.order_by("pk").values_list()),
        "events": list(Event.objects.order_by("pk").values_list()),
        "rounds": list(Round.objects.order_by("pk").values_list()),
        "tables": list(Table.objects.order_by("pk").values_list()),
        "seats": list(Seat.objects.order_by("pk").values_list()),
        "scorekeepers": list(through.objects.order_by("pk").values_list()),
        "registrations": list(Registration.objects.order_by("pk").values_list()),
        "teams": list(Team.objects.order_by("pk").values_list()),
        "audit": list(AuditEntry.objects.order_by("pk").values_list()),
    }


# --- the writes -------------------------------------------------------------------------


def seated(event: Event) -> Round:
    return round_services.generate_round(by=SYSTEM, event=event)


def two_tables_apart(round_: Round) -> tuple[Player, Player]:
    first, second = list(round_.tables.order_by("number"))[:2]
    return first.seats.first().player, second.seats.first().player


@dataclass(frozen=True)
class Write:
    """`setup(event)` prepares (as SYSTEM) what the write needs and returns it;
    `act(by, event, prepared)` is the write under test; `audited` the action it records."""

    name: str
    act: Callable[[Any, Event, Any], Any]
    setup: Callable[[Event], Any] = lambda event: None
    audited: str | None = None

    def __str__(self) -> str:
        return self.name


def _swap(by: Any, event: Event, round_: Round) -> None:
    a, b = two_tables_apart(round_)
    round_services.swap_players(by=by, round=round_, player_a=a, player_b=b)


def _scorekeepers(by: Any, event: Event, round_: Round) -> None:
    keeper = Membership.objects.get(role=Role.SCOREKEEPER, club=event.club).user
    table_services.set_scorekeepers(by=by, choices=[(round_.tables.first(), [keeper])])


def _update(by: Any, event: Event, prepared: Any) -> None:
    tournament.update_tournament(
        by=by,
        event=event,
        name="Renamed",
        date=DAY,
        rules_name="fft_round_10",
        rescore=False,
        rounds_planned=5,
        deals_per_round=4,
        team_size=0,
    )


WRITES = [
    Write(
        "generate_round",
        lambda by, event, _: round_services.generate_round(by=by, event=event),
        audited=AuditEntry.Action.SEATING,
    ),
    Write(
        "regenerate_round",
        lambda by, event, round_: round_services.regenerate_round(by=by, round=round_, attempt=3),
        setup=seated,
        audited=AuditEntry.Action.SEATING,
    ),
    Write("swap_players", _swap, setup=seated, audited=AuditEntry.Action.SEATING),
    Write("set_scorekeepers", _scorekeepers, setup=seated, audited=AuditEntry.Action.ROLE),
    Write(
        "set_registration_present",
        lambda by, event, _: registrations.set_registration_present(
            by=by, registration=event.registrations.first(), present=False
        ),
    ),
    Write(
        "register_player",
        lambda by, event, _: registrations.register_player(
            by=by, event=event, player=Player.objects.get(name="Inès")
        ),
    ),
    Write(
        "set_tournament_format",
        lambda by, event, _: tournament.set_tournament_format(
            by=by, event=event, rounds_planned=6, deals_per_round=5, team_size=0
        ),
        audited=AuditEntry.Action.RULES,
    ),
    Write("update_tournament", _update, audited=AuditEntry.Action.RULES),
    Write(
        "register_entrant",
        lambda by, event, _: registrations.register_entrant(
            by=by, event=event, player=None, club=None, name="Walk-in", licence="", team_name=""
        ),
    ),
    Write(
        "team_named",
        lambda by, event, _: registrations.team_named(by=by, event=event, name="Les Rois"),
    ),
    Write(
        "import_registrations",
        lambda by, event, _: imports.import_registrations(
            by=by, event=event, file="Nom;Club\nInès;\nNouveau Joueur;\n".encode(), filename="l.csv"
        ),
        audited=AuditEntry.Action.IMPORT,
    ),
]


@pytest.mark.parametrize("write", WRITES, ids=str)
def test_an_organiser_of_another_club_is_refused_and_nothing_changes(world, other, write):
    event = world["open"]
    prepared = write.setup(event)
    before = snapshot()
    with pytest.raises(PermissionDenied):
        write.act(other, event, prepared)
    assert snapshot() == before


@pytest.mark.parametrize("write", WRITES, ids=str)
def test_the_guest_organiser_acts_on_his_tournament_only(world, guest, write):
    sibling = world["sibling"]
    prepared = write.setup(sibling)
    before = snapshot()
    with pytest.raises(PermissionDenied):
        write.act(guest, sibling, prepared)
    assert snapshot() == before

    event = world["open"]
    prepared = write.setup(event)
    before = snapshot()
    write.act(guest, event, prepared)
    assert snapshot() != before


@pytest.mark.parametrize("write", [w for w in WRITES if w.audited], ids=str)
def test_audited_writes_leave_a_line_naming_who_and_what(world, own, write):
    event = world["open"]
    prepared = write.setup(event)
    AuditEntry.objects.all().delete()  # the set-up's own lines (by SYSTEM)
    write.act(own, event, prepared)
    lines = list(AuditEntry.objects.filter(action=write.audited))
    assert lines, f"no {write.audited} line"
    assert all(line.user == own and line.username == "own" for line in lines)
    assert all(line.club_id == event.club_id and line.event_id == event.pk for line in lines)
    assert all(line.details for line in lines)


def test_a_refused_audited_write_leaves_no_line(world, own):
    """A seating refused for its own reason (round still open) rolls its line back."""
    event = world["open"]
    seated(event)
    count = AuditEntry.objects.count()
    with pytest.raises(Refused):  # round 1 is still open
        round_services.generate_round(by=own, event=event)
    assert AuditEntry.objects.count() == count


def test_the_audit_line_of_a_swap_names_both_players(world, own):
    event = world["open"]
    round_ = seated(event)
    a, b = two_tables_apart(round_)
    round_services.swap_players(by=own, round=round_, player_a=a, player_b=b)
    line = AuditEntry.objects.get(action=AuditEntry.Action.SEATING, user=own)
    assert a.name in line.details and b.name in line.details


def test_the_rules_change_is_audited_once(world, own):
    _update(own, world["open"], None)
    details = [line.details for line in AuditEntry.objects.filter(action=AuditEntry.Action.RULES)]
    assert len([d for d in details if "fft_round_10" in d]) == 1  # update_event's line
    assert any("4 → 5" in d for d in details)  # the format's line: rounds 4 -> 5


def test_create_tournament_only_in_a_club_one_organises(world, own, other, guest, club):
    fields = {
        "name": "Nouvel open",
        "date": DAY,
        "rules_name": "fft",
        "rounds_planned": 4,
        "deals_per_round": 4,
        "team_size": 0,
    }
    before = snapshot()
    for person in (other, guest):  # a guest organiser of one event does not organise the club
        with pytest.raises(PermissionDenied):
            tournament.create_tournament(by=person, club=club, **fields)
    assert snapshot() == before
    assert tournament.create_tournament(by=own, club=club, **fields).club == club


def test_create_tournament_checks_what_every_new_event_checks(world, own, club):
    """The service, not only the form: the rule set must be a known one, the name is
    trimmed (as for club nights and duplicate events)."""
    fields = {"date": DAY, "rounds_planned": 4, "deals_per_round": 4, "team_size": 0}
    before = snapshot()
    with pytest.raises(Refused) as refused:
        tournament.create_tournament(
            by=own, club=club, name="Open", rules_name="no-such-rules", **fields
        )
    assert refused.value.field == "rules_name" and snapshot() == before
    made = tournament.create_tournament(
        by=own, club=club, name="  Open d'hiver  ", rules_name="fft", **fields
    )
    assert made.name == "Open d'hiver"


# --- scorekeepers ----------------------------------------------------------------------


def test_only_the_clubs_people_and_the_events_guests_may_be_named(world, own, other_club):
    event = world["open"]
    round_ = seated(event)
    table = round_.tables.first()
    outsider = make_member("outsider", other_club, role=Role.SCOREKEEPER)
    with pytest.raises(Refused):
        table_services.set_scorekeepers(by=own, choices=[(table, [world["keeper"], outsider])])
    assert not table.scorekeepers.exists()
    EventGuest.objects.create(event=event, user=outsider, role=Role.SCOREKEEPER)
    table_services.set_scorekeepers(by=own, choices=[(table, [world["keeper"], outsider])])
    assert set(table.scorekeepers.all()) == {world["keeper"], outsider}


# --- new players: where they may be created ---------------------------------------------


def test_register_entrant_creates_players_in_the_events_club_or_ones_own(
    world, own, guest, other_club
):
    event = world["open"]
    done = registrations.register_entrant(
        by=guest, event=event, player=None, club=None, name="Sur place", licence="", team_name=""
    )
    assert done.player.club == event.club  # the guest runs the event's desk
    before = snapshot()
    with pytest.raises(PermissionDenied):  # club A's organiser adding a player to club B
        registrations.register_entrant(
            by=own, event=event, player=None, club=other_club, name="X", licence="", team_name=""
        )
    assert snapshot() == before
    done = registrations.register_entrant(
        by=guest, event=event, player=None, club=other_club, name="Y", licence="", team_name=""
    )
    assert done.player.club == other_club  # his own club


def test_import_registers_other_clubs_players_but_never_changes_them(world, own, other_club):
    event = world["open"]
    paul = Player.objects.get(name="Paul")
    Player.objects.create(club=other_club, name="Zoé", licence="777")
    data = "Nom;Licence;Club\nPaul;555;Tarot Club de Paris\nZoé;777;\n".encode()
    report = imports.import_registrations(by=own, event=event, file=data, filename="l.csv")
    assert report.ok, report.errors
    assert report.registrations_created == 2
    assert report.licences_added == 0
    paul.refresh_from_db()
    assert paul.licence == ""  # club B's player: not club A's to change
    assert Registration.objects.filter(event=event, player=paul).exists()


def test_import_adds_no_player_to_a_stored_club_the_importer_does_not_organise(
    world, own, other_club
):
    event = world["open"]
    before = snapshot()
    data = "Nom;Club\nInès;\nInconnu;Tarot Club de Paris\n".encode()
    report = imports.import_registrations(by=own, event=event, file=data, filename="l.csv")
    assert not report.ok
    assert [(e.row, e.field) for e in report.errors] == [(3, "club")]
    assert snapshot() == before


def test_import_still_creates_new_clubs_and_the_federation_adds_anywhere(
    world, own, federation, other_club
):
    event = world["open"]
    data = b"Nom;Club\nNina;Club de Nulle Part\n"
    report = imports.import_registrations(by=own, event=event, file=data, filename="l.csv")
    assert report.ok and report.clubs_created == 1 and report.players_created == 1
    assert Player.objects.get(name="Nina").club.name == "Club de Nulle Part"
    data = b"Nom;Club\nOmar;Tarot Club de Paris\n"
    report = imports.import_registrations(by=federation, event=event, file=data, filename="l.csv")
    assert report.ok and Player.objects.get(name="Omar").club == other_club


# --- the pages ---------------------------------------------------------------------------


def tournament_pages(event: Event, round_: Round) -> list[tuple[str, str, dict[str, Any]]]:
    registration = event.registrations.first()
    a, b = two_tables_apart(round_)
    return [
        ("get", reverse("tournament_manage", args=[event.pk]), {}),
        ("get", reverse("tournament_edit", args=[event.pk]), {}),
        ("post", reverse("tournament_edit", args=[event.pk]), {"name": "X"}),
        ("get", reverse("tournament_registrations", args=[event.pk]), {}),
        ("post", reverse("tournament_registrations", args=[event.pk]), {"name": "X"}),
        ("get", reverse("tournament_import", args=[event.pk]), {}),
        ("post", reverse("tournament_import", args=[event.pk]), {}),
        ("post", reverse("registration_present", args=[registration.pk]), {"present": "0"}),
        ("post", reverse("round_generate", args=[event.pk]), {}),
        ("get", reverse("round_manage", args=[round_.pk]), {}),
        ("post", reverse("round_swap", args=[round_.pk]), {"player_a": a.pk, "player_b": b.pk}),
        ("post", reverse("round_redraw", args=[round_.pk]), {"confirm": "1"}),
        ("post", reverse("round_scorekeepers", args=[round_.pk]), {}),
        ("get", reverse("round_print", args=[round_.pk]), {}),
        ("get", reverse("round_sheets", args=[round_.pk]), {}),
        ("get", reverse("tournament_export", args=[event.pk]), {}),
        ("post", reverse("tournament_publish", args=[event.pk]), {}),
    ]


def test_an_organiser_of_another_club_gets_403_on_every_tournament_page(world, other):
    event = world["open"]
    round_ = seated(event)
    client = logged_in(other)
    before = snapshot()
    for method, url, data in tournament_pages(event, round_):
        assert getattr(client, method)(url, data).status_code == 403, (method, url)
    assert snapshot() == before


def test_the_guest_organiser_reaches_his_tournament_pages_but_not_the_siblings(world, guest):
    client = logged_in(guest)
    for event, expected in ((world["open"], 200), (world["sibling"], 403)):
        round_ = seated(event)
        for name, pk in (
            ("tournament_manage", event.pk),
            ("tournament_registrations", event.pk),
            ("round_manage", round_.pk),
            ("round_print", round_.pk),
            ("round_sheets", round_.pk),
            ("tournament_export", event.pk),
        ):
            assert client.get(reverse(name, args=[pk])).status_code == expected, (name, event)


def test_the_list_shows_only_the_tournaments_one_organises(world, other, guest, own):
    other_event = make_tournament(Club.objects.get(slug="paris"), "Open de Paris")
    url = reverse("tournament_list")

    def listed(person: Any) -> set[str]:
        table = logged_in(person).get(url).context["tournaments"]
        return {row.record.name for row in table.rows}

    assert listed(own) == {"Open de Lyon", "Coupe de Lyon"}
    assert listed(other) == {other_event.name}
    assert listed(guest) == {"Open de Lyon", other_event.name}


def test_create_offers_only_the_clubs_one_organises(world, own, other_club, club):
    response = logged_in(own).get(reverse("tournament_create"))
    assert list(response.context["form"].fields["club"].queryset) == [club]
    before = Event.objects.count()
    posted = {
        "name": "Intrus",
        "date": "2026-12-12",
        "club": other_club.pk,
        "rules_name": "fft",
        "rounds_planned": 4,
        "deals_per_round": 4,
        "team_size": 0,
    }
    response = logged_in(own).post(reverse("tournament_create"), posted)
    assert response.status_code == 200 and "club" in response.context["form"].errors
    assert Event.objects.count() == before


def test_a_person_without_a_role_is_refused(world):
    nobody = make_user("nobody")
    event = world["open"]
    assert logged_in(nobody).get(reverse("tournament_manage", args=[event.pk])).status_code == 403
