"""Jager's live integration test (New-Open-Market), end to end against one server: health check,
a 5-per-page list, then add → edit → secret → delete, all with his request shapes (multipart with
a JSON-typed params part and UUID file names, 2022a `descriptions`, `{"secret": …}` written by
hand, DELETE with a JSON Content-Type and no body)."""
from __future__ import annotations

from pyhelpers.market_api import (DATE, DATE_SS, JAGER, check_detail, check_page, expect_error,
                                  expect_status, fixture_image, tiny_png, unique_tag)


def test_add_edit_secret_delete(market, seller):
    health = market.health(headers={"Content-Type": "multipart/form-data; boundary=jager"})
    assert health.status_code == 200 and health.json() == "OK"

    listed = market.list_page(1, 5)  # Jager, like Dotori, puts a multipart Content-Type on GETs
    expect_status(listed, 200)
    page = check_page(listed.json())
    assert page["pageNo"] == 1 and page["itemsPerPage"] == 5 and page["limit"] == 5

    # add
    name = f"Jager {unique_tag()}"
    params = {"name": name, "descriptions": "열 글자가 넘는 상품 설명", "price": 12000.0, "currency": "KRW",
              "discounted_price": 50.0, "stock": 3, "secret": seller.secret}
    added = market.register(seller.identifier, params, [fixture_image("exif-rotated.jpg"), tiny_png()], JAGER)
    expect_status(added, 200)
    item = check_detail(added.json(), DATE_SS)
    assert (item["name"], item["description"], item["bargain_price"]) == (name, "열 글자가 넘는 상품 설명", 11950)

    # edit
    edit = {"name": name + " edited", "descriptions": "수정된 상품 설명입니다", "price": 13000.0,
            "currency": "USD", "discounted_price": 0.0, "stock": 9, "secret": seller.secret}
    edited = market.edit(seller.identifier, item["id"], edit)
    expect_status(edited, 200)
    after = check_detail(edited.json(), DATE)
    assert after["name"] == edit["name"] and after["description"] == edit["descriptions"]
    assert after["currency"] == "USD" and after["price"] == 13000
    assert after["discounted_price"] == 0 and after["stock"] == 9

    # secret (Jager writes this body by hand, with a space after the colon)
    found = market.product_secret(seller.identifier, item["id"], f'{{"secret": "{seller.secret}"}}'.encode())
    expect_status(found, 200)
    assert found.text

    # delete
    deleted = market.delete(seller.identifier, f"/api/products/{item['id']}/{found.text}")
    expect_status(deleted, 200)
    assert check_detail(deleted.json(), DATE)["id"] == item["id"]
    expect_error(market.detail(item["id"]), 404)
