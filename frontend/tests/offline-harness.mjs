// Runs tarot_club/static/js/offline.js under node, as the browser does, for the unit
// tests of the offline queue (offline-queue.test.mjs): the file as served, evaluated in
// a fresh global of its own (node:vm) each time, with fake-indexeddb for IndexedDB.
//
// - loadWorker(): the global the service worker gives it (no document): the queue only.
// - loadPage(): a page's global, with the little of a document the script reads (its
//   forms, a few elements by id, the root's attributes), a location, a navigator, a
//   localStorage and a fetch the test answers. What a real page does with it (layout,
//   htmx, the engine, the service worker) is the browser tests' (tests/browser).
import { readFileSync } from "node:fs";
import vm from "node:vm";
import { IDBFactory } from "fake-indexeddb";

const SCRIPT = new URL("../../tarot_club/static/js/offline.js", import.meta.url);
const SOURCE = readFileSync(SCRIPT, "utf8");

export const ORIGIN = "https://club.example";

// What tarot_club/offline.py page_config() sends (the English addresses) and the words
// of templatetags/offline.py: the patterns are the server's, copied.
export const CONFIG = {
  sw: "/sw.js",
  pages: [
    "^/score/$",
    "^/score/table/\\d+/$",
    "^/score/table/\\d+/hand/new/$",
    "^/score/table/\\d+/board/$",
    "^/score/table/\\d+/board/\\d+/$",
  ],
  queued: ["^/score/table/\\d+/hand/new/$", "^/score/table/\\d+/board/\\d+/$"],
  fresh: ["^/score/table/\\d+/hand/new/$"],
  login: "/accounts/login/",
  others: [
    "%(count)s hand typed by another account is waiting on this phone.",
    "%(count)s hands typed by another account are waiting on this phone.",
  ],
  copy: "No signal: this is the copy of this page kept on this phone.",
  impossible: "This hand cannot be saved:",
};

/** A fresh IndexedDB, empty: one per test, so that no test sees another's hands. */
export function freshIndexedDB() {
  return new IDBFactory();
}

/** A value out of the script's global (its own Object and Array) as plain data. */
export function plain(value) {
  return JSON.parse(JSON.stringify(value));
}

/** Waits, one turn of the event loop at a time, until `condition()` holds. */
export async function until(condition, what) {
  for (let turn = 0; turn < 5000; turn += 1) {
    if (await condition()) {
      return;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`never happened: ${what}`);
}

function run(globals) {
  const context = vm.createContext(globals);
  vm.runInContext("var self = this;", context);
  if (globals.now) {
    // The script's clock (Date.now stamps each hand queued).
    vm.runInContext("Date.now = now;", context);
  }
  vm.runInContext(SOURCE, context, { filename: SCRIPT.pathname });
  return context;
}

/** offline.js as /sw.js imports it: `self.TarotQueue`, nothing of a page. */
export function loadWorker({ indexedDB, now } = {}) {
  return run({ indexedDB: indexedDB || freshIndexedDB(), now }).TarotQueue;
}

// --- a page, as little of one as the script reads ------------------------------------

export class FakeElement {
  constructor(tagName, attributes = {}, properties = {}) {
    this.tagName = tagName.toUpperCase();
    this.attributes = new Map(Object.entries(attributes));
    this.children = [];
    this.parentNode = null;
    this.dataset = {};
    this.listeners = {};
    this.textContent = "";
    this.hidden = false;
    Object.assign(this, properties);
  }
  get id() {
    return this.getAttribute("id") || "";
  }
  set id(value) {
    this.setAttribute("id", value);
  }
  get firstChild() {
    return this.children[0] || null;
  }
  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }
  hasAttribute(name) {
    return this.attributes.has(name);
  }
  removeAttribute(name) {
    this.attributes.delete(name);
  }
  appendChild(child) {
    return this.insertBefore(child, null);
  }
  insertBefore(child, before) {
    child.parentNode = this;
    const at = before ? this.children.indexOf(before) : -1;
    this.children.splice(at === -1 ? this.children.length : at, 0, child);
    return child;
  }
  remove() {
    if (this.parentNode) {
      this.parentNode.children.splice(this.parentNode.children.indexOf(this), 1);
      this.parentNode = null;
    }
  }
  addEventListener(type, listener) {
    (this.listeners[type] ||= []).push(listener);
  }
  scrollIntoView() {}
  *descendants() {
    for (const child of this.children) {
      yield child;
      yield* child.descendants();
    }
  }
  // The selectors the script asks of an element: "tag", "input[name=x]".
  querySelectorAll(selector) {
    const match = /^([a-z]+)(?:\[name=([\w-]+)\])?$/.exec(selector);
    if (!match) {
      throw new Error(`selector not faked: ${selector}`);
    }
    const [, tag, name] = match;
    return [...this.descendants()].filter(
      (element) =>
        element.tagName === tag.toUpperCase() && (name === undefined || element.name === name)
    );
  }
  querySelector(selector) {
    return this.querySelectorAll(selector)[0] || null;
  }
}

/**
 * An entry form posting to `action`, with an <input> per field (name: value). As the
 * server renders them, an entry form names its action.
 */
export function entryForm(action, fields) {
  const form = new FakeElement("form", { action }, { method: "post" });
  for (const [name, value] of Object.entries(fields)) {
    form.appendChild(new FakeElement("input", {}, { name, value: String(value), type: "hidden" }));
  }
  return form;
}

/** The sheet's "hands waiting" box (table_sheet.html #pending-hands) for `table`. */
export function pendingBox(table) {
  const box = new FakeElement("div", { id: "pending-hands", "data-table": String(table) });
  box.hidden = true;
  box.appendChild(new FakeElement("ol"));
  return box;
}

