"""Queries a hostile or buggy client can send: paging numbers whose offset arithmetic overflows,
and search text holding SQL LIKE wildcards. These run on their own server, restarted whenever a
test leaves it dead, so that a crash here shows up as these failures and nothing else."""
from __future__ import annotations

import pytest
import requests

from pyhelpers.market_api import MarketAPI, expect_status
from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server

MAX = 9223372036854775807  # Int.max


@pytest.fixture(scope="module")
def hostile_server(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("market-hostile")
    # No crash backtrace: symbolicating one takes ~15 s, and a crash here is the finding, not a mystery.
    env = {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false", "SWIFT_BACKTRACE": "enable=no"}
    holder = {"server": start_server(workdir, env)}

    def alive():
        if holder["server"].process.poll() is not None:
            holder["server"] = start_server(workdir, env)
        return holder["server"]

    yield alive
    holder["server"].stop()


@pytest.fixture
def hostile(hostile_server) -> MarketAPI:
    return MarketAPI(hostile_server().base_url)


def answered(api: MarketAPI, send) -> requests.Response:
    """The response, failing (rather than erroring) if the server dropped the connection."""
    try:
        return send()
    except requests.ConnectionError:
        dropped = True
    if dropped:  # outside the except block, so the report is one line, not a chained traceback
        pytest.fail("the server dropped the connection without answering (it crashed)")


@pytest.fixture(scope="module")
def wildcard_shop(hostile_server):
    hostile = MarketAPI(hostile_server().base_url)
    seller = hostile.new_vendor()
    return {
        "percent": hostile.create_product(seller, name="100% cotton shirt", description="plain"),
        "underscore": hostile.create_product(seller, name="snake_case mug", description="plain"),
        "plain": hostile.create_product(seller, name="ordinary lamp", description="plain"),
    }


@pytest.mark.parametrize("term,expected", [("%", {"percent"}), ("_", {"underscore"}), ("e_c", {"underscore"}),
                                           ("0%", {"percent"}), ("%cotton", set())])
def test_search_text_is_literal_not_a_like_pattern(hostile, wildcard_shop, term, expected):
    page = hostile.page(1, 100, term)
    ids = {item["id"] for item in page["pages"]}
    assert ids == {wildcard_shop[key]["id"] for key in expected}, f"search_value={term!r} matched {sorted(i['name'] for i in page['pages'])}"


OVERFLOWING = [
    ("/api/products", f"page_no={MAX}&items_per_page=100"),
    ("/api/products", f"page_no={MAX // 100 + 1}&items_per_page=100"),  # offset fits, offset + 100 does not
    ("/api/market/likes", f"page_no={MAX}&items_per_page=20"),
    ("/api/market/my-products", f"page_no={MAX}&items_per_page=20"),
]


@pytest.mark.parametrize("path,query", OVERFLOWING)
def test_overflowing_page_numbers_do_not_crash_the_server(hostile, path, query):
    """Either refused (400) or answered as a page past the end (200, no items); never a crash."""
    token = None
    if path != "/api/products":
        token = hostile.new_vendor().token
    response = answered(hostile, lambda: hostile.authed("GET", f"{path}?{query}", token))
    assert response.status_code in (200, 400), response.text[:300]
    if response.status_code == 200:
        assert response.json()["pages"] == []
    expect_status(answered(hostile, hostile.health), 200)
