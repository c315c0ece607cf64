"""The hashes of the project's inline <style> blocks, for the Content-Security-Policy.

The print pages and score sheets keep a <style> block of plain CSS each in their
template (round sheets and seating, the table sheets, the 500 page). Rather than
allowing every inline style ('unsafe-inline'), the policy allows exactly these
blocks by their SHA-256 (CSP level 2 hash sources), worked out here from the
templates when the settings load: a block edited in a template is allowed as
edited, and an injected <style> or style="" attribute is refused. A block must be
plain text (no template tag or variable, whose output could not be hashed ahead):
tests/security/test_csp_styles.py checks that, and that no template or code writes a
style="" attribute.
"""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

STYLE_BLOCK = re.compile(r"<style>(.*?)</style>", re.DOTALL)


def style_blocks(templates: Path) -> dict[Path, list[str]]:
    """Every inline <style> block's text, per template file."""
    found: dict[Path, list[str]] = {}
    for path in sorted(templates.rglob("*.html")):
        blocks = STYLE_BLOCK.findall(path.read_text(encoding="utf-8"))
        if blocks:
            found[path] = blocks
    return found


def style_hashes(templates: Path) -> list[str]:
    """The CSP sources allowing those blocks: "'sha256-...'" each, sorted."""
    sources = set()
    for blocks in style_blocks(templates).values():
        for text in blocks:
            digest = hashlib.sha256(text.encode("utf-8")).digest()
            sources.add(f"'sha256-{base64.b64encode(digest).decode()}'")
    return sorted(sources)
