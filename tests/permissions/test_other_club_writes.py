"""The writes not swept by test_club_services and test_tournament_services: hands, the
back office's (services.admin_writes, services.admin_events), a club's people
(services.people) and creating a tournament. Each refuses an organiser of another
club (PermissionDenied) and changes nothing, not a row of any table; the club's own
organiser (or the federation, for what only it may do) succeeds with the very same
call, so the refusal is the role's and not the input's.

test_write_registry checks that every public write of tournaments/services/ is in one
of these three modules.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied

from tournaments.errors import NotAllowed
from tournaments.forms.hand import HandForm
from tournaments.models import (
    Club,
    Event,
    EventGuest,
    Hand,
    Membership,
    Player,
    Registration,
    Role,
    Round,
    Season,
    Seat,
    Table,
    Team,
)
from tournaments.services import admin_events, admin_writes, hand_entry, hands, people, tournament
from tournaments.views.hand_entry import parsed

from ..factories import make_club, make_member, make_round, make_table, make_user, seated
from ..factories import store_hand as store
from .snapshots import snapshot

DAY = datetime.date(2026, 11, 19)


# --- the world ---------------------------------------------------------------------------


@pytest.fixture
def club_b(db) -> Club:
    return make_club("Tarot Club de Paris", "paris")


@pytest.fixture
def other(club_b) -> User:
    """An organiser of club B, with an event, a round, a table and a player of his own
    (where a write could try to move club A's objects)."""
    person = make_member("other", club_b)
    players = [Player.objects.create(club=club_b, name=n) for n in ("Paul", "Pia", "Pim", "Pol")]
    event = Event.objects.create(club=club_b, name="Soirée de Paris", date=DAY)
    make_table(make_round(event), players[:3])
    return person


@pytest.fixture
def own(club) -> User:
    return make_member("own", club)


@pytest.fixture
def federation(db) -> User:
    return make_user("federation", federation=True)


@pytest.fixture
def world(club, players, club_night, table4, table5, scorekeeper, other) -> dict[str, Any]:
    """Club A: a club night whose table 1 has a hand, a second round with an empty
    table, a tournament with a team and an entry, a season, a player who never played,
    an event without hands, a guest of the night; club B's objects beside."""
    hand = store(table4, scorekeeper)
    round2 = make_round(club_night, 2)
    empty = make_table(round2, players[:3])
    open_ = Event.objects.create(
        club=club, kind=Event.Kind.TOURNAMENT, name="Open de Lyon", date=DAY, rounds_planned=3
    )
    team = Team.objects.create(event=open_, name="Les Bouts")
    entry = Registration.objects.create(event=open_, player=players[0], team=team)
    b_event = Event.objects.get(club__slug="paris")
    return {
        "club": club,
        "night": club_night,
        "table": table4,
        "hand": hand,
        "round2": round2,
        "empty": empty,
        "tournament": open_,
        "team": team,
        "entry": entry,
        "season": Season.objects.create(
            club=club, name="Saison", start=DAY.replace(month=1), end=DAY.replace(month=12)
        ),
        "newcomer": Player.objects.create(club=club, name="Zoé"),
        "spare_event": Event.objects.create(club=club, name="Vide", date=DAY),
        "guest": EventGuest.objects.create(event=club_night, user=make_user("invite")),
        "keeper": Membership.objects.get(user=scorekeeper),
        "players": players,
        "account": make_user("compte_anne"),  # nobody's yet: club A's organiser may link it
        "empty_club": make_club("Club sans rien", "vide"),
        "b_event": b_event,
        "b_round": b_event.rounds.get(),
        "b_table": Table.objects.get(round__event=b_event),
    }


# --- the writes --------------------------------------------------------------------------

W = dict[str, Any]


@dataclass(frozen=True)
class Write:
    """`act(by, world)` calls `service` as an organiser of club A would; `allowed` is
    who may make it ("own": club A's organiser, "federation": only the federation)."""

    name: str
    service: Callable[..., Any]
    act: Callable[[Any, W], Any]
    allowed: str = "own"

    def __str__(self) -> str:
        return self.name


def _new_hand(w: W) -> Hand:
    players = seated(w["table"])
    return Hand(
        dealer=players[1], contract="prise", taker=players[2], oudlers=1, points=Decimal(51)
    )


def _edited_hand(w: W) -> Hand:
    hand = Hand.objects.get(pk=w["hand"].pk)
    hand.points = Decimal(60)
    return hand


def _entered(by: Any, w: W, *, editing: Hand | None) -> Any:
    """A hand posted through enter_hand, its form parsed at the table as the view parses
    it; a NotAllowed raised as the PermissionDenied the other writes give."""
    table = w["table"]
    players = seated(table)
    data = {
        "dealer": players[1].pk,
        "contract": "prise",
        "taker": players[2].pk,
        "oudlers": "1",
        "points": "51",
        "points_camp": "taker",
        "version": "1" if editing is not None else "",
    }

    form = HandForm(
        data,
        table=table,
        seats=list(table.seats.select_related("player").order_by("position")),
        rules=table.round.event.rules,
        instance=editing if editing is not None else Hand(table=table),
    )
    assert form.is_valid(), form.errors
    try:
        return hand_entry.enter_hand(
            user=by,
            table_id=table.pk,
            entered=parsed(form),
            key=None,
            action="hand_new",
            editing=editing,
        )
    except NotAllowed as refused:
        raise PermissionDenied(refused.message) from refused


def _deleted(by: Any, w: W) -> Any:
    """A hand deleted through delete_entered_hand, as the delete page posts it; a
    NotAllowed raised as the PermissionDenied the other writes give."""
    try:
        return hand_entry.delete_entered_hand(
            user=by,
            hand=Hand.objects.get(pk=w["hand"].pk),
            expected_version=1,
            key=None,
            action="hand_delete",
        )
    except NotAllowed as refused:
        raise PermissionDenied(refused.message) from refused


def _changed(obj: Any, **fields: Any) -> Any:
    """A fresh copy of `obj` with the admin form's new values."""
    obj = type(obj).objects.get(pk=obj.pk)
    for name, value in fields.items():
        setattr(obj, name, value)
    return obj


def _seat(w: W) -> Seat:
    return Seat.objects.get(table=w["empty"], position=3)


WRITES = [
    # hands
    Write(
        "save_hand (new)",
        hands.save_hand,
        lambda by, w: hands.save_hand(table=w["table"], hand=_new_hand(w), user=by),
    ),
    Write(
        "save_hand (edit)",
        hands.save_hand,
        lambda by, w: hands.save_hand(
            table=w["table"], hand=_edited_hand(w), user=by, expected_version=1
        ),
    ),
    Write(
        "enter_hand (new)",
        hand_entry.enter_hand,
        lambda by, w: _entered(by, w, editing=None),
    ),
    Write(
        "enter_hand (edit)",
        hand_entry.enter_hand,
        lambda by, w: _entered(by, w, editing=Hand.objects.get(pk=w["hand"].pk)),
    ),
    Write(
        "delete_hand",
        hands.delete_hand,
        lambda by, w: hands.delete_hand(hand=w["hand"], user=by, expected_version=1),
    ),
    Write("delete_entered_hand", hand_entry.delete_entered_hand, _deleted),
    # a tournament
    Write(
        "create_tournament",
        tournament.create_tournament,
        lambda by, w: tournament.create_tournament(
            by=by,
            club=w["club"],
            name="Coupe",
            date=DAY,
            rules_name="fft",
            rounds_planned=3,
            deals_per_round=4,
            team_size=0,
        ),
    ),
    # the back office: clubs and players
    Write(
        "save_club (rename)",
        admin_writes.save_club,
        lambda by, w: admin_writes.save_club(by=by, club=_changed(w["club"], name="TC Lyon")),
    ),
    Write(
        "save_club (new)",
        admin_writes.save_club,
        lambda by, w: admin_writes.save_club(by=by, club=Club(name="TC Nice", slug="nice")),
        allowed="federation",
    ),
    Write(
        "delete_club",
        admin_writes.delete_club,
        lambda by, w: admin_writes.delete_club(by=by, club=w["empty_club"]),
        allowed="federation",
    ),
    Write(
        "set_player_account",
        admin_writes.set_player_account,
        lambda by, w: admin_writes.set_player_account(
            by=by, player=w["players"][0], user=w["account"]
        ),
    ),
    Write(
        "delete_player",
        admin_writes.delete_player,
        lambda by, w: admin_writes.delete_player(by=by, player=w["newcomer"]),
    ),
    Write(
        "delete_season",
        admin_writes.delete_season,
        lambda by, w: admin_writes.delete_season(by=by, season=w["season"]),
    ),
    # the back office: rounds, tables, seats
    Write(
        "save_round (new)",
        admin_writes.save_round,
        lambda by, w: admin_writes.save_round(by=by, round=Round(event=w["night"], number=3)),
    ),
    Write(
        "save_round (renumber)",
        admin_writes.save_round,
        lambda by, w: admin_writes.save_round(by=by, round=_changed(w["round2"], number=5)),
    ),
    Write(
        "save_round (to his event)",
        admin_writes.save_round,
        lambda by, w: admin_writes.save_round(
            by=by, round=_changed(w["round2"], event=w["b_event"], number=7)
        ),
        allowed="federation",
    ),
    Write(
        "delete_round",
        admin_writes.delete_round,
        lambda by, w: admin_writes.delete_round(by=by, round=w["round2"]),
    ),
    Write(
        "save_table (renumber)",
        admin_writes.save_table,
        lambda by, w: admin_writes.save_table(by=by, table=_changed(w["empty"], number=9)),
    ),
    Write(
        "save_table (to his round)",
        admin_writes.save_table,
        lambda by, w: admin_writes.save_table(
            by=by, table=_changed(w["empty"], round=w["b_round"], number=9)
        ),
        allowed="federation",
    ),
    Write(
        "delete_table",
        admin_writes.delete_table,
        lambda by, w: admin_writes.delete_table(by=by, table=w["empty"]),
    ),
    Write(
        "set_table_scorekeepers",
        admin_writes.set_table_scorekeepers,
        lambda by, w: admin_writes.set_table_scorekeepers(
            by=by, table=w["empty"], users=[w["keeper"].user]
        ),
    ),
    Write(
        "save_seat (change)",
        admin_writes.save_seat,
        lambda by, w: admin_writes.save_seat(by=by, seat=_changed(_seat(w), player=w["newcomer"])),
    ),
    Write(
        "save_seat (new)",
        admin_writes.save_seat,
        lambda by, w: admin_writes.save_seat(
            by=by, seat=Seat(table=w["empty"], position=4, player=w["newcomer"])
        ),
    ),
    Write(
        "save_seat (to his table)",
        admin_writes.save_seat,
        lambda by, w: admin_writes.save_seat(
            by=by, seat=_changed(_seat(w), table=w["b_table"], position=4)
        ),
        allowed="federation",
    ),
    Write(
        "delete_seat",
        admin_writes.delete_seat,
        lambda by, w: admin_writes.delete_seat(by=by, seat=_seat(w)),
    ),
    # the back office: teams and entries
    Write(
        "save_team (new)",
        admin_writes.save_team,
        lambda by, w: admin_writes.save_team(by=by, team=Team(event=w["tournament"], name="Rois")),
    ),
    Write(
        "save_team (to his event)",
        admin_writes.save_team,
        lambda by, w: admin_writes.save_team(by=by, team=_changed(w["team"], event=w["b_event"])),
        allowed="federation",
    ),
    Write(
        "delete_team",
        admin_writes.delete_team,
        lambda by, w: admin_writes.delete_team(by=by, team=w["team"]),
    ),
    Write(
        "save_registration (new)",
        admin_writes.save_registration,
        lambda by, w: admin_writes.save_registration(
            by=by, registration=Registration(event=w["tournament"], player=w["newcomer"])
        ),
    ),
    Write(
        "save_registration (absent)",
        admin_writes.save_registration,
        lambda by, w: admin_writes.save_registration(
            by=by, registration=_changed(w["entry"], present=False)
        ),
    ),
    Write(
        "delete_registration",
        admin_writes.delete_registration,
        lambda by, w: admin_writes.delete_registration(by=by, registration=w["entry"]),
    ),
    # the back office: events
    Write(
        "create_event",
        admin_events.create_event,
        lambda by, w: admin_events.create_event(
            by=by, event=Event(club=w["club"], name="Publiée", date=DAY, published=True)
        ),
    ),
    Write(
        "change_event",
        admin_events.change_event,
        lambda by, w: admin_events.change_event(
            by=by, event=_changed(w["night"], name="Renommée", rounds_planned=2, published=True)
        ),
    ),
    Write(
        "delete_event",
        admin_events.delete_event,
        lambda by, w: admin_events.delete_event(by=by, event=w["spare_event"]),
    ),
    # a club's people
    Write(
        "add_member",
        people.add_member,
        lambda by, w: people.add_member(
            by=by, club=w["club"], username="nouveau", role=Role.SCOREKEEPER
        ),
    ),
    Write(
        "set_role",
        people.set_role,
        lambda by, w: people.set_role(by=by, membership=w["keeper"], role=Role.ORGANISER),
    ),
    Write(
        "remove_member",
        people.remove_member,
        lambda by, w: people.remove_member(by=by, membership=w["keeper"]),
    ),
    Write(
        "password_link",
        people.password_link,
        lambda by, w: people.password_link(by=by, club=w["club"], person=w["keeper"].user),
    ),
    Write(
        "add_guest",
        people.add_guest,
        lambda by, w: people.add_guest(by=by, event=w["night"], username="other"),
    ),
    Write(
        "remove_guest",
        people.remove_guest,
        lambda by, w: people.remove_guest(by=by, guest=w["guest"]),
    ),
    Write(
        "set_public_name",
        people.set_public_name,
        lambda by, w: people.set_public_name(by=by, player=w["players"][0], style="initials"),
    ),
]


@pytest.mark.parametrize("write", WRITES, ids=str)
def test_an_organiser_of_another_club_is_refused_and_nothing_changes(world, other, write):
    before = snapshot()
    with pytest.raises(PermissionDenied):
        write.act(other, world)
    assert snapshot() == before


@pytest.mark.parametrize("write", WRITES, ids=str)
def test_the_same_call_succeeds_for_who_may(world, own, federation, write):
    before = snapshot()
    write.act(own if write.allowed == "own" else federation, world)
    assert snapshot() != before


@pytest.mark.parametrize("write", [w for w in WRITES if w.allowed == "federation"], ids=str)
def test_the_clubs_own_organiser_may_not_either(world, own, write):
    before = snapshot()
    with pytest.raises(PermissionDenied):
        write.act(own, world)
    assert snapshot() == before


def test_an_organiser_links_a_player_only_to_an_account_he_may_manage(world, own, other):
    """Linking another club's organiser to one of his players is refused: that account
    is not his to choose (the admin offers the choice to the federation only)."""
    before = snapshot()
    with pytest.raises(PermissionDenied):
        admin_writes.set_player_account(by=own, player=world["players"][0], user=other)
    assert snapshot() == before
