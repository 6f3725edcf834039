"""Fixtures for the black-box suite: real `sprout` processes on loopback, each on fresh data."""
from __future__ import annotations

import time

import pytest

from pyhelpers.lessons_api import LessonsAPI, expect_status
from pyhelpers.lessons_posts import Member, new_member
from pyhelpers.market_api import MarketAPI, Vendor
from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """One server for all tests that only need default settings (rate limits off)."""
    shared = start_server(tmp_path_factory.mktemp("shared"), NO_RATE_LIMITS)
    yield shared
    shared.stop()


@pytest.fixture(scope="session")
def api(server) -> LessonsAPI:
    return LessonsAPI(server.base_url, server.dev_key())


@pytest.fixture
def start_sprout(tmp_path):
    """Starts servers with their own settings in this test's tmp dir; stops them afterwards.

    Passing the same `workdir` again restarts on the same data directory."""
    started = []

    def start(env: dict[str, str] | None = None, *, workdir=tmp_path, **kwargs):
        server = start_server(workdir, {**NO_RATE_LIMITS, **(env or {})}, **kwargs)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


# --- The lessons post side (test_lessons_*.py) -----------------------------------------------
# A bcrypt hash costs about half a second on a debug build and every account takes two (join and
# login), so tests share these three. Each test then works in a product_id of its own
# (`unique_product()`) and asserts only about its own posts, comments, likes and receipts (the
# shared users' likes/me and payments/me are filtered to those). Tests that need a user's whole
# state (profile edits, a new account's empty lists, follow targets) join fresh accounts.


# The shared server's access tokens last SPROUT_ACCESS_TOKEN_TTL (300 s) and a run takes longer, so
# a shared member logs in again once its token is half that old: a test that reaches one late in
# the run still acts with a live token (expiry itself is test_token_lifetimes' and
# test_lessons_post_access's, with tokens made for it).
RENEW_AFTER = 150.0


class SharedMember(Member):
    """A member kept for the whole session, whose `token` is renewed by logging in again."""

    @property
    def token(self) -> str:
        if time.monotonic() - self._signed_in_at > RENEW_AFTER:
            response = self.api.login(self.account.email, self.account.password)
            expect_status(response, 200)
            body = response.json()
            self.refresh_token = body["refreshToken"]
            self.token = body["accessToken"]
        return self._token

    @token.setter
    def token(self, value: str) -> None:
        self._token = value
        self._signed_in_at = time.monotonic()


def shared_member(api: LessonsAPI, **join_fields: str) -> SharedMember:
    member = new_member(api, **join_fields)
    return SharedMember(member.api, member.account, member.user_id, member.token, member.refresh_token, member.nick)


@pytest.fixture(scope="session")
def teacher(api) -> Member:
    """Joins the way All For Lesson's teacher sign-up does: phoneNum "1"."""
    return shared_member(api, phoneNum="1")


@pytest.fixture(scope="session")
def student(api) -> Member:
    return shared_member(api, phoneNum="0")


@pytest.fixture(scope="session")
def intruder(api) -> Member:
    """Someone who is neither the author nor the buyer, for the 445 checks."""
    return shared_member(api, phoneNum="0")


# --- The open-market contract (test_market_*.py) ---------------------------------------------


@pytest.fixture(scope="session")
def market_server(tmp_path_factory):
    """One server without demo data for every market module, so product counts start at zero. Its
    shared vendor's token is made once and a loaded run outlasts the default five minutes, so its
    tokens last an hour (expiry is test_token_lifetimes', with tokens made for it)."""
    started = start_server(tmp_path_factory.mktemp("market"), {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false", "SPROUT_ACCESS_TOKEN_TTL": "3600"})
    yield started
    started.stop()


@pytest.fixture(scope="session")
def market(market_server) -> MarketAPI:
    return MarketAPI(market_server.base_url)


@pytest.fixture(scope="session")
def seller(market) -> Vendor:
    """A vendor shared by the market modules (tests that rotate secrets make their own)."""
    return market.new_vendor()


@pytest.fixture(scope="session")
def rival(market) -> Vendor:
    """A second vendor, for ownership checks."""
    return market.new_vendor()
