#!/usr/bin/env bash
# Sprout against a ceiling: for each target, nginx serves a file holding exactly the bytes (and
# Content-Type) Sprout answered, and wrk measures both the same way. Prints requests/sec for each
# and the ratio sprout/nginx, beside bare Vapor (bench/BareVapor) answering the same bytes: the
# framework's own share of the distance. See bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

# One target per line: "name|path|headers", headers separated by ";;". In paths and headers,
# {DEV_KEY} becomes the dev API key of the Sprout under test, {TOKEN} a demo student's access token
# and {POST_ID} the newest demo lesson's id.
LESSONS_HEADERS="SesacKey: {DEV_KEY};;Authorization: {TOKEN}"
TARGETS=(
    "healthChecker|/healthChecker|"
    "healthz|/healthz|"
    "market-page|/api/products?page_no=1&items_per_page=20|"
    "market-detail|/api/products/7|"
    "lesson-page|/v1/posts?next=&limit=20&product_id=allforlesson|$LESSONS_HEADERS"
    "lesson-detail|/v1/posts/{POST_ID}|$LESSONS_HEADERS"
)

work=$(mktemp -d -t sprout-bench.XXXXXX)
source bench/common.sh
require_tools nginx wrk curl python3

build_release

echo "== starting sprout"
sprout_port=$(free_port)
# With DATABASE_URL a second instance shares the database at the end: they share the token secret.
export SPROUT_TOKEN_SECRET=${SPROUT_TOKEN_SECRET:-bench-token-secret-0123456789abcdef0123456789abcdef}
SPROUT_DATA_DIR="$work/data" SPROUT_DEMO_DATA=true LOG_LEVEL=warning SPROUT_ACCESS_TOKEN_TTL=86400 \
    SPROUT_RATE_LIMIT_IP=0 SPROUT_RATE_LIMIT_ACCOUNT=0 SPROUT_LOGIN_LIMIT_IP=0 SPROUT_LOGIN_LIMIT_EMAIL=0 \
    "$sprout_bin" serve --hostname 127.0.0.1 --port "$sprout_port" >"$work/sprout.log" 2>&1 &
sprout_pid=$!
sprout_url="http://127.0.0.1:$sprout_port"
wait_for "$sprout_url/healthz"
dev_key=$(tr -d '\n' <"$work/data/dev-api-key")
login_body='{"email":"student@sprout.local","password":"sprout-demo"}'
token=$(curl -fsS -H "SesacKey: $dev_key" -H 'Content-Type: application/json' -d "$login_body" "$sprout_url/v1/users/login" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["accessToken"])')
post_id=$(curl -fsS -H "SesacKey: $dev_key" -H "Authorization: $token" "$sprout_url/v1/posts?next=&limit=1&product_id=allforlesson" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["data"][0]["post_id"])')

