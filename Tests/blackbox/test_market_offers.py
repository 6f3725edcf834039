"""가격 제안 over HTTP, as strangers and clients nobody here wrote would try it: the seller ticks
"가격 제안 받기" on the web's edit form, a buyer offers in their conversation through Sprout's
market API, the seller accepts once; other people's ids are not found, hostile bodies are refused
in the market's error shape, and a product reserved, sold or given away takes no offers."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from pyhelpers.conversations_api import PASSWORD, ConversationsAPI, Person
from pyhelpers.market_api import expect_error, expect_status
from pyhelpers.web_forms import WebVisitor, redirect_path


@pytest.fixture(scope="module")
def conv(market_server) -> ConversationsAPI:
    return ConversationsAPI(market_server.base_url)


def taking_offers(conv: ConversationsAPI, seller: Person, product_id, price: str = "30000") -> None:
    """The seller ticks the box on the product's edit form, signed in on the web."""
    web = WebVisitor(conv.base_url)
    assert web.log_in(seller.email, PASSWORD).status_code == 303
    edited = web.submit(f"/market/products/{product_id}/edit", "form#product-form", {
        "name": "Walnut stool", "price": price, "discounted_price": "3000", "description": "Lightly used, no scratches.",
        "allows_offers": "1",
    })
    assert redirect_path(edited) == f"/market/products/{product_id}", edited.text[:500]


def offer(conv: ConversationsAPI, who, conversation_id: str, body) -> requests.Response:
    if isinstance(body, (str, bytes)):
        return conv.call(who, "POST", f"/api/conversations/{conversation_id}/offers", data=body,
                         headers={"Content-Type": "application/json"})
    return conv.call(who, "POST", f"/api/conversations/{conversation_id}/offers", json=body)


def new_deal(conv: ConversationsAPI):
    """A seller taking offers on a stool that sells at 27,000원, and a buyer who asked about it."""
    seller, buyer = conv.seller(), conv.join()
    product = conv.product(seller, price=30000.0, discounted_price=3000.0)["id"]
    taking_offers(conv, seller, product)
    conversation = conv.opened(buyer, product, "가격 조정 되나요?", status=201)
    return seller, buyer, product, conversation


@pytest.fixture
def deal(conv):
    return new_deal(conv)


@pytest.fixture(scope="module")
def unchanged_deal(conv):
    """One deal for the tests whose every request is refused, so that nothing about it changes."""
    return new_deal(conv)


def test_an_accepted_offer_is_the_price_of_the_trade(conv, deal):
    seller, buyer, product, conversation = deal
    made = offer(conv, buyer, conversation["id"], {"price": 25000})
    expect_status(made, 200)
    body = made.json()
    assert set(body) == {"offer_id", "product_id", "conversation_id", "buyer_id", "price", "state", "created_at", "decided_at"}, body
    assert (body["price"], body["state"], body["decided_at"], body["buyer_id"]) == (25000, "pending", None, buyer.id)
    offers = conv.call(seller, "GET", f"/api/market/products/{product}/offers")
    expect_status(offers, 200)
    assert [o["offer_id"] for o in offers.json()["offers"]] == [body["offer_id"]]

    with ThreadPoolExecutor(max_workers=4) as pool:
        answers = list(pool.map(lambda _: conv.call(seller, "POST", f"/api/market/offers/{body['offer_id']}/accept"), range(4)))
    assert sorted(a.status_code for a in answers) == [200, 409, 409, 409], [a.text for a in answers]
    notices = conv.call(buyer, "GET", "/api/notifications").json()["notifications"]
    assert [n["kind"] for n in notices].count("price_offer") == 1, notices

    expect_status(conv.call(seller, "POST", f"/api/market/products/{product}/sold", json={"buyer": buyer.id}), 200)
    lines = conv.call(buyer, "GET", f"/api/conversations/{conversation['id']}/messages").json()["messages"]
    assert lines[0]["text"] == "🤝 거래가 완료됐어요 (25,000원)", lines[:3]
    assert any(n["kind"] == "review_request" for n in conv.call(buyer, "GET", "/api/notifications").json()["notifications"])
    expect_error(offer(conv, buyer, conversation["id"], {"price": 20000}), 409)


@pytest.mark.parametrize("body", [
    '{"price":"25000"}', '{"price":25000.5}', '{"price":-1}', '{"price":0}', '{"price":1e30}',
    '{"price":99999999999999999999999}', '{"price":27000}', '{"price":null}', '{"price":true}', "{}", "[25000]", "price=1", "",
])
def test_a_price_is_a_whole_number_of_won_below_what_it_sells_at(conv, unchanged_deal, body):
    _, buyer, _, conversation = unchanged_deal
    expect_error(offer(conv, buyer, conversation["id"], body), 400)


def test_other_peoples_ids_are_not_found(conv, deal):
    seller, buyer, product, conversation = deal
    stranger = conv.join()
    made = offer(conv, buyer, conversation["id"], {"price": 26999})
    expect_status(made, 200)
    offer_id = made.json()["offer_id"]
    expect_error(offer(conv, stranger, conversation["id"], {"price": 20000}), 404)
    for action in ("accept", "decline"):
        expect_error(conv.call(stranger, "POST", f"/api/market/offers/{offer_id}/{action}"), 404)
        expect_error(conv.call(buyer, "POST", f"/api/market/offers/{offer_id}/{action}"), 403)
    for unknown in ("999999999", "99999999999999999999999", "abc", "-1"):
        expect_error(conv.call(seller, "POST", f"/api/market/offers/{unknown}/accept"), 404)
    expect_error(offer(conv, seller, conversation["id"], {"price": 20000}), 403)
    expect_error(conv.call(stranger, "GET", f"/api/market/products/{product}/offers"), 403)
    expect_status(conv.call(None, "POST", f"/api/conversations/{conversation['id']}/offers", json={"price": 1}), 401)


def test_reserved_sold_and_given_away_products_take_no_offers(conv, deal):
    seller, buyer, product, conversation = deal
    expect_status(conv.call(seller, "POST", f"/api/market/products/{product}/reservation", json={"buyer": buyer.id}), 200)
    expect_error(offer(conv, buyer, conversation["id"], {"price": 20000}), 409)
    expect_status(conv.call(seller, "POST", f"/api/market/products/{product}/sold", json={"buyer": None}), 200)
    expect_error(offer(conv, buyer, conversation["id"], {"price": 20000}), 409)

    giveaway = conv.product(seller, price=0.0, discounted_price=0.0)["id"]
    web = WebVisitor(conv.base_url)
    web.log_in(seller.email, PASSWORD)
    web.submit(f"/market/products/{giveaway}/edit", "form#product-form", {
        "name": "Walnut stool", "price": "0", "discounted_price": "0", "description": "Lightly used, no scratches.", "allows_offers": "1",
    })
    asked = conv.opened(buyer, giveaway, "나눔 받을 수 있을까요?", status=201)
    expect_error(offer(conv, buyer, asked["id"], {"price": 1}), 409)
