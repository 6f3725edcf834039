"""끌올 and 숨기기 over HTTP: Sprout's market API lets the seller bump a product to the top once every
three days (on a server whose clock is moved forward), hide it from every list and show it again;
other people's ids and bad queries are refused with the statuses the OpenAPI document names."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from pyhelpers.market_api import MarketAPI, check_page, expect_error, expect_status, unique_tag
from pyhelpers.server_clock import ServerClock
from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server

BUMP_DAYS = 3


def parse(wire: str) -> datetime:
    return datetime.strptime(wire, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def bump(market: MarketAPI, product_id, token):
    return market.authed("POST", f"/api/market/products/{product_id}/bump", token)


@pytest.fixture
def clock(tmp_path):
    return ServerClock(tmp_path / "clock-offset")


@pytest.fixture
def clocked_market(tmp_path, clock):
    """A market server of its own, whose clock the test moves."""
    (tmp_path / "server").mkdir()
    started = start_server(tmp_path / "server", {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false", **clock.env()})
    yield MarketAPI(started.base_url)
    started.stop()


def test_a_bump_waits_three_days_and_then_leads_the_web_list(clocked_market, clock):
    market = clocked_market
    vendor = market.new_vendor()
    older = market.create_product(vendor)["id"]
    newer = market.create_product(vendor)["id"]

    early = expect_error(bump(market, older, vendor.token), 409)
    next_bump = parse(early["next_bump_at"])
    wait = next_bump - clock.now()
    assert timedelta(days=BUMP_DAYS) - timedelta(minutes=5) < wait <= timedelta(days=BUMP_DAYS, seconds=1), early

    clock.move_to(next_bump + timedelta(seconds=2))
    login = market.login(vendor.email, vendor.password)
    expect_status(login, 200)
    token = login.json()["accessToken"]
    bumped = bump(market, older, token)
    expect_status(bumped, 200)
    body = bumped.json()
    assert set(body) == {"id", "bumped_at", "next_bump_at"} and body["id"] == older, body
    gap = parse(body["next_bump_at"]) - parse(body["bumped_at"])
    assert timedelta(days=BUMP_DAYS) <= gap <= timedelta(days=BUMP_DAYS, seconds=1), body
    again = expect_error(bump(market, older, token), 409)
    assert again["next_bump_at"] == body["next_bump_at"]

    assert [item["id"] for item in market.page(1, 10)["pages"]] == [newer, older], "the published list keeps its order"
    html = market.request("GET", "/market").text
    assert html.index(f'data-id="{older}"') < html.index(f'data-id="{newer}"'), "the bumped product leads the web's list"


def test_only_the_seller_controls_a_listing(market):
    vendor = market.new_vendor()
    product = market.create_product(vendor)["id"]
    _, _, stranger = market.new_user()
    for action in ("bump", "hide", "unhide"):
        expect_error(market.authed("POST", f"/api/market/products/{product}/{action}", stranger), 403)
        expect_error(market.authed("POST", f"/api/market/products/999999999/{action}", vendor.token), 404)
        expect_error(market.authed("POST", f"/api/market/products/not-a-number/{action}", vendor.token), 404)
        expect_error(market.authed("POST", f"/api/market/products/{product}/{action}", None), 401)
    assert market.product(product)["id"] == product, "nothing the stranger sent changed it"


def test_a_hidden_product_leaves_the_lists_until_shown_again(market):
    vendor = market.new_vendor()
    name = f"Hidden lamp {unique_tag()}"
    product = market.create_product(vendor, name=name)["id"]

    hidden = market.authed("POST", f"/api/market/products/{product}/hide", vendor.token)
    expect_status(hidden, 200)
    state = hidden.json()
    assert set(state) == {"id", "sale_state", "hidden", "bumped_at", "next_bump_at"}, state
    assert state["id"] == product and state["hidden"] is True and state["sale_state"] == "selling"
    assert market.page(1, 20, search_value=name)["pages"] == [], "the contract's list leaves it out"
    expect_status(market.detail(product), 200)
    expect_error(bump(market, product, vendor.token), 409)
    tab = market.authed("GET", "/api/market/my-products?page_no=1&items_per_page=20&tab=hidden", vendor.token)
    expect_status(tab, 200)
    assert [item["id"] for item in check_page(tab.json())["pages"]] == [product]

    shown = market.authed("POST", f"/api/market/products/{product}/unhide", vendor.token)
    expect_status(shown, 200)
    assert shown.json()["hidden"] is False
    assert [item["id"] for item in market.page(1, 20, search_value=name)["pages"]] == [product]


def test_my_products_tabs_and_purchases_read_their_query(market):
    _, _, token = market.new_user()
    expect_error(market.authed("GET", "/api/market/my-products?page_no=1&items_per_page=20&tab=everything", token), 400)
    for tab in ("selling", "reserved", "sold", "hidden", ""):
        listed = market.authed("GET", f"/api/market/my-products?page_no=1&items_per_page=20&tab={tab}", token)
        expect_status(listed, 200)
        assert check_page(listed.json())["pages"] == []
    purchases = market.authed("GET", "/api/market/purchases?page_no=1&items_per_page=20", token)
    expect_status(purchases, 200)
    assert check_page(purchases.json())["pages"] == []
    expect_error(market.authed("GET", "/api/market/purchases?page_no=0&items_per_page=20", token), 400)
    expect_error(market.authed("GET", "/api/market/purchases?page_no=1&items_per_page=20", None), 401)
