"""Comments say why, not which ticket: no comment or docstring cites an issue number.

A ticket's number tells a reader nothing once the tracker is out of reach, and hides
the reason it stood for; the comment says the reason in words instead. Searched: the code
and its tests (scoring/, tournaments/, tarot_club/, templates/, tests/, scripts/,
frontend/ without its node_modules, benchmarks/*.py), in Python comments (tokenize) and
docstrings (ast), and in the comments of templates, JavaScript, CSS and shell scripts (a
plain regular expression each). Strings that are not docstrings are not comments, and
vendored files are not ours.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREES = ("scoring", "tournaments", "tarot_club", "templates", "tests", "scripts", "frontend")
NOT_OURS = {"node_modules", "vendor", "__pycache__"}

# The word issue or issues followed by a number (a space, "#", "-" or "no." between), or
# "#" and a number in brackets; not the word alone ("an issue of five players"), nor
# "#" before anything else ("table #1", "#hand-form", "&#39;", a colour "#000").
CITATION = re.compile(r"\bissues?[\s#-]*(?:no\.?\s*)?\d+|\(#\d+\)", re.IGNORECASE)

# Comments outside Python, by the file's suffix.
_SLASHES = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)
COMMENTS = {
    ".html": re.compile(
        r"\{#.*?#\}|\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}|<!--.*?-->", re.DOTALL
    ),
    ".js": _SLASHES,
    ".mjs": _SLASHES,
    ".ts": _SLASHES,
    ".css": re.compile(r"/\*.*?\*/", re.DOTALL),
    ".sh": re.compile(r"(?:^|(?<=\s))#[^\n]*", re.MULTILINE),
}
DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def python_comments(source: str) -> Iterator[tuple[int, str]]:
    """(line, text) of each comment and docstring of a Python source."""
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.start[0], token.string
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, DOCUMENTED) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                yield first.lineno, first.value.value


def other_comments(source: str, suffix: str) -> Iterator[tuple[int, str]]:
    """(line, text) of each comment of a template, script, style sheet or shell script."""
    for match in COMMENTS[suffix].finditer(source):
        yield source.count("\n", 0, match.start()) + 1, match.group()


def comments(source: str, suffix: str) -> Iterator[tuple[int, str]]:
    if suffix == ".py":
        return python_comments(source)
    return other_comments(source, suffix)


def citations(source: str, suffix: str) -> list[str]:
    """Each citation of an issue number in the comments of `source`, with its line."""
    if not CITATION.search(source):  # most files: no need to parse them
        return []
    return [
        f"line {line}: {match.group()!r}"
        for line, text in comments(source, suffix)
        for match in CITATION.finditer(text)
    ]


def searched_files() -> list[Path]:
    found = [
        path
        for tree in TREES
        for path in (ROOT / tree).rglob("*")
        if path.is_file()
        and (path.suffix == ".py" or path.suffix in COMMENTS)
        and not NOT_OURS & set(path.relative_to(ROOT).parts)
        and not path.name.endswith(".min.js")
    ]
    found += (ROOT / "benchmarks").glob("*.py")
    return sorted(path.relative_to(ROOT) for path in found)


def test_the_source_trees_are_searched():
    files = set(searched_files())
    for expected in (
        "scoring/engine.py",
        "tournaments/services/submissions.py",
        "tarot_club/static/js/offline.js",
        "tarot_club/static/css/site.css",
        "templates/base.html",
        "templates/offline/sw.js",
        "tests/architecture/test_comments.py",
        "scripts/test.sh",
        "frontend/tests/offline-queue.test.mjs",
        "frontend/types/offline.d.ts",
        "benchmarks/engine.py",
    ):
        assert Path(expected) in files, expected
    assert not [path for path in files if "node_modules" in path.parts]
    assert len(files) > 500


def test_the_pattern_finds_citations_and_leaves_ordinary_words():
    for cited in ("issue 24", "Issue 22", "issues 3 and 7", "issue #5", "(#12)", "ISSUE-13"):
        assert CITATION.search(cited), cited
    for ordinary in (
        "an issue of five players",
        "the issue's hand",
        "tissue 5",
        "table #1",
        "#hand-form",
        "color: #000",
        "&#39;",
        "issued 3 keys",
    ):
        assert not CITATION.search(ordinary), ordinary


def test_each_kind_of_comment_is_read():
    python = (
        '"""Module (issue 1)."""\n'
        "x = 'a string, not a comment: issue 9'\n"
        "# a comment (#2)\n"
        "def f():\n"
        '    """Issue 3."""\n'
    )
    assert citations(python, ".py") == ["line 3: '(#2)'", "line 1: 'issue 1'", "line 5: 'Issue 3'"]
    html = "{# issue 4 #}<p>issue 9</p>{% comment %}\nissue 5{% endcomment %}<!-- issue 6 -->"
    assert citations(html, ".html") == [
        "line 1: 'issue 4'",
        "line 1: 'issue 5'",
        "line 2: 'issue 6'",
    ]
    script = "// issue 7\nconst s = 'issue 9';\n/* issues 8\n and 10 */"
    assert citations(script, ".js") == ["line 1: 'issue 7'", "line 3: 'issues 8'"]
    assert citations("a { color: red; } /* issue 11 */", ".css") == ["line 1: 'issue 11'"]
    assert citations('echo "issue 9"  # issue 12\n', ".sh") == ["line 1: 'issue 12'"]


def test_no_comment_or_docstring_cites_an_issue_number():
    found = [
        f"{path}: {citation}"
        for path in searched_files()
        for citation in citations((ROOT / path).read_text(encoding="utf-8"), path.suffix)
    ]
    assert not found, (
        "comments that cite an issue number (say the reason in words instead):\n" + "\n".join(found)
    )
