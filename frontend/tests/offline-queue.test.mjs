// The offline queue of tarot_club/static/js/offline.js outside the browser (docs/OFFLINE.md):
// the order hands are kept and sent in, the numbers a form opened after them takes, a
// hand the server refuses (another phone stored its number), and whose hands they are.
// What needs a real browser (the service worker, a kept copy served without network,
// the pages' layout) is tested by tests/browser/test_offline.py.
import assert from "node:assert/strict";
import { describe, test } from "node:test";

import {
  answers,
  entryForm,
  fakeCaches,
  FakeElement,
  fakeStorage,
  freshIndexedDB,
  loadPage,
  loadWorker,
  pendingBox,
  plain,
  postedForm,
  until,
} from "./offline-harness.mjs";

const NEW_HAND_7 = "/score/table/7/hand/new/";
const NEW_HAND_8 = "/score/table/8/hand/new/";
const SHEET_7 = "/score/table/7/";

/** The fields an entry form posts for hand `number` under `key`. */
function handFields(key, number, extra = {}) {
  return Object.entries({
    csrfmiddlewaretoken: "token-when-typed",
    submission_key: key,
    number: String(number),
    contract: "garde",
    ...extra,
  });
}

/** Queues hands as the entry forms would, in this order: [action, key, number]. */
async function queueHands(queue, hands) {
  for (const [action, key, number] of hands) {
    assert.equal(await queue.add(queue.entry(action, handFields(key, number), null)), true);
  }
}

async function stored(queue) {
  return plain(await queue.all()).map((entry) => [entry.key, entry.number, entry.state]);
}

describe("the queue (IndexedDB), as the worker and the pages share it", () => {
  test("the worker gets the queue and nothing of a page", () => {
    const queue = loadWorker();
    assert.equal(typeof queue.add, "function");
    assert.equal(typeof queue.all, "function");
  });

  test("hands come back in the order they were saved, whatever their keys", async () => {
    const queue = loadWorker();
    // Keys in another order than the hands': IndexedDB lists by key.
    await queueHands(queue, [
      [NEW_HAND_7, "k-3", 3],
      [NEW_HAND_7, "k-1", 4],
      [NEW_HAND_8, "k-2", 1],
      [NEW_HAND_7, "k-0", 5],
    ]);
    assert.deepEqual(
      (await stored(queue)).map(([key]) => key),
      ["k-3", "k-1", "k-2", "k-0"]
    );
  });

  test("hands saved in the same millisecond keep their order", async () => {
    const queue = loadWorker({ now: () => 1_700_000_000_000 });
    await queueHands(queue, [
      [NEW_HAND_7, "z", 1],
      [NEW_HAND_7, "y", 2],
      [NEW_HAND_7, "x", 3],
    ]);
    assert.deepEqual(
      (await stored(queue)).map(([key]) => key),
      ["z", "y", "x"]
    );
  });

  test("an entry keeps its form's fields, key, table and number", () => {
    const queue = loadWorker();
    const fields = handFields("key-1", 12);
    const entry = plain(queue.entry("/score/table/31/hand/new/", fields, null));
    assert.equal(entry.key, "key-1");
    assert.equal(entry.table, 31);
    assert.equal(entry.number, 12);
    assert.equal(entry.state, "queued");
    assert.deepEqual(entry.fields, fields);
    assert.equal(queue.sheetOf("/score/table/31/hand/new/"), "/score/table/31/");
    assert.equal(queue.sheetOf("/score/table/31/board/4/"), "/score/table/31/");
  });

  test("a hand queued twice under its key (a double tap) is kept once", async () => {
    const queue = loadWorker();
    const entry = queue.entry(NEW_HAND_7, handFields("same", 3), null);
    assert.equal(await queue.add(entry), true);
    assert.equal(await queue.add(queue.entry(NEW_HAND_7, handFields("same", 4), null)), false);
    assert.deepEqual(await stored(queue), [["same", 3, "queued"]]);
  });

  test("get, put and remove by key", async () => {
    const queue = loadWorker();
    await queueHands(queue, [
      [NEW_HAND_7, "a", 1],
      [NEW_HAND_7, "b", 2],
    ]);
    const entry = await queue.get("a");
    entry.state = "review";
    await queue.put(entry);
    await queue.remove("b");
    assert.deepEqual(await stored(queue), [["a", 1, "review"]]);
    assert.equal(await queue.get("b"), null);
  });
});

