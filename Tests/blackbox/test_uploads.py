"""/uploads/… serves stored files only: no way out of the uploads folder, and no crash trying."""
from __future__ import annotations

import http.client
from urllib.parse import urlsplit

import pytest

# Sent byte for byte (http.client, not requests, which would normalise the dot segments away).
ESCAPES = [
    "/uploads/..",
    "/uploads/../jwt-secret",
    "/uploads/../../etc/passwd",
    "/uploads/posts/../../dev-api-key",
    "/uploads/%2e%2e/jwt-secret",
    "/uploads/%2E%2E/%2E%2E/etc/passwd",
    "/uploads/..%2Fjwt-secret",
    "/uploads/%2e%2e%2fsprout.sqlite",
    "/uploads/%2F..%2F..%2Fetc%2Fpasswd",
    "/uploads//etc/passwd",
    "/uploads/%2Fetc%2Fpasswd",
    "/uploads/",
    "/uploads/no-such-file.jpg",
]


def raw_get(base_url: str, path: str) -> int:
    address = urlsplit(base_url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=15)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    finally:
        connection.close()


@pytest.mark.parametrize("path", ESCAPES)
def test_paths_outside_uploads_or_unknown_are_404(server, path):
    assert raw_get(server.base_url, path) == 404
