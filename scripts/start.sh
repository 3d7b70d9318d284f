#!/usr/bin/env bash
# Quick start: install everything, build, and run the service on its embedded defaults
# (SQLite and files in ./data, in-process capture queue) at http://localhost:3000.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npm run build >/dev/null
exec node dist/main.js
