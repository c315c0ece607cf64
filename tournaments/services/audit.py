"""The audit trail: one line per organiser action, written inside the action's own
transaction so a refused or rolled-back action leaves no line.

A line is stored as codes with their data, never as a sentence: each reader reads it
in his own language (models.audit_text puts it into words)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..models import AuditEntry, Club, Event
from ..models.audit_text import Line, event_part
from ..selectors.access import Actor

Target = str | dict[str, Any] | Event


def _neutral(parts: Sequence[Target]) -> str:
    # The names as typed (a player, a user, an event, a file), for the admin's search:
    # the parts put into words are the reader's, not stored as text.
    names = [p if isinstance(p, str) else p["v"]["name"] for p in parts if _named(p)]
    return " · ".join(names)[:300]


def _named(part: Target) -> bool:
    return isinstance(part, str) or (part.get("c") == "event")


def record(
    *,
    by: Actor,
    club: Club | int,
    action: str,
    target: Target | Sequence[Target] = (),
    event: Event | None = None,
    lines: Sequence[Line] = (),
) -> AuditEntry:
    """Who (`by`), what (`action`, one of AuditEntry.Action, on `target`: names as
    typed, or values from audit_text.value/event_part), where (`club`, `event`);
    `lines` (audit_text.line) say what changed."""
    given = [target] if isinstance(target, str | dict | Event) else list(target)
    parts = [event_part(p) if isinstance(p, Event) else p for p in given]
    parts = [p if isinstance(p, dict) else str(p) for p in parts]
    user = by if getattr(by, "pk", None) is not None else None
    return AuditEntry.objects.create(
        club_id=club if isinstance(club, int) else club.pk,
        event=event,
        user=user,
        username=str(getattr(by, "username", "") or "")[:150],
        action=action,
        target=_neutral(parts),
        code=lines[0][0] if lines else action,
        data={"target": parts, "lines": [list(one) for one in lines]},
    )


def record_event(
    *,
    by: Actor,
    event: Event,
    action: str,
    lines: Sequence[Line] = (),
    target: Target | Sequence[Target] | None = None,
) -> None:
    """A line about one event (its club's trail); `target` defaults to the event."""
    record(
        by=by,
        club=event.club_id,
        event=event,
        action=action,
        target=event_part(event) if target is None else target,
        lines=lines,
    )
