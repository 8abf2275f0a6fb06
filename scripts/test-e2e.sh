#!/usr/bin/env bash
# Browser tests against the real binary, on SQLite and on PostgreSQL (a fresh database): every
# flow on both, a page's other looks on one or the other (look() in e2e/ladder.ts), side by
# side — each suite has its own server, port, data and output folder, so they cannot see each
# other; running them together keeps CI well inside its time limit on a 2-core machine, where one
# suite alone leaves the processor mostly waiting on the browser. The landing page's JavaScript
# size first, the Lighthouse budgets (scripts/test-lighthouse.sh) last, on a quiet machine.
# PostgreSQL: E2E_POSTGRES_URL (a server URL whose user may create databases), else
# postgres://postgres@127.0.0.1:5432 when it answers there. Under CI it is required.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-chromium.sh

echo "== landing page JavaScript size (gzip)"
(cd web && npm run size)

# Arguments (spec files, --grep …) go to both Playwright runs; a partial run skips Lighthouse.
args=("$@")
# run_suite NAME PORT DATABASE_URL [PLAYWRIGHT ARGS…]: one Playwright run, its lines prefixed with its name.
run_suite() {
  local name=$1 port=$2 url=$3
  shift 3
  (cd web && E2E_PORT="$port" E2E_OUTPUT_DIR="test-results/$name" LADDER_DATABASE_URL="$url" \
    npx playwright test "$@" "${args[@]}" 2>&1) | sed -u "s/^/[$name] /"
}

server="${E2E_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}"
with_pg=true
if ! (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null && [ -z "${E2E_POSTGRES_URL:-}" ]; then
  if [ "${CI:-}" = "true" ]; then
    echo "FAIL: CI needs PostgreSQL on 127.0.0.1:5432 for the end-to-end tests" >&2
    exit 1
  fi
  with_pg=false
fi
if $with_pg && ! command -v psql >/dev/null; then
  [ "$(id -u)" = 0 ] && { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client >/dev/null; }
fi

db="ladder_e2e_$$"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  $with_pg && psql "$server/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT

echo "== end-to-end tests on SQLite [sqlite]$($with_pg && echo " and PostgreSQL ($db) [postgres], side by side")"
run_suite sqlite "${E2E_PORT:-18080}" "" --grep-invert @look-postgres &
pids+=($!)
if $with_pg; then
  psql "$server/postgres" -v ON_ERROR_STOP=1 -qc "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
  # Every flow runs on both databases; a page's other looks (language, theme, width — look() in
  # e2e/ladder.ts) run on one of them, alternately: the database does not change how a page looks.
  run_suite postgres "${E2E_PG_PORT:-18090}" "$server/$db?sslmode=disable" --grep-invert @look-sqlite &
  pids+=($!)
fi
failed=()
wait "${pids[0]}" || failed+=(sqlite)
if $with_pg; then wait "${pids[1]}" || failed+=(postgres); fi
pids=()
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAIL: end-to-end tests failed on: ${failed[*]} (lines prefixed [${failed[0]}] above)" >&2
  exit 1
fi
if ! $with_pg; then
  echo "=================================================================="
  echo "SKIPPED: PostgreSQL is not reachable; end-to-end tests ran on SQLite only."
  echo "=================================================================="
fi

if [ ${#args[@]} -eq 0 ]; then scripts/test-lighthouse.sh; fi
