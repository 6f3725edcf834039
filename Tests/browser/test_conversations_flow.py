"""Two people talk about a product in real browsers: a buyer on a desktop in English opens a
conversation from the product page, and the seller, on a phone in Korean with the inbox open,
sees it arrive without reloading; they exchange text and a photo, the badges rise and fall, the
seller sees on the product page who asked, reserves it for them and sells it to them, both
review the trade, and the review shows on the seller's page."""
from __future__ import annotations

import json
import re
import uuid
from urllib.parse import urlsplit

import pytest
import requests
from playwright.sync_api import Page, expect

from pyhelpers.browser_waits import wait_until
from pyhelpers.sprout_server import NO_RATE_LIMITS, REPO_ROOT, start_server

PASSWORD = "correct-horse-42"
PHOTO = REPO_ROOT / "Tests/Fixtures/images/transparent.png"


@pytest.fixture(scope="module")
def talk_server(tmp_path_factory):
    started = start_server(tmp_path_factory.mktemp("browser-talk"), {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false"})
    yield started
    started.stop()


def join(base: str, name: str) -> dict:
    answer = requests.post(f"{base}/api/auth/join", timeout=30,
                           json={"email": f"{name}-{uuid.uuid4().hex[:8]}@example.com", "password": PASSWORD, "name": name})
    assert answer.status_code == 200, answer.text
    return answer.json()


def product_of(base: str, seller: dict) -> int:
    bearer = {"Authorization": "Bearer " + seller["accessToken"]}
    vendor = requests.post(f"{base}/api/market/vendor", json={"name": "가게" + uuid.uuid4().hex[:6]}, headers=bearer, timeout=30).json()
    params = {"name": "접이식 자전거", "description": "한 번 탔어요", "price": 120000, "currency": "KRW", "stock": 1, "secret": vendor["secret"]}
    answer = requests.post(f"{base}/api/products", headers={"identifier": vendor["identifier"]}, timeout=30, files={
        "params": (None, json.dumps(params), "application/json"),
        "images": ("bike.png", PHOTO.read_bytes(), "image/png"),
    })
    assert answer.status_code == 200, answer.text
    return answer.json()["id"]


def log_in(page: Page, base: str, email: str) -> None:
    page.goto(base + "/login")
    page.fill("form#login-form input[name=email]", email)
    page.fill("form#login-form input[name=password]", PASSWORD)
    page.click("#login-submit")
    page.wait_for_url(base + "/")


def badge(page: Page, name: str):
    return page.locator(f"#{name}-badge")


def test_buyer_and_seller_talk_live_about_a_product(browser, talk_server):
    base = talk_server.base_url
    seller, buyer = join(base, "판매자"), join(base, "Buyer")
    product = product_of(base, seller)
    seller_context = browser.new_context(locale="ko-KR", viewport={"width": 360, "height": 780}, has_touch=True, is_mobile=True)
    buyer_context = browser.new_context(locale="en-US", viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    try:
        seller_page, buyer_page = seller_context.new_page(), buyer_context.new_page()
        for page in (seller_page, buyer_page):
            page.set_default_timeout(10_000)
            page.on("pageerror", lambda error: errors.append(str(error)))
        log_in(seller_page, base, seller["email"])
        log_in(buyer_page, base, buyer["email"])
        seller_page.goto(base + "/inbox")
        expect(seller_page.locator("#inbox-empty")).to_be_visible()
        expect(badge(seller_page, "inbox")).to_be_hidden()
        # The inbox's event stream is open before the buyer writes.
        wait_until(seller_page, "() => document.documentElement.dataset.live === 'true'")

        buyer_page.goto(f"{base}/market/products/{product}")
        buyer_page.click("#start-conversation")
        buyer_page.fill("#start-text", "Hi! Is the bike still for sale?")
        buyer_page.click("#start-conversation-send")
        buyer_page.wait_for_url(f"{base}/inbox/*")
        conversation_path = buyer_page.url.removeprefix(base)
        # The page goes by the conversation's web id (16 URL-safe characters), never by its id.
        assert re.fullmatch(r"/inbox/[A-Za-z0-9_-]{16}", urlsplit(buyer_page.url).path), buyer_page.url
        expect(buyer_page.locator("#conversation-about")).to_contain_text("접이식 자전거")
        expect(buyer_page.locator(".message.mine").last).to_contain_text("Is the bike still for sale?")
        expect(buyer_page.locator(".message.mine .unread-mark")).to_have_count(1)

        # Live, on the seller's open inbox: the row and both badges, with no reload.
        expect(seller_page.locator("#conversation-list .conversation")).to_have_count(1, timeout=3_000)
        expect(seller_page.locator("#conversation-list")).to_contain_text("Buyer")
        expect(badge(seller_page, "inbox")).to_have_text("1")
        expect(badge(seller_page, "notifications")).to_have_text("1")
        assert seller_page.evaluate("() => performance.getEntriesByType('navigation').length") == 1

        seller_page.click("#conversation-list a")
        expect(seller_page.locator(".message.theirs").last).to_contain_text("Is the bike still for sale?")
        expect(badge(seller_page, "inbox")).to_be_hidden()
        expect(badge(seller_page, "notifications")).to_be_hidden()
        # The buyer is told it was read: the mark under their message goes.
        expect(buyer_page.locator(".message.mine .unread-mark")).to_have_count(0, timeout=3_000)

        seller_page.fill("#message-text", "네, 아직 있어요!")
        seller_page.click("#send-button")
        expect(seller_page.locator(".message.mine").last).to_contain_text("네, 아직 있어요!")
        expect(buyer_page.locator(".message.theirs").last).to_contain_text("네, 아직 있어요!", timeout=3_000)
        assert buyer_page.url == base + conversation_path  # appended live, not reloaded

        # On a desktop Enter sends; a photo goes through the image pipeline.
        buyer_page.fill("#message-text", "Great, here is where I live")
        buyer_page.press("#message-text", "Enter")
        expect(seller_page.locator(".message.theirs").last).to_contain_text("Great, here is where I live", timeout=3_000)
        buyer_page.set_input_files("#message-photo", str(PHOTO))
        buyer_page.click("#send-button")
        expect(buyer_page.locator(".message.mine img.message-photo")).to_have_count(1)
        photo = seller_page.locator(".message.theirs img.message-photo")
        expect(photo).to_have_count(1, timeout=3_000)
        wait_until(seller_page, "(img) => img.complete && img.naturalWidth > 0", photo.element_handle())

        # The seller's product page lists who asked, leading to the conversation.
        seller_page.goto(f"{base}/market/products/{product}")
        expect(seller_page.locator("#askers")).to_contain_text("Buyer")
        expect(seller_page.locator("#start-conversation")).to_have_count(0)
        seller_page.click("#askers a")
        assert seller_page.url == base + conversation_path

        # The seller reserves it for this buyer, sells it to them, and each reviews the other once.
        seller_page.goto(f"{base}/market/products/{product}")
        seller_page.select_option("#buyer", label="Buyer")
        seller_page.click("#reserve-button")
        expect(seller_page.locator("#product-detail .sale-state.reserved")).to_be_visible()
        seller_page.select_option("#buyer", label="Buyer")
        seller_page.click("#sold-button")
        expect(seller_page.locator("#product-detail .sale-state.sold")).to_be_visible()
        seller_page.check("#rating-great")
        seller_page.fill("#text", "시간 약속을 잘 지켜요")
        seller_page.click("#trade-review-submit")
        expect(seller_page.locator("#trade-review-form")).to_have_count(0)

        buyer_page.goto(f"{base}/market/products/{product}")
        expect(buyer_page.locator("#product-detail .sale-state.sold")).to_be_visible()
        buyer_page.check("#rating-good")
        buyer_page.fill("#text", "Friendly seller, as described")
        buyer_page.click("#trade-review-submit")
        expect(buyer_page.locator("#trade-review-form")).to_have_count(0)
        expect(badge(seller_page, "notifications")).to_have_text("1", timeout=3_000)

        buyer_page.click("#seller-link")
        expect(buyer_page.locator("#trade-reviews")).to_contain_text("Friendly seller, as described")
        # Trust counts a review only from an account a week old or with a verified phone number
        # (TradeTests holds the counting): this buyer joined just now, so the review shows, marked
        # as not counted, and the temperature stays where it starts.
        review = buyer_page.locator("#trade-reviews li", has_text="Friendly seller, as described")
        expect(review).to_have_count(1)
        expect(review.locator(".uncounted")).to_contain_text("not counted")
        expect(buyer_page.locator("#trust-score")).to_have_text("36.5℃")
        expect(buyer_page.locator("#trust-counts")).to_contain_text("From 0 reviews")
        assert not errors, errors
    finally:
        seller_context.close()
        buyer_context.close()


def test_a_stranger_gets_no_conversation_page(browser, talk_server):
    base = talk_server.base_url
    seller, buyer, stranger = join(base, "seller"), join(base, "buyer"), join(base, "stranger")
    product = product_of(base, seller)
    opened = requests.post(f"{base}/api/conversations", timeout=30, headers={"Authorization": "Bearer " + buyer["accessToken"]},
                           json={"about": {"app": "market", "id": str(product)}, "text": "private words"})
    assert opened.status_code == 201, opened.text
    context = browser.new_context(locale="ko-KR")
    try:
        page = context.new_page()
        log_in(page, base, stranger["email"])
        # Knowing the page's address is no way in: the stranger is not one of its two people.
        answer = page.goto(f"{base}/inbox/{opened.json()['web_id']}")
        assert answer.status == 404
        expect(page.locator("body")).not_to_contain_text("private words")
        answer = page.goto(f"{base}/inbox/{opened.json()['id']}")
        assert answer.status == 404
        expect(page.locator("body")).not_to_contain_text("private words")
    finally:
        context.close()
