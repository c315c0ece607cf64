#!/usr/bin/env bash
# First command of the README: install, migrate, load demo data into an empty
# database, and start the site on http://127.0.0.1:8000 (SQLite, development mode).
# PORT=8001 bash scripts/serve.sh serves on another port (a second checkout, or 8000
# already taken).
set -euo pipefail
cd "$(dirname "$0")/.."
port=${PORT:-8000}
case "$port" in
  ''|*[!0-9]*) echo "PORT must be a number, not '$port'" >&2; exit 2 ;;
esac
bash scripts/install.sh
export DEBUG=${DEBUG:-1}
.venv/bin/python manage.py migrate --noinput
.venv/bin/python manage.py compilemessages --ignore=.venv >/dev/null 2>&1 || true
.venv/bin/python manage.py load_demo --if-empty
exec .venv/bin/python manage.py runserver "127.0.0.1:$port"
