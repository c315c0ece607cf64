#!/usr/bin/env bash
# Second command of the README: install everything, then run the whole test suite
# (engine, Django, browser tests in Chromium). Set DATABASE_URL to run it on
# PostgreSQL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/tarot_club
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh --system || exit 1
.venv/bin/python -m pytest "$@"
status=$?
if [ $status -eq 5 ]; then
  echo "pytest collected no tests: that is a failure" >&2
  exit 1
fi
exit $status
