#!/usr/bin/env bash
# Installs what the project needs into ./.venv (and, as root on Debian, the system
# packages the tests use: Chromium for the browser tests, gettext for catalogues,
# LibreOffice Calc without its GUI to print a workbook to PDF in tests/exports, npm for
# the front-end packages of frontend/ and the browser tests' accessibility engine).
# Safe to run again: it only adds what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

want_system=${1:-}
if [ "$want_system" = "--system" ]; then
  missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v msgfmt >/dev/null 2>&1 || missing+=(gettext)
  command -v soffice >/dev/null 2>&1 || missing+=(libreoffice-calc-nogui)
  command -v npm >/dev/null 2>&1 || missing+=(npm)  # frontend/ and axe-core
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

# The front-end packages the site serves from its own static files (frontend/: htmx and
# Bootstrap, which every page uses, and Pyodide, which runs the scoring engine in the
# browser for the offline preview, docs/OFFLINE_ENGINE.md), at the versions
# frontend/package-lock.json pins. Required: without them the pages have no CSS (the
# site's system check, tarot_club.E001, stops runserver and collectstatic).
#
# axe-core, which the browser tests inject into every page they open to check its
# accessibility (tests/browser/conftest.py): from the npm registry, at the version
# tests/browser/axe/package-lock.json pins.
if ! command -v npm >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  # The first command of the README on a fresh Debian machine: the site needs npm.
  echo "Installing system packages: npm"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends npm >/dev/null
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "npm not found: it installs the site's front-end packages (frontend/: htmx," \
    "Bootstrap, Pyodide). Install it (apt-get install npm, or scripts/install.sh --system" \
    "as root) and run this again." >&2
  exit 1
fi
(cd frontend && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
(cd tests/browser/axe && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
