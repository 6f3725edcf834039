"""Sprout's own way to the credentials the academy used to hand out: join/login, then become a
vendor (numeric id, name, v1-style identifier, secret), read it back, rotate the secret."""
from __future__ import annotations

import pytest

from pyhelpers.market_api import (IDENTIFIER, expect_error, expect_status, product_params, tiny_png,
                                  unique_tag)


def test_join_and_login_return_tokens(market):
    tag = unique_tag()
    email, password = f"join-{tag}@example.com", f"pw-{tag}-long"
    joined = market.join(email, password, f"name{tag}")
    expect_status(joined, 200)
    body = joined.json()
    assert {"user_id", "email", "name", "accessToken", "refreshToken"} <= set(body)
    assert body["email"] == email and body["name"] == f"name{tag}"
    assert body["accessToken"] and body["refreshToken"]
    logged_in = market.login(email, password)
    expect_status(logged_in, 200)
    assert logged_in.json()["email"] == email and logged_in.json()["accessToken"]
    expect_error(market.join(email, password, f"other{tag}"), 409)
    expect_error(market.login(email, password + "x"), 401)


@pytest.mark.parametrize("body", [
    {"email": "not-an-email", "password": "password123", "name": "someone"},
    {"password": "password123", "name": "someone"},
    {"email": "x@example.com", "name": "someone"},
], ids=["bad-email", "no-email", "no-password"])
def test_invalid_join_is_400(market, body):
    expect_error(market.request("POST", "/api/auth/join", json=body), 400)


def test_becoming_a_vendor_hands_out_credentials(market):
    _, _, token = market.new_user()
    name = f"acorn{unique_tag()}"
    response = market.become_vendor(token, name)
    expect_status(response, 200)
    body = response.json()
    assert set(body) == {"vendor_id", "name", "identifier", "secret"}
    assert isinstance(body["vendor_id"], int) and not isinstance(body["vendor_id"], bool)
    assert body["name"] == name
    assert IDENTIFIER.match(body["identifier"]), body["identifier"]
    assert isinstance(body["secret"], str) and len(body["secret"]) >= 8

    read = market.authed("GET", "/api/market/vendor", token)
    expect_status(read, 200)
    assert read.json() == {k: v for k, v in body.items() if k != "secret"}

    expect_error(market.become_vendor(token, f"again{unique_tag()}"), 409)


def test_vendors_get_distinct_identifiers(market, seller, rival):
    assert seller.identifier != rival.identifier and seller.vendor_id != rival.vendor_id
    assert seller.secret != rival.secret


def test_a_taken_vendor_name_is_409(market, seller):
    _, _, token = market.new_user()
    expect_error(market.become_vendor(token, seller.name), 409)


@pytest.mark.parametrize("name", ["a", "x" * 31, "", None, 12345], ids=["1-char", "31-chars", "empty", "null", "number"])
def test_a_bad_vendor_name_is_400(market, name):
    _, _, token = market.new_user()
    expect_error(market.become_vendor(token, name), 400)
    expect_error(market.authed("GET", "/api/market/vendor", token), 404)


def test_vendor_endpoints_need_a_token(market):
    expect_error(market.become_vendor(None, f"acorn{unique_tag()}"), 401)
    expect_error(market.authed("GET", "/api/market/vendor", None), 401)
    expect_error(market.authed("POST", "/api/market/vendor/secret", None), 401)
    expect_error(market.authed("GET", "/api/market/vendor", "not-a-token"), 401)


def test_a_user_who_is_no_vendor_gets_404(market):
    _, _, token = market.new_user()
    expect_error(market.authed("GET", "/api/market/vendor", token), 404)


def test_rotating_the_secret_retires_the_old_one(market):
    vendor = market.new_vendor()
    rotated = market.authed("POST", "/api/market/vendor/secret", vendor.token)
    expect_status(rotated, 200)
    new_secret = rotated.json()["secret"]
    assert isinstance(new_secret, str) and new_secret and new_secret != vendor.secret

    before = market.total_count()
    stale = market.register(vendor.identifier, {**product_params(), "secret": vendor.secret}, [tiny_png()])
    expect_error(stale, 400)
    assert market.total_count() == before
    fresh = market.register(vendor.identifier, {**product_params(), "secret": new_secret}, [tiny_png()])
    expect_status(fresh, 200)
    # The identifier does not change with the secret.
    read = market.authed("GET", "/api/market/vendor", vendor.token).json()
    assert read["identifier"] == vendor.identifier
