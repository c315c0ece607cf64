"""Offline hand entry (docs/OFFLINE.md) in Chromium at 390x844, the network
cut by Playwright (context.set_offline: the pages and the service worker lose it).

Ten hands entered without signal are stored once each, numbered in order, when the
signal returns; a queued hand that meets a hand stored meanwhile gets the conflict
page with what was typed; organiser and public pages are never served from the
worker's cache; a new release's worker replaces the old one at the next load.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from decimal import Decimal

import pytest
from django.urls import reverse
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.conftest import PASSWORD
from tests.waiting import ENGINE, PAGE, ceiling, ceiling_ms, until
from tournaments.models import Hand, Submission

from ..factories import make_member, store_hand
from .conftest import PHONE, AxeCheck, log_in
from .test_scorekeeping_flow import enter_garde


@pytest.fixture
def phone(browser, live_server) -> Iterator[object]:
    """The phone of conftest.py, with the service worker the other tests block."""
    context = browser.new_context(
        viewport=PHONE, locale="fr-FR", base_url=live_server.url, service_workers="allow"
    )
    context.set_default_timeout(ceiling_ms())
    axe = AxeCheck(context)
    page = context.new_page()
    # The kept copies are served with their page's Content-Security-Policy: nothing the
    # offline code does may break it (no inline script, no eval).
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    yield page
    try:
        assert not [m for m in console if "Content Security Policy" in m], console
        axe.finish()
    finally:
        context.close()


# Whether the worker has kept `path` (any release's cache).
KEPT = "async (path) => !!(await caches.match(location.origin + path))"
CACHE_NAMES = "async () => await caches.keys()"


# The document has loaded (its scripts, offline.js among them, have run).
LOADED = "() => document.readyState === 'complete'"


def navigating(error: PlaywrightError) -> bool:
    return "context was destroyed" in str(error) or "navigat" in str(error)


def evaluate(page, script: str, arg: object = None) -> object:
    """page.evaluate, asked again in the next document, once loaded, when the page was
    navigating meanwhile (the sheet reloads itself once its queued hands are stored; a
    refused one is shown as a page)."""
    for _attempt in range(50):
        try:
            return page.evaluate(script, arg)
        except PlaywrightError as error:
            if not navigating(error):
                raise
        page.wait_for_function(LOADED)  # follows the navigation to the next document
    raise AssertionError("the page kept navigating")


def poll(page, script: str, arg: object = None, seconds: float = PAGE) -> None:
    """Until `script` is true in the page: Playwright's wait_for_function, which checks it
    again (every 100 ms) and follows the page's navigations. Its predicate goes by the
    DevTools protocol, which the pages' Content-Security-Policy does not govern. An async
    script whose document went away while it was checked comes back empty: checked again
    in the next document."""
    deadline = time.monotonic() + ceiling(seconds)
    while True:
        left_ms = (deadline - time.monotonic()) * 1000
        assert left_ms > 0, f"timed out after {ceiling(seconds):.0f} s: {script}"
        try:
            if page.wait_for_function(script, arg=arg, polling=100, timeout=left_ms).json_value():
                return
        except PlaywrightError as error:
            if not navigating(error):
                raise


def ready(page) -> None:
    """offline.js has numbered the page's forms after the queued hands."""
    poll(page, "() => document.documentElement.hasAttribute('data-offline-ready')")


def controlled(page) -> None:
    """The page is served by the offline worker."""
    # The worker takes over once installed, its files downloaded (Pyodide's included).
    poll(
        page,
        "() => !!(navigator.serviceWorker && navigator.serviceWorker.controller)",
        seconds=ENGINE,
    )


def wait_kept(page, path: str) -> None:
    poll(page, KEPT, path)


def in_database(predicate, what: str) -> None:
    """Until `predicate` holds in the database, which the live server writes in its own
    thread (the page, in Chromium, goes on meanwhile)."""
    until(predicate, what)


def queued_count(page) -> int:
    """How many hands wait in the phone's queue."""
    # -1 on a page whose scripts have not run yet (a reload just committed).
    script = "async () => window.TarotOffline ? (await TarotOffline.queue.all()).length : -1"
    return int(evaluate(page, script))


