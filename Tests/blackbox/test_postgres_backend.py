"""The same binary on PostgreSQL, when the run provides one (CI does, through TEST_DATABASE_URL)."""
from __future__ import annotations

import os

import pytest
import requests

from pyhelpers.lessons_api import LessonsAPI

DATABASE_URL = os.environ.get("TEST_DATABASE_URL")


@pytest.mark.skipif(not DATABASE_URL, reason="TEST_DATABASE_URL is not set")
def test_serves_accounts_from_postgres(start_sprout):
    server = start_sprout({"DATABASE_URL": DATABASE_URL})
    assert requests.get(server.base_url + "/healthz", timeout=15).json()["database"] == "ok"
    # With PostgreSQL in use, no SQLite file should be made on the side.
    assert not (server.data_dir / "sprout.sqlite").exists()
    api = LessonsAPI(server.base_url, server.dev_key())
    session = api.sign_in()
    assert api.profile(session["accessToken"]).status_code == 200
