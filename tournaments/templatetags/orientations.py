"""Orientations as a reader sees them: `{{ "W"|orientation }}` is "O" on a French page.

Pages keep the codes N, E, S, W in their data attributes and forms; only the
letters shown go through this filter (tournaments.models.duplicate)."""

from __future__ import annotations

from django import template

from ..models.duplicate import ORIENTATIONS, orientation_letter

register = template.Library()


@register.filter
def orientation(code: str | int | None) -> str:
    if code is None or code == "":
        return ""
    if isinstance(code, str) and code not in ORIENTATIONS:
        return code
    return orientation_letter(code)
