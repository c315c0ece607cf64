"""Tournaments: creating one, its name, date, rules and format.

Every write takes the acting person (`by`) and checks first that he organises the
event (its club's organisers, its guest organisers, the federation; SYSTEM for the
command line): a refusal raises PermissionDenied and changes nothing. The format and
the rule set changes are written to the audit trail.

A tournament's rounds are written by services.rounds, its entries by
services.registrations and its tables' scorekeepers by services.tables; their
functions are named here too, where the tournament pages have always found them.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from ..models import AuditEntry, Club, Event, audit_text
from ..selectors import access
from ..selectors.access import Actor
from . import audit
from .cache import touch
from .events import _new_event, update_event


@transaction.atomic
def create_tournament(
    *,
    by: Actor,
    club: Club,
    name: str,
    date: Any,
    rules_name: str,
    rounds_planned: int,
    deals_per_round: int | None,
    team_size: int,
) -> Event:
    # The same creation as a club night's or a duplicate event's: the rule set checked
    # and the name trimmed here too, not only by the form.
    return _new_event(
        by=by,
        club=club,
        kind=Event.Kind.TOURNAMENT,
        name=name,
        date=date,
        rules_name=rules_name,
        rounds_planned=rounds_planned,
        deals_per_round=deals_per_round,
        team_size=team_size,
    )


@transaction.atomic
def set_tournament_format(
    *, by: Actor, event: Event, rounds_planned: int, deals_per_round: int | None, team_size: int
) -> Event:
    """The number of rounds, deals per round and team mode; a change is audited (RULES:
    the format is part of the tournament's rules)."""
    access.require_event(by, event)
    new = {
        "rounds_planned": rounds_planned,
        "deals_per_round": deals_per_round,
        "team_size": team_size,
    }
    changes = [
        audit_text.line(
            "field_changed",
            field=audit_text.value("field", name),
            old=getattr(event, name),
            new=value,
        )
        for name, value in new.items()
        if getattr(event, name) != value
    ]
    event.rounds_planned = rounds_planned
    event.deals_per_round = deals_per_round
    event.team_size = team_size
    event.save(update_fields=["rounds_planned", "deals_per_round", "team_size"])
    touch(events=[event])
    if changes:
        audit.record_event(by=by, event=event, action=AuditEntry.Action.RULES, lines=changes)
    return event


@transaction.atomic
def update_tournament(
    *,
    by: Actor,
    event: Event,
    name: str,
    date: Any,
    rules_name: str,
    rescore: bool,
    rounds_planned: int,
    deals_per_round: int | None,
    team_size: int,
) -> Event:
    """The event's name, date and rules, then its format, all or nothing: raises
    Refused (rule set refused) and changes nothing then. A rule set change is
    audited by update_event, a format change by set_tournament_format."""
    access.require_event(by, event)
    event = update_event(
        by=by, event=event, name=name, date=date, rules_name=rules_name, rescore=rescore
    )
    return set_tournament_format(
        by=by,
        event=event,
        rounds_planned=rounds_planned,
        deals_per_round=deals_per_round,
        team_size=team_size,
    )
