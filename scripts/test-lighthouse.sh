#!/usr/bin/env bash
# Lighthouse budgets of the pages a phone sees first (issue 16): starts the built binary with demo
# data in a fresh data directory on a free loopback port, runs web/scripts/lighthouse.mjs (mobile,
# simulated throttling, median of 3) on /, /tournaments and /tournaments/7, and stops the server.
# Needs `make build` first (scripts/test-e2e.sh runs it after the SQLite browser tests).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="${LADDER_BIN:-$PWD/bin/ladder}"
data="$(mktemp -d "${TMPDIR:-/tmp}/ladder-lighthouse-XXXXXX")"
port="${LIGHTHOUSE_PORT:-$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}"
pid=""
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT

export LADDER_DATA_DIR="$data" LADDER_DEV=1 LADDER_LISTEN="127.0.0.1:$port" LADDER_BASE_URL="http://127.0.0.1:$port"
export LADDER_DATABASE_URL=""
"$bin" seed --demo >/dev/null
"$bin" serve >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 120); do
  curl -fs "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  kill -0 "$pid" 2>/dev/null || { echo "lighthouse: the server did not start" >&2; exit 1; }
  sleep 0.5
done
echo "== Lighthouse (mobile, simulated throttling, median of 3) on 127.0.0.1:$port"
(cd web && CHROME_PATH="${CHROME_PATH:-${CHROMIUM_PATH:-/usr/bin/chromium}}" node scripts/lighthouse.mjs "http://127.0.0.1:$port" / /tournaments /tournaments/7)
