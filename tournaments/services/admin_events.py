"""The back office's writes of an event: create one (perhaps already published), change
every setting of its form at once, delete it.

The admin's EventAdmin calls these instead of saving the row itself, so each change
goes through the service that checks, rescores, renews the cached pages and audits
it: update_event (name, date, rule set), set_tournament_format (rounds, deals, teams),
publish_event / unpublish_event. `event` is the admin's instance, carrying the form's
values; an event never moves to another club.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from ..errors import Refused
from ..models import AuditEntry, Event, audit_text
from ..selectors import access
from ..selectors.access import Actor
from . import audit
from .cache import touch
from .events import (
    check_rules_name,
    event_has_hands,
    preset_rules,
    publish_event,
    unpublish_event,
    update_event,
)
from .results import refresh_event_results
from .standings import refresh_seasons_of
from .tournament import set_tournament_format


@transaction.atomic
def create_event(*, by: Actor, event: Event) -> Event:
    """Store a new event of a club `by` organises; created published, its publication
    is audited (publish_event)."""
    access.require_club(by, event.club_id)
    check_rules_name(event.rules_name)
    published, event.published = event.published, False
    event.rules_json = preset_rules(event.rules_name)
    event.save()
    touch(events=[event])
    if published:
        publish_event(by=by, event=event)
    return event


@transaction.atomic
def change_event(*, by: Actor, event: Event) -> Event:
    """Every setting of the admin's form, each through its service: the name, date and
    rule set (every hand rescored, or Refused and nothing changed), the format, the
    kind and seating seed (audited as rules: they decide places and draws), then the
    publication. Returns the stored event."""
    stored = Event.objects.get(pk=event.pk)
    access.require_event(by, stored)
    if event.club_id != stored.club_id:
        raise Refused(_("An event stays in its club."), field="club")
    saved = update_event(
        by=by,
        event=stored,
        name=event.name,
        date=event.date,
        rules_name=event.rules_name,
        rescore=True,
    )
    saved = set_tournament_format(
        by=by,
        event=saved,
        rounds_planned=event.rounds_planned,
        deals_per_round=event.deals_per_round,
        team_size=event.team_size,
    )
    _set_kind_and_seed(by=by, event=saved, kind=event.kind, seed=event.seed)
    if event.published != saved.published:
        publish = publish_event if event.published else unpublish_event
        saved = publish(by=by, event=saved)
    return saved


def _set_kind_and_seed(*, by: Actor, event: Event, kind: str, seed: int | None) -> None:
    changes = []
    if kind != event.kind:
        old, new = audit_text.value("event_kind", event.kind), audit_text.value("event_kind", kind)
        changes.append(audit_text.line("kind_changed", old=old, new=new))
    if seed != event.seed:
        changes.append(audit_text.line("seed_changed", old=event.seed, new=seed))
    if not changes:
        return
    kind_changed = kind != event.kind
    event.kind, event.seed = kind, seed
    event.save(update_fields=["kind", "seed"])
    touch(events=[event])
    if kind_changed:
        # The kind decides how places are broken: the stored places follow it.
        refresh_event_results(event_id=event.pk)
    audit.record_event(by=by, event=event, action=AuditEntry.Action.RULES, lines=changes)


@transaction.atomic
def delete_event(*, by: Actor, event: Event) -> None:
    """Delete an event of a club `by` organises (its guest organisers may not), with its
    rounds, tables, teams and entries; refused while it holds hands: its
    scores are the ledger's, deleted hand by hand through services.hands. Audited."""
    stored = Event.objects.select_for_update(no_key=True).get(pk=event.pk)
    access.require_club(by, stored.club_id)
    if event_has_hands(stored):
        raise Refused(
            _("%(event)s has hands: delete its hands first, then the event.") % {"event": stored}
        )
    # Its own pages, and through their lists of events its season and players' pages.
    touch(events=[stored])
    audit.record(by=by, club=stored.club_id, action=AuditEntry.Action.DELETE, target=stored)
    stored.delete()
    if stored.published:  # the seasons that counted it (its registrations) count again
        refresh_seasons_of(stored.club_id, [stored.date])
