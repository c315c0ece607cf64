"""Every public function of tournaments/services/ is either a write with its test "an
organiser of another club is refused and nothing changes", or listed below with the
reason it needs none. A new service function fails this test until it is one or the
other: a write cannot be added without its other-club test.

The other-club tests are the parametrised WRITES of three modules; each entry names
the service function it calls (test_other_club_writes.Write.service, or the tables
below for the two older modules, whose names are checked against their WRITES).
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable
from typing import Any

import tournaments.services
from tournaments.services import (
    events,
    hands,
    imports,
    players,
    registrations,
    rounds,
    seasons,
    sheets,
    tables,
    tournament,
)

from . import (
    test_club_services,
    test_duplicate_writes,
    test_other_club_writes,
    test_tournament_services,
)

# The older modules' WRITES, by name, and the service function each calls.
COVERED_ELSEWHERE: dict[Any, dict[str, Callable[..., Any]]] = {
    test_club_services: {
        "create_player": players.create_player,
        "update_player": players.update_player,
        "create_club_night": events.create_club_night,
        "update_event": events.update_event,
        "publish_event": events.publish_event,
        "unpublish_event": events.unpublish_event,
        "add_table": tables.add_table,
        "edit_table": tables.edit_table,
        "delete_table": tables.delete_table,
        "seat_table": hands.seat_table,
        "validate_sheet": sheets.validate_sheet,
        "reopen_sheet": sheets.reopen_sheet,
        "create_season": seasons.save_season,
        "edit_season": seasons.save_season,
    },
    test_tournament_services: {
        "generate_round": rounds.generate_round,
        "regenerate_round": rounds.regenerate_round,
        "swap_players": rounds.swap_players,
        "set_scorekeepers": tables.set_scorekeepers,
        "set_registration_present": registrations.set_registration_present,
        "register_player": registrations.register_player,
        "set_tournament_format": tournament.set_tournament_format,
        "update_tournament": tournament.update_tournament,
        "register_entrant": registrations.register_entrant,
        "team_named": registrations.team_named,
        "import_registrations": imports.import_registrations,
    },
}

# Public functions that are no write of a club's objects by a person, and why.
NOT_A_CLUB_WRITE = {
    # the audit line of a refusal, called by enter_hand once its right is checked
    "duplicate_results.note_deal_refusal": "enter_hand's audit of a refused board result",
    # reads and checks, writing nothing
    "events.check_rules_name": "checks a name against the presets",
    "events.check_rules_change": "a form's check before update_event; writes nothing",
    "events.event_has_hands": "a read",
    "events.preset_rules": "a preset's rules, for the services creating events; pure",
    "registrations.check_team_room": "a check inside register_player and the admin's entry",
    "hands.engine_hand": "the adapter to the engine; pure",
    "hands.score_stored_hand": "the adapter to the engine; pure",
    "hands.apply_table_mode": "sets fields of an unsaved hand; no write",
    "hands.preview_hand": "scores a hand without storing it",
    "hands.table_seats": "a read",
    "hands.score_rows": "builds unsaved score rows for write_hand and rescore_event",
    "hands.changed_meanwhile": "words a conflict; writes nothing",
    "hands.stored_hand_refused": "words a refusal; writes nothing",
    "sheets.empty_sheet": "words a refusal; writes nothing",
    "sheets.deal_count_mismatch": "words a refusal; writes nothing",
    "planning_refusals.refused_seating": "words a planner's refusal; writes nothing",
    "planning_refusals.refused_team_match": "words a planner's refusal; writes nothing",
    "sheets.planned_deals": "a read",
    "tables.current_round": "a read",
    "tables.next_table_number": "a read",
    "rounds.present_players": "a read",
    "rounds.require_complete_teams": "a check before a draw; writes nothing",
    "duplicate.is_seated": "a read",
    "duplicate.table_count": "arithmetic on the field's size",
    "duplicate.max_rounds": "asks the movement; a read",
    "duplicate_results.plays_board": "a read",
    "duplicate_results.seat_at": "a read",
    "duplicate_results.prepare_hand": "sets fields of an unsaved hand; no write",
    "duplicate_results.deal_contradictions": "checks a result against the board's cards",
    "duplicate_results.check_board_result": "checks a result against the board's cards",
    "duplicate_results.named_taker_error": "checks a result against the board's taker",
    "duplicate_results.round_not_open": "words a refusal; writes nothing",
    "event_stats.player_event_stats": "computes figures; the writes are results'",
    # derived rows, rewritten by the checked writes above (and the repair commands)
    "sheets.refresh_round_status": "a round's status follows its sheets (after checked writes)",
    "hands.rescore_event": "rewrites an event's score rows (update_event, the rescore command)",
    "results.refresh_event_results": "derived from the ledger after each checked write",
    "results.refresh_duplicate_tables": "derived from the seats after each checked write",
    "results.refresh_board_sets": "derived from a table's round after admin_writes.save_table",
    "board_results.refresh_board_results": "derived from the ledger after each checked write",
    "careers.refresh_careers": "derived from the ledger after each checked write",
    "careers.refresh_event_careers": "derived from the ledger after each checked write",
    "careers.publication_changed": "follows publish/unpublish, which check the club",
    "careers.rebuild_all_careers": "check_ledger / generate_data (site operator)",
    "careers.stale_careers": "a read: stored careers against a recompute",
    "results.rebuild_all_event_results": "check_ledger --rebuild-results (site operator)",
    "results.refresh_all_event_results": "check_ledger --rebuild-results (site operator)",
    "results.stale_event_results": "a read for check_ledger",
    # the machinery of writes, called inside the checked writes' own transactions
    "audit.record": "a line of the audit trail, written by the checked write itself",
    "audit.record_event": "a line of the audit trail, written by the checked write itself",
    "cache.touch": "renews cached pages after a checked write",
    "cache.touch_players": "renews cached pages after a checked write",
    "submissions.parse_key": "reads a posted one-time key",
    "submissions.posted_key": "reads a posted one-time key",
    "submissions.recorded": "reads a posted form's stored answer",
    "submissions.once": "records a form's answer around a checked write (the view's)",
    "submissions.purge": "forgets old one-time keys (purge_submissions, site operator)",
    "submissions.retryable": "tells whether a database error may be run again",
    "table_lock.lock_table": "locks a table's rows for the checked write that follows "
    "(the hand's POST); writes nothing, its `user` only reads his scorekeeping right",
    "table_lock.locked_event": "locks an event's row inside write_hand, after its checks; "
    "writes nothing",
    "hands.write_hand": "the write of enter_hand and save_hand (both tested), run under the "
    "table's lock their caller holds",
    "hands.remove_hand": "the deletion of delete_entered_hand and delete_hand (both tested), "
    "in their caller's transaction",
    "hands.back_office_refusal": "words a refusal for the back office; writes nothing",
    "duplicate_results.check_board_entry": "checks a board's result under the table's lock; "
    "writes nothing",
    # each season's stored ranking, rewritten by the checked writes that move it
    "standings.refresh_season_standings": "derived from results after each checked write",
    "standings.refresh_seasons_of": "derived from results after each checked write",
    "standings.rebuild_all_season_standings": "check_ledger --rebuild-results (site operator)",
    "standings.seasons_covering": "a read",
    "standings.stale_season_standings": "a read for check_ledger",
}


def service_functions() -> dict[str, Callable[..., Any]]:
    """Every public function defined in a module of tournaments/services/, as
    "module.function" (a function re-exported elsewhere counts once, where defined)."""
    found: dict[str, Callable[..., Any]] = {}
    for info in pkgutil.iter_modules(tournaments.services.__path__):
        module = importlib.import_module(f"tournaments.services.{info.name}")
        for name, obj in vars(module).items():
            defined_here = inspect.isfunction(obj) and obj.__module__ == module.__name__
            if defined_here and not name.startswith("_"):
                found[f"{info.name}.{name}"] = obj
    return found


def key(function: Callable[..., Any]) -> str:
    return f"{function.__module__.removeprefix('tournaments.services.')}.{function.__name__}"


def covered() -> set[str]:
    found = {key(write.service) for write in test_other_club_writes.WRITES}
    found |= {key(write.service) for write in test_duplicate_writes.WRITES}
    for module, writes in COVERED_ELSEWHERE.items():
        names = {str(w) for w in module.WRITES}
        assert set(writes) <= names, f"{module.__name__}: no such WRITES {set(writes) - names}"
        found |= {key(function) for function in writes.values()}
    return found


def test_every_public_service_function_has_an_other_club_test_or_a_reason():
    functions = set(service_functions())
    tested = covered()
    missing = sorted(functions - tested - set(NOT_A_CLUB_WRITE))
    assert not missing, (
        f"service functions without an other-club test (add them to WRITES in "
        f"test_other_club_writes.py) or a reason in NOT_A_CLUB_WRITE: {missing}"
    )
    stale = sorted((tested | set(NOT_A_CLUB_WRITE)) - functions)
    assert not stale, f"listed but no longer public service functions: {stale}"
    both = sorted(tested & set(NOT_A_CLUB_WRITE))
    assert not both, f"tested writes need no reason to be left out: {both}"


def test_every_function_acting_for_a_person_is_tested():
    """A function taking the acting person (`by`, or `user` for hands) is a write of a
    club's objects: it may not hide among the reasons."""
    acting = {
        name
        for name, function in service_functions().items()
        if {"by", "user"} & set(inspect.signature(function).parameters)
    }
    machinery = {
        "audit.record",
        "audit.record_event",
        "submissions.once",
        "submissions.recorded",
        "table_lock.lock_table",  # reads the user's right under the lock; writes nothing
        # the steps of enter_hand and save_hand (both tested), under the caller's lock
        "hands.write_hand",
        "duplicate_results.check_board_entry",
        # the step of delete_entered_hand and delete_hand (both tested)
        "hands.remove_hand",
        # enter_hand's audit line of a result refused by the board's cards, written
        # after board_refusal has checked the scorekeeper's right at the table
        "duplicate_results.note_deal_refusal",
    }
    assert sorted(acting - covered() - machinery) == []


def test_the_registry_sees_a_new_write():
    """The registry is no fake: a function added to a service module is missing."""

    def grant_everything(*, by: Any, club: Any) -> None:  # a new write, without its test
        pass

    grant_everything.__module__ = "tournaments.services.people"
    try:
        tournaments.services.people.grant_everything = grant_everything  # type: ignore[attr-defined]
        assert "people.grant_everything" in set(service_functions()) - covered()
    finally:
        del tournaments.services.people.grant_everything  # type: ignore[attr-defined]
