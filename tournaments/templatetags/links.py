"""{{ id|url_of:"player_public" }} and {% url_of_ids "view" id1 id2 %}: the link to a view by
integer ids, made by tables.links (reversed once, not per link)."""

from __future__ import annotations

from django import template

from ..tables.links import url_of as _url_of

register = template.Library()


@register.filter
def url_of(pk: int, viewname: str) -> str:
    return _url_of(viewname, pk)


@register.simple_tag
def url_of_ids(viewname: str, *ids: int) -> str:
    """{% url_of_ids "duplicate_player" event.pk player_id %}: url_of with several ids."""
    return _url_of(viewname, *ids)
