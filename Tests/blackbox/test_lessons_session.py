"""Lessons contract §2.1 U3–U6 and §3: the SesacKey, login, profile, refresh and withdraw."""
from __future__ import annotations

import pytest

from pyhelpers.lessons_api import Account, expect_error, expect_status

CALLS = [
    ("POST", "/v1/users/join"), ("POST", "/v1/validation/email"), ("POST", "/v1/users/login"),
    ("GET", "/v1/auth/refresh"), ("GET", "/v1/users/me/profile"), ("GET", "/v1/users/withdraw"),
]


@pytest.fixture(scope="module")
def session(api) -> dict:
    """A signed-in user for calls that must be refused before they could change anything."""
    return api.sign_in()


@pytest.mark.parametrize("method,path", CALLS, ids=[path for _, path in CALLS])
@pytest.mark.parametrize("key", [None, "", "sk_wrong"], ids=["no-key", "empty-key", "wrong-key"])
def test_every_call_needs_the_right_sesac_key(api, session, method, path, key):
    # Everything else about the call is right, so only the key can explain the answer.
    body = Account.unique().join_body() if method == "POST" else None
    response = api.request(method, path, key=key, json=body,
                           token=session["accessToken"], refresh=session["refreshToken"])
    expect_error(response, 420)


def test_login_returns_the_user_and_a_token_pair(api):
    account = Account.unique()
    joined = api.join(account.join_body())
    expect_status(joined, 200)
    session = api.sign_in(account)
    assert session["user_id"] == joined.json()["user_id"]
    assert (session["email"], session["nick"]) == (account.email, account.nick)
    assert isinstance(session["profileImage"], str)
    assert session["accessToken"] and session["refreshToken"]
    assert session["accessToken"] != session["refreshToken"]


def test_login_refuses_a_wrong_password(api):
    account = api.new_account()
    expect_error(api.login(account.email, account.password + "x"), 401)


def test_login_refuses_an_unknown_email(api):
    expect_error(api.login(Account.unique().email, "whatever1"), 401)


@pytest.mark.parametrize("field", ["email", "password"])
def test_login_needs_email_and_password(api, field):
    account = api.new_account()
    body = {"email": account.email, "password": account.password}
    del body[field]
    expect_error(api.request("POST", "/v1/users/login", json=body), 400)


def test_profile_of_the_signed_in_user(api):
    account = Account.unique()
    expect_status(api.join(account.join_body(phoneNum="1", birthDay="19990314")), 200)
    session = api.sign_in(account)
    response = api.profile(session["accessToken"])
    expect_status(response, 200)
    profile = response.json()
    assert profile["user_id"] == session["user_id"]
    assert (profile["email"], profile["nick"]) == (account.email, account.nick)
    assert (profile["phoneNum"], profile["birthDay"]) == ("1", "19990314")
    assert isinstance(profile["profileImage"], str)
    assert (profile["followers"], profile["following"], profile["posts"]) == ([], [], [])


def test_profile_fields_are_strings_even_when_never_given(api):
    profile = api.profile(api.sign_in()["accessToken"]).json()
    assert all(isinstance(profile[field], str) for field in ("phoneNum", "birthDay", "profileImage")), profile


def tampered(token: str) -> str:
    return token[:-2] + ("AA" if not token.endswith("AA") else "BB")


@pytest.mark.parametrize("make_token", [
    lambda session: None,
    lambda session: "not-a-token",
    lambda session: tampered(session["accessToken"]),
    lambda session: session["refreshToken"],
], ids=["none", "garbage", "tampered", "refresh-token"])
def test_profile_needs_a_valid_access_token(api, session, make_token):
    expect_error(api.profile(make_token(session)), 401)


def test_refresh_while_the_access_token_is_valid_is_409(api, session):
    expect_error(api.refresh(session["accessToken"], session["refreshToken"]), 409)


@pytest.mark.parametrize("access_token", ["not-a-token", ""], ids=["garbage", "empty"])
def test_refresh_with_an_invalid_access_token_is_401(api, session, access_token):
    expect_error(api.refresh(access_token, session["refreshToken"]), 401)


def test_withdraw_returns_the_user_and_closes_the_account(api):
    account = api.new_account()
    session = api.sign_in(account)
    response = api.withdraw(session["accessToken"])
    expect_status(response, 200)
    body = response.json()
    assert (body["user_id"], body["email"], body["nick"]) == (session["user_id"], account.email, account.nick)
    expect_error(api.login(account.email, account.password), 401)


def test_withdraw_needs_a_token(api):
    expect_error(api.withdraw("not-a-token"), 401)
