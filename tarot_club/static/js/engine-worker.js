// @ts-check
// The scoring engine's worker (js/engine.js starts it): Pyodide and the server's
// `scoring` package, off the page's thread, so that starting Python (slow on a slow
// phone) never freezes the form. Messages: {id, kind, payload} ->
// {id, result} or {id, error}; kinds: "start" {index, bundle, page}, "score" fields,
// "scoreJson" hand.

// What "start" makes: the engine's two questions, answered from Python.
/**
 * @typedef {object} Engine
 * @property {(fields: unknown) => unknown} score
 * @property {(hand: unknown) => unknown} scoreJson
 */

/** @type {Engine | null} */
let engine = null;

/**
 * @param {{index: string, bundle: string, page: {board?: unknown} | null}} options
 * @returns {Promise<Engine>}
 */
async function start(options) {
  // Pyodide and its proxies are untyped here (`any`): its module comes from the address
  // the page gives, and its types are in frontend/node_modules, outside this program.
  const { loadPyodide } = await import(options.index + "pyodide.mjs");
  // indexURL: every file from our static files, none from a CDN; no package is loaded.
  const pyodide = await loadPyodide({
    indexURL: options.index,
    packages: [],
    stdout: () => {},
    stderr: () => {},
  });
  const response = await fetch(options.bundle, { credentials: "same-origin" });
  if (!response.ok) {
    throw new Error("scoring bundle: HTTP " + response.status);
  }
  pyodide.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: "/home/pyodide/tarot" });
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/tarot')");
  // A duplicate board's form scores with the board's checks too (its named taker, its
  // cards): rules/board_entry.py; the hand form with rules/hand_entry.py.
  const onBoard = Boolean(options.page && options.page.board);
  const entry = pyodide.pyimport(
    onBoard ? "tournaments.rules.board_entry" : "tournaments.rules.hand_entry",
  );
  const scoreFields = onBoard ? entry.score_board_fields : entry.score_fields;
  const scoring = pyodide.pyimport("scoring");
  // Through JSON: Python gets what the server's json module would read (ints, lists,
  // dicts), never a proxy of a JavaScript object.
  const json = pyodide.pyimport("json");
  const toPython = (/** @type {unknown} */ value) => json.loads(JSON.stringify(value));
  const page = toPython(options.page);

  /**
   * @param {(input: any) => any} fn a Python function, given and answering a proxy
   * @param {unknown} argument
   */
  function call(fn, argument) {
    const input = toPython(argument);
    let answer;
    try {
      answer = fn(input);
      return answer.toJs({ dict_converter: Object.fromEntries });
    } finally {
      if (input && input.destroy) {
        input.destroy();
      }
      if (answer && answer.destroy) {
        answer.destroy();
      }
    }
  }
  return {
    score: (fields) => call((input) => scoreFields(input, page), fields || {}),
    scoreJson: (hand) => call((input) => scoring.score_json(input), hand),
  };
}

self.onmessage = async function (event) {
  /** @type {{id: number, kind: "start" | "score" | "scoreJson", payload: any}} */
  const { id, kind, payload } = event.data;
  try {
    let result;
    if (kind === "start") {
      engine = await start(payload);
      result = true;
    } else {
      // Before "start" (null): the TypeError is the answer.
      result = /** @type {Engine} */ (engine)[kind](payload);
    }
    self.postMessage({ id: id, result: result });
  } catch (error) {
    const thrown = /** @type {{message?: string}} */ (error); // an Error, or anything thrown
    self.postMessage({ id: id, error: String(thrown && thrown.message ? thrown.message : error) });
  }
};
