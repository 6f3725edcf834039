"""GET /healthChecker: 200 and the JSON string literal "OK" (Jager decodes it with JSONDecoder as a
String; 4-just1103 compares the raw body with `"OK"`)."""
from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

from pyhelpers.market_api import expect_status


def test_health_checker_answers_the_json_string_ok(market):
    response = market.health()
    expect_status(response, 200)
    assert response.content == b'"OK"'
    assert json.loads(response.content) == "OK"


def test_health_checker_ignores_a_dotori_style_multipart_content_type(market):
    response = market.health(headers={"Content-Type": "multipart/form-data; boundary=--ABC"})
    expect_status(response, 200)
    assert response.content == b'"OK"'


def test_health_checker_needs_no_headers_at_all(market):
    address = urlsplit(market.base_url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=15)
    try:
        connection.putrequest("GET", "/healthChecker", skip_accept_encoding=True)
        connection.endheaders()
        response = connection.getresponse()
        assert (response.status, response.read()) == (200, b'"OK"')
    finally:
        connection.close()