def go_offline_on_new_hand(page, user, table) -> None:
    """Logged in with signal, the new-hand form opened (the worker keeps it and the
    sheet), then the signal cut and the form reloaded: the kept copy."""
    log_in(page, user.username, PASSWORD)
    new_hand = reverse("hand_new", args=[table.pk])
    page.goto(new_hand)
    controlled(page)
    page.goto(new_hand)  # seen by the worker: kept, with the sheet it links to
    wait_kept(page, new_hand)
    wait_kept(page, reverse("table_sheet", args=[table.pk]))
    page.context.set_offline(True)
    page.reload()
    assert page.locator("#offline-copy").is_visible()


def test_ten_hands_entered_without_signal_are_stored_once_in_order(phone, scorekeeper, table4):
    anne = table4.seats.get(position=1).player_id
    new_hand = reverse("hand_new", args=[table4.pk])
    sheet = reverse("table_sheet", args=[table4.pk])
    go_offline_on_new_hand(phone, scorekeeper, table4)

    for i in range(10):
        # The form opened after i queued hands carries hand i + 1's number.
        ready(phone)
        assert phone.locator("input[name=number]").input_value() == str(i + 1)
        enter_garde(phone, anne, 2, str(41 + i))
        phone.click("#save-hand")
        phone.wait_for_url(f"**{sheet}#pending-hands")
        phone.locator("#pending-hands li").nth(i).wait_for()
        assert phone.locator("#offline-copy").is_visible()  # the sheet: its kept copy
        phone.goto(new_hand)
    phone.reload()
    assert queued_count(phone) == 10
    phone.goto(sheet)
    ready(phone)
    pending = phone.locator("#pending-hands li")
    assert pending.count() == 10
    assert pending.first.inner_text().startswith("Donne 1")
    assert "en attente d'envoi" in pending.nth(9).inner_text()
    assert not Hand.objects.exists()

    phone.context.set_offline(False)  # the signal returns: the queue is sent, in order
    started = time.monotonic()
    in_database(lambda: Hand.objects.count() == 10, "the 10 queued hands stored")
    print(f"10 queued hands stored {time.monotonic() - started:.1f} s after the signal returned")
    poll(phone, "() => !document.documentElement.hasAttribute('data-offline-copy')")
    phone.locator("#hand-10").wait_for()
    hands = list(Hand.objects.order_by("number").values_list("number", "points"))
    assert hands == [(i + 1, Decimal(41 + i)) for i in range(10)]
    assert Submission.objects.filter(action=f"hand_new:{table4.pk}").count() == 10
    assert queued_count(phone) == 0

    phone.reload()  # sent again (another load): nothing more is stored
    ready(phone)
    # The load's own sending done (flush() gives the sending under way, or sends what is
    # left: nothing).
    evaluate(phone, "async () => { await window.TarotOffline.flush(); }")
    assert Hand.objects.count() == 10
    assert queued_count(phone) == 0


def test_a_queued_hand_meeting_a_hand_stored_meanwhile_gets_the_conflict_page(
    phone, scorekeeper, other_scorekeeper, table4
):
    anne = table4.seats.get(position=1).player_id
    go_offline_on_new_hand(phone, scorekeeper, table4)
    enter_garde(phone, anne, 2, "47")
    phone.click("#save-hand")
    phone.locator("#pending-hands li").first.wait_for()

    # Meanwhile another phone, with signal, stores hand 1.
    store_hand(table4, scorekeeper)
    phone.context.set_offline(False)

    # The server's conflict page, with what was typed.
    phone.locator("#conflict").wait_for()
    assert "donne 1 a été enregistrée" in phone.locator("#conflict").inner_text()
    assert phone.locator("#id_points").input_value() == "47"
    assert Hand.objects.count() == 1
    # The next deal: saved as hand 2, once, and the queue is empty.
    phone.locator("#conflict button[type=submit]").click()
    phone.locator("#hand-2").wait_for()
    in_database(lambda: queued_count(phone) == 0, "the phone's queue emptied")
    # Read again from the server. offline.js reloads the sheet itself once its queue is
    # sent (flush); a reload of ours meeting that one is aborted by Chromium
    # (net::ERR_ABORTED, seen once in CI): the page's own reload reads the same sheet.
    poll(phone, "() => !document.documentElement.hasAttribute('data-offline-copy')")
    try:
        phone.reload()
    except PlaywrightError as error:
        if "ERR_ABORTED" not in str(error):
            raise
        # The page's own reload goes on: what follows waits for its sheet.
    phone.locator("#hand-2").wait_for()
    assert list(Hand.objects.order_by("number").values_list("number", "points")) == [
        (1, Decimal(56)),
        (2, Decimal(47)),
    ]
    expect(phone.locator("#pending-hands")).to_be_hidden()