describe("the next hand's number after hands stored or queued", () => {
  const LAST_7 = "tarot_club-last-hand:7";

  function sheetStored(table, lastHand) {
    const sheet = new FakeElement("div", { id: "sheet-stored" });
    sheet.dataset = { table: String(table), lastHand: String(lastHand) };
    return sheet;
  }

  function numberOf(form) {
    return form.querySelector("input[name=number]").value;
  }

  test("the sheet's last stored hand is remembered, never lowered", async () => {
    const storage = fakeStorage();
    await loadPage({ path: SHEET_7, elements: [sheetStored(7, 4)], storage }).ready;
    assert.equal(storage.items.get(LAST_7), "4");
    // An older page (another tab opened before hand 4) does not take it back.
    await loadPage({ path: SHEET_7, elements: [sheetStored(7, 2)], storage }).ready;
    assert.equal(storage.items.get(LAST_7), "4");
  });

  test("a new hand's form says the hand before its number was stored", async () => {
    const storage = fakeStorage();
    const form = entryForm(NEW_HAND_7, { submission_key: "k", number: 6 });
    await loadPage({ path: NEW_HAND_7, forms: [form], storage }).ready;
    assert.equal(storage.items.get(LAST_7), "5");
  });

  test("a board's form is not a new hand's: it says nothing of the last one", async () => {
    const storage = fakeStorage();
    const board = "/score/table/7/board/3/";
    const form = entryForm(board, { submission_key: "k", number: 6 });
    await loadPage({ path: board, forms: [form], storage }).ready;
    assert.equal(storage.items.has(LAST_7), false);
  });

  test("a kept copy says what was stored when it was kept: nothing remembered", async () => {
    const storage = fakeStorage();
    await loadPage({ path: SHEET_7, elements: [sheetStored(7, 4)], copy: true, storage }).ready;
    assert.equal(storage.items.has(LAST_7), false);
  });

  test("a form opened after queued hands takes the number after them", async () => {
    const indexedDB = freshIndexedDB();
    await queueHands(loadWorker({ indexedDB }), [
      [NEW_HAND_7, "a", 3],
      [NEW_HAND_7, "b", 4],
      [NEW_HAND_8, "c", 9], // another table's: not counted
    ]);
    const form = entryForm(NEW_HAND_7, { submission_key: "new", number: 3 });
    const badge = new FakeElement("span", { id: "opened-as" }, { textContent: "Hand 3" });
    await loadPage({ path: NEW_HAND_7, forms: [form], elements: [badge], indexedDB }).ready;
    assert.equal(numberOf(form), "5");
    assert.equal(badge.textContent, "Hand 5");
  });

  test("a form already past the queued hands keeps its number", async () => {
    const indexedDB = freshIndexedDB();
    await queueHands(loadWorker({ indexedDB }), [[NEW_HAND_7, "a", 3]]);
    const form = entryForm(NEW_HAND_7, { submission_key: "new", number: 8 });
    await loadPage({ path: NEW_HAND_7, forms: [form], indexedDB }).ready;
    assert.equal(numberOf(form), "8");
  });

  test("a kept copy of the new-hand form follows the last hand stored since", async () => {
    // Kept when hand 2 was the last; hands 3 to 5 were saved with signal since.
    const storage = fakeStorage({ [LAST_7]: "5" });
    const form = entryForm(NEW_HAND_7, { submission_key: "old", number: 3 });
    await loadPage({ path: NEW_HAND_7, forms: [form], copy: true, storage }).ready;
    assert.equal(numberOf(form), "6");
  });

  test("the server's own form keeps the server's number", async () => {
    const storage = fakeStorage({ [LAST_7]: "5" }); // hands 4 and 5 deleted since
    const form = entryForm(NEW_HAND_7, { submission_key: "k", number: 4 });
    await loadPage({ path: NEW_HAND_7, forms: [form], storage }).ready;
    assert.equal(numberOf(form), "4");
  });

  test("a kept copy counts both: the queued hands after the last stored", async () => {
    const indexedDB = freshIndexedDB();
    await queueHands(loadWorker({ indexedDB }), [[NEW_HAND_7, "a", 6]]);
    const storage = fakeStorage({ [LAST_7]: "5" });
    const form = entryForm(NEW_HAND_7, { submission_key: "old", number: 3 });
    await loadPage({ path: NEW_HAND_7, forms: [form], copy: true, storage, indexedDB }).ready;
    assert.equal(numberOf(form), "7");
  });

  test("storage refused (a private window): the queue alone numbers", async () => {
    const indexedDB = freshIndexedDB();
    await queueHands(loadWorker({ indexedDB }), [[NEW_HAND_7, "a", 4]]);
    const storage = fakeStorage({}, { refuse: true });
    const form = entryForm(NEW_HAND_7, { submission_key: "old", number: 3 });
    await loadPage({ path: NEW_HAND_7, forms: [form], copy: true, storage, indexedDB }).ready;
    assert.equal(numberOf(form), "5");
  });
});

