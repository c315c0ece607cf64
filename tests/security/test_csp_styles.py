"""No 'unsafe-inline' for styles: the templates' <style> blocks are allowed by their
hashes (tarot_club/csp_styles.py), and nothing writes a style="" attribute, which no
hash can allow."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings
from django.test import Client
from django.urls import reverse

from tarot_club.csp_styles import style_blocks, style_hashes
from tournaments import charts

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
STYLE_ATTRIBUTE = re.compile(r"""\bstyle\s*=\s*["'][^"']""", re.IGNORECASE)  # with a value


def test_every_style_block_is_plain_css():
    blocks = style_blocks(TEMPLATES)
    assert blocks  # the print pages and sheets have theirs
    for path, texts in blocks.items():
        for text in texts:
            assert "{{" not in text and "{%" not in text, path  # could not be hashed ahead


def test_no_template_nor_code_writes_a_style_attribute():
    sources = [*TEMPLATES.rglob("*.html"), *(ROOT / "tournaments").rglob("*.py")]
    sources += [*(ROOT / "tarot_club").rglob("*.py")]
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sources
        if "migrations" not in path.parts
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if STYLE_ATTRIBUTE.search(line)
    ]
    assert found == []


def test_a_chart_carries_no_style_attribute():
    chart = charts.line_chart(
        [charts.Series("Anne", [(0, 0), (1, 40)])],
        chart_id="c",
        title="t",
        desc="d",
        x_label="x",
        y_label="y",
    )
    assert "style=" not in chart.svg and 'class="chart-svg"' in chart.svg


def test_the_policy_allows_those_blocks_and_no_inline_style(db):
    response = Client().get(reverse("home"))
    policy = response["Content-Security-Policy"]
    style_src = next(d for d in policy.split(";") if d.strip().startswith("style-src"))
    assert "'unsafe-inline'" not in style_src
    for source in style_hashes(TEMPLATES):
        assert source in style_src
    assert settings.CONTENT_SECURITY_POLICY["DIRECTIVES"]["style-src"][0] == "'self'"
