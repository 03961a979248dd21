#!/usr/bin/env bash
# How the service example (Examples/Service) behaves when its PostgreSQL server goes away (#41), timed
# from outside with a real server: the time a request and /health take to answer 503 once the server
# is stopped (pg_ctlcluster stop -m fast) or unreachable (its processes SIGSTOPped, so that connections
# stay open and nothing answers), the time to exit after SIGTERM in each state, with requests in flight,
# the time to fail a start, and the time to serve again once the server is back.
#
# Usage: Benchmarks/Scripts/service-outage.sh [--rounds N] [--output FILE]   (default: 3 rounds, results/service-outage.md)
#
# Needs root and Debian's PostgreSQL packages (Scripts/start-postgres.sh installs them). It creates a
# cluster of its own on a free loopback port, stops and freezes only that one, and drops it at the end.
# It builds and times the debug binary (`swift build --package-path Examples/Service`): the figures are
# bounded by the service's timeouts (DATABASE_TIMEOUT_SECONDS 1.5, connect_timeout 5, the 3 s
# graceful-shutdown limit), not by its speed.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=3
output=Benchmarks/results/service-outage.md
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --output) output="$2"; shift 2 ;;
        *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
    esac
done

command -v pg_createcluster >/dev/null || { echo "needs PostgreSQL: run Scripts/start-postgres.sh first" >&2; exit 2; }
version="$(pg_lsclusters --no-header | awk 'NR == 1 { print $1 }')"
cluster="trellis-outage-$$"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
pg_createcluster "$version" "$cluster" --port "$port" >/dev/null
log="$(mktemp)"
trap 'kill -CONT $(server_processes) 2>/dev/null || true; pg_dropcluster --stop "$version" "$cluster" || true; rm -f "$log"' EXIT
pg_ctlcluster "$version" "$cluster" start
su postgres -c "psql -q -p $port -c \"ALTER ROLE postgres PASSWORD 'trellis'\"" >/dev/null
su postgres -c "createdb -p $port library"
url="postgres://postgres:trellis@127.0.0.1:$port/library?sslmode=disable"
swift build --package-path Examples/Service --product library-service >/dev/null
binary="$(swift build --package-path Examples/Service --show-bin-path)/library-service"

now() { date +%s.%N; }
seconds() { python3 -c "print(f'{$2 - $1:.2f}')"; }
stop_server() { pg_ctlcluster "$version" "$cluster" stop -m fast; }
start_server() { pg_ctlcluster "$version" "$cluster" start; }
# This cluster's postmaster and its children, and no other cluster's.
server_processes() {
    local postmaster
    postmaster="$(head -1 "/var/lib/postgresql/$version/$cluster/postmaster.pid" 2>/dev/null)" || return 0
    echo "$postmaster" $(pgrep -P "$postmaster")
}
freeze_server() { kill -STOP $(server_processes); }
thaw_server() { kill -CONT $(server_processes); }