describe("sending the queue when the signal returns", () => {
  async function pageWithQueue(hands, options) {
    const indexedDB = freshIndexedDB();
    const queue = loadWorker({ indexedDB });
    await queueHands(queue, hands);
    const page = loadPage({ indexedDB, ...options });
    await page.ready;
    page.goOnline();
    return { page, queue };
  }

  const THREE_HANDS = [
    [NEW_HAND_7, "h3", 3],
    [NEW_HAND_7, "h4", 4],
    [NEW_HAND_7, "h5", 5],
  ];

  test("hands are posted in order, each with its key, then leave the queue", async () => {
    const { page, queue } = await pageWithQueue(THREE_HANDS, {
      path: SHEET_7,
      answer: () => answers.saved(SHEET_7),
    });
    const result = plain(await page.window.TarotOffline.flush());
    assert.deepEqual(result, { outcome: "done", saved: 3 });
    assert.deepEqual(
      page.posts.map((post) => [post.url, post.fields.submission_key, post.fields.number]),
      [
        [NEW_HAND_7, "h3", "3"],
        [NEW_HAND_7, "h4", "4"],
        [NEW_HAND_7, "h5", "5"],
      ]
    );
    // Posted with this session's CSRF token, not the one of the page it was typed on.
    for (const post of page.posts) {
      assert.equal(post.method, "POST");
      assert.equal(post.headers["X-CSRFToken"], "token-of-this-session");
      assert.equal(post.fields.csrfmiddlewaretoken, "token-of-this-session");
    }
    assert.deepEqual(await stored(queue), []);
  });

  test("the signal's return (the online event) sends them", async () => {
    const { page, queue } = await pageWithQueue(THREE_HANDS, {
      path: SHEET_7,
      answer: () => answers.saved(SHEET_7),
    });
    page.dispatch("online");
    await until(async () => (await queue.all()).length === 0, "the queue sent");
    assert.deepEqual(
      page.posts.map((post) => post.fields.number),
      ["3", "4", "5"]
    );
  });

  test("the sheet is read again once hands are stored", async () => {
    const { page } = await pageWithQueue(THREE_HANDS, {
      path: SHEET_7,
      elements: [pendingBox(7)],
      answer: () => answers.saved(SHEET_7),
    });
    await page.window.TarotOffline.flush();
    assert.deepEqual(page.navigations, ["reload"]);
  });

  test("without network every hand waits, in order", async () => {
    const { page, queue } = await pageWithQueue(THREE_HANDS, { path: SHEET_7 });
    const result = plain(await page.window.TarotOffline.flush());
    assert.deepEqual(result, { outcome: "network", saved: 0 });
    assert.equal(page.posts.length, 1); // the first failed: the others are not tried
    assert.deepEqual(await stored(queue), [
      ["h3", 3, "queued"],
      ["h4", 4, "queued"],
      ["h5", 5, "queued"],
    ]);
  });
});

