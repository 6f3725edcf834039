"""Photos from a phone, in Chromium at 360 px: a 12-megapixel photo is shrunk in the browser to
the size the server keeps before it is sent, upright; the upload shows its progress; and a form
the server refuses keeps the photos chosen, so fixing a field and sending again needs no new pick."""
from __future__ import annotations

import re
import uuid

import pytest
import requests
from playwright.sync_api import Page, expect

from pyhelpers.sprout_server import REPO_ROOT

PHONE = {"width": 360, "height": 740}
PNG = REPO_ROOT / "Tests" / "Fixtures" / "images" / "transparent.png"
# Stored whenever a page shows the upload's progress bar; survives the navigation that follows.
WATCH_PROGRESS = """
new MutationObserver(() => {
  if (document.getElementById("upload-progress")) sessionStorage.setItem("progress-shown", "yes");
}).observe(document, { childList: true, subtree: true });
"""


@pytest.fixture
def vendor(browser, server):
    context = browser.new_context(locale="ko-KR", viewport=PHONE)
    context.add_init_script(WATCH_PROGRESS)
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    tag = uuid.uuid4().hex[:8]
    page.goto(server.base_url + "/signup")
    for field, value in {"name": f"사진{tag}", "email": f"photo-{tag}@example.com", "password": f"pw-{tag}-secret"}.items():
        page.fill(f"form#signup-form input[name={field}]", value)
    page.click("#signup-submit")
    page.wait_for_url(server.base_url + "/")
    page.goto(server.base_url + "/market/vendor")
    page.fill("form#vendor-form input[name=name]", f"사진상회{tag}")
    page.click("#vendor-submit")
    expect(page.locator("code#vendor-identifier")).not_to_be_empty()
    yield page
    context.close()
    assert not errors, errors


def fill_product(page: Page, description: str) -> None:
    page.fill("input#name", "필름 카메라")
    page.fill("input#price", "120,000")
    page.fill("input#discounted_price", "0")
    page.fill("input#stock", "1")
    page.fill("textarea#description", description)


def test_a_phone_photo_is_shrunk_sent_with_progress_and_kept_when_the_form_is_refused(vendor, server, phone_photo, screenshot_dir):
    page = vendor
    posted: list[int] = []
    page.on("request", lambda request: posted.append(len(request.post_data_buffer or b""))
            if request.method == "POST" and request.url.endswith("/market/sell") else None)
    page.goto(server.base_url + "/market/sell")
    page.set_input_files("input#images", [str(phone_photo), str(PNG)])
    fill_product(page, "짧아요")
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        page.click("#product-submit")
    assert answer.value.status == 400
    expect(page.locator(".field:has(textarea#description) .field-error")).to_be_visible()
    kept = page.evaluate("[...document.getElementById('images').files].map(f => [f.name, f.type, f.size])")
    assert [name for name, _, _ in kept] == ["IMG_0001.jpg", "transparent.png"], "the photos chosen are kept"
    assert kept[0][2] < phone_photo.stat().st_size / 2, f"{kept[0][2]} bytes kept of a {phone_photo.stat().st_size}-byte photo"
    assert kept[1][2] == PNG.stat().st_size, "a small PNG is sent as it is (a JPEG would lose its transparency)"
    page.screenshot(path=str(screenshot_dir / "photo-upload-refused-kept.png"), full_page=True)

    page.fill("textarea#description", "필름이 들어 있는 수동 카메라예요. 잘 작동해요.")
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        page.click("#product-submit")
    assert answer.value.status == 303
    page.wait_for_url(re.compile(r".*/market/products/\d+\?done=listed$"))
    assert page.evaluate("sessionStorage.getItem('progress-shown')") == "yes", "the upload showed its progress"
    assert len(posted) == 2 and max(posted) < phone_photo.stat().st_size / 2, (posted, phone_photo.stat().st_size)

    product_id = page.url.split("?")[0].rsplit("/", 1)[1]
    product = requests.get(f"{server.base_url}/api/products/{product_id}", timeout=15).json()
    assert len(product["images"]) == 2
    page.goto(product["images"][0]["url"])
    size = page.evaluate("[document.images[0].naturalWidth, document.images[0].naturalHeight]")
    assert size == [2048, 1536], f"stored at {size}: landscape as taken, at the size the server keeps"
