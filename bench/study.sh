#!/usr/bin/env bash
# SeSAC Study under load (issue 9): nearby search among 100,000 people waiting across Seoul,
# against Sprout's trivial route in the same run, with p50/p99 latency; then 1,000 pairs matching
# at once, each exactly once. See bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

WAITING=${WAITING:-100000}
PAIRS=${PAIRS:-1000}
WRK_THREADS=${WRK_THREADS:-2}
WRK_CONNECTIONS=${WRK_CONNECTIONS:-32}
WRK_DURATION=${WRK_DURATION:-10s}

for tool in wrk curl python3; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is not installed (apt-get install wrk curl)" >&2; exit 1; }
done

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

work=$(mktemp -d -t sprout-study-bench.XXXXXX)
sprout_pid=""
cleanup() {
    [ -n "$sprout_pid" ] && { kill "$sprout_pid" 2>/dev/null || true; wait "$sprout_pid" 2>/dev/null || true; }
    rm -rf "$work"
}
trap cleanup EXIT

echo "== building release"
swift build -c release
sprout_bin="$(swift build -c release --show-bin-path)/sprout"

echo "== starting sprout"
port=$(free_port)
SPROUT_DATA_DIR="$work/data" LOG_LEVEL=warning SPROUT_RATE_LIMIT_IP=0 SPROUT_RATE_LIMIT_ACCOUNT=0 \
    SPROUT_SMS_LIMIT_PHONE=0 SPROUT_SMS_LIMIT_IP=0 \
    "$sprout_bin" serve --hostname 127.0.0.1 --port "$port" >"$work/sprout.log" 2>&1 &
sprout_pid=$!
url="http://127.0.0.1:$port"
for _ in $(seq 1 100); do curl -fsS -o /dev/null "$url/healthz" 2>/dev/null && break; sleep 0.1; done

echo "== seeding $WAITING waiting people"
token=$(python3 bench/study_setup.py "$url" "$work/data" "$WAITING")
found=$(curl -fsS -H "idtoken: $token" -d 'lat=37.5665&long=126.978' "$url/v1/queue/search" \
    | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["fromQueueDB"]))')
echo "a search at Seoul City Hall lists $found people"

cat >"$work/search.lua" <<LUA
wrk.method = "POST"
wrk.body = "lat=37.5665&long=126.978"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["idtoken"] = "$token"
LUA

measure() {  # label url [wrk arguments…]
    local label=$1 target=$2 output
    shift 2
    output=$(wrk -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"$WRK_DURATION" --latency "$@" "$target")
    if grep -q "Non-2xx or 3xx responses" <<<"$output"; then echo "bench: $label answered errors:" >&2; echo "$output" >&2; exit 1; fi
    awk -v label="$label" '
        /^Requests\/sec:/ { rps = $2 }
        $1 == "50%" { p50 = $2 }
        $1 == "99%" { p99 = $2 }
        END { printf "%-22s %12s %10s %10s\n", label, rps, p50, p99 }' <<<"$output"
}

printf '\n%-22s %12s %10s %10s\n' target req/s p50 p99
measure healthz "$url/healthz"
measure nearby-search "$url/v1/queue/search" -s "$work/search.lua"
grep -i "rss\|VmHWM" /proc/$sprout_pid/status | tr '\n' ' '; echo

echo "== $PAIRS pairs matching at once"
(cd bench && python3 study_race.py "$url" "$PAIRS")
