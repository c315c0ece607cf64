#!/usr/bin/env bash
# Second command of the README: install everything, then run the whole test suite
# (engine, Django, browser tests in Chromium). Set DATABASE_URL to run it on
# PostgreSQL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/tarot_club
# (SKIP_INSTALL=1: .ci/run, which installed once, runs it stage by stage with -m).
set -uo pipefail
cd "$(dirname "$0")/.."
if [ "${SKIP_INSTALL:-}" != 1 ]; then
  bash scripts/install.sh --system || exit 1
fi
# In parallel (pytest-xdist), one worker per CPU; each worker has its own test
# database (the name carries the process id). A worker that runs out of tests takes
# some of another's (worksteal): the run does not end on one worker's long tail.
# Arguments after these win, so `scripts/test.sh -n 0` runs in one process and
# `-m "not slow"` skips the slow tests.
.venv/bin/python -m pytest -n "${TEST_WORKERS:-auto}" --dist worksteal "$@"
status=$?
if [ $status -eq 5 ]; then
  echo "pytest collected no tests: that is a failure" >&2
  exit 1
fi
exit $status
