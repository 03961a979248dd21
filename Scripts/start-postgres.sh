#!/usr/bin/env bash
# Installs PostgreSQL from Debian's packages if it is missing, starts its cluster on loopback, gives
# the `postgres` role a password, and prints the URL the service's tests use (TEST_DATABASE_URL).
# Needs root, as `.ci/run` has on CI.
set -euo pipefail
if ! command -v pg_lsclusters >/dev/null 2>&1; then
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
read -r version cluster port status _ < <(pg_lsclusters --no-header | head -1)
if [ "$status" != "online" ]; then
    pg_ctlcluster "$version" "$cluster" start
fi
# Loopback only: the package's default listen_addresses is 'localhost'.
su postgres -c "psql -q -p $port -c \"ALTER ROLE postgres PASSWORD 'trellis'\"" >/dev/null
echo "postgres://postgres:trellis@127.0.0.1:$port/postgres?sslmode=disable"