def test_a_queued_hand_the_same_deal_as_one_stored_meanwhile_is_dropped_and_the_next_sent(
    phone, scorekeeper, table4
):
    anne = table4.seats.get(position=1).player_id
    new_hand = reverse("hand_new", args=[table4.pk])
    go_offline_on_new_hand(phone, scorekeeper, table4)
    for points in ("47", "62"):
        enter_garde(phone, anne, 2, points)
        phone.click("#save-hand")
        phone.locator("#pending-hands li").last.wait_for()
        phone.goto(new_hand)
    store_hand(table4, scorekeeper)  # hand 1, from another phone
    # The signal returns while the scorekeeper types the third hand: his page stays.
    phone.fill("#id_points", "33")
    phone.context.set_offline(False)
    poll(
        phone,
        "async () => !!window.TarotOffline &&"
        " (await TarotOffline.queue.all()).some((e) => e.state === 'review')",
    )
    assert phone.url.endswith(new_hand) and phone.locator("#id_points").input_value() == "33"
    # The next page without a form, the sheet, shows the conflict.
    phone.goto(reverse("table_sheet", args=[table4.pk]))
    phone.locator("#conflict").wait_for()
    # The same deal: the stored hand is kept, and the queued hand 2 goes next.
    phone.locator("#conflict a").first.click()
    in_database(lambda: Hand.objects.count() == 2, "the queued hand 2 stored")
    assert list(Hand.objects.order_by("number").values_list("number", "points")) == [
        (1, Decimal(56)),
        (2, Decimal(62)),
    ]
    in_database(lambda: queued_count(phone) == 0, "the phone's queue emptied")


def error_page(page):
    """Whether a navigated frame is `page` showing the browser's own error page."""
    return lambda frame: frame == page.main_frame and frame.url.startswith("chrome-error://")


def test_organiser_and_public_pages_are_never_served_from_the_workers_cache(phone, club, table4):
    event = table4.round.event
    event.published = True
    event.save(update_fields=["published"])
    organiser = make_member("organisateur_hors_ligne", club, role="organiser")
    log_in(phone, organiser.username, PASSWORD)
    public = reverse("table_public", args=[table4.pk])
    manage = reverse("event_manage", args=[event.pk])
    my_tables = reverse("my_tables")
    phone.goto(my_tables)
    controlled(phone)
    for path in (public, manage, my_tables):
        phone.goto(path)
    wait_kept(phone, my_tables)
    assert not phone.evaluate(KEPT, public)
    assert not phone.evaluate(KEPT, manage)

    phone.context.set_offline(True)
    for path in (public, manage):
        # The browser's own error page commits after the refusal (on a loaded machine
        # late enough to cut the next navigation short): waited for.
        with (
            phone.expect_event("framenavigated", error_page(phone)),
            pytest.raises(PlaywrightError, match="ERR_INTERNET_DISCONNECTED"),
        ):
            phone.goto(path)
    phone.goto(my_tables)  # a scorekeeper's page: its copy, said to be one
    assert phone.locator("#offline-copy").is_visible()
    phone.context.set_offline(False)
    phone.goto(my_tables)
    assert phone.locator("#offline-copy").count() == 0

    # Logged out: the pages kept were his; they go.
    log_out(phone)
    assert not evaluate(phone, KEPT, my_tables)


def test_a_post_lost_for_want_of_network_is_queued_with_its_key_and_stored_once(
    phone, scorekeeper, table4
):
    """The phone believes it has signal (navigator.onLine) but the post does not get
    through: the worker queues the hand with the key it was sent with."""
    anne = table4.seats.get(position=1).player_id
    sheet = reverse("table_sheet", args=[table4.pk])
    go_offline_on_new_hand(phone, scorekeeper, table4)
    phone.goto(reverse("hand_new", args=[table4.pk]))
    ready(phone)
    # The kept copy's key is replaced before posting (it may be spent): read it then.
    phone.evaluate("() => Object.defineProperty(navigator, 'onLine', {get: () => true})")
    enter_garde(phone, anne, 2, "52")
    phone.click("#save-hand")
    phone.wait_for_url(f"**{sheet}#pending-hands")
    phone.locator("#pending-hands li").first.wait_for()
    [entry] = evaluate(phone, "async () => await window.TarotOffline.queue.all()")
    assert entry["number"] == 1 and entry["state"] == "queued"
    assert dict(entry["fields"])["points"] == "52"
    assert not Hand.objects.exists()

    phone.context.set_offline(False)
    in_database(lambda: Hand.objects.count() == 1, "the hand stored")
    assert Submission.objects.filter(key=entry["key"]).count() == 1
    in_database(lambda: queued_count(phone) == 0, "the phone's queue emptied")
    assert Hand.objects.get().points == Decimal(52)


