#!/usr/bin/env bash
# The whole test suite: unit tests, render tests (the rendering library with real
# Chromium), fidelity probes (documented client behaviours, real Chromium), then the e2e tests (real app over HTTP, real Chromium)
# once on SQLite and once on PostgreSQL (TEST_POSTGRES_URL, default
# postgres://postgres@127.0.0.1:5432/postgres; each test file makes a throwaway database).
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
npm run build >/dev/null || exit 1

results=$(mktemp -d)
status=0
run() {
  local name=$1; shift
  echo "== $name"
  local started=$SECONDS
  # Each suite exits by itself once its tests are done (no --forceExit, which would hide a
  # handle left open). jest's own timeouts bound each test and hook; should a suite hang all
  # the same, the watchdog ends it once it has printed nothing for 15 minutes (each test file
  # prints as it ends), naming it: a hang is caught, and a slow machine is not one.
  node scripts/watchdog.js 15 "$@" --json --outputFile="$results/$name.json"
  local code=$?
  echo "== $name: $((SECONDS - started)) s"
  [ $code -ne 0 ] && status=1
}
# Two lanes side by side, one a core, balanced by the time each suite takes (printed after
# it): the fidelity probes and the e2e suite on PostgreSQL in one, everything else in the
# other (each suite still runs its own files one at a time where it says so). The tests
# assert behaviour, never latency, so the other lane's load changes no answer; it halves
# the wall time of a run. Each lane's output is printed whole, one after the other.
lane_b_log=$(mktemp)
(
  run fidelity npx jest --selectProjects fidelity
  run e2e-postgres env TEST_DATABASE=postgres npx jest --selectProjects e2e --runInBand
  echo "lane_status=$status"
) >"$lane_b_log" 2>&1 &
lane_b=$!
run unit npx jest --selectProjects unit
run render npx jest --selectProjects render
run hostile npx jest --selectProjects hostile --runInBand
run e2e-sqlite env TEST_DATABASE=sqlite npx jest --selectProjects e2e --runInBand
wait "$lane_b"
cat "$lane_b_log"
grep -q '^lane_status=0$' "$lane_b_log" || status=1
rm -f "$lane_b_log"

node -e '
  const fs = require("fs"), dir = process.argv[1];
  let passed = 0, failed = 0, skipped = 0;
  for (const file of fs.readdirSync(dir)) {
    const r = JSON.parse(fs.readFileSync(dir + "/" + file, "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests + r.numRuntimeErrorTestSuites;
    skipped += r.numPendingTests;
    console.log(`${file.replace(".json", "").padEnd(14)} ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped`);
  }
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
' "$results"
rm -rf "$results"
exit $status
