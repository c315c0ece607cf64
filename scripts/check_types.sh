#!/usr/bin/env bash
# The type check (docs/TESTING.md "Types"): mypy with Django's stubs over scoring,
# tournaments and tarot_club, configured in pyproject.toml ([tool.mypy]; strict for the
# pure code). Fails on any error, and on a `# type: ignore` without an error code or
# without its reason after it on the same line.
set -euo pipefail
cd "$(dirname "$0")/.."

# The Django plugin imports the settings, which refuse to load with DEBUG off and no
# SECRET_KEY: the development defaults, unless the environment says otherwise.
export DEBUG="${DEBUG:-1}"

# Each ignore reads `# type: ignore[code]  # why` (the code itself mypy enforces too:
# ignore-without-code).
bare=$(grep -rnE --include='*.py' '#[[:space:]]*type:[[:space:]]*ignore' scoring tournaments tarot_club \
  | grep -vE '# type: ignore\[[a-z][a-z, -]*\]  # [^[:space:]]' || true)
if [ -n "$bare" ]; then
  echo "A '# type: ignore' needs its error code and, after it, why:" >&2
  echo "$bare" >&2
  exit 1
fi

# No incremental cache: a cached module keeps its old errors when only the options of
# another module changed (an ignore_missing_imports, say). A full run takes seconds.
exec .venv/bin/mypy --no-incremental "$@"
