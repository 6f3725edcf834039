"""Clients that swift-openapi-generator generates from Sprout's OpenAPI documents compile and
call a running Sprout: the Swift package in `Tests/OpenAPIClients` is built and its tests run
against a fresh server. The documents it generates from are copies; they must equal what the
server serves, so a changed API is also a changed client."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from pyhelpers.sprout_server import REPO_ROOT

CLIENTS = REPO_ROOT / "Tests" / "OpenAPIClients"
sys.path.insert(0, str(CLIENTS))

from snapshot import TARGETS, served_documents, snapshot_path  # noqa: E402


@pytest.fixture
def fresh_server(start_sprout):
    return start_sprout({"SPROUT_DEMO_DATA": "false"})


def test_the_generated_clients_use_the_documents_sprout_serves(fresh_server):
    stale = [name for name, text in served_documents(fresh_server.base_url).items()
             if json.loads(text) != json.loads(snapshot_path(name).read_text())]
    assert not stale, f"{stale} changed: run `python3 Tests/OpenAPIClients/snapshot.py` and commit the copies"


def test_the_generated_clients_compile_and_call_sprout(fresh_server):
    build = subprocess.run(["swift", "build", "--build-tests"], cwd=CLIENTS, capture_output=True, text=True, timeout=1800)
    assert build.returncode == 0, build.stdout[-6000:] + build.stderr[-3000:]
    env = {**os.environ, "SPROUT_URL": fresh_server.base_url, "SPROUT_DEV_KEY": fresh_server.dev_key()}
    run = subprocess.run(["swift", "test", "--skip-build"], cwd=CLIENTS, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    output = run.stdout + run.stderr
    # The tests skip themselves without a server to call; here every one of them must have run.
    assert "Test run with 7 tests" in output and "skipped" not in output, output[-3000:]
    assert requests.get(f"{fresh_server.base_url}/healthz", timeout=10).status_code == 200