/** A map-backed localStorage; `refuse`: every call throws, as in a private window. */
export function fakeStorage(entries = {}, { refuse = false } = {}) {
  const items = new Map(Object.entries(entries));
  const check = () => {
    if (refuse) {
      throw new Error("SecurityError: storage refused");
    }
  };
  return {
    items,
    getItem(key) {
      check();
      return items.has(key) ? items.get(key) : null;
    },
    setItem(key, value) {
      check();
      items.set(key, String(value));
    },
  };
}

// The server's answers to a queued hand's post, as fetch gives them (send() reads these).
export const answers = {
  /** Stored: the redirect to the sheet. */
  saved: (sheet) => ({ redirected: true, url: ORIGIN + sheet, status: 200 }),
  /** Refused (the conflict page, the chelem question): the form's page again. */
  refused: () => ({ redirected: false, url: "", status: 200 }),
  /** Logged out meanwhile: the redirect to the login page. */
  login: () => ({ redirected: true, url: ORIGIN + "/accounts/login/?next=/score/", status: 200 }),
};

/**
 * offline.js loaded on a page at `path`. Returns the page: its global (`window`), its
 * document, what the script asked of the network (`posts`), posted as a page
 * (`submitted`), navigated to (`navigations`), and `ready`, resolved once the script
 * has numbered the forms (data-offline-ready).
 *
 * `online`: navigator.onLine at load. Offline by default, so that nothing is sent until
 * a test says so (page.goOnline() then window.TarotOffline.flush(), or the "online"
 * event): a sending started by the load itself would race the test's.
 * `answer(post)`: the server's answer to a queued hand's post, or a thrown error for
 * no network. `user`: the pk of the account the page was rendered for (null: nobody).
 * `caches`: the page's CacheStorage, when the test looks at what it keeps.
 */
export function loadPage({
  path,
  indexedDB,
  forms = [],
  elements = [],
  copy = false,
  online = false,
  storage = fakeStorage(),
  cookie = "csrftoken=token-of-this-session",
  user = null,
  caches = undefined,
  answer = () => {
    throw new TypeError("Failed to fetch");
  },
} = {}) {
  const root = new FakeElement("html");
  if (copy) {
    root.setAttribute("data-offline-copy", "1");
  }
  let markReady;
  const ready = new Promise((resolve) => {
    markReady = resolve;
  });
  const setRootAttribute = root.setAttribute.bind(root);
  root.setAttribute = (name, value) => {
    setRootAttribute(name, value);
    if (name === "data-offline-ready") {
      markReady();
    }
  };

  const body = new FakeElement("body");
  for (const element of [...elements, ...forms]) {
    body.appendChild(element);
  }
  const script = new FakeElement("script", {
    "data-offline": JSON.stringify({ ...CONFIG, user }),
  });

  const document = {
    currentScript: script,
    documentElement: root,
    body,
    cookie,
    forms,
    listeners: {},
    getElementById(id) {
      return [...body.descendants()].find((element) => element.id === id) || null;
    },
    querySelector(selector) {
      return selector === "main" ? null : body.querySelector(selector);
    },
    querySelectorAll(selector) {
      // The links the worker would keep, a conflict page's links, forms sent earlier:
      // none on these pages.
      if (/^(a\[href\]|#conflict a\[href\]|form\[data-offline-post\].*)$/.test(selector)) {
        return [];
      }
      throw new Error(`selector not faked: ${selector}`);
    },
    createElement(tag) {
      return new FakeElement(tag);
    },
    addEventListener(type, listener) {
      (this.listeners[type] ||= []).push(listener);
    },
  };

  const page = {
    posts: [],
    submitted: [],
    navigations: [],
    document,
    storage,
    ready,
    window: null,
    goOnline() {
      navigator.onLine = true;
    },
    /** Fires a window event ("online"). */
    dispatch(type) {
      for (const listener of windowListeners[type] || []) {
        listener({ type });
      }
    },
  };

  const navigator = { onLine: online };
  const windowListeners = {};
  const location = {
    origin: ORIGIN,
    pathname: path,
    href: ORIGIN + path,
    assign(url) {
      page.navigations.push(String(url));
    },
    reload() {
      page.navigations.push("reload");
    },
  };

  async function fetch(url, init) {
    const post = {
      url: String(url),
      method: init.method,
      headers: { ...init.headers },
      fields: Object.fromEntries(init.body),
    };
    page.posts.push(post);
    return answer(post);
  }

  page.window = run({
    indexedDB: indexedDB || freshIndexedDB(),
    document,
    navigator,
    location,
    localStorage: storage,
    fetch,
    crypto: globalThis.crypto,
    URL,
    URLSearchParams,
    FormData,
    setTimeout,
    isSecureContext: false,
    caches,
    HTMLFormElement: {
      prototype: {
        // A form posted as a page: the browser leaves for the server's answer.
        submit() {
          page.submitted.push(this);
        },
      },
    },
    addEventListener(type, listener) {
      (windowListeners[type] ||= []).push(listener);
    },
  });
  return page;
}

/** A CacheStorage of named caches (only their names: what the script deletes). */
export function fakeCaches(names) {
  const kept = new Set(names);
  return {
    kept,
    async keys() {
      return [...kept];
    },
    async delete(name) {
      return kept.delete(name);
    },
  };
}

/** A form posted as a page, as the server would read it: its action and fields. */
export function postedForm(form) {
  return {
    action: form.action,
    method: form.method,
    fields: Object.fromEntries(form.children.map((input) => [input.name, input.value])),
  };
}