# Starts the service on an ephemeral port; sets `pid` and `http`.
start_service() {
    PORT=0 DATABASE_URL="$url" "$binary" >"$log" 2>&1 &
    pid=$!
    for _ in $(seq 1 500); do
        if grep -q "listening" "$log"; then break; fi
        sleep 0.02
    done
    http="http://127.0.0.1:$(grep -o 'port=[0-9]*' "$log" | head -1 | cut -d= -f2)"
    curl -s -o /dev/null "$http/health"
    token="$(curl -s -X POST "$http/members" -d "{\"name\": \"Ann\", \"email\": \"ann$RANDOM$RANDOM@example.com\"}" |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')"
}

# "status seconds" of one request.
timed() { curl -s -o /dev/null -w '%{http_code} %{time_total}\n' "$@"; }

# SIGTERM with eight writes in flight; sets `exited` to "exit STATUS after SECONDS" (not run in a
# subshell, which could not wait for the service).
terminate() {
    for _ in $(seq 1 8); do
        curl -s -o /dev/null -X POST -H "Authorization: Bearer $token" -d '{"name": "w"}' "$http/authors" &
    done
    sleep 0.3
    local started status
    started=$(now)
    kill -TERM "$pid"
    set +e
    wait "$pid"
    status=$?
    set -e
    exited="exit $status after $(seconds "$started" "$(now)")"
    wait
}

# Seconds until /health answers 200 again, polling every 0.1 s.
recovery() {
    local started
    started=$(now)
    for _ in $(seq 1 600); do
        if [ "$(curl -s -o /dev/null -w '%{http_code}' "$http/health")" = 200 ]; then break; fi
        sleep 0.1
    done
    seconds "$started" "$(now)"
}

rows=()
for round in $(seq 1 "$rounds"); do
    start_service
    terminate
    rows+=("| $round | running, server up | SIGTERM 0.3 s after 8 writes | $exited s |")

    for outage in stopped unreachable; do
        start_service
        if [ "$outage" = stopped ]; then stop_server; else freeze_server; fi
        read -r code time < <(timed "$http/health")
        rows+=("| $round | running, server $outage | GET /health | $code after $(printf '%.2f' "$time") s |")
        read -r code time < <(timed -X POST -H "Authorization: Bearer $token" -d '{"name": "x"}' "$http/authors")
        rows+=("| $round | running, server $outage | POST /authors | $code after $(printf '%.2f' "$time") s |")
        if [ "$outage" = stopped ]; then start_server; else thaw_server; fi
        rows+=("| $round | server back after the $outage outage | GET /health until 200 | $(recovery) s |")
        if [ "$outage" = stopped ]; then stop_server; else freeze_server; fi
        terminate
        rows+=("| $round | running, server $outage | SIGTERM 0.3 s after 8 writes | $exited s |")
        if [ "$outage" = stopped ]; then start_server; else thaw_server; fi
    done

    for outage in stopped unreachable; do
        if [ "$outage" = stopped ]; then stop_server; else freeze_server; fi
        started=$(now)
        set +e
        PORT=0 DATABASE_URL="$url" "$binary" >"$log" 2>&1
        status=$?
        set -e
        cause="$(grep ' error library: ' "$log" | sed 's/.*error=//; s/ \[LibraryService\].*//')"
        rows+=("| $round | starting, server $outage | exit by itself | exit $status after $(seconds "$started" "$(now)") s: \`$cause\` |")
        # A stopped server refuses at once; only an unreachable one keeps the start waiting.
        if [ "$outage" = stopped ]; then
            start_server
            continue
        fi
        PORT=0 DATABASE_URL="$url" "$binary" >"$log" 2>&1 &
        pid=$!
        sleep 1
        started=$(now)
        kill -TERM "$pid"
        set +e
        wait "$pid"
        status=$?
        set -e
        rows+=("| $round | starting, server $outage | SIGTERM 1 s in | exit $status after $(seconds "$started" "$(now)") s |")
        if [ "$outage" = stopped ]; then start_server; else thaw_server; fi
    done
done

mkdir -p "$(dirname "$output")"
{
    echo "# The service example when PostgreSQL goes away"
    echo
    echo "Run $(date -u +%Y-%m-%dT%H:%M:%SZ) by \`Benchmarks/Scripts/service-outage.sh --rounds $rounds\`, debug build of"
    echo "\`library-service\`, a PostgreSQL $version cluster of its own on loopback, default settings (DATABASE_TIMEOUT_SECONDS 1.5,"
    echo "connect_timeout 5, graceful shutdown limited to 3 s); load average at the end $(cut -d' ' -f1-3 /proc/loadavg)."
    echo "*Stopped*: \`pg_ctlcluster stop -m fast\` (connections closed, new ones refused). *Unreachable*: every"
    echo "server process SIGSTOPped (connections stay open, nothing answers, new connections are accepted by"
    echo "the kernel and never answered). Targets (#41): 503 within 2 s; exit within 5 s of SIGTERM in every state;"
    echo "a failed start names its cause in one error line and exits 1."
    echo
    echo "| round | state | action | outcome |"
    echo "| ---: | --- | --- | --- |"
    printf '%s\n' "${rows[@]}"
} >"$output"
echo "wrote $output"
