# Shared by the bench scripts: free ports, waiting for a server, and nginx as the ceiling.
# Source it after setting `work` (the run's temporary directory): on exit, the servers a script
# started (sprout_pid, nginx_pid, and vapor_pid and hummingbird_pid for the bare frameworks in
# bench/BareVapor and bench/BareHummingbird) are stopped and `work` is removed.

sprout_pid="" nginx_pid="" vapor_pid="" hummingbird_pid=""
cleanup() {
    local pid
    for pid in $hummingbird_pid $vapor_pid $nginx_pid $sprout_pid; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT

require_tools() {  # tool…
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null || { echo "bench: $tool is not installed (apt-get install nginx wrk curl)" >&2; exit 1; }
    done
}

# Builds every release product (sprout and bare-vapor among them) and sets sprout_bin.
build_release() {
    echo "== building release"
    swift build -c release
    sprout_bin="$(swift build -c release --show-bin-path)/sprout"
}

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

wait_for() {  # url
    for _ in $(seq 1 100); do
        curl -fsS -o /dev/null "$1" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "bench: $1 did not answer" >&2
    exit 1
}

# Starts nginx on a free loopback port with the given `location` blocks; sets nginx_pid and
# nginx_url. The caller's cleanup kills nginx_pid.
start_nginx() {  # locations
    local port
    port=$(free_port)
    mkdir -p "$work/logs"
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
        listen 127.0.0.1:$port;
$1    }
}
CONF
    nginx -p "$work" -c "$work/nginx.conf" &
    nginx_pid=$!
    nginx_url="http://127.0.0.1:$port"
}

# A body the ceilings answer: an nginx `location` added to `locations` (for start_nginx) and a line
# of `$work/manifest.tsv`, which bench/BareVapor and bench/BareHummingbird read.
locations=""
add_ceiling_body() {  # path file content_type
    locations+=$(nginx_location "$1" "$2" "$3")$'\n'
    printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$work/manifest.tsv"
}

# Starts bare Vapor (bench/BareVapor) on a free loopback port answering the manifest; sets
# vapor_pid and vapor_url. The caller's cleanup kills vapor_pid.
start_bare_vapor() {  # binary
    local port
    port=$(free_port)
    "$1" "$port" "$work/manifest.tsv" >"$work/bare-vapor.log" 2>&1 &
    vapor_pid=$!
    vapor_url="http://127.0.0.1:$port"
}

# A location answering exactly the bytes of `file` with `content_type`, at `path`.
nginx_location() {  # path file content_type
    chmod 755 "$(dirname "$2")"
    chmod 644 "$2"
    printf '        location = %s { types { } default_type "%s"; alias %s; }\n' "$1" "$3" "$2"
}

# Every bench's load unless the caller overrides it (bench/README.md).
WRK_THREADS=${WRK_THREADS:-2}
WRK_CONNECTIONS=${WRK_CONNECTIONS:-32}
WRK_DURATION=${WRK_DURATION:-10s}

# wrk against `url` with the run's load; prints "req/s p50 p99". A run with error answers
# measures nothing worth comparing, so it stops the bench.
wrk_figures() {  # url [wrk arguments…]
    local output url=$1
    shift
    output=$(wrk -t"$WRK_THREADS" -c"$WRK_CONNECTIONS" -d"$WRK_DURATION" --latency "$@" "$url")
    if grep -q "Non-2xx or 3xx responses" <<<"$output"; then
        echo "bench: $url answered errors under load:" >&2
        echo "$output" >&2
        exit 1
    fi
    awk '/^Requests\/sec:/ { rps = $2 } $1 == "50%" { p50 = $2 } $1 == "99%" { p99 = $2 } END { print rps, p50, p99 }' <<<"$output"
}
