#!/usr/bin/env bash
# Browser tests against the real binary, on SQLite and then on PostgreSQL (a fresh database); the
# landing page's JavaScript size and the Lighthouse budgets (scripts/test-lighthouse.sh) in between.
# PostgreSQL: E2E_POSTGRES_URL (a server URL whose user may create databases), else
# postgres://postgres@127.0.0.1:5432 when it answers there. Under CI it is required.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-chromium.sh

echo "== landing page JavaScript size (gzip)"
(cd web && npm run size)

echo "== end-to-end tests on SQLite"
(cd web && npm run test:e2e)

scripts/test-lighthouse.sh

server="${E2E_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}"
if ! (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null && [ -z "${E2E_POSTGRES_URL:-}" ]; then
  if [ "${CI:-}" = "true" ]; then
    echo "FAIL: CI needs PostgreSQL on 127.0.0.1:5432 for the end-to-end tests" >&2
    exit 1
  fi
  echo "=================================================================="
  echo "SKIPPED: PostgreSQL is not reachable; end-to-end tests ran on SQLite only."
  echo "=================================================================="
  exit 0
fi
if ! command -v psql >/dev/null; then
  [ "$(id -u)" = 0 ] && { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-client >/dev/null; }
fi
db="ladder_e2e_$$"
psql "$server/postgres" -v ON_ERROR_STOP=1 -qc "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
trap 'psql "$server/postgres" -qc "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true' EXIT
echo "== end-to-end tests on PostgreSQL ($db)"
(cd web && LADDER_DATABASE_URL="$server/$db?sslmode=disable" npm run test:e2e)
