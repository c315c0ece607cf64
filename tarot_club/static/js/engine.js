// @ts-check
// The scoring engine in the browser (docs/OFFLINE_ENGINE.md): the server's
// own `scoring` package, run by Pyodide, scores the hand form when the server cannot
// be reached, so that an offline preview and an offline refusal are the server's.
//
// Loaded as a module on the pages that include tournaments/scorekeeping/_engine.html:
//   #hand-engine-data   the table (seats, rules, contracts, messages), a json_script
//   #hand-engine        data-worker: js/engine-worker.js;
//                       data-index: Pyodide's files (static vendor/pyodide/);
//                       data-bundle: the scoring package as a zip (URL scoring_bundle);
//                       the <template>s the preview is built from.
// Pyodide starts once the page is idle, in the background. Then:
//   window.tarotEngine.ready      a Promise, resolved when the engine can score
//   window.tarotEngine.score(fields)  the hand form's POST fields (an object) -> a
//     Promise of {ok: true, scores: [{player, score, id, role}], made, margin, value,
//     points, defence_points} or {ok: false, errors: {field: [message, ...]}}.
//   window.tarotEngine.scoreJson(hand)  the engine's JSON face (scoring.score_json):
//     a hand as the CLI takes it -> a Promise of {scores: {name: points}, made, ...}.
// Python runs in a worker (js/engine-worker.js): starting it never freezes the page.
// The preview asks the server first (htmx, hx-post on the form); offline
// (navigator.onLine false) or when that request fails, the engine answers instead.

// The data attributes of #hand-engine (tournaments/scorekeeping/_engine.html sets each).
/**
 * @typedef {object} EngineData
 * @property {string} worker
 * @property {string} index
 * @property {string} bundle
 * @property {string} margin
 * @property {string} roleTaker
 * @property {string} rolePartner
 * @property {string} roleSitsOut
 */
/** @typedef {{resolve: (value: any) => void, reject: (error: Error) => void}} Pending */
/**
 * @typedef {object} EngineWorker
 * @property {Promise<unknown>} started
 * @property {(kind: string, payload: unknown) => Promise<any>} ask the worker's answer
 */

// null on a page without the engine: then nothing below that reads it runs.
const holder = /** @type {HTMLElement & {dataset: EngineData}} */ (
  document.getElementById("hand-engine")
);
const dataElement = document.getElementById("hand-engine-data");

/** @param {() => void} callback */
function idle(callback) {
  if (window.requestIdleCallback) {
    window.requestIdleCallback(callback, { timeout: 3000 });
  } else {
    window.setTimeout(callback, 200);
  }
}

// The worker and its answers: each message has an id, its answer the same.
/**
 * @param {unknown} page the table's data (#hand-engine-data)
 * @returns {EngineWorker}
 */
function startWorker(page) {
  const worker = new Worker(holder.dataset.worker, { type: "module" });
  /** @type {Map<number, Pending>} */
  const waiting = new Map();
  let next = 0;
  worker.onmessage = function (event) {
    const { id, result, error } = event.data;
    const pending = /** @type {Pending} */ (waiting.get(id)); // every answer is to a question
    waiting.delete(id);
    if (error === undefined) {
      pending.resolve(result);
    } else {
      pending.reject(new Error(error));
    }
  };
  worker.onerror = function (event) {
    // The worker could not start (its script, Pyodide's files): every question fails.
    waiting.forEach(function (pending) {
      pending.reject(new Error("engine worker: " + (event.message || "failed")));
    });
    waiting.clear();
  };
  /**
   * @param {string} kind
   * @param {unknown} payload
   * @returns {Promise<any>}
   */
  function ask(kind, payload) {
    next += 1;
    const id = next;
    return new Promise(function (resolve, reject) {
      waiting.set(id, { resolve: resolve, reject: reject });
      worker.postMessage({ id: id, kind: kind, payload: payload });
    });
  }
  const started = ask("start", {
    index: new URL(holder.dataset.index, document.baseURI).href,
    bundle: new URL(holder.dataset.bundle, document.baseURI).href,
    page: page,
  });
  return { started: started, ask: ask };
}

/**
 * @param {HTMLFormElement} form
 * @returns {Record<string, string>}
 */
function formFields(form) {
  // As the server reads a POST: the last value of a name wins (QueryDict.get).
  /** @type {Record<string, string>} */
  const fields = {};
  new FormData(form).forEach(function (value, name) {
    fields[name] = String(value);
  });
  return fields;
}

// --- the preview, from the page's <template>s ------------------------------------

/**
 * A copy of the element in the page's <template id=`id`> (_engine.html has each).
 * @param {string} id
 * @returns {HTMLElement}
 */
function cloneOf(id) {
  const template = /** @type {HTMLTemplateElement} */ (document.getElementById(id));
  return /** @type {HTMLElement} */ (
    /** @type {Element} */ (template.content.firstElementChild).cloneNode(true)
  );
}

/**
 * The element of a template's copy that `selector` names (the template has it).
 * @param {ParentNode} parent
 * @param {string} selector
 * @returns {HTMLElement}
 */
function part(parent, selector) {
  return /** @type {HTMLElement} */ (parent.querySelector(selector));
}

/** @param {string} name */
function fieldLabel(name) {
  const box = document.getElementById("field-" + name);
  const label = box && box.querySelector("label, .form-label");
  return label ? label.textContent.trim() : name;
}

