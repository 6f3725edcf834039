"""Sprout's account-side extras for the market: likes (what Dotori keeps in Realm) and "my
products", both behind a Bearer token."""
from __future__ import annotations

import pytest

from pyhelpers.market_api import check_page, expect_error, expect_status


@pytest.fixture(scope="module")
def shop(market, seller):
    return [market.create_product(seller, name=f"Liked thing {n}") for n in range(3)]


def like(market, token, method, product_id):
    return market.authed(method, f"/api/market/likes/{product_id}", token)


def test_like_unlike_and_status(market, shop):
    _, _, token = market.new_user()
    product_id = shop[0]["id"]
    for _ in range(2):  # idempotent
        response = like(market, token, "PUT", product_id)
        expect_status(response, 200)
        assert response.json() == {"product_id": product_id, "liked": True}
    status = like(market, token, "GET", product_id)
    expect_status(status, 200)
    assert status.json() == {"product_id": product_id, "liked": True}
    for _ in range(2):
        response = like(market, token, "DELETE", product_id)
        expect_status(response, 200)
        assert response.json() == {"product_id": product_id, "liked": False}
    assert like(market, token, "GET", product_id).json() == {"product_id": product_id, "liked": False}


def test_likes_are_per_user(market, shop):
    _, _, alice = market.new_user()
    _, _, bob = market.new_user()
    expect_status(like(market, alice, "PUT", shop[1]["id"]), 200)
    assert like(market, bob, "GET", shop[1]["id"]).json()["liked"] is False


def test_the_likes_list_is_most_recently_liked_first(market, shop):
    _, _, token = market.new_user()
    order = [shop[1]["id"], shop[0]["id"], shop[2]["id"]]
    for product_id in order:
        expect_status(like(market, token, "PUT", product_id), 200)
    response = market.authed("GET", "/api/market/likes?page_no=1&items_per_page=20", token)
    expect_status(response, 200)
    page = check_page(response.json())
    assert [item["id"] for item in page["pages"]] == list(reversed(order))
    assert page["totalCount"] == 3 and page["lastPage"] == 1

    second = check_page(market.authed("GET", "/api/market/likes?page_no=2&items_per_page=2", token).json())
    assert [item["id"] for item in second["pages"]] == [order[0]]
    assert second["hasPrev"] is True and second["hasNext"] is False and second["offset"] == 2

    expect_status(like(market, token, "DELETE", order[1]), 200)
    page = check_page(market.authed("GET", "/api/market/likes?page_no=1&items_per_page=20", token).json())
    assert [item["id"] for item in page["pages"]] == [order[2], order[0]]


def test_my_products_lists_only_mine(market, seller, shop):
    _, _, stranger = market.new_user()
    mine = market.authed("GET", "/api/market/my-products?page_no=1&items_per_page=100", seller.token)
    expect_status(mine, 200)
    page = check_page(mine.json())
    ids = [item["id"] for item in page["pages"]]
    assert {p["id"] for p in shop} <= set(ids)
    assert ids == sorted(ids, reverse=True)
    assert all(item["vendor_id"] == seller.vendor_id for item in page["pages"])

    none = market.authed("GET", "/api/market/my-products?page_no=1&items_per_page=20", stranger)
    expect_status(none, 200)
    assert check_page(none.json())["pages"] == []


def test_unknown_products_are_404(market):
    _, _, token = market.new_user()
    for method in ("PUT", "GET", "DELETE"):
        expect_error(like(market, token, method, 999999999), 404)


@pytest.mark.parametrize("method,path", [
    ("PUT", "/api/market/likes/{id}"), ("DELETE", "/api/market/likes/{id}"), ("GET", "/api/market/likes/{id}"),
    ("GET", "/api/market/likes?page_no=1&items_per_page=20"),
    ("GET", "/api/market/my-products?page_no=1&items_per_page=20"),
])
def test_a_token_is_required(market, shop, method, path):
    expect_error(market.authed(method, path.format(id=shop[0]["id"]), None), 401)
