"""A double tap on "save" over a club hall's slow phone signal saves one hand."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.core.signals import request_started
from django.urls import reverse

from tests.conftest import PASSWORD
from tournaments.models import Hand

from .conftest import log_in
from .test_scorekeeping_flow import enter_garde

DELAY = 1.0  # seconds: the 0.4-1.5 s seen in a club hall


def hold_posts(page, pattern: str) -> list:
    """Hold the POSTs to `pattern` until the test lets them go (a slow signal)."""
    held: list = []

    def hold(route) -> None:
        if route.request.method == "POST":
            held.append(route)
        else:
            route.continue_()

    page.route(pattern, hold)
    return held


@pytest.fixture
def server_posts() -> Iterator[list[str]]:
    """The hand POSTs the live server received (it runs in this process)."""
    seen: list[str] = []

    def count(sender, environ, **kwargs) -> None:
        if environ.get("REQUEST_METHOD") == "POST" and "/hand/new/" in environ["PATH_INFO"]:
            seen.append(environ["PATH_INFO"])

    request_started.connect(count)
    yield seen
    request_started.disconnect(count)


def open_new_hand(page, user, table) -> None:
    log_in(page, user.username, PASSWORD)
    page.goto(reverse("hand_new", args=[table.pk]))
    anne = table.seats.get(position=1).player_id
    enter_garde(page, anne, 2, "56")
    page.locator("#preview").locator("text=+240").wait_for()


def sheet_url(table) -> re.Pattern[str]:
    return re.compile(re.escape(table.get_absolute_url()) + r"(#.*)?$")


def test_a_double_tap_on_save_over_a_slow_signal_saves_one_hand(phone, scorekeeper, table4):
    open_new_hand(phone, scorekeeper, table4)
    held = hold_posts(phone, "**/hand/new/")
    # The page cannot be asked anything while its navigation is held (Playwright waits
    # for it), so the page reports the button's state itself, on the console.
    logs: list[str] = []
    phone.on("console", lambda message: logs.append(message.text))
    phone.evaluate(
        """() => {
            const form = document.querySelector("#hand-form");
            const button = form.querySelector("button[type=submit]");
            form.addEventListener("submit", () => {
                setTimeout(() => console.log("in flight, disabled=" + button.disabled), 100);
            });
        }"""
    )
    phone.locator("#hand-form button[type=submit]").dblclick()
    phone.wait_for_timeout(DELAY * 1000)  # the slow signal: the POST is still held
    assert len(held) == 1  # the second tap sent nothing
    assert logs and set(logs) == {"in flight, disabled=true"}
    held[0].continue_()
    phone.wait_for_url(sheet_url(table4))
    assert list(Hand.objects.filter(table=table4).values_list("number", flat=True)) == [1]
    assert phone.locator("#hand-1").count() == 1
    assert phone.locator("#hand-2").count() == 0
    assert phone.locator(".alert-success").count() == 1


def test_without_the_script_the_server_still_saves_one_hand(
    phone, scorekeeper, table4, server_posts
):
    """An old page or a browser without JavaScript posts twice: the key makes it one hand."""
    phone.route("**/js/submit-once.js", lambda route: route.fulfill(body="", status=200))
    open_new_hand(phone, scorekeeper, table4)
    form = phone.locator("#hand-form")
    # Two posts of the same form at once, as two taps without the script would send.
    statuses = phone.evaluate(
        """async (form) => {
            const send = () => fetch(form.action, {method: "POST", body: new FormData(form)});
            const answers = await Promise.all([send(), send()]);
            return answers.map((answer) => [answer.status, answer.redirected, answer.url]);
        }""",
        form.element_handle(),
    )
    assert len(server_posts) == 2
    assert [status for status, _, _ in statuses] == [200, 200]
    assert {url for _, _, url in statuses} == {
        phone.url.split("/score/")[0] + table4.get_absolute_url()
    }
    assert list(Hand.objects.filter(table=table4).values_list("number", flat=True)) == [1]
    phone.goto(table4.get_absolute_url())
    assert phone.locator("#hand-1").count() == 1
    assert phone.locator("#hand-2").count() == 0
