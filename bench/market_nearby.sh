#!/usr/bin/env bash
# 내 동네 at scale (issue 46): GET /api/market/nearby among 100,000 products spread over Seoul's
# 동, for each range and for a search, against Sprout's trivial route and nginx serving the same
# bytes in the same run, with p50/p99 latency; before the load, the database's plan of each query,
# to show the spatial index is used. DATABASE_URL runs it on PostgreSQL. See bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

PRODUCTS=${PRODUCTS:-100000}
SEARCH=${SEARCH:-자전거}
SEARCH_RANGE=${SEARCH_RANGE:-near}
work=$(mktemp -d -t sprout-nearby-bench.XXXXXX)
source bench/common.sh
require_tools nginx wrk curl python3
python3 -c 'import requests' 2>/dev/null || { echo "bench: needs Python's requests package (pip install requests)" >&2; exit 1; }
[ -z "${DATABASE_URL:-}" ] || require_tools psql

if [ -n "${SPROUT_BIN:-}" ]; then
    sprout_bin=$SPROUT_BIN
else
    echo "== building release"
    swift build -c release --product sprout
    sprout_bin="$(swift build -c release --show-bin-path)/sprout"
fi

echo "== starting sprout${DATABASE_URL:+ on PostgreSQL}"
sprout_port=$(free_port)
SPROUT_DATA_DIR="$work/data" SPROUT_DEMO_DATA=false LOG_LEVEL=warning SPROUT_ACCESS_TOKEN_TTL=86400 \
    SPROUT_RATE_LIMIT_IP=0 SPROUT_RATE_LIMIT_ACCOUNT=0 SPROUT_LOGIN_LIMIT_IP=0 SPROUT_LOGIN_LIMIT_EMAIL=0 \
    SPROUT_SIGNUP_LIMIT_IP=0 \
    "$sprout_bin" serve --hostname 127.0.0.1 --port "$sprout_port" >"$work/sprout.log" 2>&1 &
sprout_pid=$!
url="http://127.0.0.1:$sprout_port"
wait_for "$url/healthz"

echo "== seeding $PRODUCTS products over Seoul's 동"
started=$SECONDS
token=$(python3 bench/market_nearby_setup.py setup "$url" "$work/data" "$PRODUCTS")
echo "seeded in $((SECONDS - started)) s; the reader's 동네 is 망원제1동"
auth="Authorization: Bearer $token"

# SQLite's plan as Sprout's own SQLite makes it: bench/sqlite_plan.c linked against the object
# file the Swift build compiled from sqlite-nio's amalgamation, when one is at hand.
if [ -z "${DATABASE_URL:-}" ] && command -v cc >/dev/null; then
    for object in "$(dirname "$sprout_bin")/VaporCSQLite.build/sqlite_nio_sqlite3.c.o" \
        .build/release/VaporCSQLite.build/sqlite_nio_sqlite3.c.o .build/debug/VaporCSQLite.build/sqlite_nio_sqlite3.c.o; do
        if [ -f "$object" ] && cc -O2 -I .build/checkouts/sqlite-nio/Sources/VaporCSQLite/include -o "$work/sqlite_plan" \
            bench/sqlite_plan.c "$object" -lpthread -lm -ldl 2>"$work/sqlite_plan.log"; then
            export SQLITE_PLAN="$work/sqlite_plan"
            break
        fi
    done
fi

search_query="range=$SEARCH_RANGE&q=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$SEARCH")"
TARGETS=(
    "near|range=near|"
    "farther|range=farther|"
    "farthest|range=farthest|"
    "search|$search_query|$SEARCH"
)

mkdir -p "$work/www"
chmod 755 "$work"
type=$(curl -fsS -o "$work/www/healthz.body" -w '%{content_type}' "$url/healthz")
locations=$(nginx_location /healthz "$work/www/healthz.body" "$type")$'\n'
for target in "${TARGETS[@]}"; do
    IFS='|' read -r name query term <<<"$target"
    type=$(curl -fsS -H "$auth" -o "$work/www/$name.body" -w '%{content_type}' "$url/api/market/nearby?$query")
    python3 -c '
import json, sys
page = json.load(open(sys.argv[2]))
found, distances = len(page["products"]), [p["distance_m"] for p in page["products"]]
cursor = "set" if page["next_cursor"] else "null"
print(f"{sys.argv[1]}: {found} products on the first page, {min(distances)}-{max(distances)} m away, next_cursor {cursor}")' \
        "$name ($query)" "$work/www/$name.body"
    locations+=$(nginx_location "/$name" "$work/www/$name.body" "$type")$'\n'
done
start_nginx "$locations"
wait_for "$nginx_url/healthz"

echo "== the query of each target's first page"
for target in "${TARGETS[@]}"; do
    IFS='|' read -r name query term <<<"$target"
    range=${query#range=}
    python3 bench/market_nearby_setup.py plan "$work/data" "${range%%&*}" "$term"
    echo
done

row() {  # label sprout-figures nginx-figures healthz-req/s
    read -r s_rps s_p50 s_p99 <<<"$2"
    read -r n_rps _ _ <<<"$3"
    awk -v l="$1" -v s="$s_rps" -v n="$n_rps" -v h="$4" -v p50="$s_p50" -v p99="$s_p99" \
        'BEGIN { printf "%-10s %12s %12s %13.3f %13.3f %10s %10s\n", l, s, n, s / n, s / h, p50, p99 }'
}

printf '\n%-10s %12s %12s %13s %13s %10s %10s\n' target sprout_req/s nginx_req/s sprout/nginx sprout/healthz p50 p99
sprout_healthz=$(wrk_figures "$url/healthz")
nginx_healthz=$(wrk_figures "$nginx_url/healthz")
read -r healthz_rps _ _ <<<"$sprout_healthz"
row healthz "$sprout_healthz" "$nginx_healthz" "$healthz_rps"
for target in "${TARGETS[@]}"; do
    IFS='|' read -r name query term <<<"$target"
    if [ -n "${PROFILE:-}" ]; then
        mkdir -p "$PROFILE"
        perf record -q -e cpu-clock -g -p "$sprout_pid" -o "$PROFILE/$name.data" 2>/dev/null &
        perf_pid=$!
    fi
    # A slow answer is a figure here, not a failure: wrk's own 2 s timeout would drop it from the percentiles.
    sprout_figures=$(wrk_figures "$url/api/market/nearby?$query" -H "$auth" --timeout 60s)
    if [ -n "${PROFILE:-}" ]; then
        kill -INT "$perf_pid"
        wait "$perf_pid" || true
    fi
    nginx_figures=$(wrk_figures "$nginx_url/$name")
    row "$name" "$sprout_figures" "$nginx_figures" "$healthz_rps"
done
grep -E "VmRSS|VmHWM" "/proc/$sprout_pid/status" | tr -s ' \t\n' ' '; echo
