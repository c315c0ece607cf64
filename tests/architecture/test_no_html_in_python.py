"""The rule "templates render pages": HTML is written in templates (or by
django-tables2 from them), never put together in Python f-strings and marked safe by
hand. tournaments/charts.py, the SVG charts' generator, is the one exception."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("scoring", "tournaments", "tarot_club")
ALLOWED = {Path("tournaments/charts.py")}
# An opening or closing tag: "<td", "</span>", "<br>"; not "<int:pk>" nor "a < b".
TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*(?=[\s>/]|$)")


def _html_in_python(source: str) -> list[str]:
    """Where `source` builds HTML by hand: an f-string holding a tag, or mark_safe."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            text = "".join(
                part.value
                for part in node.values
                if isinstance(part, ast.Constant) and isinstance(part.value, str)
            )
            if TAG.search(text):
                found.append(f"line {node.lineno}: f-string {text[:60]!r}")
        elif isinstance(node, ast.Call):
            called = node.func
            name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
            if name in ("mark_safe", "SafeString"):
                found.append(f"line {node.lineno}: {name}()")
    return found


def _python_files() -> list[Path]:
    return sorted(
        path.relative_to(ROOT)
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if path.relative_to(ROOT) not in ALLOWED
    )


def test_the_tree_is_searched():
    files = _python_files()
    assert Path("tournaments/tables/common.py") in files
    assert Path("tournaments/views/public.py") in files
    assert len(files) > 100


def test_no_html_is_built_in_python_outside_the_charts():
    found = [
        f"{path}: {where}"
        for path in _python_files()
        for where in _html_in_python((ROOT / path).read_text(encoding="utf-8"))
    ]
    assert not found, f"write this HTML in a template (templates/): {found}"


@pytest.mark.parametrize(
    "source",
    [
        'cell = f"<td>{value}</td>"',
        "cell = f'<span class=\"score-pos\">{escape(value)}</span>'",
        'closing = f"{text}</a>"',
        'row = f"""\n<tr {attrs}>{cells}"""',
        "html = mark_safe(text)",
        "html = safestring.mark_safe(text)",
        "html = SafeString(text)",
    ],
)
def test_the_check_finds_html_built_by_hand(source):
    assert _html_in_python(source)


@pytest.mark.parametrize(
    "source",
    [
        'route = f"<int:{name}>/"',
        'text = f"{a} < {b}"',
        'label = f"{name} ({total})"',
        'template = "<td>{{ value }}</td>"',  # a plain string: a template's code
    ],
)
def test_the_check_leaves_other_text_alone(source):
    assert not _html_in_python(source)
