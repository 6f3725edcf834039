#!/usr/bin/env bash
# Photo uploads through the server path, against nginx reading the same bytes (issue 14, item 1),
# and a sell with two 12-megapixel photos against libvips alone (issue 32, item 7).
# See bench/README.md. SPROUT_BIN=path measures that binary instead of building one (to compare
# two builds, each against its own run's references).
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d -t sprout-uploads-bench.XXXXXX)
source bench/common.sh
require_tools nginx curl python3 cc pkg-config

if [ -n "${SPROUT_BIN:-}" ]; then sprout_bin=$SPROUT_BIN; else build_release; fi

echo "== libvips alone: two 12-megapixel photos, one after the other"
cc -O2 -o "$work/uploads_vips" bench/uploads_vips.c $(pkg-config --cflags --libs vips)
"$work/uploads_vips" photo "$work/photo.jpg"
vips_ms=$("$work/uploads_vips" time 7 "$work/photo.jpg" "$work/photo.jpg")

echo "== starting sprout"
port=$(free_port)
SPROUT_DATA_DIR="$work/data" SPROUT_DEMO_DATA=true LOG_LEVEL=warning SPROUT_ACCESS_TOKEN_TTL=86400 \
    SPROUT_RATE_LIMIT_IP=0 SPROUT_RATE_LIMIT_ACCOUNT=0 \
    "$sprout_bin" serve --hostname 127.0.0.1 --port "$port" >"$work/sprout.log" 2>&1 &
sprout_pid=$!
url="http://127.0.0.1:$port"
wait_for "$url/healthz"
dev_key=$(tr -d '\n' <"$work/data/dev-api-key")
token=$(curl -fsS -H "SesacKey: $dev_key" -H 'Content-Type: application/json' \
    -d '{"email":"student@sprout.local","password":"sprout-demo"}' "$url/v1/users/login" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["accessToken"])')

# nginx reads each body whole and answers 204: the cost of receiving the bytes and nothing more.
start_nginx '        client_max_body_size 32m;
        client_body_buffer_size 32m;
        location = /sink { return 204; }
'
wait_for "$nginx_url/sink"

python3 bench/uploads.py "$url" "$dev_key" "$token" "$nginx_url/sink" "$work/photo.jpg" "$vips_ms"
grep -E "VmHWM" "/proc/$sprout_pid/status" | awk '{ printf "%-40s %10.1f MiB\n", "peak RSS", $2 / 1024 }'
