#!/usr/bin/env bash
# Writes requirements.lock: every package the site and its tests install, pinned to one
# version with its hashes, from pyproject.toml's dependencies and its "test" extra.
# scripts/install.sh (and so the README's two commands and .ci/run) installs from it,
# so every fresh machine gets the same versions.
#
# Run it after changing the dependencies in pyproject.toml, or to take newer releases
# (`bash scripts/lock.sh --upgrade`, or `--upgrade-package NAME`), then run the whole
# suite and commit pyproject.toml and requirements.lock together.
set -euo pipefail
cd "$(dirname "$0")/.."
UV_VERSION=0.13.9  # the resolver, pinned too: another version may resolve differently
tool=$(mktemp -d)
trap 'rm -rf "$tool"' EXIT
python3 -m venv "$tool"
"$tool/bin/python" -m pip install -q "uv==$UV_VERSION"
"$tool/bin/uv" pip compile pyproject.toml --extra test \
  --python-version 3.11 --python-platform x86_64-manylinux_2_28 \
  --generate-hashes --no-header --annotation-style line \
  --output-file requirements.lock "$@"
echo "requirements.lock written: commit it with pyproject.toml"
