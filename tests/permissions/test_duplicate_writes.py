"""The duplicate writes (services.duplicate, services.duplicate_results): an organiser
of another club is refused and nothing changes, not a row of any table; the club's own
organiser succeeds with the very same call. test_write_registry counts them."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied

from tournaments.models import (
    Board,
    Club,
    Event,
    Hand,
    Penalty,
    Player,
    Registration,
    SpecialResult,
    Table,
)
from tournaments.selectors.access import SYSTEM
from tournaments.services import duplicate, duplicate_results, penalties

from ..factories import make_club, make_member, make_user
from .snapshots import snapshot

DAY = datetime.date(2026, 11, 28)
W = dict[str, Any]


def _event(club: Club, players: list[Player], name: str, *, seat: bool) -> Event:
    event = duplicate.create_duplicate(
        by=SYSTEM,
        club=club,
        name=name,
        date=DAY,
        rounds_planned=2,
        boards_per_round=1,
        free_bidding=True,  # permissions, not bidding: any taker is entered
    )
    Registration.objects.bulk_create(Registration(event=event, player=p) for p in players)
    if seat:
        duplicate.seat_duplicate(by=SYSTEM, event=event, draw=False)
    return event


def _at(event: Event, number: int, round_number: int = 1) -> Table:
    """The table that plays board `number` (one board a set) in that round."""
    return Table.objects.select_related("round__event").get(
        round__event=event, round__number=round_number, board_set=number
    )


@pytest.fixture
def other(db) -> User:
    return make_member("other", make_club("Tarot Club de Paris", "paris"))


@pytest.fixture
def own(club) -> User:
    return make_member("own", club)


@pytest.fixture
def federation(db) -> User:
    return make_user("federation", federation=True)


@pytest.fixture
def world(club, players, scorekeeper, other, federation) -> W:
    """Club A: a seated duplicate event (8 players, 2 rounds of 1 board) with board 1
    entered in round 1 and a ruling on it; one seated without results; one ready to
    seat; a penalty on the played one. Club B's organiser beside."""
    eight = [*players[:8]]
    played = _event(club, eight, "Duplicate jouée", seat=True)
    table = _at(played, 1)
    board = Board.objects.get(event=played, number=1)
    keeper = table.seats.get(position=0).player
    hand = duplicate_results.save_board_result(
        table=table,
        board=board,
        hand=Hand(contract="garde", taker=keeper, oudlers=2, points=Decimal(50)),
        user=federation,
    ).hand
    special = SpecialResult.objects.create(
        board=board, table=table, kind="average_plus", orientation=1
    )
    penalty = Penalty.objects.create(event=played, player=keeper, amount=5, reason="retard")
    return {
        "club": club,
        "penalty": penalty,
        "played": played,
        "table": table,
        "board": board,
        "hand": hand,
        "special": special,
        "unplayed": _event(club, eight, "Duplicate à jouer", seat=True),
        "ready": _event(club, eight, "Duplicate à placer", seat=False),
        "keeper": scorekeeper,
    }


def _board2(w: W) -> tuple[Table, Board, Hand]:
    table = _at(w["played"], 2)
    taker = table.seats.get(position=2).player
    hand = Hand(contract="prise", taker=taker, oudlers=1, points=Decimal(55))
    return table, Board.objects.get(event=w["played"], number=2), hand


@dataclass(frozen=True)
class Write:
    name: str
    service: Callable[..., Any]
    act: Callable[[Any, W], Any]

    def __str__(self) -> str:
        return self.name


def _fields(w: W, **changes: Any) -> dict[str, Any]:
    event = w["played"]
    values = {
        "name": event.name,
        "date": event.date,
        "rules_name": "fft",
        "rounds_planned": 2,
        "boards_per_round": 1,
        "comparison": "matchpoints",
        "team_size": 0,
        "app_deals": True,
    }
    return values | changes


WRITES = [
    Write(
        "create_duplicate",
        duplicate.create_duplicate,
        lambda by, w: duplicate.create_duplicate(
            by=by, club=w["club"], name="Duplicate", date=DAY, rounds_planned=2, boards_per_round=2
        ),
    ),
    Write(
        "update_duplicate",
        duplicate.update_duplicate,
        lambda by, w: duplicate.update_duplicate(
            by=by, event=w["played"], **_fields(w, name="Duplicate renommée")
        ),
    ),
    Write(
        "seat_duplicate",
        duplicate.seat_duplicate,
        lambda by, w: duplicate.seat_duplicate(by=by, event=w["ready"]),
    ),
    Write(
        "clear_seating",
        duplicate.clear_seating,
        lambda by, w: duplicate.clear_seating(by=by, event=w["unplayed"]),
    ),
    Write(
        "set_table_scorekeepers",
        duplicate.set_table_scorekeepers,
        lambda by, w: duplicate.set_table_scorekeepers(
            by=by, event=w["played"], number=1, users=[w["keeper"]]
        ),
    ),
    Write(
        "save_board_result (new)",
        duplicate_results.save_board_result,
        lambda by, w: duplicate_results.save_board_result(
            table=_board2(w)[0], board=_board2(w)[1], hand=_board2(w)[2], user=by
        ),
    ),
    Write(
        "save_board_result (edit)",
        duplicate_results.save_board_result,
        lambda by, w: duplicate_results.save_board_result(
            table=w["table"],
            board=w["board"],
            hand=_edited(w),
            user=by,
            expected_version=1,
        ),
    ),
    Write(
        "save_traveller",
        duplicate_results.save_traveller,
        lambda by, w: duplicate_results.save_traveller(
            by=by,
            board=_board2(w)[1],
            lines=[duplicate_results.TravellerLine(table=_board2(w)[0], hand=_board2(w)[2])],
        ),
    ),
    Write(
        "set_special_result",
        duplicate_results.set_special_result,
        lambda by, w: duplicate_results.set_special_result(
            by=by, board=w["board"], table=w["table"], kind="fouled"
        ),
    ),
    Write(
        "set_board_roles",
        duplicate.set_board_roles,
        lambda by, w: duplicate.set_board_roles(
            by=by, board=_board2(w)[1], taker=2, dealer=3, contract="garde"
        ),
    ),
    Write(
        "clear_special_result",
        duplicate_results.clear_special_result,
        lambda by, w: duplicate_results.clear_special_result(by=by, special=w["special"]),
    ),
    Write(
        "give_penalty",
        penalties.give_penalty,
        lambda by, w: penalties.give_penalty(
            by=by,
            event=w["played"],
            player=w["table"].seats.get(position=1).player,
            board=w["board"],
            amount=Decimal(25),
            reason="téléphone",
        ),
    ),
    Write(
        "withdraw_penalty",
        penalties.withdraw_penalty,
        lambda by, w: penalties.withdraw_penalty(by=by, penalty=w["penalty"]),
    ),
]


def _edited(w: W) -> Hand:
    hand = Hand.objects.get(pk=w["hand"].pk)
    hand.points = Decimal(60)
    return hand


@pytest.mark.parametrize("write", WRITES, ids=str)
def test_an_organiser_of_another_club_is_refused_and_nothing_changes(world, other, write):
    before = snapshot()
    with pytest.raises(PermissionDenied):
        write.act(other, world)
    assert snapshot() == before


@pytest.mark.parametrize("write", WRITES, ids=str)
def test_the_same_call_succeeds_for_the_clubs_organiser(world, own, write):
    before = snapshot()
    write.act(own, world)
    assert snapshot() != before
