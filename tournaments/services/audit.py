"""The audit trail: one line per organiser action, written inside the action's own
transaction so a refused or rolled-back action leaves no line."""

from __future__ import annotations

from ..models import AuditEntry, Club, Event
from ..selectors.access import Actor


def record(
    *,
    by: Actor,
    club: Club | int,
    action: str,
    target: object,
    event: Event | None = None,
    detail: str = "",
) -> AuditEntry:
    """Who (`by`), what (`action`, one of AuditEntry.Action, on `target`), where
    (`club`, `event`); `detail` says what changed, in the language of the moment."""
    user = by if getattr(by, "pk", None) is not None else None
    return AuditEntry.objects.create(
        club_id=club if isinstance(club, int) else club.pk,
        event=event,
        user=user,
        username=str(getattr(by, "username", "") or "")[:150],
        action=action,
        target=str(target)[:300],
        detail=detail,
    )


def record_event(
    *, by: Actor, event: Event, action: str, detail: str = "", target: object = None
) -> None:
    """A line about one event (its club's trail); `target` defaults to the event."""
    record(
        by=by,
        club=event.club_id,
        event=event,
        action=action,
        target=event if target is None else target,
        detail=detail,
    )
