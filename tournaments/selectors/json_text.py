"""JSON columns read as text and parsed in one call for a whole page of rows.

JSONField's converter parses each row's value on its own: for the 200 rows of a big
event (stored rounds, running totals) that was a visible part of a public page. Reading
the column as text (`as_text`) and parsing every row's text in one `json.loads`
(`parse_all`) gives the same values.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django.db.models import TextField
from django.db.models.functions import Cast


def as_text(field: str) -> Cast:
    """An annotation reading the JSON column `field` as its text."""
    return Cast(field, TextField())


def parse_all(texts: Sequence[str | None]) -> list[Any]:
    """Each text parsed, in order (None stays None), in one call."""
    return json.loads(f"[{','.join('null' if t is None else t for t in texts)}]")
