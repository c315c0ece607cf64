"""The Content-Security-Policy holds in Chromium: no page, htmx swap or chart breaks it."""

from __future__ import annotations

from django.urls import reverse

from tests.conftest import PASSWORD

from .conftest import log_in

LISTEN = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


def test_pages_htmx_and_charts_break_no_policy(desktop, scorekeeper, table4):
    console: list[str] = []
    desktop.on("console", lambda message: console.append(message.text))
    desktop.context.add_init_script(LISTEN)
    event = table4.round.event
    event.published = True  # the public event page, with its htmx chart
    event.save(update_fields=["published"])
    event_id = event.pk
    log_in(desktop, scorekeeper.username, PASSWORD)
    pages = [
        reverse("home"),
        reverse("event_detail", args=[event_id]),
        reverse("table_sheet", args=[table4.pk]),
        reverse("hand_new", args=[table4.pk]),
    ]
    violations: list[str] = []
    for url in pages:
        response = desktop.goto(url)
        assert response.status, url
        assert "default-src 'self'" in response.headers["content-security-policy"]
        desktop.wait_for_load_state("networkidle")  # the htmx chart has loaded
        violations += desktop.evaluate("window.__cspViolations")
    # The language switch's script (formerly onchange=) still works under the policy.
    desktop.goto(reverse("home"))
    desktop.select_option("select[name=language]", "en")
    desktop.wait_for_load_state()
    assert desktop.locator("html").get_attribute("lang") == "en"
    violations += desktop.evaluate("window.__cspViolations")
    csp_console = [m for m in console if "Content Security Policy" in m]
    assert not violations, violations
    assert not csp_console, csp_console
