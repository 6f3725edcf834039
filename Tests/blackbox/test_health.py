"""/healthz and the request id every response carries."""
from __future__ import annotations

import pytest
import requests

from pyhelpers.lessons_api import describe


def get(server, path, **headers):
    return requests.get(server.base_url + path, headers=headers, timeout=15)


def test_healthz_reports_the_database(server):
    response = get(server, "/healthz")
    assert response.status_code == 200, describe(response)
    assert response.json() == {"status": "ok", "database": "ok"}


@pytest.mark.parametrize("path", ["/healthz", "/no-such-page", "/v1/users/me/profile"])
def test_every_response_has_a_request_id(server, path):
    assert get(server, path).headers.get("X-Request-Id")


def test_generated_request_ids_differ(server):
    assert get(server, "/healthz").headers["X-Request-Id"] != get(server, "/healthz").headers["X-Request-Id"]


def test_a_sane_request_id_is_echoed(server):
    assert get(server, "/healthz", **{"X-Request-Id": "abc-123"}).headers["X-Request-Id"] == "abc-123"


@pytest.mark.parametrize("incoming", ["x" * 300, "has spaces in it"], ids=["300-chars", "spaces"])
def test_an_insane_request_id_is_replaced(server, incoming):
    echoed = get(server, "/healthz", **{"X-Request-Id": incoming}).headers["X-Request-Id"]
    assert echoed and echoed != incoming
    assert " " not in echoed and len(echoed) < 200
