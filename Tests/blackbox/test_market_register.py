"""POST /api/products: multipart `params` JSON + 1–5 `images`, written byte for byte as Dotori,
Jager and rhovin-style clients write them. The answer is the new product's detail, with the
`.SS` fractional dates Dotori decodes registrations with. Every refusal is a 400
`{"error": true, "reason"}` and leaves the product count unchanged."""
from __future__ import annotations

import uuid

import pytest

from pyhelpers.market_api import (DATE_SS, DOTORI, JAGER, RHOVIN, STYLES, check_detail, expect_error,
                                  expect_status, fixture_image, product_params, registration_body,
                                  swift_json, tiny_png, unique_tag)


def register(market, vendor, images=None, style=DOTORI, **overrides):
    params = {**product_params(**overrides), "secret": vendor.secret}
    return market.register(vendor.identifier, params, [tiny_png()] if images is None else images, style)


@pytest.mark.parametrize("style", STYLES, ids=[s.name for s in STYLES])
def test_each_client_style_registers(market, seller, style):
    params = {**product_params(), "secret": seller.secret}
    response = market.register(seller.identifier, params, [fixture_image("exif-rotated.jpg"), tiny_png()], style)
    expect_status(response, 200)
    created = check_detail(response.json(), DATE_SS)
    for key in ("name", "currency", "price", "discounted_price", "stock"):
        assert created[key] == params[key], key
    assert created["description"] == params["description"]
    assert created["bargain_price"] == params["price"] - params["discounted_price"]
    assert created["vendor_id"] == seller.vendor_id and created["vendors"]["name"] == seller.name
    assert len(created["images"]) == 2
    # The stored product reads back the same, with 2022b dates.
    stored = market.product(created["id"])
    assert stored["id"] == created["id"] and stored["name"] == params["name"]
    assert stored["created_at"] == created["created_at"][:19]
    assert created["id"] in {item["id"] for item in market.page(1, 100, params["name"])["pages"]}


def test_the_2022a_descriptions_key_is_accepted(market, seller):
    params = {**product_params(description=None), "descriptions": "2022a wording", "secret": seller.secret}
    response = market.register(seller.identifier, params, [tiny_png()], JAGER)
    expect_status(response, 200)
    assert check_detail(response.json(), DATE_SS)["description"] == "2022a wording"


def test_price_may_be_a_numeric_string(market, seller):
    response = register(market, seller, price="12000", discounted_price="500")
    expect_status(response, 200)
    created = check_detail(response.json(), DATE_SS)
    assert (created["price"], created["discounted_price"], created["bargain_price"]) == (12000, 500, 11500)


def test_discount_and_stock_default_to_zero(market, seller):
    response = register(market, seller, discounted_price=None, stock=None, price=8800.0)
    expect_status(response, 200)
    created = check_detail(response.json(), DATE_SS)
    assert (created["discounted_price"], created["stock"], created["bargain_price"]) == (0, 0, 8800)


def test_usd_with_cents(market, seller):
    response = register(market, seller, currency="USD", price=12.5, discounted_price=0.25, stock=0)
    expect_status(response, 200)
    created = check_detail(response.json(), DATE_SS)
    assert (created["currency"], created["price"], created["bargain_price"]) == ("USD", 12.5, 12.25)


@pytest.mark.parametrize("overrides", [
    {"name": "x"}, {"name": "n" * 100}, {"name": "도토리 🐿"}, {"description": ""},
    {"description": "d" * 1000}, {"price": 0, "discounted_price": 0}, {"discounted_price": 30000.0},
], ids=["1-char-name", "100-char-name", "korean-emoji-name", "empty-description", "1000-char-description",
        "free", "discount-equals-price"])
def test_edge_values_are_accepted(market, seller, overrides):
    response = register(market, seller, **overrides)
    expect_status(response, 200)
    created = check_detail(response.json(), DATE_SS)
    for key, value in overrides.items():
        assert created[key] == value, key


def test_five_images_are_accepted(market, seller):
    response = register(market, seller, images=[tiny_png(4 + n, 4) for n in range(5)])
    expect_status(response, 200)
    assert len(check_detail(response.json(), DATE_SS)["images"]) == 5


def test_a_png_typed_as_png_is_accepted(market, seller):
    params = {**product_params(), "secret": seller.secret}
    response = market.register(seller.identifier, params, [fixture_image("transparent.png")], RHOVIN,
                               image_type="image/png")
    expect_status(response, 200)
    check_detail(response.json(), DATE_SS)


# --- Refusals -------------------------------------------------------------------------------