describe("a queued hand the server refuses: another phone stored its number", () => {
  const HANDS = [
    [NEW_HAND_7, "mine-3", 3],
    [NEW_HAND_7, "mine-4", 4],
    [NEW_HAND_8, "other-table", 1],
  ];

  // Hand 3 of table 7 was stored by another phone: the server answers the form's page
  // with the conflict; every other hand is stored.
  function server(post) {
    return post.fields.submission_key === "mine-3" ? answers.refused() : answers.saved(SHEET_7);
  }

  async function pageWithQueue(options) {
    const indexedDB = freshIndexedDB();
    const queue = loadWorker({ indexedDB });
    await queueHands(queue, HANDS);
    const page = loadPage({ indexedDB, answer: server, ...options });
    await page.ready;
    page.goOnline();
    return { page, queue, indexedDB };
  }

  test("on the sheet: the refused hand is shown as the server's page", async () => {
    const { page, queue } = await pageWithQueue({ path: SHEET_7 });
    const result = plain(await page.window.TarotOffline.flush());
    assert.equal(result.outcome, "shown");
    assert.deepEqual(
      page.posts.map((post) => post.fields.submission_key),
      ["mine-3"]
    );
    // Posted again as a page, with what was typed and its own key: the scorekeeper sees
    // the conflict page with his hand.
    assert.equal(page.submitted.length, 1);
    const shown = postedForm(page.submitted[0]);
    assert.equal(shown.action, NEW_HAND_7);
    assert.equal(shown.method, "post");
    assert.equal(shown.fields.submission_key, "mine-3");
    assert.equal(shown.fields.number, "3");
    assert.equal(shown.fields.contract, "garde");
    const entries = plain(await queue.all());
    assert.deepEqual(
      entries.map((entry) => [entry.key, entry.state, Boolean(entry.shown)]),
      [
        ["mine-3", "review", true],
        ["mine-4", "queued", false],
        ["other-table", "queued", false],
      ]
    );
  });

  test("while it waits, the hands after it at its table wait; other tables' go", async () => {
    const { page, queue, indexedDB } = await pageWithQueue({ path: SHEET_7 });
    await page.window.TarotOffline.flush(); // shown once, as above
    // The next page (the sheet again) sends the rest but not what waits for the
    // scorekeeper, and does not show it again.
    const next = loadPage({ path: SHEET_7, indexedDB, answer: server });
    await next.ready;
    next.goOnline();
    const result = plain(await next.window.TarotOffline.flush());
    assert.deepEqual(result, { outcome: "done", saved: 1 });
    assert.deepEqual(
      next.posts.map((post) => post.fields.submission_key),
      ["other-table"]
    );
    assert.equal(next.submitted.length, 0);
    assert.deepEqual(await stored(queue), [
      ["mine-3", 3, "review"],
      ["mine-4", 4, "queued"],
    ]);
  });

  test("typing the next hand: the refusal waits for the next page without a form", async () => {
    const form = entryForm(NEW_HAND_7, { submission_key: "typing", number: 5 });
    const { page, queue } = await pageWithQueue({ path: NEW_HAND_7, forms: [form] });
    const result = plain(await page.window.TarotOffline.flush());
    assert.deepEqual(result, { outcome: "done", saved: 1 });
    assert.equal(page.submitted.length, 0); // not taken from the form being typed
    assert.deepEqual(
      page.posts.map((post) => post.fields.submission_key),
      ["mine-3", "other-table"]
    );
    assert.deepEqual(await stored(queue), [
      ["mine-3", 3, "review"],
      ["mine-4", 4, "queued"],
    ]);
  });

  test("settled as the next deal: stored as such, the hands after it move up", async () => {
    const indexedDB = freshIndexedDB();
    const queue = loadWorker({ indexedDB });
    await queueHands(queue, [
      [NEW_HAND_7, "mine-3", 3],
      [NEW_HAND_7, "mine-4", 4],
      [NEW_HAND_7, "mine-5", 5],
    ]);
    // The scorekeeper chose "the next deal: save mine as hand 4" (the conflict page's
    // form, sent without signal: offline.js queueHand keeps it so).
    const settled = await queue.get("mine-3");
    Object.assign(settled, { state: "resolving", resolvedNumber: 4 });
    settled.fields = settled.fields.map(([name, value]) => [name, name === "number" ? "4" : value]);
    await queue.put(settled);

    const page = loadPage({ path: SHEET_7, indexedDB, answer: () => answers.saved(SHEET_7) });
    await page.ready;
    page.goOnline();
    const result = plain(await page.window.TarotOffline.flush());
    assert.deepEqual(result, { outcome: "done", saved: 3 });
    assert.deepEqual(
      page.posts.map((post) => [post.fields.submission_key, post.fields.number]),
      [
        ["mine-3", "4"],
        ["mine-4", "5"],
        ["mine-5", "6"],
      ]
    );
  });

  test("discarded (the same deal: keep the saved hand): the next ones go", async () => {
    const { page, queue, indexedDB } = await pageWithQueue({ path: SHEET_7 });
    await page.window.TarotOffline.flush();
    await queue.remove("mine-3");
    const next = loadPage({ path: SHEET_7, indexedDB, answer: server });
    await next.ready;
    next.goOnline();
    await next.window.TarotOffline.flush();
    assert.deepEqual(
      next.posts.map((post) => [post.fields.submission_key, post.fields.number]),
      [
        ["mine-4", "4"],
        ["other-table", "1"],
      ]
    );
    assert.deepEqual(await stored(queue), []);
  });
});

