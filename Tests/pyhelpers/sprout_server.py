"""Runs the real `sprout` binary on loopback for the black-box and browser suites.

Each server lives in a work directory the caller owns (a pytest tmp dir): its data directory is
`<workdir>/data` and its combined stdout/stderr goes to a log file there, so a server that fails to
start can say why, and a test can restart a server on the same data.
"""
from __future__ import annotations

import itertools
import os
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import requests

REPO_ROOT = Path(__file__).resolve().parents[2]

# Inherited settings that would point a test server at something other than its own fresh data.
_FOREIGN_ENV = ("DATABASE_URL", "SPROUT_DATA_DIR", "SPROUT_PUBLIC_URL")

# The shared servers see many requests from one address and one account within a minute. Their
# live connections come from one address too, and a browser test opens an event stream on every
# signed-in page; a stream the browser dropped counts until the server's next keep-alive (20 s)
# finds it gone, so the per-address cap is raised well above what a run holds at once.
NO_RATE_LIMITS = {"SPROUT_RATE_LIMIT_IP": "0", "SPROUT_RATE_LIMIT_ACCOUNT": "0",
                  "SPROUT_LOGIN_LIMIT_IP": "0", "SPROUT_LOGIN_LIMIT_EMAIL": "0",
                  "SPROUT_SMS_LIMIT_PHONE": "0", "SPROUT_SMS_LIMIT_IP": "0", "SPROUT_SMS_LIMIT_HOUR": "0",
                  "SPROUT_SIGNUP_LIMIT_IP": "0", "SPROUT_CONVERSATION_LIMIT": "0", "SPROUT_CONVERSATION_LIMIT_NEW": "0",
                  "SPROUT_LIVE_PER_CLIENT": "10000"}


# Tests never reach the internet: the book catalogue is the local one unless a test names others
# (a fake provider's address with them), whatever the shell running the suite has set.
OFFLINE_CATALOGUE = {"SPROUT_BOOK_CATALOGUES": "local"}


def sprout_binary() -> Path:
    return Path(os.environ.get("SPROUT_BIN") or REPO_ROOT / ".build/debug/sprout").resolve()


_port_turns = itertools.count()
_PORTS_PER_WORKER = 1500


def free_port() -> int:
    """A loopback port nothing listens on. Under pytest-xdist each worker takes ports from a
    range of its own, below Linux's ephemeral range (32768 up, where clients' ports come from), so
    two workers never pick the same port in the moment before a server binds it."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if worker.startswith("gw") and worker[2:].isdigit():
        base = 20000 + int(worker[2:]) % 8 * _PORTS_PER_WORKER
        for _ in range(_PORTS_PER_WORKER):
            port = base + next(_port_turns) % _PORTS_PER_WORKER
            with socket.socket() as sock:
                try:
                    sock.bind(("127.0.0.1", port))
                except OSError:
                    continue
                return port
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def sprout_env(data_dir: Path, overrides: dict[str, str] | None = None) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name not in _FOREIGN_ENV}
    env["SPROUT_DATA_DIR"] = str(data_dir)
    env.update(OFFLINE_CATALOGUE)
    env.update(overrides or {})
    return env


def run_cli(workdir: Path, *args: str, env: dict[str, str] | None = None,
            timeout: float = 60) -> subprocess.CompletedProcess:
    """Runs one `sprout` subcommand to completion against `<workdir>/data`."""
    return subprocess.run(
        [str(sprout_binary()), *args],
        env=sprout_env(workdir / "data", env), cwd=workdir,
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout,
    )


def read_dev_key(data_dir: Path) -> str:
    return (data_dir / "dev-api-key").read_text().strip()


@dataclass
class SproutServer:
    base_url: str
    data_dir: Path
    log_path: Path
    process: subprocess.Popen

    def dev_key(self) -> str:
        return read_dev_key(self.data_dir)

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self) -> int:
        """Stops the server gracefully (so buffered output is flushed) and returns its exit code."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


def start_server(workdir: Path, env: dict[str, str] | None = None, *, port: int | None = None,
                 args: list[str] | None = None, timeout: float = 60,
                 descriptors: int | None = None) -> SproutServer:
    """Starts `sprout` and returns once /healthz answers 200 on `port`.

    By default that is `sprout serve` on a free loopback port; `args` replaces the command line
    for a server that must find its port by other means. `descriptors` starts it with that many
    file descriptors at most (soft and hard limit, as `ulimit -n` sets both), through util-linux's
    `prlimit`, which then execs the server, so the process is still the server's own."""
    port = port or free_port()
    if args is None:
        args = ["serve", "--hostname", "127.0.0.1", "--port", str(port)]
    limit = [] if descriptors is None else ["prlimit", f"--nofile={descriptors}:{descriptors}", "--"]
    data_dir = workdir / "data"
    log_path = workdir / f"sprout-{port}.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [*limit, str(sprout_binary()), *args],
            env=sprout_env(data_dir, env), cwd=workdir,
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
        )
    server = SproutServer(f"http://127.0.0.1:{port}", data_dir, log_path, process)
    try:
        _wait_until_healthy(server, timeout)
    except BaseException:
        server.stop()
        raise
    return server


def _wait_until_healthy(server: SproutServer, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"sprout exited with {server.process.returncode}:\n{server.output()[-3000:]}")
        try:
            if requests.get(server.base_url + "/healthz", timeout=2).status_code == 200:
                return
        except (requests.ConnectionError, requests.Timeout):
            pass
        time.sleep(0.1)
    raise RuntimeError(f"sprout did not become healthy within {timeout}s:\n{server.output()[-3000:]}")
