"""The rule "a template shows; it decides nothing": the rules the templates used to
apply themselves now come from tournaments.rules through selectors and views; these
patterns must not come back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"

DECISIONS = {
    # "a table of 5 is a table whose dealer sits out" (wrong for called king)
    r"\|length\s*==\s*5": "the table's mode (selectors.fairness.table_mode)",
    # "a table without hands may be deleted"
    r"if not [\w.]*hand_count": "table.deletable (rules.tables.may_delete_table)",
    # "the table plays more deals than each player"
    r"plan\.deals\s*!=\s*[\w.]*plays": "plan.each_plays (rules.deals)",
}


@pytest.mark.parametrize("pattern", DECISIONS)
def test_no_template_applies_a_rule_of_its_own(pattern):
    found = [
        f"{path.relative_to(TEMPLATES)}: {line.strip()[:80]}"
        for path in sorted(TEMPLATES.rglob("*.html"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if re.search(pattern, line)
    ]
    assert not found, f"use {DECISIONS[pattern]}: {found}"
