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
  # --forceExit: a failing test that leaves a handle open (a reconnecting client) must
  # fail the run, not hang it until CI's time limit.
  "$@" --forceExit --json --outputFile="$results/$name.json" || status=1
}
run unit npx jest --selectProjects unit
run render npx jest --selectProjects render
run fidelity npx jest --selectProjects fidelity
run hostile npx jest --selectProjects hostile --runInBand
run e2e-sqlite env TEST_DATABASE=sqlite npx jest --selectProjects e2e --runInBand
run e2e-postgres env TEST_DATABASE=postgres npx jest --selectProjects e2e --runInBand

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