def test_a_new_release_replaces_the_old_worker_and_its_caches_at_the_next_load(
    phone, scorekeeper, table4, monkeypatch
):
    log_in(phone, scorekeeper.username, PASSWORD)
    sheet = reverse("table_sheet", args=[table4.pk])
    phone.goto(sheet)
    controlled(phone)
    poll(phone, "async () => (await caches.keys()).length >= 1")
    old = phone.evaluate(CACHE_NAMES)
    assert old and all(name.startswith("tarot_club-") for name in old)

    monkeypatch.setattr("tarot_club.offline.app_version", lambda: "next-release")
    phone.reload()  # the browser sees a new /sw.js: installed, it takes over
    poll(
        phone,
        "async (old) => { const now = await caches.keys();"
        " return now.length > 0 && now.every((n) => !old.includes(n)); }",
        old,
    )
    phone.reload()  # the next load: served by the new release, from its caches
    controlled(phone)
    assert phone.evaluate(KEPT, sheet)
    assert not set(phone.evaluate(CACHE_NAMES)) & set(old)


def test_a_duplicate_board_entered_without_signal_is_stored_when_it_returns(phone, club):
    from tournaments.selectors.access import SYSTEM
    from tournaments.services import duplicate as duplicate_services

    from ..duplicate_app.conftest import make_duplicate

    event = make_duplicate(club, players=8, rounds=1, boards=2)
    duplicate_services.seat_duplicate(by=SYSTEM, event=event, draw=False)
    table = event.rounds.get().tables.order_by("number").first()
    keeper = make_member("marqueur_duplicate", club, role="scorekeeper")
    table.scorekeepers.add(keeper)
    board = reverse("board_entry", args=[table.pk, 1])
    sheet = reverse("table_sheet", args=[table.pk])
    log_in(phone, keeper.username, PASSWORD)
    phone.goto(board)
    controlled(phone)
    phone.goto(board)
    wait_kept(phone, board)
    wait_kept(phone, sheet)
    phone.context.set_offline(True)
    phone.reload()
    assert phone.locator("#offline-copy").is_visible()
    taker = table.seats.get(position=1).player_id
    enter_garde(phone, taker, 2, "45")
    phone.click("#save-hand")
    phone.wait_for_url(f"**{sheet}#pending-hands")
    phone.locator("#pending-hands li").first.wait_for()
    assert not Hand.objects.filter(table=table).exists()

    phone.context.set_offline(False)
    in_database(lambda: Hand.objects.filter(table=table).count() == 1, "the board's hand stored")
    stored = Hand.objects.get(table=table)
    assert (stored.board.number, stored.points, stored.taker_id) == (1, Decimal(45), taker)
    in_database(lambda: queued_count(phone) == 0, "the phone's queue emptied")


def test_a_queued_hand_shows_the_engines_provisional_scores(phone, scorekeeper, table4):
    """With the engine in the browser (window.tarotEngine, js/engine.js, the other half
    of offline entry), kept by the worker with Pyodide's files: a hand saved without
    signal is listed with the engine's scores. Skipped where the hand form has no engine."""
    anne = table4.seats.get(position=1).player_id
    go_offline_on_new_hand(phone, scorekeeper, table4)
    if not evaluate(phone, "() => !!window.tarotEngine"):
        pytest.skip("no engine in the browser on the hand form (js/engine.js)")
    poll(phone, "async () => { await window.tarotEngine.ready; return true; }", seconds=ENGINE)
    enter_garde(phone, anne, 2, "56")
    phone.click("#save-hand")
    item = phone.locator("#pending-hands li").first
    item.wait_for()
    scores = item.locator(".pending-scores").inner_text()
    assert "Anne +240" in scores and scores.count("\u221280") == 3, scores
    [entry] = evaluate(phone, "async () => await window.TarotOffline.queue.all()")
    assert sorted(row["score"] for row in entry["scores"]) == [-80, -80, -80, 240]


