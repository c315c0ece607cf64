"""Links to a view by integer ids, for the pages that list hundreds of them (a round's
50 tables and 200 players, a 50-line ranking): `url_of("player_public", 12)`, in a
template `{{ id|url_of:"player_public" }}` (templatetags.links).

Django's reverse() is costly when a page makes hundreds of calls (benchmarks/RESULTS.md).
Here a view is reversed once per language and script prefix with a
stand-in number for each id, and each link puts its ids in their place: the same URL
(tests/tournament_ui/test_table_templates.py compares them).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.translation import get_language

# Numbers no real id reaches, one per argument, none containing another.
_STAND_INS = tuple(str(987_654_321_000 + i) for i in range(3))


@lru_cache(maxsize=256)
def _pattern(
    viewname: str, arity: int, _prefix: str, _language: str | None, urlconf: str | None
) -> str:
    """The view's URL with stand-ins, for this script prefix and language (the key)."""
    pattern = reverse(viewname, urlconf=urlconf, args=[int(s) for s in _STAND_INS[:arity]])
    if any(pattern.count(s) != 1 for s in _STAND_INS[:arity]):
        raise ValueError(f"{viewname}: its ids do not each appear once in its URL")
    return pattern


def url_of(viewname: str, *ids: int) -> str:
    """What reverse(viewname, args=ids) gives, for integer ids."""
    text = _pattern(viewname, len(ids), get_script_prefix(), get_language(), get_urlconf())
    for stand_in, pk in zip(_STAND_INS, ids, strict=False):
        text = text.replace(stand_in, str(int(pk)))
    return text


def url_maker(viewname: str, arity: int) -> Callable[..., str]:
    """url_of(viewname, *ids) for a page's many links to one view (a header's 30 board
    links): the pattern looked up once, not once a link."""
    text = _pattern(viewname, arity, get_script_prefix(), get_language(), get_urlconf())

    def url(*ids: int) -> str:
        found = text
        for stand_in, pk in zip(_STAND_INS[:arity], ids, strict=True):
            found = found.replace(stand_in, str(int(pk)))
        return found

    return url
