"""kill -9 under a write load, then a restart on the same data: every write the server
acknowledged is there, on SQLite and (when the run provides one) on PostgreSQL."""
from __future__ import annotations

import os
import signal
import threading
import time
import uuid

import pytest
import requests

DATABASE_URL = os.environ.get("TEST_DATABASE_URL")
WRITERS = 8
ROUNDS = 3


def add_books_until_killed(base: str, token: str, acknowledged: list[str], lock: threading.Lock, stop: threading.Event) -> None:
    session = requests.Session()
    while not stop.is_set():
        try:
            response = session.post(f"{base}/api/reading/library", headers={"Authorization": f"Bearer {token}"},
                                    json={"title": f"kill-9 {uuid.uuid4().hex}"}, timeout=10)
        except requests.RequestException:
            return  # the server is gone; what it acknowledged before is what counts
        if response.status_code == 201:
            with lock:
                acknowledged.append(response.json()["id"])


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
def test_every_acknowledged_write_survives_kill_9(start_sprout, backend):
    if backend == "postgres" and not DATABASE_URL:
        pytest.skip("TEST_DATABASE_URL is not set")
    env = {"SPROUT_DEMO_DATA": "false", "SPROUT_ACCESS_TOKEN_TTL": "3600"}
    if backend == "postgres":
        env["DATABASE_URL"] = DATABASE_URL
    tag = uuid.uuid4().hex[:10]
    credentials = {"email": f"kill9-{tag}@example.com", "password": f"pw-{tag}-long"}

    server = start_sprout(env)
    joined = requests.post(f"{server.base_url}/api/auth/join", json={**credentials, "name": f"k{tag}"}, timeout=30)
    assert joined.status_code == 200, joined.text
    token = joined.json()["accessToken"]

    acknowledged: list[str] = []
    for _ in range(ROUNDS):
        lock, stop = threading.Lock(), threading.Event()
        writers = [threading.Thread(target=add_books_until_killed, args=(server.base_url, token, acknowledged, lock, stop))
                   for _ in range(WRITERS)]
        for writer in writers:
            writer.start()
        time.sleep(1.5)
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait()
        stop.set()
        for writer in writers:
            writer.join(timeout=15)

        server = start_sprout(env)
        listed = requests.get(f"{server.base_url}/api/reading/library", headers={"Authorization": f"Bearer {token}"}, timeout=30)
        assert listed.status_code == 200, listed.text
        stored = {book["id"] for book in listed.json()["books"]}
        lost = [book_id for book_id in acknowledged if book_id not in stored]
        assert not lost, f"{len(lost)} of {len(acknowledged)} acknowledged books are gone"
    assert len(acknowledged) >= ROUNDS * WRITERS, "the load really wrote"
