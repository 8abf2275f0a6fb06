#!/usr/bin/env bash
# Browser tests use Debian's Chromium (never a downloaded browser). Installs it when missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Chromium is missing: run 'sudo apt-get update && sudo apt-get install -y chromium'" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
