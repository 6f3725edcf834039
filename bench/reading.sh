#!/usr/bin/env bash
# ReadingHaracoon under load (issue 11): a reader's library of 500 books and the statistics of a
# year of sessions, against nginx serving the same bytes in the same run, with p50/p99 latency.
# See bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

BOOKS=${BOOKS:-500}
YEAR=${YEAR:-2025}
work=$(mktemp -d -t sprout-reading-bench.XXXXXX)
source bench/common.sh
require_tools nginx wrk curl python3

build_release

echo "== starting sprout"
port=$(free_port)
SPROUT_DATA_DIR="$work/data" SPROUT_DEMO_DATA=false LOG_LEVEL=warning SPROUT_ACCESS_TOKEN_TTL=86400 \
    SPROUT_RATE_LIMIT_IP=0 SPROUT_RATE_LIMIT_ACCOUNT=0 \
    "$sprout_bin" serve --hostname 127.0.0.1 --port "$port" >"$work/sprout.log" 2>&1 &
sprout_pid=$!
url="http://127.0.0.1:$port"
wait_for "$url/healthz"

echo "== a reader with $BOOKS books and a year ($YEAR) of sessions"
token=$(python3 bench/reading_setup.py "$url" "$work/data" "$BOOKS" "$YEAR")
auth="Authorization: Bearer $token"
mkdir -p "$work/www"
chmod 755 "$work"
curl -fsS -o "$work/www/healthz.body" "$url/healthz"
curl -fsS -H "$auth" -o "$work/www/library.body" "$url/api/reading/library"
curl -fsS -H "$auth" -o "$work/www/stats.body" "$url/api/reading/stats?year=$YEAR"
echo "library: $(wc -c <"$work/www/library.body") bytes; stats: $(wc -c <"$work/www/stats.body") bytes"

start_nginx "$(nginx_location /healthz "$work/www/healthz.body" "application/json")
$(nginx_location /api/reading/library "$work/www/library.body" "application/json; charset=utf-8")
$(nginx_location /api/reading/stats "$work/www/stats.body" "application/json; charset=utf-8")"
wait_for "$nginx_url/api/reading/stats"

row() {  # label sprout-figures nginx-figures
    read -r s_rps s_p50 s_p99 <<<"$2"
    read -r n_rps _ _ <<<"$3"
    awk -v l="$1" -v s="$s_rps" -v n="$n_rps" -v p50="$s_p50" -v p99="$s_p99" \
        'BEGIN { printf "%-16s %12s %12s %10.3f %10s %10s\n", l, s, n, s / n, p50, p99 }'
}

printf '\n%-16s %12s %12s %10s %10s %10s\n' target sprout_req/s nginx_req/s ratio p50 p99
row healthz "$(wrk_figures "$url/healthz")" "$(wrk_figures "$nginx_url/healthz")"
row library-500 "$(wrk_figures "$url/api/reading/library" -H "$auth")" "$(wrk_figures "$nginx_url/api/reading/library")"
row stats-year "$(wrk_figures "$url/api/reading/stats?year=$YEAR" -H "$auth")" "$(wrk_figures "$nginx_url/api/reading/stats?year=$YEAR")"
# The same library read while another reader adds and removes a book NEIGHBOUR_WRITES times a
# second: each reader's answers are kept under their own counter, so the figure should hold.
seconds=${WRK_DURATION%s}
(cd bench && python3 reading_neighbour.py "$url" "$((seconds + 1))" "${NEIGHBOUR_WRITES:-20}" >"$work/neighbour.writes") &
neighbour=$!
sleep 1
row library-beside "$(wrk_figures "$url/api/reading/library" -H "$auth")" "$(wrk_figures "$nginx_url/api/reading/library")"
wait "$neighbour"
echo "the other reader wrote $(cat "$work/neighbour.writes") times beside library-beside"
grep -E "VmRSS|VmHWM" /proc/$sprout_pid/status | tr -s ' \t\n' ' '; echo
