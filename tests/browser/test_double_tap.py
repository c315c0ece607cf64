"""A double tap on "save" over a club hall's slow phone signal saves one hand."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from django.core.signals import request_started
from django.urls import reverse

from tests.conftest import PASSWORD
from tests.waiting import until
from tournaments.models import Hand

from .conftest import log_in
from .test_scorekeeping_flow import enter_garde


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


def pump(page) -> None:
    """Let Playwright hand this thread what the browser sent (console messages, held
    routes): a round trip to the browser, not to the page, whose navigation is held."""
    page.context.cookies()


def test_a_double_tap_on_save_over_a_slow_signal_saves_one_hand(phone, scorekeeper, table4):
    open_new_hand(phone, scorekeeper, table4)
    held = hold_posts(phone, "**/hand/new/")
    # The page cannot be asked anything while its navigation is held (Playwright waits
    # for it), so the page reports on the console: each submit (sent, or stopped by
    # submit-once.js, whose listener runs before this one), the button's state while the
    # post is in flight, and the end of each tap once its click, and any submit, is
    # handled (pointer events reach even a disabled button; the click does not).
    logs: list[str] = []
    phone.on("console", lambda message: logs.append(message.text))
    phone.evaluate(
        """() => {
            const form = document.querySelector("#hand-form");
            const button = form.querySelector("button[type=submit]");
            form.addEventListener("submit", () => {
                setTimeout(() => console.log("in flight, disabled=" + button.disabled), 100);
            });
            document.addEventListener("submit", (event) => {
                if (event.target === form) console.log("submit, sent=" + !event.defaultPrevented);
            });
            let taps = 0;
            document.addEventListener("pointerup", () => {
                const tap = ++taps;
                setTimeout(() => console.log("tap " + tap + " handled"), 0);
            }, true);
        }"""
    )
    phone.locator("#hand-form button[type=submit]").dblclick()

    def both_taps_seen() -> bool:
        pump(phone)
        sent = logs.count("submit, sent=true")
        # Every post sent has reached the route that holds it.
        return (
            "tap 2 handled" in logs
            and any(m.startswith("in flight") for m in logs)
            and (len(held) >= sent >= 1)
        )

    until(both_taps_seen, "both taps handled and the post held")
    assert logs.count("submit, sent=true") == 1, logs
    assert len(held) == 1  # the second tap sent nothing: the slow signal still holds the first
    assert {m for m in logs if m.startswith("in flight")} == {"in flight, disabled=true"}
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
