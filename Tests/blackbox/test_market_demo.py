"""The demo market a fresh server starts with (SPROUT_DEMO_DATA on, the default): enough products,
from enough vendors, each with an image that loads, all in the contract's shapes."""
from __future__ import annotations

import pytest

from pyhelpers.market_api import MarketAPI, check_detail, expect_status


@pytest.fixture(scope="module")
def demo(server) -> MarketAPI:
    """The shared server runs with default settings, which load the demo data."""
    return MarketAPI(server.base_url)


def test_the_demo_market_is_stocked(demo):
    page = demo.page(1, 100)
    assert page["totalCount"] >= 24
    assert len(page["pages"]) == min(100, page["totalCount"])
    assert len({item["vendor_id"] for item in page["pages"]}) >= 3
    assert len({item["vendorName"] for item in page["pages"]}) >= 3
    assert {item["currency"] for item in page["pages"]} == {"KRW"}, "a Korean market prices in 원"


def test_every_demo_product_has_a_fetchable_image(demo):
    for item in demo.page(1, 100)["pages"]:
        detail = check_detail(demo.detail(item["id"]).json())
        assert detail["vendors"]["name"] == item["vendorName"]
        for url in (item["thumbnail"], detail["images"][0]["url"]):
            image = demo.fetch(url)
            expect_status(image, 200)
            assert image.headers["Content-Type"].startswith("image/") and len(image.content) > 100, url
