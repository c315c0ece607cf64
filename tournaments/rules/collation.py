"""The order a French reader expects for names: accents sort with their base letter
("Élodie" before "Zoé", "Cédric" before "Clémence") and case does not split the list
("émile" among the E's); case and accents only break ties.

The key comes from the Unicode Collation Algorithm with its default table (DUCET)
through pyuca, a maintained implementation, never from hand-made rules. French uses
the root order, so this is the order of PostgreSQL's ICU collation for "fr" at its
default (tertiary) strength, which the database side uses under the same name
(`COLLATION`): migration 0010 creates it on PostgreSQL, and models.collation registers
`compare` under that name on every SQLite connection. The three sorts (Python, SQLite,
PostgreSQL) therefore agree; tests/collation checks them against each other.

Pure: pyuca is a plain Python library, no Django.
"""

from __future__ import annotations

from functools import cache, lru_cache

import pyuca

# The collation's name in both databases (Django's Collate quotes it).
COLLATION = "fr-tarot"


@cache
def _collator() -> pyuca.Collator:
    # Loading the table is slow: once per process, on first use.
    return pyuca.Collator()


@lru_cache(maxsize=8192)  # SQLite compares each name many times in one sort
def sort_key(text: str) -> tuple[tuple[int, ...], str]:
    """The key to sort names with. Texts equal under the collation (which compares
    canonically equivalent forms as one) fall back to their code points, as
    PostgreSQL's deterministic collations do, so every sort is total and agrees."""
    return _collator().sort_key(text), text


def compare(a: str, b: str) -> int:
    """-1, 0 or 1: the comparison SQLite calls for `ORDER BY ... COLLATE`."""
    ka, kb = sort_key(a), sort_key(b)
    return (ka > kb) - (ka < kb)
