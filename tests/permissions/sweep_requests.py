"""What each row of the permission sweep (test_sweep.py) asks: its object (URL
arguments and query string), the data of its POST, and how to tell that an accepted
POST made its change."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpResponse

from tournaments.models import (
    AuditEntry,
    Board,
    Event,
    EventGuest,
    Hand,
    Membership,
    Penalty,
    Player,
    Registration,
    Round,
    Season,
    Seat,
    SpecialResult,
    Table,
)

from ..factories import seated
from .sweep_world import World

# --- each row's object: URL kwargs and query string -------------------------------

Target = Callable[[World], tuple[dict[str, int], dict[str, str]]]


def pk(get: Callable[[World], Any]) -> Target:
    return lambda w: ({"pk": get(w).pk}, {})


def table_id(w: World) -> tuple[dict[str, int], dict[str, str]]:
    return {"table_id": w.table.pk}, {}


def hand_id(w: World) -> tuple[dict[str, int], dict[str, str]]:
    return {"hand_id": w.hand.pk}, {}


def of_club_a(w: World) -> tuple[dict[str, int], dict[str, str]]:
    return {}, {"club": w.club_a.slug}


def nothing(w: World) -> tuple[dict[str, int], dict[str, str]]:
    return {}, {}


TARGETS: dict[str, Target] = {
    "home": nothing,
    "service_worker": nothing,
    "scoring_bundle": nothing,
    "event_detail (draft)": pk(lambda w: w.draft_night),
    "event_detail (published)": pk(lambda w: w.night),
    "event_results (draft)": pk(lambda w: w.draft_night),
    "event_results (published)": pk(lambda w: w.night),
    "event_screen (draft)": pk(lambda w: w.draft_night),
    "event_screen (published)": pk(lambda w: w.night),
    "event_chart (draft)": pk(lambda w: w.draft_night),
    "event_chart (published)": pk(lambda w: w.tournament),
    "table_public (draft)": pk(lambda w: w.draft_table),
    "table_public (published)": pk(lambda w: w.table),
    "player_public (draft only)": pk(lambda w: w.draft_only),
    "player_public (published)": pk(lambda w: w.players[0]),
    "head_to_head (draft only)": lambda w: ({"a": w.draft_only.pk, "b": w.players[0].pk}, {}),
    "head_to_head (published)": lambda w: ({"a": w.players[0].pk, "b": w.players[1].pk}, {}),
    "tournament_ranking (draft)": pk(lambda w: w.draft_tournament),
    "tournament_ranking (published)": pk(lambda w: w.tournament),
    "tournament_round_results (draft)": lambda w: ({"pk": w.draft_tournament.pk, "number": 1}, {}),
    "tournament_round_results (published)": lambda w: ({"pk": w.tournament.pk, "number": 1}, {}),
    "tournament_screen (draft)": pk(lambda w: w.draft_tournament),
    "tournament_screen (published)": pk(lambda w: w.tournament),
    "season_detail (draft)": pk(lambda w: w.draft_season),
    "season_detail (published)": pk(lambda w: w.season),
    "my_tables": nothing,
    "table_sheet": table_id,
    "hand_new": table_id,
    "hand_new (post)": table_id,
    "hand_preview": table_id,
    "hand_edit": hand_id,
    "hand_edit (post)": hand_id,
    "hand_delete": hand_id,
    "hand_delete (post)": hand_id,
    "table_validate": table_id,
    "table_reopen": lambda w: ({"table_id": w.draft_table.pk}, {}),
    "table_history": table_id,
    "hand_history": hand_id,
    "player_list": of_club_a,
    "player_create": of_club_a,
    "player_create (post)": of_club_a,
    "player_edit": pk(lambda w: w.players[0]),
    "player_edit (post)": pk(lambda w: w.players[0]),
    "event_create": of_club_a,
    "event_create (post)": of_club_a,
    "event_manage": pk(lambda w: w.draft_night),
    "club_night_export": pk(lambda w: w.draft_night),
    "event_edit": pk(lambda w: w.draft_night),
    "event_edit (post)": pk(lambda w: w.draft_night),
    "event_publish": pk(lambda w: w.draft_night),
    "event_unpublish": pk(lambda w: w.night),
    "table_create": pk(lambda w: w.draft_night),
    "table_create (post)": pk(lambda w: w.night),
    "table_edit": pk(lambda w: w.draft_table),
    "table_edit (post)": pk(lambda w: w.draft_table),
    "table_delete": pk(lambda w: w.draft_table),
    "table_delete (post)": pk(lambda w: w.night_table),
    "event_guests": pk(lambda w: w.draft_night),
    "event_guests (post)": pk(lambda w: w.draft_night),
    "guest_remove": pk(lambda w: w.guest),
    "tournament_manage": pk(lambda w: w.tournament),
    "tournament_edit": pk(lambda w: w.tournament),
    "tournament_edit (post)": pk(lambda w: w.tournament),
    "tournament_registrations": pk(lambda w: w.tournament),
    "tournament_registrations (post)": pk(lambda w: w.tournament),
    "tournament_import": pk(lambda w: w.tournament),
    "tournament_import (post)": pk(lambda w: w.tournament),
    "tournament_export": pk(lambda w: w.tournament),
    "tournament_unpublish": pk(lambda w: w.tournament),
    "registration_present": pk(lambda w: w.registration),
    "round_manage": pk(lambda w: w.round),
    "round_swap": pk(lambda w: w.round2),
    "round_redraw": pk(lambda w: w.round2),
    "round_scorekeepers": pk(lambda w: w.round2),
    "round_print": pk(lambda w: w.round),
    "round_sheets": pk(lambda w: w.round),
    "tournament_publish": pk(lambda w: w.draft_tournament),
    "round_generate": pk(lambda w: w.ready_tournament),
    "season_edit": pk(lambda w: w.draft_season),
    "season_edit (post)": pk(lambda w: w.draft_season),
    "season_export": pk(lambda w: w.draft_season),
    "club_people": of_club_a,
    "club_people (post)": of_club_a,
    "club_audit": of_club_a,
    "member_role": pk(lambda w: w.member),
    "member_remove": pk(lambda w: w.member),
    "member_password": pk(lambda w: w.member),
    "tournament_list": nothing,
    "tournament_create": nothing,
    "tournament_create (post)": nothing,
    "season_create": nothing,
    "season_create (post)": nothing,
    "my_public_name": nothing,
    "my_public_name (post)": nothing,
    "duplicate_ranking (draft)": pk(lambda w: w.draft_duplicate),
    "duplicate_ranking (published)": pk(lambda w: w.duplicate),
    "duplicate_player (draft)": lambda w: (
        {"pk": w.draft_duplicate.pk, "player_id": w.players[0].pk},
        {},
    ),
    "duplicate_player (published)": lambda w: (
        {"pk": w.duplicate.pk, "player_id": w.players[0].pk},
        {},
    ),
    "duplicate_board (draft)": lambda w: ({"pk": w.draft_duplicate.pk, "number": 1}, {}),
    "duplicate_board (published)": lambda w: ({"pk": w.duplicate.pk, "number": 1}, {}),
    "duplicate_teams (draft)": pk(lambda w: w.draft_team_match),
    "duplicate_teams (published)": pk(lambda w: w.team_match),
    "duplicate_teams (not a team match)": pk(lambda w: w.duplicate),
    "board_next": lambda w: ({"table_id": w.duplicate_table.pk}, {}),
    "board_entry": lambda w: ({"table_id": w.duplicate_table.pk, "number": 1}, {}),
    "board_entry (post)": lambda w: ({"table_id": w.duplicate_table.pk, "number": 1}, {}),
    "board_preview": lambda w: ({"table_id": w.duplicate_table.pk, "number": 1}, {}),
    "duplicate_create": nothing,
    "duplicate_create (post)": nothing,
    "duplicate_manage": pk(lambda w: w.duplicate),
    "duplicate_edit": pk(lambda w: w.duplicate),
    "duplicate_edit (post)": pk(lambda w: w.duplicate),
    "duplicate_seat": pk(lambda w: w.ready_duplicate),
    "duplicate_unseat": pk(lambda w: w.draft_duplicate),
    "duplicate_scorekeepers": pk(lambda w: w.duplicate),
    "duplicate_scorekeepers (post)": pk(lambda w: w.duplicate),
    "duplicate_publish": pk(lambda w: w.draft_duplicate),
    "duplicate_unpublish": pk(lambda w: w.duplicate),
    "duplicate_export": pk(lambda w: w.duplicate),
    "duplicate_boards_print": pk(lambda w: w.duplicate),
    "duplicate_cards": pk(lambda w: w.duplicate),
    "duplicate_diagrams": pk(lambda w: w.duplicate),
    "duplicate_traveller": lambda w: ({"pk": w.duplicate.pk, "number": 2}, {}),
    "duplicate_traveller (post)": lambda w: ({"pk": w.duplicate.pk, "number": 2}, {}),
    "duplicate_special": lambda w: ({"pk": w.duplicate.pk, "number": 1}, {}),
    "duplicate_special_clear": pk(lambda w: w.special),
    "duplicate_board_roles": lambda w: ({"pk": w.duplicate.pk, "number": 2}, {}),
    "duplicate_penalties": pk(lambda w: w.duplicate),
    "duplicate_penalties (post)": pk(lambda w: w.duplicate),
    "duplicate_penalty_withdraw": pk(lambda w: w.penalty),
}


# --- each POST row's data --------------------------------------------------------------


def hand_data(w: World, **changes: Any) -> dict[str, Any]:
    """The hand form: a garde by seat 2, 2 oudlers, 56 points (as factories.store_hand)."""
    players = seated(w.table)
    return {
        "dealer": players[0].pk,
        "contract": "garde",
        "taker": players[1].pk,
        "oudlers": "2",
        "points": "56",
        "points_camp": "taker",
        "petit_au_bout": "",
        "chelem_made_by": "",
        **changes,
    }


def table_data(w: World, players: list[Player], number: int) -> dict[str, Any]:
    data: dict[str, Any] = {"number": number, "five_mode": "called_king"}
    data |= {f"seat_{i}": p.pk for i, p in enumerate(players, 1)}
    return data


def tournament_data(w: World, name: str) -> dict[str, Any]:
    return {
        "name": name,
        "date": "2026-11-21",
        "club": w.club_a.pk,
        "rules_name": "fft",
        "rounds_planned": 2,
        "deals_per_round": 5,
        "team_size": 0,
    }


def season_data(w: World, name: str) -> dict[str, Any]:
    return {
        "club": w.club_a.pk,
        "name": name,
        "start": "2026-09-01",
        "end": "2027-08-31",
        "mode": "totals",
        "best_n": 0,
    }


def round2_players(w: World) -> tuple[int, int]:
    """Anne, at table 1 of round 2, and Bruno, at its table 2 (sweep_world)."""
    return w.players[0].pk, w.players[1].pk


def duplicate_data(w: World, name: str) -> dict[str, Any]:
    """The duplicate form, its format unchanged (the world's events are seated)."""
    return {
        "name": name,
        "date": "2026-11-28",
        "club": w.club_a.pk,
        "rules_name": "fft",
        "rounds_planned": 2,
        "boards_per_round": 1,
        "comparison": "matchpoints",
        "team_size": 0,
        "free_bidding": "on",  # as the world's events bid (sweep_world)
    }


def board_data(w: World, **changes: Any) -> dict[str, Any]:
    """The phone form of a board: a garde by East, 2 oudlers, 56 points."""
    east = w.duplicate_table.seats.get(position=1).player_id
    return {
        "contract": "garde",
        "taker": east,
        "oudlers": "2",
        "points": "56",
        "points_camp": "taker",
        "petit_au_bout": "",
        "chelem_made_by": "",
        **changes,
    }


def traveller_data(w: World) -> dict[str, Any]:
    """Board 2's traveller: the table playing it in round 1 gets a line, the other none."""
    lines = Table.objects.filter(round__event=w.duplicate, board_set=2).order_by("round__number")
    data: dict[str, Any] = {}
    for index, table in enumerate(lines):
        entered = index == 0
        data |= {
            f"t{table.pk}-contract": "prise" if entered else "",
            f"t{table.pk}-taker": "0" if entered else "",
            f"t{table.pk}-oudlers": "1" if entered else "",
            f"t{table.pk}-points": "51" if entered else "",
        }
    return data


def _other_table_number(w: World) -> int:
    return 3 - w.duplicate_table.number


DATA: dict[str, Callable[[World], dict[str, Any]]] = {
    "hand_new (post)": lambda w: hand_data(w, points="61"),
    "hand_preview": lambda w: hand_data(w),
    "hand_edit (post)": lambda w: hand_data(w, points="70", version=w.hand.version),
    "hand_delete (post)": lambda w: {"version": w.hand.version},
    "table_validate": lambda w: {"confirm": "1"},  # 1 deal of the 5 planned, confirmed
    # Publishing with sheets still open asks first (an organiser once published half
    # a night's sheets without a word): the sweep confirms.
    "event_publish": lambda w: {"confirm": "1"},
    "tournament_publish": lambda w: {"confirm": "1"},
    "player_create (post)": lambda w: {"name": "Zoé Nouvelle", "active": "on"},
    "player_edit (post)": lambda w: {"name": "Anne Renommée", "public_name_style": "full"},
    "event_create (post)": lambda w: {
        "name": "Soirée créée",
        "date": "2026-11-26",
        "rules_name": "fft",
    },
    "event_edit (post)": lambda w: {
        "name": "Soirée renommée",
        "date": "2026-11-19",
        "rules_name": "fft",
    },
    "table_create (post)": lambda w: table_data(w, w.players[4:7], 2),
    "table_edit (post)": lambda w: {
        **table_data(w, seated(w.draft_table), 7),
        "scorekeepers": [w.users["sk_this"].pk],
    },
    "event_guests (post)": lambda w: {"username": "orga_b", "role": "scorekeeper"},
    "tournament_edit (post)": lambda w: tournament_data(w, "Open renommé"),
    "tournament_registrations (post)": lambda w: {"name": "Joueur Sur Place"},
    "tournament_import (post)": lambda w: {
        "file": SimpleUploadedFile("inscrits.csv", b"Nom\nNouvel Inscrit\n")
    },
    "registration_present": lambda w: {"present": "0"},
    "round_swap": lambda w: {
        **dict(zip(("player_a", "player_b"), round2_players(w), strict=True)),
        "confirm": "1",  # the second press: the first one only asks what it will do
    },
    "round_redraw": lambda w: {"confirm": "1"},
    "round_scorekeepers": lambda w: {
        f"table_{w.round2.tables.get(number=1).pk}": [w.users["sk_other"].pk]
    },
    "season_edit (post)": lambda w: season_data(w, "Saison renommée"),
    "club_people (post)": lambda w: {"username": "nouvelle", "role": "scorekeeper"},
    "member_role": lambda w: {"role": "organiser"},
    "tournament_create (post)": lambda w: tournament_data(w, "Open créé"),
    "season_create (post)": lambda w: season_data(w, "Saison créée"),
    "my_public_name (post)": lambda w: {"public_name_style": "initials"},
    "board_entry (post)": lambda w: board_data(w, points="61", version=w.duplicate_hand.version),
    "board_preview": lambda w: board_data(w),
    "duplicate_create (post)": lambda w: duplicate_data(w, "Duplicate créée"),
    "duplicate_edit (post)": lambda w: duplicate_data(w, "Duplicate renommée"),
    "duplicate_seat": lambda w: {"draw": "on"},
    "duplicate_scorekeepers (post)": lambda w: {
        "number": _other_table_number(w),
        "scorekeepers": [w.users["sk_this"].pk],
    },
    "duplicate_traveller (post)": traveller_data,
    "duplicate_special": lambda w: {
        "table": w.duplicate_table.pk,
        "orientation": "",
        "kind": "not_played",
    },
    "duplicate_board_roles": lambda w: {"taker": "2", "dealer": "3", "contract": ""},
    "duplicate_penalties (post)": lambda w: {
        "holder": f"p{w.duplicate_table.seats.get(position=1).player_id}",
        "board": "1",
        "amount": "25",
        "reason": "téléphone",
    },
}


# --- how each accepted POST shows its change ------------------------------------------


def _swapped(w: World) -> bool:
    """Anne now sits at table 2 of round 2, Bruno at table 1."""
    tables = dict(
        Seat.objects.filter(table__round=w.round2).values_list("player_id", "table__number")
    )
    anne, bruno = round2_players(w)
    return (tables[anne], tables[bruno]) == (2, 1)


Done = Callable[[World, HttpResponse], bool]

DONE: dict[str, Done] = {
    "hand_new (post)": lambda w, r: w.table.hands.count() == 2,
    "hand_preview": lambda w, r: r.context["preview"]["result"] is not None,
    "hand_edit (post)": lambda w, r: Hand.objects.get(pk=w.hand.pk).version == 2,
    "hand_delete (post)": lambda w, r: not Hand.objects.filter(pk=w.hand.pk).exists(),
    "table_validate": lambda w, r: Table.objects.get(pk=w.table.pk).validated_at is not None,
    "table_reopen": lambda w, r: Table.objects.get(pk=w.draft_table.pk).validated_at is None,
    "player_create (post)": lambda w, r: Player.objects.filter(name="Zoé Nouvelle").exists(),
    "player_edit (post)": lambda w, r: (
        Player.objects.get(pk=w.players[0].pk).name == "Anne Renommée"
    ),
    "event_create (post)": lambda w, r: Event.objects.filter(name="Soirée créée").exists(),
    "event_edit (post)": lambda w, r: (
        Event.objects.get(pk=w.draft_night.pk).name == "Soirée renommée"
    ),
    "event_publish": lambda w, r: Event.objects.get(pk=w.draft_night.pk).published,
    "event_unpublish": lambda w, r: not Event.objects.get(pk=w.night.pk).published,
    "table_create (post)": lambda w, r: Table.objects.filter(round__event=w.night).count() == 2,
    "table_edit (post)": lambda w, r: Table.objects.get(pk=w.draft_table.pk).number == 7,
    "table_delete (post)": lambda w, r: not Table.objects.filter(pk=w.night_table.pk).exists(),
    "event_guests (post)": lambda w, r: EventGuest.objects.filter(
        event=w.draft_night, user__username="orga_b"
    ).exists(),
    "guest_remove": lambda w, r: not EventGuest.objects.filter(pk=w.guest.pk).exists(),
    "tournament_edit (post)": lambda w, r: (
        Event.objects.get(pk=w.tournament.pk).name == "Open renommé"
    ),
    "tournament_registrations (post)": lambda w, r: Registration.objects.filter(
        event=w.tournament, player__name="Joueur Sur Place"
    ).exists(),
    "tournament_import (post)": lambda w, r: Registration.objects.filter(
        event=w.tournament, player__name="Nouvel Inscrit"
    ).exists(),
    "tournament_unpublish": lambda w, r: not Event.objects.get(pk=w.tournament.pk).published,
    "registration_present": lambda w, r: not Registration.objects.get(pk=w.registration.pk).present,
    "round_swap": lambda w, r: _swapped(w),
    # The world seats its rounds without an audit line: a seating line is the redraw's.
    "round_redraw": lambda w, r: AuditEntry.objects.filter(
        action=AuditEntry.Action.SEATING, event=w.tournament
    ).exists(),
    "round_scorekeepers": lambda w, r: (
        list(w.round2.tables.get(number=1).scorekeepers.values_list("username", flat=True))
        == ["marqueur_autre"]
    ),
    "tournament_publish": lambda w, r: Event.objects.get(pk=w.draft_tournament.pk).published,
    "round_generate": lambda w, r: Round.objects.filter(event=w.ready_tournament).exists(),
    "season_edit (post)": lambda w, r: (
        Season.objects.get(pk=w.draft_season.pk).name == "Saison renommée"
    ),
    "club_people (post)": lambda w, r: Membership.objects.filter(
        club=w.club_a, user__username="nouvelle"
    ).exists(),
    "member_role": lambda w, r: Membership.objects.get(pk=w.member.pk).role == "organiser",
    "member_remove": lambda w, r: not Membership.objects.filter(pk=w.member.pk).exists(),
    "member_password": lambda w, r: (
        "/reset/" in r.content.decode()
        and AuditEntry.objects.filter(action=AuditEntry.Action.PASSWORD).exists()
    ),
    "tournament_create (post)": lambda w, r: Event.objects.filter(name="Open créé").exists(),
    "season_create (post)": lambda w, r: Season.objects.filter(name="Saison créée").exists(),
    "my_public_name (post)": lambda w, r: (
        Player.objects.get(pk=w.players[8].pk).public_name_style == "initials"
    ),
    "board_entry (post)": lambda w, r: Hand.objects.get(pk=w.duplicate_hand.pk).version == 2,
    "board_preview": lambda w, r: r.context["preview"]["result"] is not None,
    "duplicate_create (post)": lambda w, r: Event.objects.filter(
        name="Duplicate créée", kind=Event.Kind.DUPLICATE
    ).exists(),
    "duplicate_edit (post)": lambda w, r: (
        Event.objects.get(pk=w.duplicate.pk).name == "Duplicate renommée"
    ),
    "duplicate_seat": lambda w, r: Round.objects.filter(event=w.ready_duplicate).count() == 2,
    "duplicate_unseat": lambda w, r: not Round.objects.filter(event=w.draft_duplicate).exists(),
    "duplicate_scorekeepers (post)": lambda w, r: Table.objects.filter(
        round__event=w.duplicate,
        number=_other_table_number(w),
        scorekeepers=w.users["sk_this"],
    ).exists(),
    "duplicate_publish": lambda w, r: Event.objects.get(pk=w.draft_duplicate.pk).published,
    "duplicate_unpublish": lambda w, r: not Event.objects.get(pk=w.duplicate.pk).published,
    "duplicate_traveller (post)": lambda w, r: Hand.objects.filter(
        board__event=w.duplicate, board__number=2
    ).exists(),
    "duplicate_special": lambda w, r: SpecialResult.objects.filter(
        table=w.duplicate_table, orientation=None, kind="not_played"
    ).exists(),
    "duplicate_special_clear": lambda w, r: (
        not SpecialResult.objects.filter(pk=w.special.pk).exists()
    ),
    "duplicate_board_roles": lambda w, r: Board.objects.filter(
        event=w.duplicate, number=2, taker=2, dealer=3
    ).exists(),
    "duplicate_penalties (post)": lambda w, r: Penalty.objects.filter(
        event=w.duplicate, reason="téléphone", board__number=1
    ).exists(),
    "duplicate_penalty_withdraw": lambda w, r: not Penalty.objects.filter(pk=w.penalty.pk).exists(),
}
