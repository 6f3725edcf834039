"""PATCH /api/products/{id}: JSON with the `identifier` header and the vendor `secret`; only the
fields sent change (`description` or 2022a `descriptions`), and the answer is the updated detail.
Refusals change nothing."""
from __future__ import annotations

import pytest

from pyhelpers.market_api import DATE, check_detail, expect_error, expect_status, swift_json


@pytest.fixture
def product(market, seller):
    created = market.create_product(seller, name="Before", description="old words", price=30000.0,
                                    discounted_price=3000.0, stock=4, currency="KRW")
    return market.product(created["id"])  # as stored: 2022b dates, no fraction


CHANGEABLE = ("name", "description", "currency", "price", "discounted_price", "stock", "thumbnail", "images")


def unchanged(market, product) -> None:
    now = market.product(product["id"])
    for key in CHANGEABLE:
        assert now[key] == product[key], key


def edited(market, seller, product, body) -> dict:
    response = market.edit(seller.identifier, product["id"], body)
    expect_status(response, 200)
    return check_detail(response.json(), DATE)


def test_only_the_fields_sent_change(market, seller, product):
    after = edited(market, seller, product, {"name": "After", "secret": seller.secret})
    assert after["name"] == "After" and after["id"] == product["id"]
    for key in CHANGEABLE[1:]:
        assert after[key] == product[key], key
    assert market.product(product["id"]) == after
    listed = {item["id"]: item for item in market.page(1, 100, "After")["pages"]}
    assert listed[product["id"]]["name"] == "After"


@pytest.mark.parametrize("key", ["description", "descriptions"])
def test_description_under_either_key(market, seller, product, key):
    after = edited(market, seller, product, {key: "new words", "secret": seller.secret})
    assert after["description"] == "new words" and after["name"] == "Before"


def test_jagers_full_edit_is_echoed(market, seller, product):
    """Jager's live test sends every field (2022a `descriptions`) and checks the echo."""
    body = {"name": "Jager edit", "descriptions": "edited by the live test", "price": 1500.0,
            "currency": "USD", "discounted_price": 100.0, "stock": 12, "secret": seller.secret}
    after = edited(market, seller, product, body)
    assert (after["name"], after["description"], after["currency"]) == ("Jager edit", "edited by the live test", "USD")
    assert (after["price"], after["discounted_price"], after["stock"], after["bargain_price"]) == (1500, 100, 12, 1400)
    assert after["images"] == product["images"] and after["thumbnail"] == product["thumbnail"]


def test_dotoris_edit_body_with_descriptions(market, seller, product):
    """Dotori HEAD's EditProductInfo: descriptions, no thumbnail_id, Double prices, Int stock."""
    body = {"name": "Dotori edit", "descriptions": "열 글자 이상의 상세 설명입니다", "price": 25000.0,
            "currency": "KRW", "discounted_price": 0.0, "stock": 0, "secret": seller.secret}
    after = edited(market, seller, product, body)
    assert after["description"] == "열 글자 이상의 상세 설명입니다" and after["stock"] == 0
    assert after["bargain_price"] == 25000


def test_a_price_given_as_a_numeric_string(market, seller, product):
    after = edited(market, seller, product, {"price": "45000", "secret": seller.secret})
    assert after["price"] == 45000 and after["bargain_price"] == 42000


REFUSED = {
    "wrong-secret": lambda s: {"name": "Hacked", "secret": s.secret + "x"},
    "no-secret": lambda s: {"name": "Hacked"},
    "discount-above-price": lambda s: {"discounted_price": 30001, "secret": s.secret},
    "price-below-discount": lambda s: {"price": 2999, "secret": s.secret},
    "both-inconsistent": lambda s: {"price": 100, "discounted_price": 200, "secret": s.secret},
    "bad-currency": lambda s: {"currency": "EUR", "secret": s.secret},
    "negative-stock": lambda s: {"stock": -1, "secret": s.secret},
    "empty-name": lambda s: {"name": "", "secret": s.secret},
    "long-name": lambda s: {"name": "n" * 101, "secret": s.secret},
}


@pytest.mark.parametrize("make_body", REFUSED.values(), ids=REFUSED.keys())
def test_invalid_edits_are_400_and_change_nothing(market, seller, product, make_body):
    expect_error(market.edit(seller.identifier, product["id"], make_body(seller)), 400)
    unchanged(market, product)


def test_another_vendors_product_is_400(market, seller, rival, product):
    expect_error(market.edit(rival.identifier, product["id"], {"name": "Stolen", "secret": rival.secret}), 400)
    expect_error(market.edit(rival.identifier, product["id"], {"name": "Stolen", "secret": seller.secret}), 400)
    unchanged(market, product)


def test_no_identifier_is_400(market, seller, product):
    expect_error(market.edit(None, product["id"], {"name": "Anon", "secret": seller.secret}), 400)
    unchanged(market, product)


def test_a_body_that_is_not_json_is_400(market, seller, product):
    expect_error(market.edit(seller.identifier, product["id"], b"name=x&secret=y"), 400)
    unchanged(market, product)


def test_an_unknown_product_is_404(market, seller):
    expect_error(market.edit(seller.identifier, 999999999, {"name": "Ghost", "secret": seller.secret}), 404)


def test_patch_body_bytes_are_what_swift_writes(seller):
    # Guards the helper: Swift's JSONEncoder writes whole Doubles without a fraction and escapes "/".
    assert swift_json({"price": 1500.0, "name": "a/b"}) == b'{"price":1500,"name":"a\\/b"}'
