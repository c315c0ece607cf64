"""The browser can reach the live server and static files are served locally."""

from tests.conftest import PASSWORD

from .conftest import log_in, screenshot


def test_login_page_renders_in_french_with_local_bootstrap(phone, scorekeeper):
    phone.goto("/accounts/login/")
    assert phone.locator("h1").inner_text() == "Se connecter"
    # Bootstrap's CSS came from our own static files: the navbar is styled.
    background = phone.eval_on_selector("nav", "e => getComputedStyle(e).backgroundColor")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent")
    log_in(phone, scorekeeper.username, PASSWORD)
    assert "marqueur" in phone.locator("nav").text_content()
    screenshot(phone, "smoke-logged-in")
