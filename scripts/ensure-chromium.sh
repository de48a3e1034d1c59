#!/usr/bin/env bash
# Browser tests drive Debian's Chromium; install it when missing (never a downloaded browser build).
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
echo "Installing Chromium (Debian package)…"
apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null
