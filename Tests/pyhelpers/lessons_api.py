"""A minimal client of the lessons (LSLP) contract, sending what the iOS clients send:
JSON bodies, a `SesacKey` header on every call and bare (no `Bearer `) tokens."""
from __future__ import annotations

import uuid
from dataclasses import dataclass

import requests

# Marks "send the client's own key", so that tests can also pass None (no header) or a wrong key.
OWN_KEY = object()


@dataclass(frozen=True)
class Account:
    email: str
    password: str
    nick: str

    @classmethod
    def unique(cls) -> "Account":
        tag = uuid.uuid4().hex[:12]
        return cls(f"user-{tag}@example.com", f"pw-{tag}", f"nick{tag}")

    def join_body(self, **extra: str) -> dict:
        return {"email": self.email, "password": self.password, "nick": self.nick, **extra}


class LessonsAPI:
    def __init__(self, base_url: str, key: str):
        self.base_url = base_url
        self.key = key

    def request(self, method: str, path: str, *, key=OWN_KEY, token: str | None = None,
                refresh: str | None = None, headers: dict | None = None, **kwargs) -> requests.Response:
        headers = dict(headers or {})
        key = self.key if key is OWN_KEY else key
        if key is not None:
            headers["SesacKey"] = key
        if token is not None:
            headers["Authorization"] = token
        if refresh is not None:
            headers["Refresh"] = refresh
        return requests.request(method, self.base_url + path, headers=headers, timeout=15, **kwargs)

    def join(self, body: dict) -> requests.Response:
        return self.request("POST", "/v1/users/join", json=body)

    def login(self, email: str, password: str) -> requests.Response:
        return self.request("POST", "/v1/users/login", json={"email": email, "password": password})

    def profile(self, token: str) -> requests.Response:
        return self.request("GET", "/v1/users/me/profile", token=token)

    def refresh(self, access_token: str, refresh_token: str) -> requests.Response:
        return self.request("GET", "/v1/auth/refresh", token=access_token, refresh=refresh_token)

    def withdraw(self, token: str) -> requests.Response:
        return self.request("GET", "/v1/users/withdraw", token=token)

    def new_account(self) -> Account:
        account = Account.unique()
        expect_status(self.join(account.join_body()), 200)
        return account

    def sign_in(self, account: Account | None = None) -> dict:
        """Logs in (joining a fresh account unless one is given) and returns the login body."""
        account = account or self.new_account()
        response = self.login(account.email, account.password)
        expect_status(response, 200)
        return response.json()


def describe(response: requests.Response) -> str:
    """The exchange in one line, so a failed assertion shows what the server was asked and said."""
    return f"{response.request.method} {response.request.url} -> {response.status_code} {response.text[:300]!r}"


def expect_status(response: requests.Response, status: int) -> None:
    assert response.status_code == status, describe(response)


def expect_error(response: requests.Response, status: int) -> None:
    """Every lessons error is `{"message": "..."}` with the contract's status."""
    expect_status(response, status)
    body = response.json()
    assert isinstance(body, dict) and isinstance(body.get("message"), str) and body["message"], describe(response)
