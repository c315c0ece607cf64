// The scoring engine's worker (js/engine.js starts it): Pyodide and the server's
// `scoring` package, off the page's thread, so that starting Python (a few seconds on
// a slow phone) never freezes the form. Messages: {id, kind, payload} ->
// {id, result} or {id, error}; kinds: "start" {index, bundle, page}, "score" fields,
// "scoreJson" hand.

let engine = null;

async function start(options) {
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
  const toPython = (value) => json.loads(JSON.stringify(value));
  const page = toPython(options.page);

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
  const { id, kind, payload } = event.data;
  try {
    let result;
    if (kind === "start") {
      engine = await start(payload);
      result = true;
    } else {
      result = engine[kind](payload);
    }
    self.postMessage({ id: id, result: result });
  } catch (error) {
    self.postMessage({ id: id, error: String(error && error.message ? error.message : error) });
  }
};
