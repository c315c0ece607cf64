#!/usr/bin/env bash
# CI as CI runs it, timed: a fresh clone of this checkout's HEAD in a temporary folder,
# `bash .ci/run` in it with CI=true, its stage table and the load average printed.
#
#   bash benchmarks/ci_run.sh            # on the machine as it is
#   HOGS=4 bash benchmarks/ci_run.sh     # with 4 CPU hogs (busy loops at normal
#                                        # priority) for the whole run: a loaded machine
#
# The hogs are stopped when the run ends (or fails, or is interrupted); the load average
# is sampled every 30 s and its lowest and highest printed at the end. Figures go to
# docs/BENCHMARKS.md ("The suite's time per stage").
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
hogs=${HOGS:-0}
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

git clone -q "$here" "$work/clone"
for _ in $(seq 1 "$hogs"); do
  # A busy loop, bounded: it stops by itself after 3 hours whatever happens.
  timeout 10800 sh -c 'while :; do :; done' &
  pids+=("$!")
done
(
  while :; do
    cut -d' ' -f1 /proc/loadavg >>"$work/load"
    sleep 30
  done
) &
pids+=("$!")

started=$(date +%s)
status=0
(cd "$work/clone" && CI=true bash .ci/run) >"$work/log" 2>&1 || status=$?
took=$(($(date +%s) - started))
sed -n '/^== stages/,$p' "$work/log"
tail -n 5 "$work/log" | grep -E "passed|failed" || true
echo "ci_run: exit $status in $took s with $hogs hog(s); load average (1 min) sampled" \
  "every 30 s: lowest $(sort -n "$work/load" | head -1), highest $(sort -n "$work/load" | tail -1)"
cp "$work/log" "${CI_RUN_LOG:-/tmp/ci_run.log}"
exit $status
