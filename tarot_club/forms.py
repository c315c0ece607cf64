"""The site's own forms (those of no club): the language switch every page carries."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.text import capfirst
from django.utils.translation import get_language, get_language_info
from django.utils.translation import gettext_lazy as _


class LanguageForm(forms.Form):
    """Posted to Django's set_language: each language named in itself, so that a
    reader finds his own whichever the page is in; `next` the address to come back to,
    without its language prefix (context_processors.language_switch)."""

    next = forms.CharField(widget=forms.HiddenInput)
    language = forms.ChoiceField(
        choices=[
            (code, capfirst(get_language_info(code)["name_local"]))
            for code, _name in settings.LANGUAGES
        ],
        widget=forms.Select(
            attrs={
                "class": "form-select form-select-sm",
                "aria-label": _("Language"),
                # js/behaviours.js posts the form when the choice changes.
                "data-submit-on-change": True,
            }
        ),
    )

    def __init__(self, next_path: str) -> None:
        # No ids: the select is labelled by its aria-label, and a page's own form may
        # have fields of these names.
        super().__init__(initial={"next": next_path, "language": get_language()}, auto_id=False)
