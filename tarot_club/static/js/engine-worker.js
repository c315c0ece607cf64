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
  const entry = pyodide.pyimport("tournaments.rules.hand_entry");
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
    score: (fields) => call((input) => entry.score_fields(input, page), fields || {}),
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