/**
 * @param {HTMLFormElement} form
 * @param {Record<string, string[]>} errors
 */
function showErrors(form, errors) {
  // The engine's messages at their fields, as the server's out-of-band swap puts them.
  form.querySelectorAll("[id^='err-']").forEach(function (box) {
    box.replaceChildren();
  });
  Object.keys(errors).forEach(function (name) {
    const box = document.getElementById("err-" + name);
    if (!box) {
      return;
    }
    const holderElement = name === "__all__" ? cloneOf("engine-nonfield-errors") : box;
    errors[name].forEach(function (message) {
      const line = cloneOf("engine-error");
      line.textContent = message;
      holderElement.appendChild(line);
    });
    if (holderElement !== box) {
      box.appendChild(holderElement);
    }
  });
}

// The engine's roles -> the data attributes of #hand-engine that name them.
/** @type {Record<NonNullable<EngineScore["role"]>, keyof EngineData>} */
const ROLES = { taker: "roleTaker", partner: "rolePartner", sits_out: "roleSitsOut" };

/** @param {Extract<EngineResult, {ok: true}>} result */
function renderScores(result) {
  const card = cloneOf("engine-preview");
  const state = result.made === null ? "passed" : result.made ? "made" : "failed";
  /** @type {NodeListOf<HTMLElement>} */
  const badges = card.querySelectorAll("[data-when]");
  badges.forEach(function (badge) {
    if (badge.dataset.when !== state) {
      badge.remove();
    }
  });
  const margin = part(card, "[data-slot=margin]");
  if (result.made === null) {
    margin.remove();
  } else {
    margin.textContent = holder.dataset.margin.replace("%(margin)s", String(result.margin));
  }
  const rows = part(card, "[data-slot=rows]");
  result.scores.forEach(function (entry) {
    const row = cloneOf("engine-preview-row");
    row.dataset.player = String(entry.id);
    part(row, ".player-name").textContent = entry.player;
    const role = part(row, "[data-slot=role]");
    role.textContent = entry.role ? holder.dataset[ROLES[entry.role]] || "" : "";
    const score = part(row, ".score");
    score.textContent = (entry.score > 0 ? "+" : "") + entry.score;
    if (entry.score > 0) {
      score.classList.add("score-pos");
    } else if (entry.score < 0) {
      score.classList.add("score-neg");
    }
    rows.appendChild(row);
  });
  return card;
}

/** @param {Record<string, string[]>} errors */
function renderRefusal(errors) {
  const box = cloneOf("engine-preview-errors");
  const list = part(box, "[data-slot=links]");
  Object.keys(errors).forEach(function (name) {
    const item = cloneOf("engine-field-link");
    const link = /** @type {HTMLAnchorElement} */ (part(item, "a"));
    link.href = "#" + (name === "__all__" ? "err-__all__" : "field-" + name);
    link.textContent = fieldLabel(name);
    list.appendChild(item);
  });
  return box;
}

/**
 * @param {HTMLFormElement} form
 * @param {EngineResult} result
 */
function showPreview(form, result) {
  const target = document.querySelector(form.getAttribute("hx-target") || "#preview");
  if (!target) {
    return;
  }
  showErrors(form, result.ok ? {} : result.errors);
  target.replaceChildren(result.ok ? renderScores(result) : renderRefusal(result.errors));
}

// --- wiring ----------------------------------------------------------------------

if (holder && dataElement) {
  const page = JSON.parse(/** @type {string} */ (dataElement.textContent));
  /** @type {EngineWorker | null} */
  let worker = null;
  const ready = new Promise(function (resolve, reject) {
    function begin() {
      idle(function () {
        worker = startWorker(page);
        worker.started.then(resolve, reject);
      });
    }
    if (document.readyState === "complete") {
      begin();
    } else {
      window.addEventListener("load", begin, { once: true });
    }
  });
  ready.catch(function (error) {
    // The page works as before: the server's preview, online.
    console.warn("offline engine not available:", error);
  });
  // The worker is there once `ready` has resolved.
  /** @type {TarotEngine} */
  const engine = {
    ready: ready,
    score: function (fields) {
      return ready.then(() => /** @type {EngineWorker} */ (worker).ask("score", fields));
    },
    scoreJson: function (hand) {
      return ready.then(() => /** @type {EngineWorker} */ (worker).ask("scoreJson", hand));
    },
  };
  window.tarotEngine = engine;

  const previewForm = /** @type {HTMLFormElement | null} */ (document.getElementById("hand-form"));

  let asked = 0;
  /** @param {HTMLFormElement} form */
  function previewHere(form) {
    asked += 1;
    const mine = asked;
    engine.score(formFields(form)).then(function (result) {
      if (mine === asked) {
        showPreview(form, result); // only the answer to the latest inputs
      }
    });
  }

  // Whether an htmx event (a CustomEvent: detail.elt, the element it is about) is the
  // preview's, so previewForm is there when it says so.
  /** @param {Event} event */
  function isPreview(event) {
    const detail = /** @type {CustomEvent<{elt?: Element}>} */ (event).detail;
    return previewForm && detail && detail.elt === previewForm;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isPreview(event) && !navigator.onLine) {
      event.preventDefault(); // no request that cannot arrive
      previewHere(/** @type {HTMLFormElement} */ (previewForm));
    }
  });
  ["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      if (isPreview(event)) {
        previewHere(/** @type {HTMLFormElement} */ (previewForm));
      }
    });
  });
}
