"""An event stores its preset's exact rules (Event.rules_json) when a service creates it
or changes its rule set: the services write them, not Event.save, so a row saved any
other way carries no rules it was not given."""

from __future__ import annotations

import datetime

import pytest

import scoring
from tournaments.models import Event
from tournaments.selectors.access import SYSTEM
from tournaments.services import admin_events, duplicate, events, tournament

DAY = datetime.date(2026, 11, 19)
PRESET = "fft_round_10"  # not the default: a service that ignored the choice would show
EXACT = scoring.PRESETS[PRESET].to_json()


def _club_night(club):
    return events.create_club_night(by=SYSTEM, club=club, name="Jeudi", date=DAY, rules_name=PRESET)


def _tournament(club):
    return tournament.create_tournament(
        by=SYSTEM,
        club=club,
        name="Open",
        date=DAY,
        rules_name=PRESET,
        rounds_planned=3,
        deals_per_round=None,
        team_size=0,
    )


def _duplicate(club):
    return duplicate.create_duplicate(
        by=SYSTEM,
        club=club,
        name="Duplicate",
        date=DAY,
        rules_name=PRESET,
        rounds_planned=2,
        boards_per_round=2,
    )


def _admin(club):
    return admin_events.create_event(
        by=SYSTEM, event=Event(club=club, name="Admin", date=DAY, rules_name=PRESET)
    )


@pytest.mark.parametrize("create", [_club_night, _tournament, _duplicate, _admin])
def test_every_service_creating_an_event_stores_its_exact_rules(club, create):
    event = create(club)
    event.refresh_from_db()
    assert event.rules_json == EXACT
    assert event.rules == scoring.PRESETS[PRESET]


def test_a_change_of_rule_set_stores_the_new_preset_s_rules(club):
    event = _club_night(club)
    events.update_event(by=SYSTEM, event=event, name="Jeudi", date=DAY, rules_name="misere")
    event.refresh_from_db()
    assert event.rules_json == scoring.PRESETS["misere"].to_json()


def test_a_row_saved_outside_the_services_gets_no_rules_of_its_own(club):
    event = Event.objects.create(club=club, name="Brut", date=DAY, rules_name=PRESET)
    assert Event.objects.get(pk=event.pk).rules_json == {}
    assert event.rules == scoring.PRESETS[PRESET]  # read from the preset's name meanwhile
