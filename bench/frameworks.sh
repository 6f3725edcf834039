#!/usr/bin/env bash
# What each framework can do on this machine with nothing on it: nginx, bare Vapor
# (bench/BareVapor, the framework Sprout runs on) and bare Hummingbird (bench/BareHummingbird)
# answer the same bodies from memory, and wrk loads each the same way as bench/run.sh. Prints
# requests/sec and each framework's ratio to nginx. Sprout is not involved. See bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d -t sprout-frameworks.XXXXXX)
source bench/common.sh
require_tools nginx wrk curl python3

echo "== building release"
swift build -c release --product bare-vapor
swift build -c release --package-path bench/BareHummingbird
vapor_bin="$(swift build -c release --show-bin-path)/bare-vapor"
hummingbird_bin="$(swift build -c release --package-path bench/BareHummingbird --show-bin-path)/bare-hummingbird"

# The bodies: the 4 bytes of the market's health check, and 624 bytes of JSON, about a lesson
# detail's size.
mkdir -p "$work/www"
chmod 755 "$work"
printf '"OK"' >"$work/www/small"
python3 -c 'import json; print(json.dumps({"post_id": "0" * 24, "content": "가" * 190}, ensure_ascii=False), end="")' >"$work/www/lesson"
for body in small lesson; do
    add_ceiling_body "/$body" "$work/www/$body" "application/json; charset=utf-8"
done

echo "== starting nginx, bare Vapor and bare Hummingbird"
start_nginx "$locations"
start_bare_vapor "$vapor_bin"
hummingbird_port=$(free_port)
"$hummingbird_bin" "$hummingbird_port" "$work/manifest.tsv" >"$work/bare-hummingbird.log" 2>&1 &
hummingbird_pid=$!
hummingbird_url="http://127.0.0.1:$hummingbird_port"
for url in "$nginx_url" "$vapor_url" "$hummingbird_url"; do wait_for "$url/small"; done

printf '\n%-8s %12s %12s %12s %12s %12s\n' body nginx_req/s vapor_req/s vapor/nginx hb_req/s hb/nginx
for body in small lesson; do
    nginx_rps=$(wrk_figures "$nginx_url/$body"); nginx_rps=${nginx_rps%% *}
    vapor_rps=$(wrk_figures "$vapor_url/$body"); vapor_rps=${vapor_rps%% *}
    hummingbird_rps=$(wrk_figures "$hummingbird_url/$body"); hummingbird_rps=${hummingbird_rps%% *}
    awk -v b="$body" -v n="$nginx_rps" -v v="$vapor_rps" -v h="$hummingbird_rps" \
        'BEGIN { printf "%-8s %12s %12s %12.3f %12s %12.3f\n", b, n, v, v / n, h, h / n }'
done