def refused(market, send) -> dict:
    before = market.total_count()
    body = expect_error(send(), 400)
    assert market.total_count() == before, "a refused registration still added a product"
    return body


def test_no_identifier_is_400(market, seller):
    params = {**product_params(), "secret": seller.secret}
    refused(market, lambda: market.register(None, params, [tiny_png()]))


@pytest.mark.parametrize("identifier", ["a-uuid-no-vendor-has", "", "not-an-identifier"])
def test_an_unknown_identifier_is_400(market, seller, identifier):
    if identifier == "a-uuid-no-vendor-has":  # made here: parallel workers must collect the same ids
        identifier = str(uuid.uuid1())
    params = {**product_params(), "secret": seller.secret}
    refused(market, lambda: market.register(identifier, params, [tiny_png()]))


def test_a_wrong_or_missing_secret_is_400(market, seller, rival):
    for secret in (seller.secret + "x", "", rival.secret, None):
        params = {**product_params(), "secret": secret} if secret is not None else product_params()
        refused(market, lambda: market.register(seller.identifier, params, [tiny_png()]))


INVALID_PARAMS = {
    "no-name": {"name": None},
    "empty-name": {"name": ""},
    "101-char-name": {"name": "n" * 101},
    "1001-char-description": {"description": "d" * 1001},
    "no-price": {"price": None},
    "negative-price": {"price": -1},
    "price-not-numeric": {"price": "abc"},
    "price-null-string": {"price": ""},
    "no-currency": {"currency": None},
    "lowercase-currency": {"currency": "krw"},
    "other-currency": {"currency": "EUR"},
    "discount-above-price": {"price": 1000, "discounted_price": 1001},
    "negative-discount": {"discounted_price": -1},
    "negative-stock": {"stock": -1},
    "fractional-stock": {"stock": 1.5},
    "stock-not-numeric": {"stock": "many"},
}


@pytest.mark.parametrize("overrides", INVALID_PARAMS.values(), ids=INVALID_PARAMS.keys())
def test_invalid_params_are_400(market, seller, overrides):
    params = {**product_params(), **overrides, "secret": seller.secret}
    params = {k: v for k, v in params.items() if v is not None}
    refused(market, lambda: market.register(seller.identifier, params, [tiny_png()]))


def test_no_params_at_all_is_400(market, seller):
    boundary = "B" + unique_tag()
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"images\"; filename=\"a.jpeg\"\r\n"
            f"Content-Type: image/jpeg\r\n\r\n").encode() + tiny_png() + f"\r\n--{boundary}--\r\n".encode()
    refused(market, lambda: market.register_raw(seller.identifier, body, f"multipart/form-data; boundary={boundary}"))


@pytest.mark.parametrize("count", [0, 6])
def test_zero_or_six_images_are_400(market, seller, count):
    refused(market, lambda: register(market, seller, images=[tiny_png(4 + n, 4) for n in range(count)]))


@pytest.mark.parametrize("image", [
    b"this is not an image at all",
    b"",
    fixture_image("truncated.jpg"),
    fixture_image("bomb.png"),
], ids=["text", "empty", "truncated-jpeg", "decompression-bomb"])
def test_bad_image_bytes_are_400(market, seller, image):
    refused(market, lambda: register(market, seller, images=[tiny_png(), image]))


def test_params_that_are_not_json_are_400(market, seller):
    for raw in (b"name=chair&price=100", b"{\"name\": \"chair\",", b"[1, 2, 3]", b"\"just a string\""):
        refused(market, lambda: market.register(seller.identifier, raw, [tiny_png()]))


def test_malformed_multipart_is_400(market, seller):
    content_type, body = registration_body({**product_params(), "secret": seller.secret}, [tiny_png()])
    boundary = content_type.split("boundary=")[1]
    cases = [
        (body, "multipart/form-data; boundary=SOMETHING-ELSE"),     # boundary never appears
        (body, "multipart/form-data"),                             # no boundary parameter
        (body.replace(f"--{boundary}--".encode(), b""), content_type),  # never closed
        (b"garbage without any structure", content_type),
    ]
    for data, header in cases:
        refused(market, lambda: market.register_raw(seller.identifier, data, header))


def test_a_non_multipart_body_is_400(market, seller):
    params = swift_json({**product_params(), "secret": seller.secret})
    refused(market, lambda: market.register_raw(seller.identifier, params, "application/json"))
    refused(market, lambda: market.register_raw(seller.identifier, b"", None))
    refused(market, lambda: market.request("POST", "/api/products", identifier=seller.identifier,
                                           data={"params": params.decode()}))
