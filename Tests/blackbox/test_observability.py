"""What an operator reads: JSON log lines (LOG_FORMAT=json) and /metrics behind its token."""
from __future__ import annotations

import json
import re
import signal
import subprocess
import time

import requests

from pyhelpers.sprout_server import free_port, run_cli, sprout_binary, sprout_env


def test_json_log_lines_carry_the_request_id_route_status_and_latency(start_sprout):
    server = start_sprout({"SPROUT_DEMO_DATA": "false", "LOG_FORMAT": "json"})
    assert requests.get(f"{server.base_url}/healthz", headers={"X-Request-Id": "trace-json-1"}, timeout=10).status_code == 200
    assert requests.get(f"{server.base_url}/api/products/secret-id-42", timeout=10).status_code == 404
    server.stop()

    lines = [line for line in server.output().splitlines() if line.startswith("{")]
    objects = [json.loads(line) for line in lines]  # every JSON-looking line parses
    requests_logged = [o for o in objects if o.get("message") == "request"]
    health = next(o for o in requests_logged if o.get("request-id") == "trace-json-1")
    assert health["route"] == "/healthz" and health["status"] == 200 and health["method"] == "GET"
    assert isinstance(health["latency_ms"], float) and health["latency_ms"] >= 0 and health["level"] == "info"
    assert any(o.get("route") == "/api/products/:id" for o in requests_logged)
    assert "secret-id-42" not in server.output()


def test_with_json_logs_standard_output_holds_json_only(tmp_path):
    """The start banner goes to standard error then, so a collector reading standard output
    parses every line."""
    port = free_port()
    process = subprocess.Popen(
        [str(sprout_binary()), "serve", "--hostname", "127.0.0.1", "--port", str(port)],
        env=sprout_env(tmp_path / "data", {"LOG_FORMAT": "json", "SPROUT_DEMO_DATA": "true"}), cwd=tmp_path,
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if requests.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                    break
            except requests.ConnectionError:
                time.sleep(0.2)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert "Sprout is running" in err and "demo@sprout.local" in err
    assert out.strip(), "the logs are there"
    for line in filter(str.strip, out.splitlines()):  # Vapor ends the line the terminal's ^C would
        json.loads(line)


def test_an_unknown_log_format_stops_the_start_with_a_clear_line(tmp_path):
    result = run_cli(tmp_path, "serve", env={"LOG_FORMAT": "yaml"}, timeout=30)
    assert result.returncode == 1
    assert "LOG_FORMAT=yaml is not valid" in result.stderr


def test_metrics_are_prometheus_text_for_the_token_holder_only(start_sprout):
    server = start_sprout({"SPROUT_DEMO_DATA": "false", "SPROUT_METRICS_TOKEN": "scrape-me"})
    base = server.base_url
    for _ in range(3):
        requests.get(f"{base}/healthz", timeout=10)
    assert requests.get(f"{base}/metrics", timeout=10).status_code == 401
    assert requests.get(f"{base}/metrics", headers={"Authorization": "Bearer wrong"}, timeout=10).status_code == 401
    scraped = requests.get(f"{base}/metrics", headers={"Authorization": "Bearer scrape-me"}, timeout=10)
    assert scraped.status_code == 200
    assert scraped.headers["Content-Type"].startswith("text/plain; version=0.0.4")
    sample = re.compile(r'^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? -?[0-9.eE+-]+|NaN|[+-]Inf$')
    for line in scraped.text.splitlines():
        assert line.startswith("#") or sample.match(line), line
    health = re.search(r'^http_requests_total\{method="GET",path="/healthz",status="200"\} (\d+)$', scraped.text, re.M)
    assert health and int(health.group(1)) >= 3


def test_without_a_token_metrics_are_not_served(start_sprout):
    server = start_sprout({"SPROUT_DEMO_DATA": "false"})
    assert requests.get(f"{server.base_url}/metrics", headers={"Authorization": "Bearer x"}, timeout=10).status_code == 404
