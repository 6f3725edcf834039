#!/usr/bin/env bash
# Sprout against a ceiling: for each target, nginx serves a file holding exactly the bytes (and
# Content-Type) Sprout answered, and wrk measures both the same way. Prints requests/sec for each
# and the ratio sprout/nginx. See bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

# One target per line: "name|path|extra request header (optional)". In a header, {DEV_KEY}
# becomes the dev API key of the Sprout under test.
TARGETS=(
    "healthz|/healthz|"
    "market-page|/api/products?page_no=1&items_per_page=20|"
    "market-detail|/api/products/7|"
)

WRK_THREADS=${WRK_THREADS:-2}
WRK_CONNECTIONS=${WRK_CONNECTIONS:-32}
WRK_DURATION=${WRK_DURATION:-10s}

for tool in nginx wrk curl python3; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is not installed (apt-get install nginx wrk curl)" >&2; exit 1; }
done

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

work=$(mktemp -d -t sprout-bench.XXXXXX)
sprout_pid="" nginx_pid=""
cleanup() {
    local pid
    for pid in $nginx_pid $sprout_pid; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT

wait_for() {  # url
    for _ in $(seq 1 100); do
        curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "bench: $1 did not answer" >&2
    exit 1
}

echo "== building release"
swift build -c release
sprout_bin="$(swift build -c release --show-bin-path)/sprout"

echo "== starting sprout"
sprout_port=$(free_port)
SPROUT_DATA_DIR="$work/data" SPROUT_DEMO_DATA=true LOG_LEVEL=warning \
    SPROUT_RATE_LIMIT_IP=0 SPROUT_RATE_LIMIT_ACCOUNT=0 \
    "$sprout_bin" serve --hostname 127.0.0.1 --port "$sprout_port" >"$work/sprout.log" 2>&1 &
sprout_pid=$!
sprout_url="http://127.0.0.1:$sprout_port"
wait_for "$sprout_url/healthz"
dev_key=$(tr -d '\n' <"$work/data/dev-api-key")

header_for() {  # target's header template -> the header, or nothing
    printf '%s' "${1//\{DEV_KEY\}/$dev_key}"
}

# Capture each target's body and Content-Type from Sprout; nginx serves exactly those.
mkdir -p "$work/www" "$work/logs"
chmod 755 "$work" "$work/www"
locations=""
for target in "${TARGETS[@]}"; do
    IFS='|' read -r name path header <<<"$target"
    header=$(header_for "$header")
    content_type=$(curl -fsS ${header:+-H "$header"} -o "$work/www/$name.body" -w '%{content_type}' "$sprout_url$path")
    chmod 644 "$work/www/$name.body"
    locations+="        location = ${path%%\?*} { types { } default_type \"$content_type\"; alias $work/www/$name.body; }
"
done

echo "== starting nginx"
nginx_port=$(free_port)
cat >"$work/nginx.conf" <<CONF
worker_processes auto;
daemon off;
pid $work/nginx.pid;
error_log $work/logs/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/tmp-body;
    proxy_temp_path $work/tmp-proxy;
    fastcgi_temp_path $work/tmp-fastcgi;
    uwsgi_temp_path $work/tmp-uwsgi;
    scgi_temp_path $work/tmp-scgi;
    server {
        listen 127.0.0.1:$nginx_port;
$locations    }
}
CONF
nginx -p "$work" -c "$work/nginx.conf" &
nginx_pid=$!
nginx_url="http://127.0.0.1:$nginx_port"

requests_per_second() {  # url [header]
    local output
    output=$(wrk -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"$WRK_DURATION" ${2:+-H "$2"} "$1")
    # A run full of error answers measures nothing worth comparing.
    if grep -q "Non-2xx or 3xx responses" <<<"$output"; then
        echo "bench: $1 answered errors under load:" >&2
        echo "$output" >&2
        exit 1
    fi
    awk '/^Requests\/sec:/ { print $2 }' <<<"$output"
}

printf '\n%-16s %14s %14s %14s\n' target sprout_req/s nginx_req/s sprout/nginx
for target in "${TARGETS[@]}"; do
    IFS='|' read -r name path header <<<"$target"
    header=$(header_for "$header")
    wait_for "$nginx_url${path%%\?*}"
    sprout_rps=$(requests_per_second "$sprout_url$path" "$header")
    nginx_rps=$(requests_per_second "$nginx_url$path")
    ratio=$(awk -v s="$sprout_rps" -v n="$nginx_rps" 'BEGIN { printf "%.3f", s / n }')
    printf '%-16s %14s %14s %14s\n' "$name" "$sprout_rps" "$nginx_rps" "$ratio"
done
