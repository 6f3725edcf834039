"""Dotori Market in a real browser, on a phone and on a desktop: sign up, become a vendor, sell a
product with two photos (after one rejected attempt), find it, look at it, like it, change its
price and delete it, all in the default Korean UI and without loading anything from outside."""
from __future__ import annotations

import re
import uuid
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from pyhelpers.browser_waits import wait_until
from pyhelpers.sprout_server import NO_RATE_LIMITS, REPO_ROOT, start_server

IMAGES = REPO_ROOT / "Tests/Fixtures/images"
PHOTOS = [str(IMAGES / "exif-rotated.jpg"), str(IMAGES / "transparent.png")]

VIEWPORTS = {
    "mobile": {"width": 360, "height": 740},
    "desktop": {"width": 1280, "height": 800},
}

LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


@pytest.fixture(scope="module")
def market_server(tmp_path_factory):
    """A server without demo data, so that the only products are the ones these tests sell."""
    started = start_server(tmp_path_factory.mktemp("browser-market"), {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false"})
    yield started
    started.stop()


@pytest.fixture
def korean_page(browser, market_server):
    """A page in a fresh ko-KR context; yields it with every URL it requested and every script error."""
    contexts, requested, script_errors = [], [], []

    def open_page(viewport: dict) -> Page:
        context = browser.new_context(locale="ko-KR", viewport=viewport)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("request", lambda request: requested.append(request.url))
        page.on("pageerror", lambda error: script_errors.append(str(error)))
        return page

    yield open_page, requested, script_errors
    for context in contexts:
        context.close()


def assert_only_loopback(requested: list[str]) -> None:
    outside = [url for url in requested
               if not url.startswith(("data:", "blob:", "about:")) and urlsplit(url).hostname not in LOOPBACK]
    assert requested and not outside, outside


def assert_fits_width(page: Page, where: str) -> None:
    """Nothing makes the page scroll sideways (the phone layout must fit 360 px)."""
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{where}: page is {widths[0]}px wide in a {widths[1]}px viewport"


def assert_image_loaded(page: Page, selector: str) -> None:
    handle = page.locator(selector)
    expect(handle).to_be_visible()
    wait_until(page, "(img) => img.complete", handle.element_handle())
    assert handle.evaluate("(img) => img.naturalWidth") > 0, f"{selector} ({handle.get_attribute('src')}) did not load"


def submit_and_expect(page: Page, button: str, status: int) -> None:
    """Clicks a form's submit button and checks what the server answered the post with, saying
    what it answered when it is not the expected one. A form with photos is sent in the background
    (app.js), so the post's answer is watched rather than a navigation."""
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        page.click(button)
    response = answer.value
    assert response.status == status, f"POST {response.url} -> {response.status}: {response.text()[:200]!r}"


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_sell_find_like_edit_and_delete_a_product(korean_page, market_server, screenshot_dir, viewport):
    open_page, requested, script_errors = korean_page
    page = open_page(VIEWPORTS[viewport])
    base = market_server.base_url
    step = iter(range(1, 100))

    def shoot(name: str) -> None:
        assert_fits_width(page, name)
        page.screenshot(path=str(screenshot_dir / f"market-{viewport}-{next(step):02d}-{name}.png"), full_page=True)

    tag = uuid.uuid4().hex[:8]
    member, email, password = f"도토리{tag}", f"market-{tag}@example.com", f"pw-{tag}-secret"
    vendor_name = f"다람쥐상회{tag}"
    product_name = f"도토리 모자 {tag}"
    description = "손으로 뜬 도토리 모자예요. 겨울에도 따뜻해요."

    # 1. Sign up on the hub.
    page.goto(base + "/signup")
    expect(page.locator("html")).to_have_attribute("lang", "ko")
    for field, value in {"name": member, "email": email, "password": password}.items():
        page.fill(f"form#signup-form input[name={field}]", value)
    shoot("signup")
    page.click("#signup-submit")
    page.wait_for_url(base + "/")
    expect(page.locator("#welcome")).to_contain_text(member)

    # 2. Become a vendor. The market speaks Korean to a ko-KR browser.
    page.goto(base + "/market/vendor")
    expect(page.locator("#market-nav-browse")).to_have_text("모아보기")
    page.fill("form#vendor-form input[name=name]", vendor_name)
    page.click("#vendor-submit")
    expect(page.locator("code#vendor-identifier")).not_to_be_empty()
    expect(page.locator("code#vendor-secret")).not_to_be_empty()
    shoot("vendor")

    # 3. Sell: a too-short description is refused next to its field, the typed values stay.
    page.goto(base + "/market/sell")
    form = page.locator("form#product-form")
    expect(form).to_have_attribute("enctype", "multipart/form-data")
    page.set_input_files("input#images", PHOTOS)
    page.fill("input#name", product_name)
    page.fill("input#price", "12000")
    page.select_option("select#category", "clothing")
    page.fill("input#discounted_price", "2000")
    # A neighbour's second-hand item is one, in won: the form asks neither stock nor currency.
    expect(page.locator("input#stock")).to_have_count(0)
    expect(page.locator("select#currency")).to_have_count(0)
    page.fill("textarea#description", "짧아요")
    shoot("sell-form")
    submit_and_expect(page, "#product-submit", 400)
    description_field = page.locator(".field:has(textarea#description)")
    expect(description_field.locator(".field-error")).to_be_visible()
    expect(page.locator("textarea#description")).to_have_attribute("aria-invalid", "true")
    expect(page.locator(".field-error")).to_have_count(1)
    expect(page.locator("input#name")).to_have_value(product_name)
    expect(page.locator("input#price")).to_have_value("12000")
    expect(page.locator("input#discounted_price")).to_have_value("2000")
    expect(page.locator("textarea#description")).to_have_value("짧아요")
    shoot("sell-error")

    assert page.evaluate("document.getElementById('images').files.length") == 2, "the photos chosen are kept"
    page.fill("textarea#description", description)
    submit_and_expect(page, "#product-submit", 303)
    page.wait_for_url(re.compile(re.escape(base) + r"/market/products/\d+\?done=listed$"))
    product_id = urlsplit(page.url).path.rsplit("/", 1)[1]
    detail_url = f"{base}/market/products/{product_id}"
    expect(page.locator("h1#product-name")).to_have_text(product_name)
    expect(page.locator("#done-notice")).to_contain_text("상품을 올렸어요")
    expect(page.locator("#product-category")).to_have_text("의류/잡화")
    shoot("sold")

    # The category's chip lists it; another category's does not.
    page.goto(base + "/market")
    page.click("#category-chips a[data-category=clothing]")
    page.wait_for_url(re.compile(r"/market\?.*category=clothing"))
    expect(page.locator(f'#product-list .product-card[data-id="{product_id}"]')).to_have_count(1)
    expect(page.locator("#category-chips a[aria-current=true]")).to_have_text("의류/잡화")
    shoot("category")
    page.click("#category-chips a[data-category=books]")
    page.wait_for_url(re.compile(r"/market\?.*category=books"))
    expect(page.locator(f'#product-list .product-card[data-id="{product_id}"]')).to_have_count(0)

    # 4. Find it by searching the market, in both layouts, and open it from its card.
    page.goto(base + "/market")
    expect(page.locator("#market-nav-browse")).to_have_text("모아보기")
    page.fill("input#market-search", tag)
    page.click("#market-search-submit")
    page.wait_for_url(re.compile(r"/market\?.*q="))
    cards = page.locator("#product-list .product-card")
    expect(cards).to_have_count(1)
    expect(cards.first).to_have_attribute("data-id", product_id)
    expect(cards.first.locator(".product-name")).to_have_text(product_name)
    expect(cards.first.locator(".selling-price")).to_have_text("10,000원")
    expect(page.locator("#product-list")).not_to_have_class(re.compile(r"\blist\b"))
    assert_image_loaded(page, f'.product-card[data-id="{product_id}"] img')
    shoot("search-grid")

    page.click("#view-toggle")
    expect(page.locator("#product-list")).to_have_class(re.compile(r"\blist\b"))
    expect(page.locator("input#market-search")).to_have_value(tag)
    expect(cards).to_have_count(1)
    expect(cards.first).to_have_attribute("data-id", product_id)
    shoot("search-list")

    cards.first.locator(".product-name a").click()
    page.wait_for_url(detail_url)

    # 5. The detail page: two photos, the second swapped in without navigating; prices; likes.
    detail = page.locator("article#product-detail")
    expect(detail).to_be_visible()
    expect(page.locator("h1#product-name")).to_have_text(product_name)
    expect(detail.locator(".original-price")).to_have_text("12,000원")
    expect(detail.locator(".discount-rate")).to_have_text("17%")
    expect(detail.locator(".selling-price")).to_have_text("10,000원")
    thumbs = page.locator(".gallery-thumbs a")
    expect(thumbs).to_have_count(2)
    assert_image_loaded(page, "img#gallery-main")
    for n in range(2):
        assert_image_loaded(page, f".gallery-thumbs a >> nth={n} >> img")
    first_src = page.get_attribute("img#gallery-main", "src")
    second_full = thumbs.nth(1).get_attribute("data-full")
    assert second_full and second_full != first_src
    shoot("detail")

    thumbs.nth(1).click()
    expect(page.locator("img#gallery-main")).to_have_attribute("src", second_full)
    assert page.url == detail_url, "clicking a thumbnail navigated"
    expect(thumbs.nth(1)).to_have_class(re.compile(r"\bcurrent\b"))
    assert_image_loaded(page, "img#gallery-main")
    shoot("detail-second-photo")

    like = page.locator("#like-button")
    expect(like).to_have_attribute("aria-pressed", "false")
    expect(like).to_contain_text("좋아요")
    page.evaluate("window.notReloaded = true")
    like.click()
    expect(like).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("window.notReloaded === true"), "the like acted in place, without reloading the page"
    expect(like).to_contain_text("좋아요 취소")
    expect(page.locator("#product-interest")).to_have_text("관심 1 · 조회 0"), "the count follows the like; the seller's visits are no views"
    shoot("liked")

    page.click("#market-nav-likes")
    page.wait_for_url(base + "/market/likes")
    expect(page.locator(f'#liked-products .product-card[data-id="{product_id}"]')).to_have_count(1)
    shoot("likes")

    page.goto(detail_url)
    like.click()
    page.wait_for_url(detail_url)
    expect(like).to_have_attribute("aria-pressed", "false")
    page.goto(base + "/market/likes")
    expect(page.locator(f'#liked-products .product-card[data-id="{product_id}"]')).to_have_count(0)
    page.goto(detail_url)
    like.click()  # liked again, to see the like go away with the product
    page.wait_for_url(detail_url)
    expect(like).to_have_attribute("aria-pressed", "true")

    # 6. The owner changes the price and the photos: the second becomes the cover, one is added.
    photos_before = [thumbs.nth(index).get_attribute("data-full") for index in range(2)]
    page.click("a#edit-product")
    page.wait_for_url(detail_url + "/edit")
    expect(page.locator("form#product-form")).to_be_visible()
    expect(page.locator("input#price")).to_have_value("12000")
    expect(page.locator("input#name")).to_have_value(product_name)
    expect(page.locator("textarea#description")).to_have_value(description)
    page.fill("input#price", "15000")
    current = page.locator("#photo-editor .photo-list li")
    expect(current).to_have_count(2)
    page.select_option(f"select#position-{current.nth(1).get_attribute('data-id')}", "1")
    page.set_input_files("input#images", PHOTOS[:1])
    shoot("edit")
    page.click("#product-submit")
    page.wait_for_url(detail_url + "?done=saved")
    expect(page.locator("#done-notice")).to_contain_text("저장했어요")
    expect(detail.locator(".original-price")).to_have_text("15,000원")
    expect(detail.locator(".selling-price")).to_have_text("13,000원")
    expect(detail.locator(".discount-rate")).to_have_text("13%")
    expect(thumbs).to_have_count(3)
    assert [thumbs.nth(index).get_attribute("data-full") for index in range(2)] == photos_before[::-1], "the chosen cover comes first"
    shoot("edited")

    # 7. The owner deletes it: gone from "my products", the likes, the search and its own URL.
    page.click("a#delete-product")
    page.wait_for_url(detail_url + "/delete")
    expect(page.locator("form#delete-form")).to_be_visible()
    shoot("delete-confirm")
    page.click("button#confirm-delete")
    page.wait_for_url(base + "/market/mine")
    expect(page.locator("ul#my-products")).to_have_count(1)
    expect(page.locator(f'ul#my-products li[data-id="{product_id}"]')).to_have_count(0)
    shoot("deleted")

    response = page.goto(detail_url)
    assert response is not None and response.status == 404, response and response.status
    response = page.goto(base + "/market/likes")
    assert response is not None and response.status == 200, response and response.status
    expect(page.locator(f'#liked-products .product-card[data-id="{product_id}"]')).to_have_count(0)
    page.goto(f"{base}/market?q={tag}")
    expect(page.locator("#product-list .product-card")).to_have_count(0)

    assert not script_errors, script_errors
    assert_only_loopback(requested)
