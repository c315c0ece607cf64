"""{% guests_section event as section %}: what an event's "Guests" section shows, for
the manage pages that include it (their views need not know about guests)."""

from __future__ import annotations

from typing import Any

from django import template

from ..models import Event
from ..selectors import people
from ..selectors.people import GuestsSection

register = template.Library()


@register.simple_tag(takes_context=True)
def guests_section(context: dict[str, Any], event: Event) -> GuestsSection:
    return people.guests_section(context["request"].user, event)


@register.simple_tag(takes_context=True)
def own_player(context: dict[str, Any]) -> Any:
    """The player the signed-in user is (for the link to his public-name page)."""
    return people.player_of(context["request"].user)
