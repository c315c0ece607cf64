"""Django's {# #} comment holds on one line: spread over two, the engine prints it as
text on the page (a chart's comment once showed under every chart). A comment of
several lines is {% comment %}...{% endcomment %}."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html")) + sorted(
    (ROOT / "tournaments").rglob("templates/**/*.html")
)


def _unclosed(text: str) -> list[int]:
    """The lines where a {# opens without its #} on the same line, or a #} closes one
    opened on another."""
    return [
        number
        for number, line in enumerate(text.splitlines(), 1)
        if line.count("{#") != line.count("#}")
    ]


def test_the_check_sees_a_comment_over_two_lines() -> None:
    assert _unclosed("{# one line #}\n<p>{# two\n lines #}</p>") == [2, 3]
    assert _unclosed("{% comment %}two\nlines{% endcomment %}") == []


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_comment_closes_on_its_line(path: Path) -> None:
    assert _unclosed(path.read_text(encoding="utf-8")) == []


def test_a_chart_prints_no_comment_marks() -> None:
    from django.template.loader import render_to_string

    from tournaments.charts import Series, line_chart

    chart = line_chart(
        [Series("Anne", [(1, 10), (2, -5)])],
        chart_id="c",
        title="Title",
        desc="Desc",
        x_label="x",
        y_label="y",
    )
    html = render_to_string("tournaments/stats/_chart.html", {"chart": chart})
    assert "{#" not in html and "#}" not in html and "Hidden in a div" not in html
