"""Dates in words, in the active language: what the templates' long_date filter prints
and what a form's choices or a message write (templatetags.typography, forms.stats)."""

from __future__ import annotations

import datetime
from functools import lru_cache

from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.formats import date_format
from django.utils.translation import get_language

from ..rules import typography


def long_date(value: datetime.date | None) -> str:
    """The date in the active language's DATE_FORMAT, "1er" on the first of the month in
    French (Django's French format writes "1 septembre")."""
    if value is None:
        return ""
    if type(value) is datetime.date:  # not a datetime: its day would depend on its zone
        return _long_date(value, get_language())
    return typography.first_of_month(date_format(value, "DATE_FORMAT"), get_language())


# A club's pages print the same few hundred dates over and over (a season page, a
# player page): each formatted once per language and process, not at every request
# (date_format resolves the format and walks it each time).
@lru_cache(maxsize=4096)
def _long_date(value: datetime.date, language: str | None) -> str:
    return typography.first_of_month(date_format(value, "DATE_FORMAT"), language)


@receiver(setting_changed)
def _formats_changed(**kwargs: object) -> None:
    """A test's override_settings (DATE_FORMAT, LANGUAGE_CODE...) gets fresh dates, as
    Django's own cache of formats does."""
    _long_date.cache_clear()
