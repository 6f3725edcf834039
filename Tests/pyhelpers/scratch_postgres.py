"""Scratch PostgreSQL databases for the tests that run Sprout on PostgreSQL (TEST_DATABASE_URL)."""
from __future__ import annotations

import subprocess
import time
import uuid
from urllib.parse import urlsplit


def psql(url: str, sql: str) -> subprocess.CompletedProcess | None:
    """Runs one statement; None when psql cannot run at all."""
    try:
        return subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-qAtc", sql], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None


def create_database(admin_url: str, prefix: str) -> tuple[str, str] | None:
    """A new database named `<prefix><random>`: its name and its URL, or None when the role may
    not create one (or there is no psql)."""
    name = prefix + uuid.uuid4().hex[:12]
    created = psql(admin_url, f"CREATE DATABASE {name}")
    if created is None or created.returncode != 0:
        return None
    return name, urlsplit(admin_url)._replace(path="/" + name).geturl()


def drop_database(admin_url: str, name: str) -> None:
    """Drops a scratch database once its servers have stopped. `WITH (FORCE)` ends the test
    role's own leftover connections, but may not end an autovacuum worker, which is the
    superuser's: that one finishes within moments, so the drop waits for it (up to 30 s)."""
    deadline = time.monotonic() + 30
    while True:
        dropped = psql(admin_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        if dropped is None or dropped.returncode == 0:
            return
        if "pg_signal_backend" not in dropped.stderr or time.monotonic() > deadline:
            raise RuntimeError(f"DROP DATABASE {name}: {dropped.stderr.strip()}")
        time.sleep(0.2)
