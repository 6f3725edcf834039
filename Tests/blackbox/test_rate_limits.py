"""Per-address and per-account request budgets (SPROUT_RATE_LIMIT_IP / _ACCOUNT per minute)."""
from __future__ import annotations

import requests

from pyhelpers.lessons_api import LessonsAPI, describe, expect_error


def test_the_sixth_request_from_an_address_is_429(start_sprout):
    server = start_sprout({"SPROUT_RATE_LIMIT_IP": "5"})
    api = LessonsAPI(server.base_url, server.dev_key())
    statuses = [api.profile("not-a-token").status_code for _ in range(5)]
    assert statuses == [401] * 5
    expect_error(api.profile("not-a-token"), 429)


def test_healthz_is_never_limited(start_sprout):
    server = start_sprout({"SPROUT_RATE_LIMIT_IP": "5"})
    for _ in range(12):
        response = requests.get(server.base_url + "/healthz", timeout=15)
        assert response.status_code == 200, describe(response)


def test_each_account_has_its_own_budget(start_sprout):
    server = start_sprout({"SPROUT_RATE_LIMIT_ACCOUNT": "3"})
    api = LessonsAPI(server.base_url, server.dev_key())
    busy, other = api.sign_in(), api.sign_in()
    statuses = [api.profile(busy["accessToken"]).status_code for _ in range(3)]
    assert statuses == [200] * 3
    expect_error(api.profile(busy["accessToken"]), 429)
    assert api.profile(other["accessToken"]).status_code == 200