describe("whose hands wait: each is the account's that typed it", () => {
  // Alice (pk 1) typed hands on the phone; Bob (pk 2) logs in on it. offline.js keeps one
  // queue per browser profile (IndexedDB "tarot_club_offline"), each hand with the
  // account of the page it was typed on, and sends only the signed-in account's.
  const ALICE = 1;
  const BOB = 2;

  /** Queues hands typed by `account`: [action, key, number]. */
  async function queueAs(queue, account, hands) {
    for (const [action, key, number] of hands) {
      const entry = queue.entry(action, handFields(key, number), null, account);
      assert.equal(await queue.add(entry), true);
    }
  }

  test("a queued hand keeps the account it was typed by", () => {
    const queue = loadWorker();
    assert.equal(plain(queue.entry(NEW_HAND_7, handFields("k", 3), null, ALICE)).account, ALICE);
    // The worker's (a post that found no network) names nobody yet.
    assert.equal(plain(queue.entry(NEW_HAND_7, handFields("k", 3), null)).account, null);
  });

  test("logged out meanwhile: every hand waits, none is lost", async () => {
    const indexedDB = freshIndexedDB();
    const queue = loadWorker({ indexedDB });
    await queueAs(queue, ALICE, [
      [NEW_HAND_7, "h3", 3],
      [NEW_HAND_7, "h4", 4],
    ]);
    const page = loadPage({ path: SHEET_7, indexedDB, user: ALICE, answer: answers.login });
    await page.ready;
    page.goOnline();
    const result = plain(await page.window.TarotOffline.flush());
    assert.deepEqual(result, { outcome: "login", saved: 0 });
    assert.equal(page.posts.length, 1);
    assert.deepEqual(await stored(queue), [
      ["h3", 3, "queued"],
      ["h4", 4, "queued"],
    ]);
  });

  test("another account logged in on the phone sends only its own hands", async () => {
    const indexedDB = freshIndexedDB();
    const queue = loadWorker({ indexedDB });
    await queueAs(queue, ALICE, [[NEW_HAND_7, "typed-by-alice", 3]]);
    await queueAs(queue, BOB, [[NEW_HAND_8, "typed-by-bob", 1]]);
    const page = loadPage({
      path: SHEET_7,
      indexedDB,
      user: BOB,
      cookie: "csrftoken=bobs-session",
      answer: () => answers.saved(SHEET_7),
    });
    await page.ready;
    page.goOnline();
    const result = plain(await page.window.TarotOffline.flush());
    assert.deepEqual(result, { outcome: "done", saved: 1 });
    assert.deepEqual(
      page.posts.map((post) => post.fields.submission_key),
      ["typed-by-bob"]
    );
    // Alice's waits for her, untouched.
    assert.deepEqual(await stored(queue), [["typed-by-alice", 3, "queued"]]);
  });

  test("another account sees how many wait, none of what they say", async () => {
    const indexedDB = freshIndexedDB();
    const queue = loadWorker({ indexedDB });
    await queueAs(queue, ALICE, [
      [NEW_HAND_7, "a3", 3],
      [NEW_HAND_7, "a4", 4],
    ]);
    const box = pendingBox(7);
    const page = loadPage({ path: SHEET_7, indexedDB, user: BOB, elements: [box] });
    await page.ready;
    const notice = page.document.getElementById("offline-others");
    assert.ok(notice, "the notice of hands typed by someone else");
    assert.equal(
      notice.textContent,
      "2 hands typed by another account are waiting on this phone."
    );
    // The sheet's list shows none of them: no number, no scores, no fields.
    assert.equal(box.hidden, true);
    assert.equal(box.querySelector("ol").children.length, 0);
  });

  test("one hand of another account: the singular's words", async () => {
    const indexedDB = freshIndexedDB();
    await queueAs(loadWorker({ indexedDB }), ALICE, [[NEW_HAND_7, "a3", 3]]);
    const page = loadPage({ path: SHEET_7, indexedDB, user: BOB });
    await page.ready;
    assert.equal(
      page.document.getElementById("offline-others").textContent,
      "1 hand typed by another account is waiting on this phone."
    );
  });

  test("its own hands: listed, and no notice", async () => {
    const indexedDB = freshIndexedDB();
    await queueAs(loadWorker({ indexedDB }), ALICE, [[NEW_HAND_7, "a3", 3]]);
    const box = pendingBox(7);
    const page = loadPage({ path: SHEET_7, indexedDB, user: ALICE, elements: [box] });
    await page.ready;
    assert.equal(page.document.getElementById("offline-others"), null);
    assert.equal(box.hidden, false);
    assert.equal(box.querySelector("ol").children.length, 1);
  });

  test("another account's hands do not move its form's number", async () => {
    const indexedDB = freshIndexedDB();
    await queueAs(loadWorker({ indexedDB }), ALICE, [[NEW_HAND_7, "a1", 1]]);
    const form = entryForm(NEW_HAND_7, { submission_key: "new", number: "1" });
    const page = loadPage({ path: NEW_HAND_7, indexedDB, forms: [form], user: BOB });
    await page.ready;
    assert.equal(form.querySelector("input[name=number]").value, "1");
  });

  test("a hand the worker queued is claimed by the next signed-in page", async () => {
    const indexedDB = freshIndexedDB();
    const queue = loadWorker({ indexedDB });
    await queueHands(queue, [[NEW_HAND_7, "by-the-worker", 2]]);
    const page = loadPage({ path: SHEET_7, indexedDB, user: ALICE, copy: true });
    await page.ready;
    const [entry] = plain(await queue.all());
    assert.equal(entry.account, ALICE);
    // Bob's page, later: not his to send.
    const bobs = loadPage({ path: SHEET_7, indexedDB, user: BOB, answer: answers.login });
    await bobs.ready;
    bobs.goOnline();
    assert.deepEqual(plain(await bobs.window.TarotOffline.flush()), { outcome: "done", saved: 0 });
    assert.equal(bobs.posts.length, 0);
  });

  test("Alice back: her hands are sent, as hers", async () => {
    const indexedDB = freshIndexedDB();
    const queue = loadWorker({ indexedDB });
    await queueAs(queue, ALICE, [[NEW_HAND_7, "typed-by-alice", 3]]);
    const page = loadPage({
      path: SHEET_7,
      indexedDB,
      user: ALICE,
      answer: () => answers.saved(SHEET_7),
    });
    await page.ready;
    page.goOnline();
    await page.window.TarotOffline.flush();
    assert.deepEqual(
      page.posts.map((post) => post.fields.submission_key),
      ["typed-by-alice"]
    );
    assert.deepEqual(await stored(queue), []);
  });
});