def test_a_kept_form_after_a_hand_saved_with_signal_takes_the_next_number(
    phone, scorekeeper, table4
):
    """The signal drops just as the sheet comes back after a hand saved with signal: the
    worker could not keep the new-hand form afresh, so its kept copy still carries the
    saved hand's number, and the next hand typed offline met "saved on another phone"
    with no other phone. The sheet says the last hand stored; the kept form takes the
    next number, and the hand is stored with no conflict."""
    anne = table4.seats.get(position=1).player_id
    new_hand = reverse("hand_new", args=[table4.pk])
    sheet = reverse("table_sheet", args=[table4.pk])
    log_in(phone, scorekeeper.username, PASSWORD)
    phone.goto(new_hand)
    controlled(phone)
    phone.goto(new_hand)
    wait_kept(phone, new_hand)
    # The worker's fresh copy of the form fails from now on (the signal going).
    phone.context.route(
        f"**{new_hand}",
        lambda route: route.abort() if route.request.method == "GET" else route.continue_(),
    )
    ready(phone)
    assert phone.locator("input[name=number]").input_value() == "1"
    enter_garde(phone, anne, 2, "47")
    with phone.expect_navigation():
        phone.click("#save-hand")
    phone.wait_for_url(f"**{sheet}*")
    phone.locator("#hand-1").wait_for()
    in_database(lambda: Hand.objects.filter(table=table4).count() == 1, "hand 1 stored")
    assert phone.locator("#sheet-stored").get_attribute("data-last-hand") == "1"

    phone.context.set_offline(True)
    phone.context.unroute(f"**{new_hand}")
    phone.goto(new_hand)  # the kept copy, opened for hand 1
    assert phone.locator("#offline-copy").is_visible()
    ready(phone)
    assert phone.locator("input[name=number]").input_value() == "2"
    enter_garde(phone, anne, 2, "52")
    phone.click("#save-hand")
    phone.locator("#pending-hands li").first.wait_for()

    phone.context.set_offline(False)
    in_database(lambda: Hand.objects.filter(table=table4).count() == 2, "hand 2 stored")
    hands = list(
        Hand.objects.filter(table=table4).order_by("number").values_list("number", "points")
    )
    assert hands == [(1, Decimal(47)), (2, Decimal(52))]
    poll(
        phone, "async () => !!window.TarotOffline && (await TarotOffline.queue.all()).length === 0"
    )
    assert not phone.locator("#conflict").count()


def test_a_waiting_hand_is_discarded_only_at_the_second_tap(phone, scorekeeper, table4):
    """« Abandonner cette donne » deleted a hand typed at the table at one tap: now the
    first tap says what the second does."""
    anne = table4.seats.get(position=1).player_id
    sheet = reverse("table_sheet", args=[table4.pk])
    go_offline_on_new_hand(phone, scorekeeper, table4)
    enter_garde(phone, anne, 2, "47")
    phone.click("#save-hand")
    phone.locator("#pending-hands li").first.wait_for()
    # As the queue marks a hand the server refused: to be looked at, or discarded.
    evaluate(
        phone,
        "async () => { const [e] = await TarotOffline.queue.all();"
        " e.state = 'review'; await TarotOffline.queue.put(e); }",
    )
    phone.goto(sheet)
    ready(phone)
    discard = phone.locator("#pending-hands button.btn-outline-danger")
    discard.click()
    expect(phone.locator("#pending-hands button.btn-danger")).to_have_text(
        "Touchez encore pour l’abandonner pour de bon"
    )
    assert queued_count(phone) == 1
    phone.locator("#pending-hands button.btn-danger").click()
    poll(phone, "async () => (await TarotOffline.queue.all()).length === 0")
    assert not Hand.objects.exists()


def log_out(page) -> None:
    """The site's own logout form, posted as its button posts it. Submitted by the form
    itself, not by a tap on the folded navbar's button: under load the tap sometimes
    reached no button while the menu unfolded, and the page never left (what is tested
    here is what logging out does to the phone, not the menu)."""
    with page.expect_navigation():
        page.locator("form[action$='/logout/']").evaluate("form => form.requestSubmit()")


