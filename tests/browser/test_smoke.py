"""The browser can reach the live server and static files are served locally."""

import json

from django.conf import settings

from tests.conftest import PASSWORD

from .conftest import log_in, screenshot


def test_login_page_renders_in_french_with_local_bootstrap(phone, scorekeeper):
    phone.goto("/accounts/login/")
    assert phone.locator("h1").inner_text() == "Se connecter"
    # Bootstrap's CSS came from our own static files: the navbar is styled.
    background = phone.eval_on_selector("nav", "e => getComputedStyle(e).backgroundColor")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent")
    # htmx and Bootstrap's script are the versions frontend/package.json pins (npm ci).
    pins = json.loads((settings.BASE_DIR / "frontend" / "package.json").read_text())
    versions = phone.evaluate("() => [window.htmx.version, window.bootstrap.Modal.VERSION]")
    assert versions == [pins["dependencies"]["htmx.org"], pins["dependencies"]["bootstrap"]]
    log_in(phone, scorekeeper.username, PASSWORD)
    assert "marqueur" in phone.locator("nav").text_content()
    screenshot(phone, "smoke-logged-in")
