// @ts-check
// Offline hand entry (docs/OFFLINE.md). Two parts in one file, so that the pages load
// one script and the service worker (/sw.js) shares the queue's code:
//
// - the queue (IndexedDB): the hands saved without signal, each with its form's fields,
//   its one-time submission key and its table, in the order they were saved;
// - on a page: the worker's registration, the "no signal" notice on a kept copy, the
//   entry forms that queue instead of posting without signal, the queue sent in order
//   when the signal returns (the "online" event, each page load), and the sheet's list
//   of the hands waiting to be sent.
//
// A queued hand is posted with its own key: posted twice (a lost answer, two tabs), it
// is stored once (services/submissions.py). A refused one (a conflict with a hand
// stored meanwhile, the chelem question, a locked sheet) is posted once more as a
// page of its own, so that the scorekeeper sees the server's page with what he typed;
// the hands after it at its table wait until it is settled.
//
// Each queued hand is the account's that typed it (the page's `user`): it is sent only
// from that account's pages; another account's pages say how many wait, nothing more.
// A page rendered for nobody signed in (the login page, a session gone) forgets the
// pages the worker kept: they were someone's.
(function (global) {
  "use strict";

  var DB_NAME = "tarot_club_offline";
  var STORE = "hands";
  var KEY_FIELD = "submission_key";
  var sequence = 0;

  /** @returns {Promise<IDBDatabase>} */
  function openDb() {
    return new Promise(function (resolve, reject) {
      var request = global.indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, { keyPath: "key" });
      };
      request.onsuccess = function () {
        resolve(request.result);
      };
      request.onerror = function () {
        reject(request.error);
      };
    });
  }

  // `work` asks the store; what it passes to `done` is the answer, once the transaction
  // has completed.
  /**
   * @template [T=void]
   * @param {IDBTransactionMode} mode
   * @param {(store: IDBObjectStore, done: (value: T) => void) => void} work
   * @returns {Promise<T>}
   */
  function withStore(mode, work) {
    return openDb().then(function (db) {
      return new Promise(function (resolve, reject) {
        var transaction = db.transaction(STORE, mode);
        /** @type {T | undefined} */
        var result;
        transaction.oncomplete = function () {
          db.close();
          resolve(/** @type {T} */ (result)); // set by `done` (the work that answers calls it)
        };
        transaction.onabort = function () {
          db.close();
          reject(transaction.error);
        };
        work(transaction.objectStore(STORE), function (value) {
          result = value;
        });
      });
    });
  }

  /**
   * @param {string} path
   * @returns {number | null}
   */
  function tableOf(path) {
    var match = /\/table\/(\d+)\//.exec(path);
    return match ? Number(match[1]) : null;
  }

  /**
   * @param {FormFields} fields
   * @param {string} name
   * @returns {string | null}
   */
  function field(fields, name) {
    for (var i = 0; i < fields.length; i += 1) {
      if (fields[i][0] === name) {
        return fields[i][1];
      }
    }
    return null;
  }

  /** @type {TarotQueueApi} */
  var Queue = {
    // Every queued hand, in the order saved.
    all: function () {
      return withStore("readonly", function (store, done) {
        var request = store.getAll();
        request.onsuccess = function () {
          done(
            request.result.sort(function (a, b) {
              return a.created - b.created || a.seq - b.seq;
            })
          );
        };
      });
    },
    get: function (key) {
      return withStore("readonly", function (store, done) {
        var request = store.get(key);
        request.onsuccess = function () {
          done(request.result || null);
        };
      });
    },
    put: function (entry) {
      return withStore("readwrite", function (store) {
        store.put(entry);
      });
    },
    // A hand already queued under its key (a double tap) is not queued twice.
    add: function (entry) {
      return withStore("readwrite", function (store, done) {
        var request = store.add(entry);
        request.onsuccess = function () {
          done(true);
        };
        request.onerror = function (event) {
          event.preventDefault(); // the key is there: keep the transaction
          event.stopPropagation();
          done(false);
        };
      });
    },
    remove: function (key) {
      return withStore("readwrite", function (store) {
        store.delete(key);
      });
    },
    // A queue entry for the fields an entry form posts to `action` (a path), typed by
    // `account` (a user's pk; null when not known: the next signed-in page claims it).
    entry: function (action, fields, scores, account) {
      var number = field(fields, "number");
      sequence += 1;
      return {
        // Every entry form has one (SubmissionKeyField); an entry without is refused by add().
        key: /** @type {string} */ (field(fields, KEY_FIELD)),
        table: tableOf(action),
        action: action,
        fields: fields,
        number: number ? Number(number) : null,
        scores: scores || null,
        state: "queued",
        created: Date.now(),
        seq: sequence,
        account: account == null ? null : account,
      };
    },
    // The table's sheet: entry forms are under "score/table/<id>/", the sheet is that.
    sheetOf: function (action) {
      return action.replace(/(\/table\/\d+\/).*$/, "$1");
    },
    field: field,
    tableOf: tableOf,
  };
  global.TarotQueue = Queue;

  if (typeof document === "undefined") {
    return; // in the service worker: the queue only
  }

  // --- on a page --------------------------------------------------------------------

  // The server's page_config() and the notice's words (templatetags/offline.py).
  /**
   * @typedef {object} PageConfig
   * @property {string} sw
   * @property {string[]} pages
   * @property {string[]} queued
   * @property {string[]} fresh
   * @property {string} login
   * @property {string} [copy]
   * @property {string} [impossible]
   * @property {number | null} [user]
   * @property {string[]} [others]
   */
  // A hand's line in the sheet's list: a queued hand, or one sent from this page.
  /**
   * @typedef {object} ListedHand
   * @property {string} key
   * @property {number | null} table
   * @property {number | null} number
   * @property {number | null} [resolvedNumber]
   * @property {EngineScore[] | null} scores
   * @property {QueueEntry["state"]} [state]
   * @property {boolean} [saved]
   */

  var script = document.currentScript;
  // {} only where the page's script tag lacks it (base.html sets it on every page).
  /** @type {PageConfig} */
  var config = JSON.parse((script && script.getAttribute("data-offline")) || "{}");
  /** @param {string[] | undefined} list */
  function regexps(list) {
    return (list || []).map(function (pattern) {
      return new RegExp(pattern);
    });
  }
  var queuedPatterns = regexps(config.queued);
  // The new-hand form of a free deal (a board's form is addressed by its board).
  var freshPatterns = regexps(config.fresh || []);
  var scorekeeperPage = regexps(config.pages).some(function (pattern) {
    return pattern.test(location.pathname);
  });
  var keptCopy = document.documentElement.hasAttribute("data-offline-copy");
  // Whether this page came through the worker (else it has not kept it).
  var seenByWorker = !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  // The account signed in (its pk), null for nobody.
  var account = config.user == null ? null : config.user;

  // Whether a queued hand is this account's to send, list and number after. One the
  // worker queued names nobody until claimed (claimUnowned).
  /** @param {QueueEntry} entry */
  function isMine(entry) {
    return (entry.account == null ? null : entry.account) === account;
  }

  /** @param {QueueEntry[]} entries */
  function mineOnly(entries) {
    return entries.filter(isMine);
  }

  // Signed out (this page was rendered for nobody, with signal): the pages the worker
  // kept were the last account's and go; the queued hands stay, their account's.
  var PAGES_PREFIX = "tarot_club-pages-";
  if (account === null && !keptCopy && navigator.onLine !== false && global.caches) {
    var cacheStorage = global.caches;
    cacheStorage.keys().then(
      function (names) {
        return Promise.all(
          names
            .filter(function (name) {
              return name.indexOf(PAGES_PREFIX) === 0;
            })
            .map(function (name) {
              return cacheStorage.delete(name);
            })
        );
      },
      function () {
        return null;
      }
    );
  }

  /** @returns {string} */
  function newKey() {
    if (global.crypto && global.crypto.randomUUID) {
      return global.crypto.randomUUID();
    }
    var bytes = global.crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    var hex = Array.prototype.map
      .call(bytes, function (b) {
        return (b + 0x100).toString(16).slice(1);
      })
      .join("");
    return [
      hex.slice(0, 8),
      hex.slice(8, 12),
      hex.slice(12, 16),
      hex.slice(16, 20),
      hex.slice(20),
    ].join("-");
  }

  function csrfCookie() {
    var match = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie);
    return match ? decodeURIComponent(match[1]) : null;
  }

  /** @param {string} url */
  function pathOf(url) {
    return new URL(url, location.href).pathname;
  }

  // An entry form's path (hand_form.html and board_form.html name their action).
  /** @param {HTMLFormElement} form */
  function actionOf(form) {
    return pathOf(/** @type {string} */ (form.getAttribute("action")));
  }

  /** @param {HTMLFormElement} form */
  function isEntryForm(form) {
    if (!form || (form.method || "").toLowerCase() !== "post") {
      return false;
    }
    var path = pathOf(form.getAttribute("action") || location.href);
    return queuedPatterns.some(function (pattern) {
      return pattern.test(path);
    });
  }

  /**
   * @param {HTMLFormElement} form
   * @param {HTMLElement | null} submitter
   * @returns {FormFields}
   */
  function formFields(form, submitter) {
    var data = submitter ? new FormData(form, submitter) : new FormData(form);
    /** @type {FormFields} */
    var fields = [];
    data.forEach(function (value, name) {
      if (typeof value === "string") {
        fields.push([name, value]);
      }
    });
    return fields;
  }

  // The number a queued hand takes, and a new hand's form opened after it carries: the
  // next after the table's queued hands (the one it was settled as, for a hand whose
  // conflict the scorekeeper settled).
  /**
   * @param {{number: number | null, resolvedNumber?: number | null}} entry
   * @returns {number | null}
   */
  function numberOf(entry) {
    return entry.resolvedNumber || entry.number;
  }

  /**
   * @param {QueueEntry[]} entries
   * @param {number | null} table
   */
  function lastQueued(entries, table) {
    var last = 0;
    entries.forEach(function (entry) {
      var number = numberOf(entry);
      if (entry.table === table && number && number > last) {
        last = number;
      }
    });
    return last;
  }

  /**
   * @param {HTMLFormElement} form
   * @param {number} number
   */
  function setNumber(form, number) {
    /** @type {HTMLInputElement | null} */
    var input = form.querySelector("input[name=number]");
    if (!input || !number) {
      return;
    }
    input.value = String(number);
    var badge = document.getElementById("opened-as");
    if (badge) {
      badge.textContent = /** @type {string} */ (badge.textContent).replace(/\d+/, String(number));
    }
  }

  // A hand form opened after hands queued at its table carries the next number, so
  // that ten hands entered without signal are stored in order, and one stored meanwhile
  // by another phone is still noticed (services.hands.NumberTaken).
  // A kept copy of a form carries the number it had when it was kept: after a hand
  // saved with signal since, that hand's number, and the next hand typed offline met
  // "saved on another phone" with no other phone. So the pages the server sends say
  // the last hand stored at their table (the sheet: #sheet-stored; a fresh form: its
  // number, less one), remembered here, and a kept form takes the next.
  var STORED_PREFIX = "tarot_club-last-hand:";

  /** @param {number | null} table */
  function lastStored(table) {
    try {
      return Number(global.localStorage.getItem(STORED_PREFIX + table)) || 0;
    } catch {
      return 0; // storage refused (a private window): the queue alone numbers
    }
  }

  /**
   * @param {number | null} table
   * @param {number} number
   */
  function rememberStored(table, number) {
    if (!table || !(number > lastStored(table))) {
      return;
    }
    try {
      global.localStorage.setItem(STORED_PREFIX + table, String(number));
    } catch {
      // as above
    }
  }

  function noteStoredNumbers() {
    if (keptCopy) {
      return; // a copy says what was stored when it was kept, not now
    }
    var sheet = document.getElementById("sheet-stored");
    if (sheet) {
      rememberStored(Number(sheet.dataset.table), Number(sheet.dataset.lastHand));
    }
    /** @type {HTMLFormElement[]} */
    var fresh = Array.prototype.filter.call(document.forms, isFreshForm);
    fresh.forEach(function (form) {
      /** @type {HTMLInputElement | null} */
      var input = form.querySelector("input[name=number]");
      if (input && input.value) {
        rememberStored(tableOf(actionOf(form)), Number(input.value) - 1);
      }
    });
  }

  /** @param {HTMLFormElement} form */
  function isFreshForm(form) {
    var path = pathOf(form.getAttribute("action") || "");
    return freshPatterns.some(function (pattern) {
      return pattern.test(path);
    });
  }

  /**
   * @param {HTMLFormElement} form
   * @param {QueueEntry[]} entries
   */
  function numberAfterQueue(form, entries) {
    /** @type {HTMLInputElement | null} */
    var input = form.querySelector("input[name=number]");
    if (!input || !input.value) {
      return;
    }
    var table = tableOf(actionOf(form));
    var stored = keptCopy && isFreshForm(form) ? lastStored(table) : 0;
    var last = Math.max(lastQueued(entries, table), stored);
    if (last >= Number(input.value)) {
      setNumber(form, last + 1);
    }
  }

  /**
   * @param {FormFields} fields
   * @returns {Promise<EngineResult | null>}
   */
  function provisional(fields) {
    var engine = global.tarotEngine;
    if (!engine || typeof engine.score !== "function") {
      return Promise.resolve(null);
    }
    var ask = engine;
    /** @type {Record<string, string>} */
    var values = {};
    fields.forEach(function (pair) {
      values[pair[0]] = pair[1];
    });
    /** @type {Promise<"late">} */
    var waited = new Promise(function (resolve) {
      global.setTimeout(resolve, 5000, "late");
    });
    return Promise.race([Promise.resolve(engine.ready), waited])
      .then(function (ready) {
        return ready === "late" ? null : ask.score(values);
      })
      .catch(function () {
        return null;
      });
  }

  /**
   * @param {HTMLFormElement} form
   * @param {Extract<EngineResult, {ok: false}>} result
   */
  function showRefusal(form, result) {
    var old = document.getElementById("offline-refusal");
    if (old) {
      old.remove();
    }
    var box = document.createElement("div");
    box.className = "alert alert-danger";
    box.id = "offline-refusal";
    box.setAttribute("role", "alert");
    /** @type {string[]} */
    var messages = [];
    Object.keys(result.errors || {}).forEach(function (name) {
      messages = messages.concat(result.errors[name]);
    });
    box.textContent = (config.impossible || "") + " " + messages.join(" ");
    form.insertBefore(box, form.firstChild);
    box.scrollIntoView({ block: "center" });
  }

  // Without signal: the hand goes to the queue, with a key of its own, then the sheet.
  /**
   * @param {HTMLFormElement} form
   * @param {HTMLElement | null} submitter
   * @returns {Promise<void | null>}
   */
  function queueHand(form, submitter) {
    var action = actionOf(form);
    /** @type {HTMLInputElement | null} */
    var keyInput = form.querySelector("input[name=" + KEY_FIELD + "]");
    // A kept copy's key may have been used by the post made from the page it copies.
    if (keptCopy && keyInput) {
      keyInput.value = newKey();
    }
    return Queue.all().then(function (all) {
      var entries = mineOnly(all);
      if (!resolving) {
        numberAfterQueue(form, entries);
      }
      var fields = formFields(form, submitter);
      return provisional(fields).then(function (result) {
        if (result && result.ok === false) {
          showRefusal(form, result);
          return null;
        }
        var scores = result && result.ok ? result.scores : null;
        /** @type {Promise<unknown>} */
        var save;
        if (resolving) {
          // The settling of a refused queued hand, saved again without signal.
          // Its number as settled ("the next deal": the next one); the hands queued
          // after it move as much once it is stored.
          resolving.fields = fields;
          resolving.resolvedNumber = Number(Queue.field(fields, "number")) || null;
          resolving.scores = scores || resolving.scores;
          resolving.state = "resolving";
          save = Queue.put(resolving);
        } else {
          save = Queue.add(Queue.entry(action, fields, scores, account));
        }
        return save.then(function () {
          // The form, if shown again (the back button), is another hand: another key.
          if (keyInput) {
            keyInput.value = newKey();
          }
          location.assign(Queue.sheetOf(action) + "#pending-hands");
        });
      });
    });
  }

  /** @type {QueueEntry | null} */
  var resolving = null; // the queued hand this page settles (its key is the form's)

  document.addEventListener(
    "submit",
    function (event) {
      var form = /** @type {HTMLFormElement} */ (event.target);
      if (event.defaultPrevented || form.dataset.offlinePost || !isEntryForm(form)) {
        return;
      }
      var submitter = /** @type {HTMLButtonElement | HTMLInputElement | null} */ (event.submitter);
      if (navigator.onLine !== false && !keptCopy && !resolving) {
        return; // with signal: posted as always (the worker queues it if the post fails)
      }
      event.preventDefault();
      if (form.dataset.offlineBusy) {
        return;
      }
      form.dataset.offlineBusy = "1";
      var done = function () {
        delete form.dataset.offlineBusy;
      };
      if (navigator.onLine === false) {
        queueHand(form, submitter).then(done, done);
        return;
      }
      // With signal, from a kept copy (its key may be spent: a new one) or settling a
      // queued hand (noted, so that its answer is recognised when the queue is sent).
      var ready = Promise.resolve();
      if (resolving) {
        resolving.fields = formFields(form, submitter);
        resolving.resolvedNumber = Number(Queue.field(resolving.fields, "number")) || null;
        resolving.state = "resolving";
        ready = Queue.put(resolving);
      } else {
        /** @type {HTMLInputElement | null} */
        var keyInput = form.querySelector("input[name=" + KEY_FIELD + "]");
        if (keyInput) {
          keyInput.value = newKey();
        }
      }
      ready.then(function () {
        post(form, submitter);
      }, done);
    },
    true
  );

  // The form posted as a page (no submit event: the handlers above are not run again).
  /**
   * @param {HTMLFormElement} form
   * @param {HTMLButtonElement | HTMLInputElement | null} submitter
   */
  function post(form, submitter) {
    form.dataset.offlinePost = "1";
    var token = csrfCookie();
    /** @type {HTMLInputElement | null} */
    var csrf = form.querySelector("input[name=csrfmiddlewaretoken]");
    if (token && csrf) {
      csrf.value = token; // a kept copy's token may be an older session's
    }
    if (submitter && submitter.name) {
      var carried = document.createElement("input");
      carried.type = "hidden";
      carried.name = submitter.name;
      carried.value = submitter.value;
      form.appendChild(carried);
    }
    HTMLFormElement.prototype.submit.call(form);
  }

  // Back to this page from the browser's cache: its forms are handled again.
  global.addEventListener("pageshow", function () {
    /** @type {NodeListOf<HTMLFormElement>} */
    var posted = document.querySelectorAll("form[data-offline-post], form[data-offline-busy]");
    posted.forEach(function (form) {
      delete form.dataset.offlinePost;
      delete form.dataset.offlineBusy;
    });
  });

  // --- sending the queue ------------------------------------------------------------

  /** @param {QueueEntry} entry */
  function body(entry) {
    var params = new URLSearchParams();
    var token = csrfCookie();
    entry.fields.forEach(function (pair) {
      var value = pair[1];
      if (pair[0] === "number" && numberOf(entry)) {
        value = String(numberOf(entry));
      } else if (pair[0] === "csrfmiddlewaretoken" && token) {
        value = token; // the kept copy's token may be an older session's
      }
      params.append(pair[0], value);
    });
    return params;
  }

  // "saved", "refused" (the server's page says why), "login" or "network" (try later).
  /**
   * @param {QueueEntry} entry
   * @returns {Promise<"saved" | "refused" | "login" | "network">}
   */
  function send(entry) {
    /** @type {Record<string, string>} */
    var headers = { "Content-Type": "application/x-www-form-urlencoded" };
    var token = csrfCookie();
    if (token) {
      headers["X-CSRFToken"] = token;
    }
    return global
      .fetch(entry.action, {
        method: "POST",
        body: body(entry),
        headers: headers,
        credentials: "same-origin",
      })
      .then(
        function (response) {
          if (response.redirected) {
            return pathOf(response.url).indexOf(config.login) === 0 ? "login" : "saved";
          }
          return response.status >= 500 ? "network" : "refused";
        },
        function () {
          return "network";
        }
      );
  }

  // A refused queued hand shown as the server's page: posted as a page, with its key.
  /** @param {QueueEntry} entry */
  function showAsPage(entry) {
    var form = document.createElement("form");
    form.method = "post";
    form.action = entry.action;
    form.hidden = true;
    body(entry).forEach(function (value, name) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.appendChild(input);
    });
    document.body.appendChild(form);
    post(form, null);
  }

  // The hands after a settled one at its table move by as many numbers as it moved.
  /**
   * @param {QueueEntry[]} entries
   * @param {QueueEntry} settled
   * @returns {Promise<unknown>}
   */
  function shiftAfter(entries, settled) {
    if (!settled.number) {
      return Promise.resolve();
    }
    var offset = (settled.resolvedNumber || settled.number) - settled.number;
    if (!offset) {
      return Promise.resolve();
    }
    var later = entries.filter(function (entry) {
      return (
        entry.table === settled.table &&
        entry.number &&
        entry.created >= settled.created &&
        entry.key !== settled.key
      );
    });
    return Promise.all(
      later.map(function (entry) {
        entry.number = /** @type {number} */ (entry.number) + offset; // kept: it has one
        if (entry.resolvedNumber) {
          entry.resolvedNumber += offset;
        }
        return Queue.put(entry);
      })
    );
  }

  /** @type {Promise<FlushResult | null | void> | null} */
  var flushing = null;
  // A page with an entry form is not taken from the scorekeeper typing on it: a refused
  // queued hand is shown at the next page without one (the sheet).
  var typing = Array.prototype.some.call(document.forms, isEntryForm);

  /**
   * @param {QueueEntry} entry
   * @returns {Promise<"shown">}
   */
  function show(entry) {
    entry.shown = true;
    return Queue.put(entry).then(function () {
      showAsPage(entry);
      return "shown";
    });
  }

  /** @returns {Promise<FlushResult>} */
  function flushOnce() {
    var saved = 0;
    /** @type {Record<string, boolean>} */
    var blocked = {}; // by table
    return Queue.all().then(function (all) {
      var entries = mineOnly(all); // another account's wait for it
      var index = 0;
      /** @returns {FlushResult["outcome"] | Promise<FlushResult["outcome"]>} */
      function next() {
        if (index >= entries.length) {
          return "done";
        }
        var entry = entries[index];
        index += 1;
        if (blocked[String(entry.table)]) {
          return next();
        }
        if (entry.state === "review") {
          blocked[String(entry.table)] = true; // waits for the scorekeeper
          return entry.shown || typing ? next() : show(entry);
        }
        showState(entry, "sending");
        return send(entry).then(function (outcome) {
          if (outcome === "saved") {
            saved += 1;
            showState(entry, "saved");
            return Queue.remove(entry.key)
              .then(function () {
                return shiftAfter(entries.slice(index), entry);
              })
              .then(next);
          }
          if (outcome === "refused") {
            entry.state = "review";
            if (typing) {
              blocked[String(entry.table)] = true; // shown at the next page without a form
              return Queue.put(entry).then(next);
            }
            return show(entry);
          }
          showState(entry, "waiting");
          return outcome; // no signal or logged out: all wait
        });
      }
      return Promise.resolve(next()).then(function (outcome) {
        return { outcome: outcome, saved: saved };
      });
    });
  }

  /** @returns {Promise<FlushResult | null | void>} */
  function flush() {
    if (flushing || navigator.onLine === false) {
      return flushing || Promise.resolve(null);
    }
    var run = function () {
      return flushOnce();
    };
    // One tab at a time sends the queue (the keys would make a second sending harmless).
    /** @type {Promise<FlushResult>} */
    var locked =
      navigator.locks && navigator.locks.request
        ? // resolves with what run()'s promise does (TypeScript's lib types it nested)
          /** @type {Promise<FlushResult>} */ (
            /** @type {unknown} */ (navigator.locks.request("tarot_club_offline_queue", run))
          )
        : run();
    var sending = locked
      .then(function (result) {
        flushing = null;
        var onSheet = !!document.getElementById("pending-hands");
        if (result && result.outcome === "done" && result.saved && onSheet) {
          location.reload(); // the sheet, with the hands stored
        } else {
          renderPending();
        }
        return result;
      })
      .catch(function () {
        flushing = null;
      });
    flushing = sending;
    return sending;
  }

  // --- the sheet's list of hands waiting to be sent ---------------------------------

  var pendingBox = document.getElementById("pending-hands");
  /** @type {Record<string, string>} */
  var stateOf = {};
  /** @type {ListedHand[]} */
  var sent = []; // the hands sent from this page, listed as saved until it reloads

  /**
   * @param {QueueEntry} entry
   * @param {"sending" | "saved" | "waiting"} state
   */
  function showState(entry, state) {
    stateOf[entry.key] = state;
    if (state === "saved") {
      sent.push({
        key: entry.key,
        table: entry.table,
        number: numberOf(entry),
        scores: entry.scores,
        saved: true,
      });
    }
    renderPending();
  }

  /** @param {string} name */
  function label(name) {
    return pendingBox ? pendingBox.getAttribute("data-label-" + name) || "" : "";
  }

  /** @param {number} score */
  function signed(score) {
    return (score > 0 ? "+" : score < 0 ? "\u2212" : "") + Math.abs(score);
  }

  /** @returns {Promise<void>} */
  function renderPending() {
    if (!pendingBox) {
      return Promise.resolve();
    }
    var box = pendingBox;
    var table = Number(box.getAttribute("data-table"));
    return Queue.all().then(function (entries) {
      var list = /** @type {HTMLOListElement} */ (box.querySelector("ol")); // the template's
      list.textContent = "";
      /** @type {ListedHand[]} */
      var mine = mineOnly(entries).filter(function (entry) {
        return entry.table === table;
      });
      var stored = sent.filter(function (entry) {
        return entry.table === table;
      });
      mine = stored.concat(mine);
      box.hidden = mine.length === 0;
      mine.forEach(function (entry) {
        var item = document.createElement("li");
        item.className = "list-group-item pending-hand";
        item.setAttribute("data-key", entry.key);
        var state = entry.saved
          ? "saved"
          : entry.state === "review"
            ? "review"
            : stateOf[entry.key] || "waiting";
        item.setAttribute("data-state", state);
        var head = document.createElement("div");
        var title = document.createElement("strong");
        var number = numberOf(entry);
        title.textContent = number ? label("hand").replace("0", String(number)) : "";
        head.appendChild(title);
        var badge = document.createElement("span");
        /** @type {Record<string, string>} */
        var colours = { saved: "text-bg-success", review: "text-bg-warning" };
        var colour = colours[state];
        badge.className = "badge ms-2 " + (colour || "text-bg-secondary");
        badge.textContent = label(state);
        head.appendChild(badge);
        item.appendChild(head);
        if (entry.scores && entry.scores.length) {
          var scores = document.createElement("div");
          scores.className = "small pending-scores";
          scores.textContent = entry.scores
            .map(function (row) {
              return row.player + " " + signed(row.score);
            })
            .join(" · ");
          item.appendChild(scores);
        }
        if (state === "review") {
          var actions = document.createElement("div");
          actions.className = "d-flex flex-wrap gap-2 mt-1";
          var review = document.createElement("button");
          review.type = "button";
          review.className = "btn btn-sm btn-warning";
          review.textContent = label("show");
          review.addEventListener("click", function () {
            showAsPage(/** @type {QueueEntry} */ (entry)); // under review: a queued hand
          });
          var discard = document.createElement("button");
          discard.type = "button";
          discard.className = "btn btn-sm btn-outline-danger";
          discard.textContent = label("discard");
          // A hand typed at the table is lost with it: a second tap, on the button
          // that now says so, discards it (one slip of the thumb does not).
          discard.addEventListener("click", function () {
            if (discard.dataset.armed !== "1") {
              discard.dataset.armed = "1";
              discard.className = "btn btn-sm btn-danger";
              discard.textContent = label("discard-confirm");
              return;
            }
            Queue.remove(entry.key).then(renderPending).then(flush);
          });
          actions.appendChild(review);
          actions.appendChild(discard);
          item.appendChild(actions);
        }
        list.appendChild(item);
      });
    });
  }

  // --- at load ----------------------------------------------------------------------

  function keepPages() {
    // The worker keeps this page and the scorekeeper's pages it links to (a sheet's
    // new-hand form, My tables' sheets), so that they open without signal.
    /** @type {string[]} */
    var links = [];
    // This page, when the worker did not see it (the first load): the worker keeps it.
    var current = seenByWorker ? null : location.pathname;
    /** @type {NodeListOf<HTMLAnchorElement>} */
    var anchors = document.querySelectorAll("a[href]");
    anchors.forEach(function (link) {
      if (link.origin === location.origin && links.length < 60) {
        links.push(link.pathname);
      }
    });
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.active) {
        registration.active.postMessage({ type: "keep", paths: links, current: current });
      }
    });
  }

  // Only the scorekeeper's pages install the worker: a public page's reader does not
  // download the engine for a table he never keeps.
  if (!scorekeeperPage && !seenByWorker) {
    return;
  }
  if ("serviceWorker" in navigator && config.sw && global.isSecureContext) {
    navigator.serviceWorker.register(config.sw, { scope: "/" }).then(
      function () {
        if (navigator.onLine !== false && !keptCopy) {
          keepPages();
        }
      },
      function () {
        return null; // no worker (a private window, a browser without): pages as always
      }
    );
  }

  if (keptCopy) {
    var main = document.querySelector("main") || document.body;
    var notice = document.createElement("div");
    notice.className = "alert alert-warning";
    notice.id = "offline-copy";
    notice.setAttribute("role", "status");
    notice.textContent = config.copy || "";
    main.insertBefore(notice, main.firstChild);
  }

  /** @returns {Promise<void>} */
  function prepareForms() {
    /** @type {HTMLFormElement[]} */
    var forms = Array.prototype.filter.call(document.forms, isEntryForm);
    if (!forms.length) {
      return Promise.resolve();
    }
    return Queue.all().then(function (all) {
      var entries = mineOnly(all);
      /** @type {Record<string, QueueEntry>} */
      var byKey = {};
      entries.forEach(function (entry) {
        byKey[entry.key] = entry;
      });
      forms.forEach(function (form) {
        /** @type {HTMLInputElement | null} */
        var keyInput = form.querySelector("input[name=" + KEY_FIELD + "]");
        var entry = !keptCopy && keyInput ? byKey[keyInput.value] : null;
        if (entry) {
          // The server's page for a refused queued hand: what was typed, to settle.
          resolving = entry;
          entry.state = "review";
          entry.shown = true;
          Queue.put(entry);
          settleLinks(entry);
        } else {
          numberAfterQueue(form, entries);
        }
      });
    });
  }

  // "The same deal: keep the saved hand": the queued hand is not sent.
  /** @param {QueueEntry} entry */
  function settleLinks(entry) {
    /** @type {NodeListOf<HTMLAnchorElement>} */
    var links = document.querySelectorAll("#conflict a[href]");
    links.forEach(function (link) {
      link.addEventListener("click", function (event) {
        event.preventDefault();
        Queue.remove(entry.key).then(function () {
          location.assign(link.href);
        });
      });
    });
  }

  // The hands the worker queued (a post that found no network) name nobody: they are
  // the account's whose page comes next, the sheet the worker sent the browser to.
  /** @returns {Promise<unknown>} */
  function claimUnowned() {
    if (account === null) {
      return Promise.resolve();
    }
    return Queue.all().then(function (entries) {
      return Promise.all(
        entries
          .filter(function (entry) {
            return entry.account == null;
          })
          .map(function (entry) {
            entry.account = account;
            return Queue.put(entry);
          })
      );
    });
  }

  // Hands another account typed on this phone: how many, never what (no names, no
  // points); they are sent when that account logs in again.
  /** @returns {Promise<void>} */
  function showOthers() {
    if (account === null) {
      return Promise.resolve();
    }
    return Queue.all().then(function (entries) {
      var count = entries.filter(function (entry) {
        return !isMine(entry);
      }).length;
      var old = document.getElementById("offline-others");
      if (old) {
        old.remove();
      }
      var words = config.others || [];
      if (!count || !words.length) {
        return;
      }
      var box = document.createElement("div");
      box.className = "alert alert-info";
      box.id = "offline-others";
      box.setAttribute("role", "status");
      box.textContent = (count === 1 ? words[0] : words[1] || words[0]).replace(
        "%(count)s",
        String(count)
      );
      var main = document.querySelector("main") || document.body;
      main.insertBefore(box, main.firstChild);
    });
  }

  noteStoredNumbers();
  var started = claimUnowned()
    .then(prepareForms, prepareForms)
    .then(showOthers, showOthers)
    .then(renderPending, renderPending)
    .then(function () {
      document.documentElement.setAttribute("data-offline-ready", "1"); // forms numbered
    });
  started.then(function () {
    if (navigator.onLine !== false) {
      flush();
    }
  });
  global.addEventListener("online", function () {
    started.then(flush);
  });
  global.TarotOffline = { flush: flush, queue: Queue };
})(self);
