#!/usr/bin/env bash
# The gates of the site's own JavaScript (tarot_club/static/js, served as written: no
# build step; docs/TESTING.md, "The JavaScript"):
#   1. ESLint, its recommended rules, each file with the globals of where it runs
#      (frontend/eslint.config.mjs);
#   2. TypeScript's checker, strict, on the files' JSDoc types: the pages' scripts
#      (frontend/tsconfig.json) and the workers' (frontend/tsconfig.worker.json);
#   3. the unit tests of the offline queue, node's test runner with fake-indexeddb
#      (frontend/tests).
# The tools are frontend/'s dev packages, at the versions its package-lock.json pins
# (scripts/install.sh runs `npm ci` there, dev packages included). Any error stops it.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=frontend/node_modules/.bin
for tool in eslint tsc; do
  if [ ! -x "$bin/$tool" ]; then
    echo "$bin/$tool is missing: run \`cd frontend && npm ci\` (scripts/install.sh does)." >&2
    exit 1
  fi
done

echo "== eslint"
"$bin/eslint" --max-warnings 0 -c frontend/eslint.config.mjs tarot_club/static/js frontend
echo "== tsc"
"$bin/tsc" -p frontend
"$bin/tsc" -p frontend/tsconfig.worker.json
echo "== node --test"
# The files by name: node 20 looks for tests in a directory given, later versions take
# globs instead.
node --test --test-reporter=spec frontend/tests/*.test.mjs
echo "JavaScript checks passed."
