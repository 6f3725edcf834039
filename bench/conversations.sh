#!/usr/bin/env bash
# Conversations and their live event stream under load (issue 31): a send's answer and its
# delivery to the recipient's `GET /api/events` stream at 1,000 sends a second, beside nginx
# answering the same bytes at the same pace; 10,000 idle event streams and the server's RSS; the
# inbox read (`GET /api/conversations`) against nginx serving the same bytes. See bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d -t sprout-conversations-bench.XXXXXX)
source bench/common.sh
require_tools nginx wrk curl python3
# PROFILE=dir: perf records Sprout (`-e cpu-clock -g`) through the sends and through the inbox read
# into dir/delivery.data and dir/inbox.data (read them with `perf report -i … --stdio`).
perf_pid=""
profile_start() {  # name
    [ -n "${PROFILE:-}" ] || return 0
    mkdir -p "$PROFILE"
    perf record -e cpu-clock -g -p "$sprout_pid" -o "$PROFILE/$1.data" >"$work/perf-$1.log" 2>&1 &
    perf_pid=$!
}
profile_stop() {
    [ -n "$perf_pid" ] || return 0
    kill -INT "$perf_pid" 2>/dev/null || true
    wait "$perf_pid" 2>/dev/null || true
    perf_pid=""
}
trap 'profile_stop; cleanup' EXIT
[ -z "${PROFILE:-}" ] || { command -v perf >/dev/null || { echo "bench: PROFILE needs perf" >&2; exit 1; }; PROFILE=$(realpath -m "$PROFILE"); }
python3 -c 'import requests' 2>/dev/null || { echo "bench: needs Python's requests package (pip install requests)" >&2; exit 1; }
# 10,000 streams hold 10,000 descriptors on each side.
ulimit -n "$(ulimit -Hn)"
if [ "$(ulimit -n)" -lt $((${IDLE:-10000} + 1000)) ]; then
    echo "bench: the descriptor limit is $(ulimit -n), too few for ${IDLE:-10000} streams" >&2
    exit 1
fi

# SPROUT_BIN runs another binary (e.g. .build/debug/sprout to try the script) without building.
if [ -n "${SPROUT_BIN:-}" ]; then
    sprout_bin=$SPROUT_BIN
else
    echo "== building release"
    swift build -c release --product sprout
    sprout_bin="$(swift build -c release --show-bin-path)/sprout"
fi

echo "== starting sprout"
# Rate limits off: every stream and send comes from 127.0.0.1, and the IP limit covers
# /api/events; so do the live connections one address may hold (SPROUT_LIVE_PER_CLIENT), which
# the idle streams step goes far beyond. The instance's own total comes from the descriptor limit.
sprout_port=$(free_port)
SPROUT_DATA_DIR="$work/data" SPROUT_DEMO_DATA=false LOG_LEVEL=warning SPROUT_ACCESS_TOKEN_TTL=86400 \
    SPROUT_RATE_LIMIT_IP=0 SPROUT_RATE_LIMIT_ACCOUNT=0 SPROUT_LOGIN_LIMIT_IP=0 SPROUT_LOGIN_LIMIT_EMAIL=0 \
    SPROUT_SIGNUP_LIMIT_IP=0 SPROUT_LIVE_PER_CLIENT=1000000 \
    "$sprout_bin" serve --hostname 127.0.0.1 --port "$sprout_port" >"$work/sprout.log" 2>&1 &
sprout_pid=$!
sprout_url="http://127.0.0.1:$sprout_port"
wait_for "$sprout_url/healthz"

echo "== setting up accounts and conversations"
mkdir -p "$work/www"
chmod 755 "$work"
python3 bench/conversations.py setup "$sprout_url" "$work/www"
reader_token=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["reader"]["token"])' "$work/www/state.json")
message_type=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["message_content_type"])' "$work/www/state.json")
inbox_type=$(curl -fsS -H "Authorization: Bearer $reader_token" -o "$work/www/inbox.body" -w '%{content_type}' "$sprout_url/api/conversations")
add_ceiling_body /api/conversations "$work/www/inbox.body" "$inbox_type"
add_ceiling_body /message.body "$work/www/message.body" "$message_type"
start_nginx "$locations"
wait_for "$nginx_url/message.body"

echo "== idle event streams"
python3 bench/conversations.py idle "$sprout_url" "$work/www" "$sprout_pid"

echo "== sends and their delivery"
profile_start delivery
python3 bench/conversations.py delivery "$sprout_url" "$work/www" "$nginx_url"
profile_stop

echo "== the inbox read"
curl -fsS -H "Authorization: Bearer $reader_token" "$sprout_url/api/conversations" | cmp -s - "$work/www/inbox.body" \
    || { echo "bench: the reader's inbox changed since it was captured" >&2; exit 1; }
profile_start inbox
read -r sprout_rps sprout_p50 sprout_p99 < <(wrk_figures "$sprout_url/api/conversations" -H "Authorization: Bearer $reader_token") || exit 1
profile_stop
read -r nginx_rps nginx_p50 nginx_p99 < <(wrk_figures "$nginx_url/api/conversations") || exit 1
printf '\n%-28s %12s %10s %10s\n' "GET /api/conversations" req/s p50 p99
printf '%-28s %12s %10s %10s\n' "sprout ($(wc -c <"$work/www/inbox.body") bytes, $(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["conversations"]))' "$work/www/inbox.body") conversations)" "$sprout_rps" "$sprout_p50" "$sprout_p99"
printf '%-28s %12s %10s %10s\n' "nginx, the same bytes" "$nginx_rps" "$nginx_p50" "$nginx_p99"
awk -v s="$sprout_rps" -v n="$nginx_rps" 'BEGIN { printf "%-28s %12.4f\n", "sprout/nginx", s / n }'

echo
grep -E "VmHWM|VmRSS" "/proc/$sprout_pid/status" | awk '{ printf "%-28s %10.1f MiB\n", ($1 == "VmHWM:" ? "sprout peak RSS (VmHWM)" : "sprout RSS at the end"), $2 / 1024 }'
