// The scoring engine in the browser (issue 23, docs/OFFLINE_ENGINE.md): the server's
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

const holder = document.getElementById("hand-engine");
const dataElement = document.getElementById("hand-engine-data");

function idle(callback) {
  if (window.requestIdleCallback) {
    window.requestIdleCallback(callback, { timeout: 3000 });
  } else {
    window.setTimeout(callback, 200);
  }
}

// The worker and its answers: each message has an id, its answer the same.
function startWorker(page) {
  const worker = new Worker(holder.dataset.worker, { type: "module" });
  const waiting = new Map();
  let next = 0;
  worker.onmessage = function (event) {
    const { id, result, error } = event.data;
    const pending = waiting.get(id);
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

function formFields(form) {
  // As the server reads a POST: the last value of a name wins (QueryDict.get).
  const fields = {};
  new FormData(form).forEach(function (value, name) {
    fields[name] = String(value);
  });
  return fields;
}

// --- the preview, from the page's <template>s ------------------------------------

function cloneOf(id) {
  return document.getElementById(id).content.firstElementChild.cloneNode(true);
}

function fieldLabel(name) {
  const box = document.getElementById("field-" + name);
  const label = box && box.querySelector("label, .form-label");
  return label ? label.textContent.trim() : name;
}

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
const ROLES = { taker: "roleTaker", partner: "rolePartner", sits_out: "roleSitsOut" };

function renderScores(result) {
  const card = cloneOf("engine-preview");
  const state = result.made === null ? "passed" : result.made ? "made" : "failed";
  card.querySelectorAll("[data-when]").forEach(function (badge) {
    if (badge.dataset.when !== state) {
      badge.remove();
    }
  });
  const margin = card.querySelector("[data-slot=margin]");
  if (result.made === null) {
    margin.remove();
  } else {
    margin.textContent = holder.dataset.margin.replace("%(margin)s", String(result.margin));
  }
  const rows = card.querySelector("[data-slot=rows]");
  result.scores.forEach(function (entry) {
    const row = cloneOf("engine-preview-row");
    row.dataset.player = String(entry.id);
    row.querySelector(".player-name").textContent = entry.player;
    const role = row.querySelector("[data-slot=role]");
    role.textContent = entry.role ? holder.dataset[ROLES[entry.role]] || "" : "";
    const score = row.querySelector(".score");
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

function renderRefusal(errors) {
  const box = cloneOf("engine-preview-errors");
  const list = box.querySelector("[data-slot=links]");
  Object.keys(errors).forEach(function (name) {
    const item = cloneOf("engine-field-link");
    const link = item.querySelector("a");
    link.href = "#" + (name === "__all__" ? "err-__all__" : "field-" + name);
    link.textContent = fieldLabel(name);
    list.appendChild(item);
  });
  return box;
}

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
  const page = JSON.parse(dataElement.textContent);
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
  window.tarotEngine = {
    ready: ready,
    score: function (fields) {
      return ready.then(() => worker.ask("score", fields));
    },
    scoreJson: function (hand) {
      return ready.then(() => worker.ask("scoreJson", hand));
    },
  };

  const previewForm = document.getElementById("hand-form");

  let asked = 0;
  function previewHere(form) {
    asked += 1;
    const mine = asked;
    window.tarotEngine.score(formFields(form)).then(function (result) {
      if (mine === asked) {
        showPreview(form, result); // only the answer to the latest inputs
      }
    });
  }

  function isPreview(event) {
    return previewForm && event.detail && event.detail.elt === previewForm;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isPreview(event) && !navigator.onLine) {
      event.preventDefault(); // no request that cannot arrive
      previewHere(previewForm);
    }
  });
  ["htmx:sendError", "htmx:responseError", "htmx:timeout"].forEach(function (name) {
    document.addEventListener(name, function (event) {
      if (isPreview(event)) {
        previewHere(previewForm);
      }
    });
  });
}
