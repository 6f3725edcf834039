#!/usr/bin/env bash
# SeSAC Study under load (issue 9): nearby search among 100,000 people waiting across Seoul,
# against Sprout's trivial route and nginx serving the same bytes in the same run, with p50/p99
# latency; then 1,000 pairs matching
# at once, each exactly once. See bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

WAITING=${WAITING:-100000}
PAIRS=${PAIRS:-1000}
work=$(mktemp -d -t sprout-study-bench.XXXXXX)
source bench/common.sh
require_tools nginx wrk curl python3

build_release

echo "== starting sprout"
port=$(free_port)
SPROUT_DATA_DIR="$work/data" LOG_LEVEL=warning SPROUT_RATE_LIMIT_IP=0 SPROUT_RATE_LIMIT_ACCOUNT=0 \
    SPROUT_SMS_LIMIT_PHONE=0 SPROUT_SMS_LIMIT_IP=0 \
    "$sprout_bin" serve --hostname 127.0.0.1 --port "$port" >"$work/sprout.log" 2>&1 &
sprout_pid=$!
url="http://127.0.0.1:$port"
wait_for "$url/healthz"

echo "== seeding $WAITING waiting people"
token=$(python3 bench/study_setup.py "$url" "$work/data" "$WAITING")
search_form='lat=37.5665&long=126.978'
mkdir -p "$work/www"
chmod 755 "$work"
curl -fsS -o "$work/www/healthz.body" "$url/healthz"
curl -fsS -H "idtoken: $token" -d "$search_form" -o "$work/www/search.body" "$url/v1/queue/search"
found=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["fromQueueDB"]))' "$work/www/search.body")
echo "a search at Seoul City Hall lists $found people ($(wc -c <"$work/www/search.body") bytes)"

# nginx answers the same bytes by GET (it serves no static file to a POST).
start_nginx "$(nginx_location /healthz "$work/www/healthz.body" "application/json")
$(nginx_location /search "$work/www/search.body" "application/json; charset=utf-8")"
wait_for "$nginx_url/search"

cat >"$work/search.lua" <<LUA
wrk.method = "POST"
wrk.body = "$search_form"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["idtoken"] = "$token"
LUA

row() {  # label sprout-figures nginx-figures
    read -r s_rps s_p50 s_p99 <<<"$2"
    read -r n_rps _ _ <<<"$3"
    awk -v l="$1" -v s="$s_rps" -v n="$n_rps" -v p50="$s_p50" -v p99="$s_p99" \
        'BEGIN { printf "%-16s %12s %12s %10.3f %10s %10s\n", l, s, n, s / n, p50, p99 }'
}

printf '\n%-16s %12s %12s %10s %10s %10s\n' target sprout_req/s nginx_req/s ratio p50 p99
sprout_healthz=$(wrk_figures "$url/healthz")
nginx_healthz=$(wrk_figures "$nginx_url/healthz")
row healthz "$sprout_healthz" "$nginx_healthz"
sprout_search=$(wrk_figures "$url/v1/queue/search" -s "$work/search.lua")
nginx_search=$(wrk_figures "$nginx_url/search")
row nearby-search "$sprout_search" "$nginx_search"
grep -E "VmRSS|VmHWM" /proc/$sprout_pid/status | tr -s ' \t\n' ' '; echo

echo "== $PAIRS pairs matching at once"
(cd bench && python3 study_race.py "$url" "$PAIRS")
