#!/usr/bin/env bash
# Lesson booking under contention (issue 45): every student races every other for every open
# slot; each slot must be booked exactly once, the rest answered 409. The rate is put beside
# nginx answering the 409's bytes to the same client, the ceiling of this machine and client.
# DATABASE_URL runs it on PostgreSQL. See bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d -t sprout-booking-bench.XXXXXX)
source bench/common.sh
require_tools nginx curl python3
python3 -c 'import requests' 2>/dev/null || { echo "bench: needs Python's requests package (pip install requests)" >&2; exit 1; }
SLOTS=${SLOTS:-200}
CONTENDERS=${CONTENDERS:-20}

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
    SPROUT_SIGNUP_LIMIT_IP=0 SPROUT_CONVERSATION_LIMIT=0 SPROUT_CONVERSATION_LIMIT_NEW=0 \
    "$sprout_bin" serve --hostname 127.0.0.1 --port "$sprout_port" >"$work/sprout.log" 2>&1 &
sprout_pid=$!
sprout_url="http://127.0.0.1:$sprout_port"
wait_for "$sprout_url/healthz"
key=$(cat "$work/data/dev-api-key")

mkdir -p "$work/www"
chmod 755 "$work"
printf '%s' '{"error":true,"reason":"Someone booked this slot already."}' >"$work/www/taken.json"
start_nginx "$(nginx_location /taken.json "$work/www/taken.json" "application/json; charset=utf-8")"
wait_for "$nginx_url/taken.json"

echo "== racing $CONTENDERS students for $SLOTS slots"
(cd bench && python3 booking_race.py "$sprout_url" "$nginx_url" "$SLOTS" "$CONTENDERS" "$key")
echo "sprout RSS after the run: $(( $(awk '/VmRSS/ { print $2 }' "/proc/$sprout_pid/status") / 1024 )) MB"
