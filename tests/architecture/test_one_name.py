"""The rule "one name per thing": a constant defined in one place and imported
everywhere else, and no two classes sharing a name across the layers (a reader who
meets `Line` must not have to ask which one)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scoring", "tournaments", "tarot_club")


def _modules(*words: str) -> list[tuple[str, ast.Module]]:
    """The packages' modules, parsed; only those whose text holds one of `words` (a
    module that never writes a name cannot define it: parsing them all was the cost)."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            text = path.read_text(encoding="utf-8")
            if any(word in text for word in words):
                found.append((str(path.relative_to(ROOT)), ast.parse(text)))
    return found


def test_orientations_are_defined_once():
    where = [
        name
        for name, tree in _modules("ORIENTATIONS")
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name) and target.id == "ORIENTATIONS"
    ]
    assert where == ["scoring/cards.py"]


def test_the_renamed_classes_have_one_definition_each():
    found: dict[str, list[str]] = defaultdict(list)
    for name, tree in _modules("class Line", "class BoardScore", "class TeamRow"):
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                found[node.name].append(name)
    shared = {c: found[c] for c in ("Line", "BoardScore", "TeamRow") if len(found[c]) > 1}
    assert not shared
