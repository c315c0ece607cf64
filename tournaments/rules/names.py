"""How a player appears in public: the choice he makes (or his club sets on his
request), applied the same way on every public page, chart and export.

Pure: the styles are plain strings stored on Player.public_name_style; their labels
are marked with gettext_noop-style constants that the model translates.
"""

from __future__ import annotations

import unicodedata
from enum import StrEnum

from disarm import skeleton_key


class NameStyle(StrEnum):
    FULL = "full"
    FIRST_INITIAL = "first_initial"
    INITIALS = "initials"


# French and other particles that an initial would turn into noise ("J. d. l. F.").
PARTICLES = frozenset({"de", "du", "des", "d'", "la", "le", "les", "van", "von", "der", "di", "da"})


def _initial(word: str) -> str:
    """'Jean-Pierre' -> 'J.-P.'; "d'Arc" -> 'A.' (the letter after the apostrophe)."""
    parts = [part for part in word.split("-") if part]
    out = []
    for part in parts:
        core = part.split("'")[-1] or part
        out.append(core[0].upper() + ".")
    return "-".join(out)


def _words(name: str) -> list[str]:
    return [w for w in name.split() if w.lower() not in PARTICLES]


def public_name(name: str, style: str) -> str:
    """The name as the public reads it. "Anne-Sophie de La Tour" gives
    first_initial "Anne-Sophie T." and initials "A.-S. T." (particles, "La"
    included, dropped);
    a one-word name keeps its word under first_initial and its initial otherwise."""
    name = " ".join(name.split())
    if style == NameStyle.FULL or not name:
        return name
    words = _words(name) or name.split()
    if style == NameStyle.FIRST_INITIAL:
        if len(words) == 1:
            return words[0]
        return f"{words[0]} {_initial(words[-1])}"
    return " ".join(_initial(w) for w in words)


def shown_name(name: str, style: str, *, full: bool) -> str:
    """What a viewer reads: the full name for those entitled to it (`full`: an
    organiser of his club or event, a scorekeeper of his event), else his public name."""
    return " ".join(name.split()) if full else public_name(name, style)


def clean_name(text: str) -> str:
    """A name as stored and compared: composed Unicode (NFC: an "é" typed as "e" and an
    accent is one letter), no outer spaces and one space between words (tabs and
    non-breaking spaces included), so "Anne  Dupont" is "Anne Dupont", not a second
    player."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def name_skeleton(name: str) -> str:
    """What a name looks like, for telling look-alikes apart: "Bruno Ρetit" with a Greek
    Rho, a Cyrillic "і", a full-width "Ｐ" or a zero-width space all read "Bruno Petit".

    The Unicode TR39 skeleton (NFKC, invisible characters dropped, each character
    folded to its prototype in the confusables table, case folded), from disarm, which
    follows the Unicode data. Accents stay: "Hélène" and "Helene" are told apart as
    the rest of the site tells them. A key to compare, never shown."""
    return skeleton_key(unicodedata.normalize("NFKC", name))
