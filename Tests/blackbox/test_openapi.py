"""Every API is described by a valid OpenAPI 3.1 document, listed on /docs."""
from __future__ import annotations

import pytest
import requests
from openapi_spec_validator import OpenAPIV31SpecValidator, validate

from pyhelpers.lessons_api import describe

LESSONS_USER_PATHS = ["/users/join", "/validation/email", "/users/login", "/auth/refresh",
                      "/users/me/profile", "/users/withdraw"]


def fetch_document(server, name: str) -> dict:
    response = requests.get(f"{server.base_url}/openapi/{name}.json", timeout=15)
    assert response.status_code == 200, describe(response)
    return response.json()


@pytest.mark.parametrize("name", ["lessons", "platform"])
def test_document_is_valid_openapi_3_1(server, name):
    document = fetch_document(server, name)
    assert document["openapi"].startswith("3.1.")
    validate(document, cls=OpenAPIV31SpecValidator)


def test_lessons_document_covers_the_account_calls(server):
    # Paths may be written in full or relative to a `/v1` server URL.
    paths = fetch_document(server, "lessons")["paths"]
    missing = [p for p in LESSONS_USER_PATHS if not any(key.endswith(p) for key in paths)]
    assert not missing, sorted(paths)


def test_docs_page_lists_the_apis(server):
    response = requests.get(server.base_url + "/docs", timeout=15)
    assert response.status_code == 200, describe(response)
    assert response.headers["Content-Type"].startswith("text/html")
    for name in ("lessons", "platform"):
        assert f"/openapi/{name}.json" in response.text
