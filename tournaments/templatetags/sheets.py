"""The public score sheet's body rows, built in Python: `{% public_sheet_rows sheet %}`.

A sheet of 30 hands at a table of 5 is 180 cells; the template engine spent more time
on them (a tag, a condition and a lookup each) than the page spent on its queries.
Here each row is one string, with what the template printed: the same escaping
(tables.lean's), the same number formats (floatformat for a hand's points).
"""

from __future__ import annotations

from typing import Any

from django import template
from django.template.defaultfilters import floatformat
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from ..tables.lean import shown

register = template.Library()


def _score(points: int) -> str:
    return "score-pos" if points > 0 else "score-neg" if points < 0 else ""


def _hand_cell(row: Any, words: dict[str, str]) -> str:
    hand = row.hand
    number = f"<strong>{shown(hand.number)}</strong>"
    if not hand.contract:
        return f'{number}<small class="d-block text-body-secondary">{words["passed"]}</small>'
    partner = f" + {shown(hand.partner.name)}" if hand.partner else ""
    who = f"{shown(hand.taker.name)} · {shown(hand.get_contract_display())}{partner}"
    made = ""
    if row.made:
        made = f'<span class="score-pos">{words["made"]}</span>'
    elif row.made is False:
        made = f'<span class="score-neg">{words["failed"]}</span>'
    points = conditional_escape(floatformat(hand.points, "-1"))
    return (
        f'{number}<small class="d-block">{who}</small>'
        f'<small class="d-block text-body-secondary hand-details">{made} {points} · '
        f"{shown(row.detail_line)}</small>"
    )


def _score_cell(cell: Any, total_title: str) -> str:
    if cell.points is None:
        return "<td>—</td>"
    return (
        f'<td><span class="{_score(cell.points)}">{shown(cell.points)}</span>'
        f'<small class="d-block text-body-secondary" title="{total_title}">'
        f"{shown(cell.total)}</small></td>"
    )


@register.simple_tag
def public_sheet_rows(sheet: Any) -> SafeString:
    """The <tr> of every hand of a selectors.sheet.Sheet (its tbody's content)."""
    words = {
        "made": conditional_escape(_("made")),
        "failed": conditional_escape(_("failed")),
        "passed": conditional_escape(_("all passed")),
    }
    title = conditional_escape(_("running total"))
    lines = []
    for row in sheet.rows:
        cells = "".join(_score_cell(cell, title) for cell in row.cells)
        lines.append(f'<tr><td class="hand-cell">{_hand_cell(row, words)}</td>{cells}</tr>')
    return mark_safe("".join(lines))  # every value went through conditional_escape
