"""{{ id|url_of:"player_public" }}: the link to a view by one integer id, made by
tables.links (reversed once, not per link)."""

from __future__ import annotations

from django import template

from ..tables.links import url_of as _url_of

register = template.Library()


@register.filter
def url_of(pk: int, viewname: str) -> str:
    return _url_of(viewname, pk)
