"""Deleting, both ways the clients do it.

2022b: POST /{id}/archived → text/plain path; DELETE that path verbatim (or, like rhovin,
DELETE /api/products/{its last segment}). 2022a: POST /{id}/secret → text/plain product secret
(Dotori sends a bare JSON string instead of {"secret": …}); DELETE /{id}/{product secret}."""
from __future__ import annotations

import pytest

from pyhelpers.market_api import DATE, check_detail, expect_error, expect_status, swift_json


@pytest.fixture
def product(market, seller):
    return market.create_product(seller)


def text_plain(response) -> str:
    expect_status(response, 200)
    assert response.headers["Content-Type"].split(";")[0].strip() == "text/plain", response.headers["Content-Type"]
    assert response.text and response.text == response.text.strip()
    return response.text


def gone(market, product_id) -> None:
    expect_error(market.detail(product_id), 404)
    assert product_id not in {item["id"] for item in market.page(1, 100)["pages"]}


def deleted_detail(response, product) -> dict:
    expect_status(response, 200)
    detail = check_detail(response.json(), DATE)
    assert detail["id"] == product["id"] and detail["name"] == product["name"]
    return detail


def test_2022b_archived_then_delete_the_path_verbatim(market, seller, product):
    path = text_plain(market.archived(seller.identifier, product["id"], {"secret": seller.secret}))
    assert path.startswith(f"/api/products/{product['id']}/"), path
    deleted_detail(market.delete(seller.identifier, path), product)
    gone(market, product["id"])
    expect_error(market.delete(seller.identifier, path), 404)


def test_2022b_delete_without_a_content_type(market, seller, product):
    path = text_plain(market.archived(seller.identifier, product["id"], {"secret": seller.secret}))
    deleted_detail(market.delete(seller.identifier, path, json_content_type=False), product)
    gone(market, product["id"])


def test_rhovin_deletes_by_the_last_segment(market, seller, product):
    path = text_plain(market.archived(seller.identifier, product["id"], {"secret": seller.secret}))
    segment = path.rstrip("/").rsplit("/", 1)[1]
    deleted_detail(market.delete(seller.identifier, f"/api/products/{segment}"), product)
    gone(market, product["id"])


@pytest.mark.parametrize("body", ["object", "bare-string"])
def test_2022a_secret_then_delete(market, seller, product, body):
    sent = {"secret": seller.secret} if body == "object" else swift_json(seller.secret)
    product_secret = text_plain(market.product_secret(seller.identifier, product["id"], sent))
    assert "/" not in product_secret
    deleted_detail(market.delete(seller.identifier, f"/api/products/{product['id']}/{product_secret}"), product)
    gone(market, product["id"])


def test_a_bare_string_also_works_for_archived(market, seller, product):
    path = text_plain(market.archived(seller.identifier, product["id"], swift_json(seller.secret)))
    assert path.startswith(f"/api/products/{product['id']}/")


def test_a_wrong_product_secret_is_404_and_keeps_the_product(market, seller, product):
    product_secret = text_plain(market.product_secret(seller.identifier, product["id"], {"secret": seller.secret}))
    expect_error(market.delete(seller.identifier, f"/api/products/{product['id']}/{product_secret}x"), 404)
    expect_error(market.delete(seller.identifier, f"/api/products/{product['id']}/not-the-token"), 404)
    market.product(product["id"])


def test_a_token_for_another_product_is_404(market, seller, product):
    other = market.create_product(seller)
    token = text_plain(market.product_secret(seller.identifier, other["id"], {"secret": seller.secret}))
    expect_error(market.delete(seller.identifier, f"/api/products/{product['id']}/{token}"), 404)
    market.product(product["id"])
    market.product(other["id"])


def test_another_vendor_cannot_look_up_or_delete(market, seller, rival, product):
    for lookup in (market.product_secret, market.archived):
        expect_error(lookup(rival.identifier, product["id"], {"secret": rival.secret}), 400)
        expect_error(lookup(rival.identifier, product["id"], {"secret": seller.secret}), 400)
    token = text_plain(market.product_secret(seller.identifier, product["id"], {"secret": seller.secret}))
    expect_error(market.delete(rival.identifier, f"/api/products/{product['id']}/{token}"), 400)
    path = text_plain(market.archived(seller.identifier, product["id"], {"secret": seller.secret}))
    expect_error(market.delete(rival.identifier, path), 400)
    market.product(product["id"])


def test_a_wrong_vendor_secret_or_no_identifier_is_refused(market, seller, product):
    for lookup in (market.product_secret, market.archived):
        expect_error(lookup(seller.identifier, product["id"], {"secret": seller.secret + "x"}), 400)
        expect_error(lookup(seller.identifier, product["id"], {}), 400)
        expect_error(lookup(None, product["id"], {"secret": seller.secret}), 400)
    token = text_plain(market.product_secret(seller.identifier, product["id"], {"secret": seller.secret}))
    expect_error(market.delete(None, f"/api/products/{product['id']}/{token}"), 400)
    market.product(product["id"])


def test_lookups_on_an_unknown_product_are_404(market, seller):
    for lookup in (market.product_secret, market.archived):
        expect_error(lookup(seller.identifier, 999999999, {"secret": seller.secret}), 404)
