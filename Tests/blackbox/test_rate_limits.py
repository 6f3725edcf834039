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


def test_failed_logins_lock_an_email_on_every_contract(start_sprout):
    server = start_sprout({"SPROUT_LOGIN_LIMIT_EMAIL": "2"})
    base = server.base_url
    joined = requests.post(base + "/api/auth/join", timeout=15,
                           json={"email": "locked@sprout.test", "password": "long-password", "name": "Locked"})
    assert joined.status_code == 200, describe(joined)
    for _ in range(2):
        wrong = requests.post(base + "/api/auth/login", json={"email": "locked@sprout.test", "password": "guess"}, timeout=15)
        assert wrong.status_code == 401, describe(wrong)
    locked = requests.post(base + "/api/auth/login", json={"email": "locked@sprout.test", "password": "long-password"}, timeout=15)
    assert locked.status_code == 429, describe(locked)
    assert locked.json()["error"] is True and 1 <= int(locked.headers["Retry-After"]) <= 60
    lessons = LessonsAPI(base, server.dev_key())
    response = lessons.login("locked@sprout.test", "long-password")
    expect_error(response, 429)
    assert int(response.headers["Retry-After"]) >= 1
