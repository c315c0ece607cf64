"""Playwright driving Debian's Chromium against pytest-django's live server.

The browser is the system's /usr/bin/chromium (installed by scripts/install.sh);
Playwright never downloads one. Screenshots go to test-artifacts/.

Every kind of page a test opens is checked with axe-core, so that no page lands that a
screen reader or a keyboard cannot use: the engine, installed from the npm registry by
scripts/install.sh into tests/browser/axe/, is injected into each page, runs once the
first page of its kind (its path, numbers aside) has loaded, and again on the pages
still open when the test ends (their final state: htmx swaps, dialogs); a serious or
critical violation fails the test at its teardown, naming the rule, the page and the
elements.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.waiting import ceiling_ms

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# The flags the machine needs: no sandbox as root, and no background calls to a
# network this machine does not have.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}

AXE = Path(__file__).resolve().parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
# What fails a test; "moderate" and "minor" findings are left to judgement.
FAILING_IMPACTS = ("serious", "critical")
# The serious and critical violations of the page, in short (five elements per rule).
AXE_RUN = """async () => {
    const result = await axe.run(document, {resultTypes: ["violations"]});
    return result.violations
        .filter((v) => IMPACTS.includes(v.impact))
        .map((v) => ({
            id: v.id, impact: v.impact, help: v.help, count: v.nodes.length,
            nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
            why: (v.nodes[0] && v.nodes[0].failureSummary || "").slice(0, 300),
        }));
}""".replace("IMPACTS", json.dumps(FAILING_IMPACTS))
# In every top-level HTML page, once loaded: run axe and report through the binding.
AXE_ON_LOAD = """
window.addEventListener("load", () => {
    if (window.top !== window || document.contentType !== "text/html") return;
    window.__axeDone = false;
    setTimeout(async () => {
        try {
            if (!(await window.__axeWanted(location.href))) {
                window.__axeDone = true;
                return;
            }
            window.__axeReport(location.href, await (AXE_RUN)());
        } catch (error) {
            window.__axeReport(location.href, [{id: "axe-error", impact: "critical",
                help: String(error), count: 0, nodes: []}]);
        }
        window.__axeDone = true;
    }, 0);
});
""".replace("AXE_RUN", AXE_RUN)


class AxeCheck:
    """The violations axe-core found on the pages of one browser context."""

    def __init__(self, context) -> None:
        self.context = context
        self.found: dict[tuple[str, str], dict] = {}  # (page path, rule) -> violation
        self.enabled = AXE.exists()
        if not self.enabled:
            if os.environ.get("REQUIRE_AXE") == "1":
                pytest.fail(f"axe-core not found at {AXE}: run scripts/install.sh")
            return
        self.checked: set[str] = set()  # the kinds of page checked at their load
        context.expose_binding("__axeReport", self._report)
        context.expose_binding("__axeWanted", self._wanted)
        context.add_init_script(script=AXE.read_text(encoding="utf-8"))
        context.add_init_script(script=AXE_ON_LOAD)

    def _wanted(self, _source: object, url: str) -> bool:
        """Whether a page just loaded is checked: the first of its kind in this context
        (its path with every number as N, and its query's names). The same page for
        another table or board has the same template: axe is costly on every page,
        and a test entering fifty boards would pay for it fifty times. The
        pages still open at the end are checked again in any case (finish)."""
        path, _, query = url.split("://", 1)[-1].partition("/")[2].partition("?")
        names = sorted({part.split("=", 1)[0] for part in query.split("&") if part})
        kind = re.sub(r"\d+", "N", "/" + path.split("#", 1)[0]) + "?" + "&".join(names)
        if kind in self.checked:
            return False
        self.checked.add(kind)
        return True

    def _report(self, _source: object, url: str, violations: list[dict]) -> None:
        path = url.split("://", 1)[-1].split("/", 1)[-1]
        for violation in violations:
            self.found.setdefault(("/" + path, violation["id"]), violation)

    def finish(self) -> None:
        """Check the open pages as they are now, then fail on anything found."""
        if not self.enabled:
            return
        for page in self.context.pages:
            if page.is_closed() or page.url.startswith("about:"):
                continue
            try:
                page.wait_for_function(
                    "() => window.__axeDone !== false || document.contentType !== 'text/html'",
                    timeout=ceiling_ms(),
                )
                if page.evaluate("() => document.contentType") == "text/html":
                    self._report(None, page.url, page.evaluate(AXE_RUN))
            except Exception as error:  # a page closing under us has nothing left to check
                if "closed" not in str(error).lower():
                    raise
        problems = [
            f"{rule} ({v['impact']}, {v['count']} elements) on {path}: {v['help']}: "
            + ", ".join(v["nodes"])
            + (f" ({' '.join(v.get('why', '').split())})" if v.get("why") else "")
            for (path, rule), v in sorted(self.found.items())
        ]
        assert not problems, "axe-core:\n" + "\n".join(problems)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            # Each drives Chromium through several pages: seconds, not milliseconds.
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM}: run scripts/install.sh --system")
    from playwright.sync_api import expect, sync_playwright

    # Playwright's expect() retries its assertion for 5 s unless told: the same ceiling as
    # every other wait of a page.
    expect.set_options(timeout=ceiling_ms())
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def phone(browser, live_server) -> Iterator[object]:
    """A phone-sized page, French first like our users' phones. Without the offline
    service worker (tests/browser/test_offline.py has it): routes set on a page do not
    see what a worker fetches, and each context would download its static files."""
    context = browser.new_context(
        viewport=PHONE, locale="fr-FR", base_url=live_server.url, service_workers="block"
    )
    context.set_default_timeout(ceiling_ms())  # navigations too
    axe = AxeCheck(context)
    page = context.new_page()
    yield page
    try:
        axe.finish()
    finally:
        context.close()


@pytest.fixture
def desktop(browser, live_server) -> Iterator[object]:
    context = browser.new_context(
        viewport={"width": 1280, "height": 900},
        locale="fr-FR",
        base_url=live_server.url,
        service_workers="block",
    )
    context.set_default_timeout(ceiling_ms())  # navigations too
    axe = AxeCheck(context)
    page = context.new_page()
    yield page
    try:
        axe.finish()
    finally:
        context.close()


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def choice(name: str, value: object) -> str:
    """The button of one choice of a radio field drawn as buttons (the hand form's taker,
    contract, partner, oudlers...): the label that follows its radio."""
    return f'input[name="{name}"][value="{value}"] + label'


def choose(page, name: str, value: object) -> None:
    page.click(choice(name, value))


def log_in(page, username: str, password: str) -> None:
    page.goto("/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    # The page the login leads to (home, or its ?next=), loaded; a refused password
    # comes back to the login page.
    with page.expect_navigation():
        page.click("form button[type=submit]")
    assert "/accounts/login/" not in page.url, f"{username} was not logged in: {page.url}"