describe("signed out: the pages kept go, the hands stay", () => {
  const NAMES = ["tarot_club-static-v1", "tarot_club-pages-v1", "other-site-cache"];

  test("a page rendered for nobody, with signal, deletes the kept pages", async () => {
    const indexedDB = freshIndexedDB();
    const queue = loadWorker({ indexedDB });
    await queue.add(queue.entry(NEW_HAND_7, handFields("alices", 3), null, 1));
    const caches = fakeCaches(NAMES);
    // Not a scorekeeper's page: the script goes no further than that.
    loadPage({ path: "/accounts/login/", indexedDB, online: true, caches });
    await until(() => !caches.kept.has("tarot_club-pages-v1"), "the kept pages deleted");
    assert.deepEqual([...caches.kept], ["tarot_club-static-v1", "other-site-cache"]);
    assert.deepEqual(await stored(queue), [["alices", 3, "queued"]]);
  });

  test("a signed-in page, or a kept copy offline, keeps them", async () => {
    for (const options of [{ user: 1, online: true }, { copy: true, online: false }]) {
      const caches = fakeCaches(NAMES);
      const page = loadPage({ path: SHEET_7, caches, ...options });
      await page.ready;
      await page.window.TarotOffline.flush();
      assert.deepEqual([...caches.kept], NAMES);
    }
  });
});