fill() {  # template -> the template with the placeholders replaced
    local text=${1//\{DEV_KEY\}/$dev_key}
    text=${text//\{TOKEN\}/$token}
    printf '%s' "${text//\{POST_ID\}/$post_id}"
}

header_args() {  # "h1;;h2" -> one "-H h" line per header, for mapfile
    local rest=$1
    while [ -n "$rest" ]; do
        printf -- '-H\n%s\n' "${rest%%;;*}"
        [[ $rest == *";;"* ]] && rest=${rest#*;;} || rest=""
    done
}

# Capture each target's body and Content-Type from Sprout; nginx and bare Vapor serve exactly those.
mkdir -p "$work/www"
chmod 755 "$work"
for target in "${TARGETS[@]}"; do
    IFS='|' read -r name path headers <<<"$target"
    path=$(fill "$path")
    mapfile -t args < <(header_args "$(fill "$headers")")
    content_type=$(curl -fsS "${args[@]}" -o "$work/www/$name.body" -w '%{content_type}' "$sprout_url$path")
    add_ceiling_body "${path%%\?*}" "$work/www/$name.body" "$content_type"
done

echo "== starting nginx and bare Vapor"
start_nginx "$locations"
start_bare_vapor "$(dirname "$sprout_bin")/bare-vapor"
wait_for "$vapor_url/healthz"

requests_per_second() {  # url [wrk arguments…]
    local figures
    figures=$(wrk_figures "$@") || exit 1
    printf '%s\n' "${figures%% *}"
}

printf '\n%-16s %14s %14s %14s %14s %14s\n' target sprout_req/s nginx_req/s sprout/nginx vapor_req/s vapor/nginx
for target in "${TARGETS[@]}"; do
    IFS='|' read -r name path headers <<<"$target"
    path=$(fill "$path")
    mapfile -t args < <(header_args "$(fill "$headers")")
    wait_for "$nginx_url${path%%\?*}"
    sprout_rps=$(requests_per_second "$sprout_url$path" "${args[@]}")
    nginx_rps=$(requests_per_second "$nginx_url$path")
    vapor_rps=$(requests_per_second "$vapor_url$path")
    ratio=$(awk -v s="$sprout_rps" -v n="$nginx_rps" 'BEGIN { printf "%.3f", s / n }')
    vapor_ratio=$(awk -v v="$vapor_rps" -v n="$nginx_rps" 'BEGIN { printf "%.3f", v / n }')
    printf '%-16s %14s %14s %14s %14s %14s\n' "$name" "$sprout_rps" "$nginx_rps" "$ratio" "$vapor_rps" "$vapor_ratio"
done
# Two instances on one PostgreSQL: each hot read against the first, then the second, each with
# the other idle but listening, then against both at once (two wrk, half the connections each).
# Each should answer as the one instance above did, and both at once share the same two cores.
if [ -n "${DATABASE_URL:-}" ]; then
    second_port=$(free_port)
    SPROUT_DATA_DIR="$work/data-second" SPROUT_DEMO_DATA=false LOG_LEVEL=warning SPROUT_ACCESS_TOKEN_TTL=86400 \
        SPROUT_RATE_LIMIT_IP=0 SPROUT_RATE_LIMIT_ACCOUNT=0 SPROUT_LOGIN_LIMIT_IP=0 SPROUT_LOGIN_LIMIT_EMAIL=0 \
        "$sprout_bin" serve --hostname 127.0.0.1 --port "$second_port" >"$work/sprout-second.log" 2>&1 &
    second_pid=$!
    trap 'kill "$second_pid" 2>/dev/null || true; cleanup' EXIT
    second_url="http://127.0.0.1:$second_port"
    wait_for "$second_url/healthz"
    printf '\n%-16s %14s %14s %14s %14s\n' target first_req/s second_req/s both:first both:second
    for target in "${TARGETS[@]:2}"; do
        IFS='|' read -r name path headers <<<"$target"
        path=$(fill "$path")
        mapfile -t args < <(header_args "$(fill "$headers")")
        first_rps=$(requests_per_second "$sprout_url$path" "${args[@]}")
        second_rps=$(requests_per_second "$second_url$path" "${args[@]}")
        WRK_THREADS=1 WRK_CONNECTIONS=$((WRK_CONNECTIONS / 2)) wrk_figures "$second_url$path" "${args[@]}" >"$work/both-second.txt" &
        both_second=$!
        both_first=$(WRK_THREADS=1 WRK_CONNECTIONS=$((WRK_CONNECTIONS / 2)) requests_per_second "$sprout_url$path" "${args[@]}")
        wait "$both_second"
        printf '%-16s %14s %14s %14s %14s\n' "$name" "$first_rps" "$second_rps" "$both_first" "$(cut -d' ' -f1 "$work/both-second.txt")"
    done
    kill "$second_pid"
    wait "$second_pid" 2>/dev/null || true
    trap cleanup EXIT
fi

# Bare Vapor's part is done; the rows below load Sprout alone.
kill "$vapor_pid"
wait "$vapor_pid" 2>/dev/null || true
vapor_pid=""

# Logins hash passwords with bcrypt (the default cost, 10) on their own low-priority threads, off
# the event loops. Measure their throughput, then the lesson page alone and again while logins run
# flat out beside it.
cat >"$work/login.lua" <<LUA
wrk.method = "POST"
wrk.body = '$login_body'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["SesacKey"] = "$dev_key"
LUA
mapfile -t lesson_args < <(header_args "$(fill "$LESSONS_HEADERS")")
lesson_url="$sprout_url/v1/posts?next=&limit=20&product_id=allforlesson"
login_rps=$(WRK_CONNECTIONS=8 requests_per_second "$sprout_url/v1/users/login" -s "$work/login.lua")
alone_rps=$(requests_per_second "$lesson_url" "${lesson_args[@]}")
wrk -t1 -c8 -d"$WRK_DURATION" -s "$work/login.lua" "$sprout_url/v1/users/login" >"$work/login-beside.txt" &
login_load=$!
beside_rps=$(requests_per_second "$lesson_url" "${lesson_args[@]}")
wait "$login_load"
beside_logins=$(awk '/^Requests\/sec:/ { print $2 }' "$work/login-beside.txt")
printf '\n%-34s %10s\n' "logins/s (8 connections)" "$login_rps"
printf '%-34s %10s\n' "lesson-page alone req/s" "$alone_rps"
printf '%-34s %10s  (%s logins/s beside it)\n' "lesson-page during logins req/s" "$beside_rps" "$beside_logins"
awk -v b="$beside_rps" -v a="$alone_rps" 'BEGIN { printf "%-34s %10.3f\n", "lesson-page during/alone", b / a }'

# Reads beside writes: the market page again while another connection writes a product
# MARKET_WRITES times a second. Each write makes the kept page stale, and the reads that find it
# stale share one build of the next (AnswerCache).
market_url="$sprout_url/api/products?page_no=1&items_per_page=20"
market_alone_rps=$(requests_per_second "$market_url")
python3 bench/market_writer.py "$work/data" "${MARKET_WRITES:-100}" "${WRK_DURATION%s}" >"$work/market-writes.txt" &
market_writer=$!
market_beside_rps=$(requests_per_second "$market_url")
wait "$market_writer"
printf '\n%-34s %10s\n' "market-page alone req/s" "$market_alone_rps"
printf '%-34s %10s  (%s writes beside it)\n' "market-page beside writes req/s" "$market_beside_rps" "$(cat "$work/market-writes.txt")"
awk -v b="$market_beside_rps" -v a="$market_alone_rps" 'BEGIN { printf "%-34s %10.3f\n", "market-page beside writes/alone", b / a }'

# Writes: single-row creates (a lesson comment) from 256 connections at once, which queue on
# SQLite's one writer; any error or non-2xx answer fails the run (wrk_figures), so a SQLITE_BUSY
# reaching a client would show here.
cat >"$work/comment.lua" <<LUA
wrk.method = "POST"
wrk.body = '{"content":"벤치마크 댓글이에요"}'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["SesacKey"] = "$dev_key"
wrk.headers["Authorization"] = "$token"
LUA
comments_before=$(curl -fsS -H "SesacKey: $dev_key" -H "Authorization: $token" "$sprout_url/v1/posts/$post_id" \
    | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["comments"]))')
create_figures=$(WRK_CONNECTIONS=256 wrk_figures "$sprout_url/v1/posts/$post_id/comments" -s "$work/comment.lua")
comments_after=$(curl -fsS -H "SesacKey: $dev_key" -H "Authorization: $token" "$sprout_url/v1/posts/$post_id" \
    | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["comments"]))')
printf '\n%-34s %10s  (p50 %s, p99 %s; %s comments stored)\n' "comment creates/s (256 connections)" \
    ${create_figures} "$((comments_after - comments_before))"

# Memory: the most the server held at once through everything above, and what it holds now.
grep -E "VmHWM|VmRSS" "/proc/$sprout_pid/status" | awk '{ printf "%-34s %10.1f MiB\n", ($1 == "VmHWM:" ? "peak RSS through the bench" : "RSS at the end"), $2 / 1024 }'
