"""Writes for organisers: club nights, an event's name, date and rules, publication.

Every function first checks that the acting person (`by`) organises the club that
owns the object (selectors.access; PermissionDenied before any write), then raises
Refused naming the input at fault (a rule set unknown, or one under which a stored
hand cannot be scored), so a form can put the message next to the field and nothing
is half-saved. Publication and rule changes leave a line in the club's audit trail.

A club's players are written by services.players and a round's tables by
services.tables.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import scoring

from ..errors import Refused
from ..models import AuditEntry, Club, Event, Hand, Round, Table, audit_text
from ..selectors import access
from ..selectors.access import Actor
from . import audit, careers
from .cache import touch
from .hands import rescore_event, score_stored_hand
from .standings import refresh_seasons_of

# --- club nights -------------------------------------------------------------


def preset_rules(rules_name: str) -> dict[str, Any]:
    """A preset's exact rules, as an event stores them (Event.rules_json) when it is
    created or its rule set changes: its hands stay scored as they were even if a
    later version of the site changes the preset."""
    return scoring.rules_from_json(rules_name).to_json()


def check_rules_name(rules_name: str) -> None:
    if rules_name not in scoring.PRESETS:
        raise Refused(_("Choose one of the rule sets in the list."), field="rules_name")


@transaction.atomic
def create_club_night(
    *, by: Actor, club: Club, name: str, date: datetime.date, rules_name: str = "fft"
) -> Event:
    """A club night with its single round, so tables can be seated at once."""
    event = _new_event(
        by=by, club=club, kind=Event.Kind.CLUB_NIGHT, name=name, date=date, rules_name=rules_name
    )
    Round.objects.create(event=event, number=1)
    return event


def _new_event(
    *,
    by: Actor,
    club: Club,
    kind: str,
    name: str,
    date: datetime.date,
    rules_name: str,
    **fields: object,
) -> Event:
    """A new event of `club`, by one of its organisers, with a preset rule set; its
    pages are renewed once the transaction commits."""
    access.require_club(by, club)
    check_rules_name(rules_name)
    event = Event.objects.create(
        club=club,
        kind=kind,
        name=name.strip(),
        date=date,
        rules_name=rules_name,
        rules_json=preset_rules(rules_name),
        **fields,
    )
    touch(events=[event])
    return event


def event_has_hands(event: Event) -> bool:
    return Hand.objects.filter(table__round__event=event).exists()


RULES_REFUSED = gettext_lazy(
    "Some stored hands cannot be scored with these rules (for instance a "
    "contract or an announcement they do not know). Nothing was changed."
)


def check_rules_change(*, event: Event, rules_name: str) -> None:
    """Refuse (Refused at rules_name) a rule set unknown, or under which a stored
    hand of the event could not be scored; writes nothing (a form's check before
    update_event, which rescores)."""
    check_rules_name(rules_name)
    rules = scoring.rules_from_json(rules_name)
    tables = Table.objects.filter(round__event=event).prefetch_related("seats", "hands")
    for table in tables:
        seats = sorted(table.seats.all(), key=lambda s: s.position)
        for hand in table.hands.all():
            try:
                score_stored_hand(hand, seats, rules)
            except scoring.HandError as exc:
                raise Refused(str(RULES_REFUSED), field="rules_name") from exc


@transaction.atomic
def update_event(
    *,
    by: Actor,
    event: Event,
    name: str,
    date: datetime.date,
    rules_name: str,
    rescore: bool = False,
) -> Event:
    """Change an event's name, date and rule set.

    Once hands are stored, their scores were computed with the old rules: a new
    rule set is refused unless `rescore` says the organiser confirmed that every
    hand be rescored with it (all or nothing: a hand the new rules reject, such
    as a pousse under rules without pousse, rolls the whole change back). A rule set
    change is audited.
    """
    access.require_event(by, event)
    event = Event.objects.select_for_update(no_key=True).get(pk=event.pk)
    old_rules, old_date = event.rules_name, event.date
    rules_changed = rules_name != old_rules
    if rules_changed:
        check_rules_name(rules_name)
    has_hands = rules_changed and event_has_hands(event)
    if has_hands and not rescore:
        raise Refused(
            _(
                "Hands have already been scored with the current rule set. Tick the "
                "confirmation box to rescore every hand with the new rules."
            ),
            field="rules_name",
        )
    event.name, event.date = name.strip(), date
    if rules_changed:
        event.rules_name = rules_name
        event.rules_json = preset_rules(rules_name)
    event.save()
    if has_hands:
        try:
            rescore_event(event=event)
        except Refused as exc:  # a stored hand the new rules refuse
            raise Refused(str(RULES_REFUSED), field="rules_name") from exc
    if rules_changed:
        changed = audit_text.line("rules_set", old=old_rules, new=rules_name)
        audit.record_event(by=by, event=event, action=AuditEntry.Action.RULES, lines=[changed])
    if event.published and event.date != old_date:  # it may move from a season to another
        refresh_seasons_of(event.club_id, [old_date, event.date])
        careers.publication_changed(event)  # the earliest event wins a tie of best hands
    touch(events=[event])
    return event


def _set_published(*, by: Actor, event: Event, published: bool) -> Event:
    access.require_event(by, event)
    changed = (
        Event.objects.filter(pk=event.pk).exclude(published=published).update(published=published)
    )
    event.published = published
    if changed:  # the event now counts in its seasons, or no longer does
        refresh_seasons_of(event.club_id, [event.date])
        careers.publication_changed(event)  # and in its players' careers
    touch(events=[event])
    if changed:  # pressing "publish" on a published event changes nothing: no line
        action = AuditEntry.Action.PUBLISH if published else AuditEntry.Action.UNPUBLISH
        audit.record_event(by=by, event=event, action=action)
    return event


@transaction.atomic
def publish_event(*, by: Actor, event: Event) -> Event:
    return _set_published(by=by, event=event, published=True)


@transaction.atomic
def unpublish_event(*, by: Actor, event: Event) -> Event:
    return _set_published(by=by, event=event, published=False)
