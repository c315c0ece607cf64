"""French typography in templates (tournaments.rules.typography, for the active language).

- `{% translate "Rule set" %}{% colon %} {{ rules }}`: "Règles :" / "Rule set:";
- `{% punct "?" %}`: " ?" in French, "?" in English;
- `{{ text|label }}`: the text and its colon;
- `{{ value|percent }}`: "50,00 %" / "50.00%";
- `{{ player.name|of_name }}`: "d'Anne" (fr) / "Anne's" (en), the owner in a message,
  `{% blocktranslate with of_name=player.name|of_name %}Back to {{ of_name }} page...`;
- `{{ player.name|de_name }}`: "d'Anne", "de Bernard" (French);
- `{{ event.date|long_date }}`: the date in full, "1er septembre 2026" / "September 1, 2026";
- `{{ value|cached_floatformat:2 }}`: Django's floatformat, each number worded once.
"""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.template.defaultfilters import floatformat
from django.utils.translation import get_language

from ..rules import typography
from ..selectors.dates import long_date

register = template.Library()


@register.simple_tag
def colon() -> str:
    """ ":" after a label, with the no-break space French sets before it."""
    return typography.punctuation(":", get_language())


@register.simple_tag
def punct(mark: str) -> str:
    """Any of ":;!?" with the space the active language sets before it."""
    return typography.punctuation(mark, get_language())


@register.filter
def percent(value: object, decimals: int = 2) -> str:
    """A percentage in the page's language: "50,00 %" in French, "50.00%" in English
    (the decimals through Django's localisation, the sign through rules.typography)."""
    language = get_language()
    if isinstance(value, int | Decimal):
        try:
            return _percent(value, decimals, language)
        except TypeError:  # a signalling NaN cannot be hashed
            pass
    return typography.percent(floatformat(value, decimals), language)


# A traveller prints 40 percentages, a ranking page 50, out of a few hundred distinct
# values (two decimals): each worded once per language and process, as the dates below
# (floatformat costs about 80 Python calls a value).
@lru_cache(maxsize=8192)
def _percent(value: int | Decimal, decimals: int, language: str | None) -> str:
    return typography.percent(floatformat(value, decimals), language)


@register.filter(is_safe=True)
def cached_floatformat(value: object, arg: int | str = -1) -> str:
    """Django's floatformat, a number (int or Decimal) worded once per format, language
    and process: `{{ line.result|cached_floatformat:2 }}` where a page prints many (a
    ranking page 50 results, a traveller 120 differences)."""
    if isinstance(value, int | Decimal):
        try:
            return _floatformat(value, arg, get_language())
        except TypeError:  # a signalling NaN cannot be hashed
            pass
    return floatformat(value, arg)


@lru_cache(maxsize=8192)
def _floatformat(value: int | Decimal, arg: int | str, _language: str | None) -> str:
    return floatformat(value, arg)


@register.filter
def label(text: object) -> str:
    """A label followed by its colon: "Règles :" in French, "Rule set:" in English."""
    return typography.label(str(text), get_language())


@register.filter
def of_name(name: object) -> str:
    """The name as an owner in the active language: "d'Anne" (fr), "Anne's" (en)."""
    return typography.of_name(str(name), get_language())


@register.filter
def de_name(name: object) -> str:
    """ "de" and the name, elided where French elides it: "d'Anne", "de Bernard"."""
    return typography.de_name(str(name))


@receiver(setting_changed)
def _formats_changed(**kwargs: object) -> None:
    """A test's override_settings (DATE_FORMAT, LANGUAGE_CODE...) gets fresh dates, as
    Django's own cache of formats does."""
    _percent.cache_clear()
    _floatformat.cache_clear()


register.filter("long_date", long_date)
