#!/usr/bin/env bash
# The read budgets are measured with Debian's wrk as the load (scripts/loadtest/wrk.go): this
# program's own client runs out before a bare hello server does. Installs it when missing; without
# it (not root) the load test warns and measures with its own client.
set -euo pipefail
if command -v wrk >/dev/null; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "wrk is missing: run 'sudo apt-get update && sudo apt-get install -y wrk' (the load test falls back to its own client, which flatters every ratio)" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq wrk >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
command -v wrk
