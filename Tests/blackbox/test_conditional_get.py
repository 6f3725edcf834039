"""Conditional reads as an HTTP client (and URLSession's cache) makes them: an ETag on every API
read, 304 for If-None-Match with it, a new tag as soon as a write changes the answer."""
from __future__ import annotations

import requests

from pyhelpers.market_api import MarketAPI


def test_market_list_is_not_modified_until_a_product_is_added(market_server):
    market = MarketAPI(market_server.base_url)
    url = f"{market_server.base_url}/api/products?page_no=1&items_per_page=20"
    first = requests.get(url, timeout=30)
    tag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "private, no-cache"

    again = requests.get(url, headers={"If-None-Match": tag}, timeout=30)
    assert again.status_code == 304 and again.content == b"" and again.headers["ETag"] == tag

    seller = market.new_vendor()
    market.create_product(seller)
    changed = requests.get(url, headers={"If-None-Match": tag}, timeout=30)
    assert changed.status_code == 200 and changed.headers["ETag"] != tag


def test_writes_and_errors_carry_no_etag(market_server):
    missing = requests.get(f"{market_server.base_url}/api/products/999999999", timeout=30)
    assert missing.status_code == 404 and "ETag" not in missing.headers
    page = requests.get(f"{market_server.base_url}/market", headers={"Accept": "text/html"}, timeout=30)
    assert "ETag" not in page.headers and page.headers["Cache-Control"] == "no-store"
