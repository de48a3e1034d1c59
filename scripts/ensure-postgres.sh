#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers on 127.0.0.1:5432 for the tests: starts the local cluster
# when it is installed but down, installs Debian's postgresql when it is missing.
set -euo pipefail
ready() { pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; }
ready && exit 0
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  echo "Installing PostgreSQL (Debian package)…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /etc/postgresql | sort -V | tail -n 1)
pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
for _ in $(seq 1 30); do ready && break; sleep 1; done
ready || { echo "PostgreSQL did not start" >&2; exit 1; }
# Tests connect as postgres over TCP without a password.
hba=/etc/postgresql/$version/main/pg_hba.conf
if ! psql -h 127.0.0.1 -U postgres -c 'select 1' >/dev/null 2>&1; then
  sed -i 's/^\(host\s\+all\s\+all\s\+127.0.0.1\/32\s\+\).*/\1trust/' "$hba"
  pg_ctlcluster --skip-systemctl-redirect "$version" main reload
fi