def test_a_hand_queued_by_one_account_waits_for_it_when_another_logs_in(
    phone, scorekeeper, other_scorekeeper, table4
):
    """One phone, two scorekeepers: a hand typed offline by the first is never stored
    as the second's; the second is told, without its fields, that it waits; it is
    stored once, as the first's, when the first logs in again."""
    table4.scorekeepers.add(other_scorekeeper)
    anne = table4.seats.get(position=1).player_id
    new_hand = reverse("hand_new", args=[table4.pk])
    sheet = reverse("table_sheet", args=[table4.pk])
    go_offline_on_new_hand(phone, scorekeeper, table4)
    enter_garde(phone, anne, 2, "47")
    phone.click("#save-hand")
    phone.locator("#pending-hands li").first.wait_for()
    [entry] = evaluate(phone, "async () => await window.TarotOffline.queue.all()")
    assert entry["account"] == scorekeeper.pk

    # The signal returns, but the hand's post does not get through before the first
    # scorekeeper logs out: it still waits.
    phone.context.route(
        f"**{new_hand}",
        lambda route: route.abort() if route.request.method == "POST" else route.continue_(),
    )
    phone.context.set_offline(False)
    phone.goto(sheet)
    ready(phone)
    evaluate(phone, "async () => { await window.TarotOffline.flush(); }")
    assert queued_count(phone) == 1
    log_out(phone)
    phone.context.unroute(f"**{new_hand}")

    log_in(phone, other_scorekeeper.username, PASSWORD)
    phone.goto(sheet)
    ready(phone)
    evaluate(phone, "async () => { await window.TarotOffline.flush(); }")
    others = phone.locator("#offline-others")
    expect(others).to_contain_text("1 donne saisie par un autre compte attend")
    assert "47" not in others.inner_text() and "Anne" not in others.inner_text()
    expect(phone.locator("#pending-hands")).to_be_hidden()
    assert not Hand.objects.exists()
    assert queued_count(phone) == 1

    log_out(phone)
    log_in(phone, scorekeeper.username, PASSWORD)  # her pages send her hand
    in_database(lambda: Hand.objects.count() == 1, "the first scorekeeper's hand stored")
    stored = Hand.objects.get()
    assert (stored.points, stored.entered_by_id) == (Decimal(47), scorekeeper.pk)
    in_database(lambda: queued_count(phone) == 0, "the phone's queue emptied")
    phone.goto(sheet)
    ready(phone)
    assert phone.locator("#offline-others").count() == 0
    assert Hand.objects.count() == 1


def test_the_admins_logout_forgets_the_kept_pages(phone, scorekeeper, table4):
    """A staff organiser who scores a table logs out through the admin: offline, the
    next person does not read his kept sheet."""
    scorekeeper.is_staff = True
    scorekeeper.save(update_fields=["is_staff"])
    sheet = reverse("table_sheet", args=[table4.pk])
    log_in(phone, scorekeeper.username, PASSWORD)
    phone.goto(sheet)
    controlled(phone)
    phone.goto(sheet)
    wait_kept(phone, sheet)

    phone.goto(reverse("admin:index"))
    with phone.expect_navigation():
        phone.locator("#logout-form button").click()
    poll(phone, f"async () => !(await caches.match(location.origin + '{sheet}'))")

    phone.context.set_offline(True)
    # The worker has no copy to give: the browser's own error page.
    with (
        phone.expect_event("framenavigated", error_page(phone)),
        pytest.raises(PlaywrightError, match=r"ERR_FAILED|ERR_INTERNET_DISCONNECTED"),
    ):
        phone.goto(sheet)


def test_a_page_for_nobody_signed_in_forgets_the_kept_pages(phone, scorekeeper, table4):
    """The session gone (expired, or ended elsewhere): the first page the server sends
    for nobody signed in, the login page, forgets the pages kept."""
    sheet = reverse("table_sheet", args=[table4.pk])
    log_in(phone, scorekeeper.username, PASSWORD)
    phone.goto(sheet)
    controlled(phone)
    phone.goto(sheet)
    wait_kept(phone, sheet)
    phone.context.clear_cookies()  # the session is gone
    phone.goto(sheet)  # the server sends the login page
    phone.locator("input[name=username]").wait_for()
    poll(phone, f"async () => !(await caches.match(location.origin + '{sheet}'))")
