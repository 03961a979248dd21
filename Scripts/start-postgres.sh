#!/usr/bin/env bash
# Installs PostgreSQL from Debian's packages if it is missing, starts its cluster on loopback, gives
# the `postgres` role a password, turns TLS on with a throwaway certificate authority, and prints the
# URL the service's tests use (TEST_DATABASE_URL). Needs root, as `.ci/run` has on CI.
#
# The server's certificate is issued for the name `localhost` only, not for 127.0.0.1, so that the
# service's sslmode tests see verify-full pass through the name (with hostaddr=127.0.0.1) and fail
# through the address. The URL carries the authority's file as `sslrootcert`, with sslmode=disable:
# the tests choose the sslmode they check.
set -euo pipefail
# Only the URL goes to standard output, where `.ci/run` captures it: what the tools print on the way
# (pg_ctlcluster's "Removed stale pid file." after an unclean stop) goes to standard error. A
# function's redirection, not a saved descriptor, so that the server it starts holds no copy of the
# caller's pipe.
start() {
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

    tls=/var/lib/postgresql/trellis-test-tls
    if [ ! -f "$tls/server.key" ]; then
        mkdir -p "$tls"
        openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj "/CN=Trellis test CA" \
            -keyout "$tls/ca.key" -out "$tls/ca.pem" 2>/dev/null
        openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" -keyout "$tls/server.key" -out "$tls/server.csr" 2>/dev/null
        printf 'subjectAltName=DNS:localhost\n' >"$tls/server.ext"
        openssl x509 -req -days 3650 -in "$tls/server.csr" -CA "$tls/ca.pem" -CAkey "$tls/ca.key" -CAcreateserial \
            -extfile "$tls/server.ext" -out "$tls/server.pem" 2>/dev/null
        chown -R postgres:postgres "$tls"
        chmod 600 "$tls/server.key" "$tls/ca.key"
    fi
    su postgres -c "psql -q -p $port" >/dev/null <<SQL
ALTER SYSTEM SET ssl = on;
ALTER SYSTEM SET ssl_cert_file = '$tls/server.pem';
ALTER SYSTEM SET ssl_key_file = '$tls/server.key';
SELECT pg_reload_conf();
SQL
}
start >&2
echo "postgres://postgres:trellis@127.0.0.1:$port/postgres?sslmode=disable&sslrootcert=$tls/ca.pem"
