#!/usr/bin/env bash
# Installs what the project needs into ./.venv (and, as root on Debian, the system
# packages the tests use: Chromium for the browser tests, gettext for catalogues,
# LibreOffice Calc without its GUI to print a workbook to PDF in tests/exports, npm for
# the browser tests' accessibility engine and the front-end packages of frontend/).
# Safe to run again: it only adds what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

want_system=${1:-}
if [ "$want_system" = "--system" ]; then
  missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v msgfmt >/dev/null 2>&1 || missing+=(gettext)
  command -v soffice >/dev/null 2>&1 || missing+=(libreoffice-calc-nogui)
  command -v npm >/dev/null 2>&1 || missing+=(npm)  # axe-core for the browser tests
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      echo "Installing system packages: ${missing[*]}"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    else
      echo "Please install: ${missing[*]} (e.g. sudo apt-get install ${missing[*]})" >&2
      exit 1
    fi
  fi
fi

python=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$python" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
# Every package at the version and hashes of requirements.lock (scripts/lock.sh writes
# it from pyproject.toml), then the project itself without resolving anything again:
# every fresh machine gets the same versions.
.venv/bin/python -m pip install -q --require-hashes -r requirements.lock
.venv/bin/python -m pip install -q --no-deps -e .

# axe-core, which the browser tests inject into every page they open to check its
# accessibility (tests/browser/conftest.py): from the npm registry, at the version
# tests/browser/axe/package-lock.json pins. Where npm is missing the check is skipped
# (CI requires it: REQUIRE_AXE=1 in .ci/run).
#
# The front-end packages the site serves from its own static files (frontend/: Pyodide,
# which runs the scoring engine in the browser for the offline preview,
# docs/OFFLINE_ENGINE.md), at the versions frontend/package-lock.json pins. Without them
# the site works as before, online only.
if command -v npm >/dev/null 2>&1; then
  (cd tests/browser/axe && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
  (cd frontend && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
else
  echo "npm not found: the browser tests will not check accessibility and the hand form" \
    "has no offline preview (apt-get install npm)" >&2
fi
