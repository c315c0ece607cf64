"""Template context for every page."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils.translation import get_language_from_path

from tournaments.selectors.access import is_organiser

from .forms import LanguageForm


def language_switch(request: HttpRequest) -> dict[str, LanguageForm]:
    """The language switch, its `next` the current address without its language prefix.

    Django's set_language view is not under i18n_patterns, so it runs in the
    default language and could not resolve an "/en/..." address to translate it;
    given the bare address it can, whichever language is chosen.
    """
    path = request.get_full_path()
    language = get_language_from_path(request.path_info)
    if language and path.startswith(f"/{language}/"):
        path = path[len(language) + 1 :]
    return {"language_form": LanguageForm(path)}


def roles(request: HttpRequest) -> dict[str, object]:
    """`organises`: whether the user organises some club or event (the organiser menu).
    A callable, so the templates that never ask cost no query."""
    return {"organises": lambda: is_organiser(request.user)}
