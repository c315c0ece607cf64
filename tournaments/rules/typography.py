"""French typography, in one place (pure: no Django).

French sets a space before the high punctuation marks ":;!?" (a no-break space
before ":", a narrow no-break space before ";!?", as the Imprimerie nationale's
rules have it), English none; and "de" elides before a vowel sound: "la page
d'Anne", "la page de Bernard". Pages and messages get both from here (through the
template tags of tournaments.templatetags.typography, or these functions with the
active language), never by typing the spaces or the apostrophes into each string.
"""

from __future__ import annotations

import re
import unicodedata

NO_BREAK_SPACE = "\u00a0"
NARROW_NO_BREAK_SPACE = "\u202f"

# The space French sets before each high punctuation mark.
_SPACE_BEFORE = {":": NO_BREAK_SPACE, ";": NARROW_NO_BREAK_SPACE}
_SPACE_BEFORE.update(dict.fromkeys("!?", NARROW_NO_BREAK_SPACE))

_VOWELS = frozenset("aeiouy")


def is_french(language: str | None) -> bool:
    """ "fr", "fr-fr", "fr_CA"...: the rules below are French ones."""
    if not language:
        return False
    return language.lower().replace("_", "-").split("-")[0] == "fr"


def punctuation(mark: str, language: str | None) -> str:
    """The mark as set after a word: " :" (no-break space) in French, ":" in English."""
    if is_french(language) and mark in _SPACE_BEFORE:
        return _SPACE_BEFORE[mark] + mark
    return mark


def percent(number: str, language: str | None) -> str:
    """A number already localised, then its per cent sign: "50,00 %" (a narrow no-break
    space, as French sets it), "50.00%" in English."""
    return number + (NARROW_NO_BREAK_SPACE if is_french(language) else "") + "%"


def label(text: str, language: str | None, mark: str = ":") -> str:
    """A label before its value: "Règles :" in French, "Rule set:" in English. A space
    typed before the mark is replaced, so "Règles :" never gets two."""
    return text.rstrip() + punctuation(mark, language)


def _base_letter(char: str) -> str:
    """The letter without its accent: "É" -> "e"."""
    return unicodedata.normalize("NFD", char)[0].lower()


def elides(word: str) -> bool:
    """Whether "de" (or "le", "que") elides before `word`: a vowel, or a mute h (the h
    of first names is mute: d'Hugo, d'Hélène); a y before a consonant sounds as a vowel
    (d'Yves) but not before a vowel (de Yann, de Yolande)."""
    letters = [_base_letter(c) for c in word.strip()[:2]]
    if not letters or not letters[0].isalpha():
        return False
    first = letters[0]
    if first == "y":
        return len(letters) > 1 and letters[1].isalpha() and letters[1] not in _VOWELS
    return first in _VOWELS or first == "h"


def de_name(name: str) -> str:
    """ "de" before a name, elided where French elides it: "d'Anne", "d'Hugo",
    "de Bernard", "de Yann" (the French for "Anne's", "of Bernard")."""
    name = name.strip()
    return f"d'{name}" if elides(name) else f"de {name}"


def of_name(name: str, language: str | None) -> str:
    """A name as the owner of what follows or precedes it, in the given language:
    "d'Anne" in French (placed after the noun: "la page d'Anne"), "Anne's" in English
    (before it: "Anne's page"). Messages take it whole as one placeholder, so each
    language's catalogue puts it where its grammar wants."""
    name = name.strip()
    if is_french(language):
        return de_name(name)
    return f"{name}'s"


# The first of the month is "1er" in French ("le 1er septembre"), every other day a
# plain number; the month names that may follow, as Django's French formats write them.
_FIRST_OF_MONTH = re.compile(
    r"(?<![\d])1(?=[ \u00a0](?:janvier|février|mars|avril|mai|juin|juillet|août|septembre"
    r"|octobre|novembre|décembre)\b)",
    re.IGNORECASE,
)


def first_of_month(formatted: str, language: str | None) -> str:
    """A date as formatted in `language`, with "1er" for the first of the month in French:
    "1 septembre 2026" becomes "1er septembre 2026"; English and other days unchanged."""
    if not is_french(language):
        return formatted
    return _FIRST_OF_MONTH.sub("1er", formatted)
