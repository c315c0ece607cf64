"""The accessibility check every browser test runs (conftest.AxeCheck) finds
what it is meant to find: a page with a serious violation fails, naming rule and page."""

from __future__ import annotations

import pytest

from .conftest import PHONE, AxeCheck

BAD_PAGE = """<!doctype html><html lang="fr"><head><title>Essai</title></head>
<body><main><h1>Essai</h1><dl><div><div><dt>Total</dt><dd>12</dd></div></div></dl>
<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>"""


def test_the_check_fails_on_a_page_with_serious_violations(browser, live_server):
    context = browser.new_context(viewport=PHONE, locale="fr-FR", base_url=live_server.url)
    try:
        axe = AxeCheck(context)
        if not axe.enabled:
            pytest.skip("axe-core is not installed (scripts/install.sh needs npm)")
        page = context.new_page()
        page.goto("/accounts/login/")
        page.wait_for_function("() => window.__axeDone === true")
        page.goto("/accounts/login/?next=/")
        page.wait_for_function("() => window.__axeDone === true")
        page.goto("/accounts/login/?next=/mes-tables/")
        page.wait_for_function("() => window.__axeDone === true")
        # Checked at load: the first page of each kind (path, numbers aside, and the
        # names of its query), not the same kind again.
        assert axe.checked == {"/accounts/login/?", "/accounts/login/?next"}
        axe.finish()  # a real page of ours passes
        page.set_content(BAD_PAGE)  # the same address, another content
        with pytest.raises(AssertionError) as failed:
            axe.finish()
        report = str(failed.value)
        for rule in ("definition-list", "image-alt"):
            assert rule in report, report
    finally:
        context.close()
