"""Lessons contract §2.1 U1/U2: joining and the email check, and bodies no client should send."""
from __future__ import annotations

import re

import pytest
import requests

from pyhelpers.lessons_api import Account, describe, expect_error, expect_status

JOIN, EMAIL_CHECK, LOGIN = "/v1/users/join", "/v1/validation/email", "/v1/users/login"


def test_join_returns_the_new_user(api):
    account = Account.unique()
    response = api.join(account.join_body(phoneNum="1"))
    expect_status(response, 200)
    body = response.json()
    assert re.fullmatch(r"[0-9a-f]{24}", body["user_id"]), body
    assert (body["email"], body["nick"]) == (account.email, account.nick)


@pytest.mark.parametrize("field", ["email", "password", "nick"])
@pytest.mark.parametrize("how", ["missing", "empty"])
def test_join_needs_email_password_and_nick(api, field, how):
    body = Account.unique().join_body()
    if how == "missing":
        del body[field]
    else:
        body[field] = ""
    expect_error(api.join(body), 400)


@pytest.mark.parametrize("nick", ["two words", "tab\there", "새싹 친구"])
def test_join_refuses_a_nick_with_whitespace(api, nick):
    body = Account.unique().join_body(nick=nick)
    expect_error(api.join(body), 402)


@pytest.mark.parametrize("spelling", [str, str.upper], ids=["same", "upper-case"])
def test_join_refuses_a_taken_email(api, spelling):
    taken = api.new_account()
    body = Account.unique().join_body(email=spelling(taken.email))
    expect_error(api.join(body), 409)


def test_join_refuses_a_taken_nick(api):
    taken = api.new_account()
    expect_error(api.join(Account.unique().join_body(nick=taken.nick)), 409)


def test_email_check_accepts_a_free_address(api):
    response = api.request("POST", EMAIL_CHECK, json={"email": Account.unique().email})
    expect_status(response, 200)
    assert isinstance(response.json()["message"], str)


@pytest.mark.parametrize("spelling", [str, str.upper], ids=["same", "upper-case"])
def test_email_check_refuses_a_taken_address(api, spelling):
    taken = api.new_account()
    expect_error(api.request("POST", EMAIL_CHECK, json={"email": spelling(taken.email)}), 409)


@pytest.mark.parametrize("body", [{}, {"email": ""}], ids=["missing", "empty"])
def test_email_check_needs_an_address(api, body):
    expect_error(api.request("POST", EMAIL_CHECK, json=body), 400)


WRONG_TYPES = {
    "number-email": lambda account: {**account.join_body(), "email": 5},
    "list-and-object": lambda account: {"email": [account.email], "password": {"pw": 1}, "nick": [1]},
}


@pytest.mark.parametrize("path", [JOIN, EMAIL_CHECK, LOGIN])
@pytest.mark.parametrize("make_body", WRONG_TYPES.values(), ids=WRONG_TYPES.keys())
def test_wrong_json_types_are_refused(api, path, make_body):
    # Numbers are read as strings (clients send `"phoneNum": 0`), so at login a numeric email is
    # simply an account that does not exist: 401, as for any unknown address. Everywhere else
    # it is not an email address: 400.
    body = make_body(Account.unique())
    expected = 401 if path == LOGIN and isinstance(body.get("email"), int) else 400
    expect_error(api.request("POST", path, json=body), expected)


@pytest.mark.parametrize("path", [JOIN, EMAIL_CHECK, LOGIN])
def test_a_body_that_is_not_json_is_400(api, path):
    response = api.request("POST", path, data=b"email=a@b.c&password={",
                           headers={"Content-Type": "application/json"})
    expect_error(response, 400)


@pytest.mark.parametrize("path", [JOIN, LOGIN])
def test_a_2mb_body_is_refused_without_a_server_error(api, server, path):
    body = Account.unique().join_body(password="p" * (2 * 1024 * 1024))
    response = api.request("POST", path, json=body)
    assert 400 <= response.status_code < 500, describe(response)
    assert requests.get(server.base_url + "/healthz", timeout=15).status_code == 200


def test_a_plain_id_joins_is_checked_and_logs_in_as_such_a_client_sends_it(api, server):
    """Spec §2.6b (issue 35): a published client puts a plain ID, not an address, in `email`;
    it is checked, joins and logs in on the contract, and the same ID signs in on the web."""
    account = Account.unique()
    plain = "id" + account.nick.removeprefix("nick")[:10]  # lowercase hex: 12 letters and digits
    expect_status(api.request("POST", EMAIL_CHECK, json={"email": plain}), 200)
    joined = api.join({"email": plain, "password": account.password, "nick": account.nick})
    expect_status(joined, 200)
    assert joined.json()["email"] == plain
    expect_error(api.request("POST", EMAIL_CHECK, json={"email": plain}), 409)
    logged_in = api.login(plain, account.password)
    expect_status(logged_in, 200)
    assert logged_in.json()["accessToken"]
    expect_error(api.join({"email": "Not_An_Id", "password": "pw", "nick": account.nick + "x"}), 400)

    web = requests.Session()
    page = web.get(f"{server.base_url}/login", timeout=15)
    csrf = re.search(r'name="_csrf" value="([^"]+)"', page.text).group(1)
    signed_in = web.post(f"{server.base_url}/login", data={"email": plain, "password": account.password, "_csrf": csrf,
                                                           "next": "/account"}, allow_redirects=False, timeout=15)
    assert signed_in.status_code == 303 and signed_in.headers["Location"] == "/account"
