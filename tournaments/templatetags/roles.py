"""Ask tournaments.selectors.access from a template: shared headers (event, tournament,
season pages) show their organiser links without each view passing a flag.
The templates ask; access decides."""

from __future__ import annotations

from typing import Any

from django import template

from ..models import Event, Season
from ..selectors import access

register = template.Library()


@register.simple_tag(takes_context=True)
def organises_event(context: dict[str, Any], event: Event) -> bool:
    request = context.get("request")
    return bool(request and access.organises_event(request.user, event))


@register.simple_tag(takes_context=True)
def organises_season(context: dict[str, Any], season: Season) -> bool:
    request = context.get("request")
    return bool(request and access.organises_club(request.user, season.club_id))
