#!/usr/bin/env bash
# The study socket under load (issue 10): 10,000 idle Socket.IO connections and chat delivery
# latency between 500 matched pairs at 1,000 messages a second, each beside Vapor's bare
# websocket echo (bench/BareVapor) measured in the same run. See bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in curl python3; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is not installed" >&2; exit 1; }
done
python3 -c 'import websockets' 2>/dev/null || { echo "bench: needs the websockets package (pip install websockets)" >&2; exit 1; }
# Each side of 10,000 connections holds 10,000 descriptors.
ulimit -n "$(ulimit -Hn)"

work=$(mktemp -d -t sprout-socket-bench.XXXXXX)
source bench/common.sh

echo "== building release"
swift build -c release --product sprout
swift build -c release --product bare-vapor
bin="$(swift build -c release --show-bin-path)"

echo "== starting sprout and the echo"
port=$(free_port)
SPROUT_DATA_DIR="$work/data" LOG_LEVEL=warning SPROUT_RATE_LIMIT_IP=0 SPROUT_RATE_LIMIT_ACCOUNT=0 \
    SPROUT_SMS_LIMIT_PHONE=0 SPROUT_SMS_LIMIT_IP=0 SPROUT_SOCKET_PING_INTERVAL=5000 \
    "$bin/sprout" serve --hostname 127.0.0.1 --port "$port" >"$work/sprout.log" 2>&1 &
sprout_pid=$!
echo_port=$(free_port)
"$bin/bare-vapor" "$echo_port" >"$work/echo.log" 2>&1 &
vapor_pid=$!
wait_for "http://127.0.0.1:$port/healthz"
wait_for "http://127.0.0.1:$echo_port/healthz"

(cd bench && python3 study_sockets.py "http://127.0.0.1:$port" "$sprout_pid" "http://127.0.0.1:$echo_port" "$vapor_pid")
grep -E "VmRSS|VmHWM" /proc/$sprout_pid/status | tr -s ' \t\n' ' '; echo
