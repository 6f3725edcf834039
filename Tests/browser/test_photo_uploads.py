"""Photos from a phone, in Chromium at 360 px: a 12-megapixel photo is shrunk in the browser to
the size the server keeps before it is sent, upright; the upload shows its progress; and a form
the server refuses keeps the photos chosen, so fixing a field and sending again needs no new pick."""
from __future__ import annotations

import base64
import re
import uuid
from pathlib import Path

import pytest
import requests
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from pyhelpers.browser_waits import wait_until
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


# The photos chosen in a form are shown before they are sent, in order, removable and reorderable
# (platform's photo-picker.js), and the server stores them in the order shown. Three photos of
# distinct widths tell them apart once stored.
LAYOUTS = {
    "ko-phone": {"locale": "ko-KR", "viewport": PHONE},
    "en-desktop": {"locale": "en-US", "viewport": {"width": 1280, "height": 800}},
}
WIDTHS = [300, 400, 500]
WCAG_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, "resultTypes": ["violations"]}


@pytest.fixture(scope="module")
def three_photos(browser, tmp_path_factory):
    page = browser.new_page()
    folder = tmp_path_factory.mktemp("three-photos")
    paths = []
    for number, (width, colour) in enumerate(zip(WIDTHS, ["#cc3333", "#33aa55", "#3355cc"]), start=1):
        data_url = page.evaluate("""([width, colour]) => {
            const canvas = document.createElement("canvas");
            canvas.width = width; canvas.height = 200;
            const context = canvas.getContext("2d");
            context.fillStyle = colour;
            context.fillRect(0, 0, width, 200);
            return canvas.toDataURL("image/jpeg", 0.9);
        }""", [width, colour])
        path = folder / f"photo-{number}.jpg"
        path.write_bytes(base64.b64decode(data_url.split(",", 1)[1]))
        paths.append(str(path))
    page.close()
    return paths


@pytest.fixture(params=LAYOUTS)
def member(request, browser, server):
    context = browser.new_context(**LAYOUTS[request.param])
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    tag = uuid.uuid4().hex[:8]
    page.goto(server.base_url + "/signup")
    for field, value in {"name": f"순서{tag}", "email": f"order-{tag}@example.com", "password": f"pw-{tag}-secret"}.items():
        page.fill(f"form#signup-form input[name={field}]", value)
    page.click("#signup-submit")
    page.wait_for_url(lambda url: "/signup" not in url)
    yield page, request.param
    context.close()
    assert not errors, errors


def widths_of(page: Page, images: str) -> list[int]:
    return page.eval_on_selector_all(images, "(images) => images.map((image) => image.naturalWidth)")


def choose_remove_and_reorder(page: Page, input_selector: str, photos: list[str], screenshot: Path) -> None:
    """Chooses three photos, removes the second with a tap and moves the last earlier with the
    keyboard: what will be sent is then the third photo, then the first."""
    page.set_input_files(input_selector, photos)
    thumbnails = page.locator(".photo-picker li")
    expect(thumbnails).to_have_count(3)
    wait_until(page, "[...document.querySelectorAll('.photo-picker img')].every((image) => image.complete && image.naturalWidth)")
    assert widths_of(page, ".photo-picker img") == WIDTHS, "the thumbnails show the photos in the order chosen"
    for button in page.locator(".photo-picker button").all():
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, f"a touch target of {box}"
    violations = Axe().run(page, options=WCAG_AA).response["violations"]
    assert not violations, [(v["id"], [node["target"] for node in v["nodes"][:3]]) for v in violations]
    page.screenshot(path=f"{screenshot}-chosen.png", full_page=True)

    thumbnails.nth(1).locator("button[data-action=remove]").click()
    expect(thumbnails).to_have_count(2)
    thumbnails.nth(1).locator("button[data-action=earlier]").focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.closest('li') === document.querySelector('.photo-picker li')"), \
        "focus moves with the photo"
    expect(thumbnails.first.locator("button[data-action=earlier]")).to_be_disabled()
    assert widths_of(page, ".photo-picker img") == [500, 300]
    names = page.evaluate(f"[...document.querySelector('{input_selector}').files].map((file) => file.name)")
    assert names == ["photo-3.jpg", "photo-1.jpg"], f"the input sends {names}"
    page.screenshot(path=f"{screenshot}-ordered.png", full_page=True)


def test_a_product_s_photos_are_shown_removed_reordered_and_stored_in_that_order(member, server, three_photos, screenshot_dir):
    page, layout = member
    page.goto(server.base_url + "/market/vendor")
    page.fill("form#vendor-form input[name=name]", f"순서상회{uuid.uuid4().hex[:8]}")
    page.click("#vendor-submit")
    expect(page.locator("code#vendor-identifier")).not_to_be_empty()
    page.goto(server.base_url + "/market/sell")
    choose_remove_and_reorder(page, "input#images", three_photos, screenshot_dir / f"photo-picker-market-{layout}")
    fill_product(page, "필름이 들어 있는 수동 카메라예요. 잘 작동해요.")
    page.click("#product-submit")
    page.wait_for_url(re.compile(r".*/market/products/\d+\?done=listed$"))
    product_id = page.url.split("?")[0].rsplit("/", 1)[1]
    product = requests.get(f"{server.base_url}/api/products/{product_id}", timeout=15).json()
    stored = []
    for image in product["images"]:
        page.goto(image["url"])
        stored.append(page.evaluate("document.images[0].naturalWidth"))
    assert stored == [500, 300], f"stored in the order shown: {stored}"


def test_a_lesson_s_photos_are_shown_removed_reordered_and_stored_in_that_order(member, server, three_photos, screenshot_dir):
    page, layout = member
    page.goto(server.base_url + "/lessons/me")
    page.click("#role-teacher")
    page.click("#open-lesson")
    page.wait_for_url(server.base_url + "/lessons/new")
    choose_remove_and_reorder(page, "input#photos", three_photos, screenshot_dir / f"photo-picker-lessons-{layout}")
    page.fill("input#title", f"사진 순서 레슨 {uuid.uuid4().hex[:8]}")
    page.fill("input#price", "30000")
    page.select_option("select#instrument", "첼로")
    page.select_option("select#region", "부산")
    page.select_option("select#lesson_type", "취미")
    page.fill("textarea#introduction", "사진 순서를 지키는 레슨이에요. 처음 오시는 분도 환영해요.")
    page.click("#lesson-submit")
    page.wait_for_url(re.compile(r".*/lessons/[0-9a-f]{24}$"))
    expect(page.locator(".gallery-thumbs a")).to_have_count(2)
    wait_until(page, "[...document.querySelectorAll('.gallery-thumbs img')].every((image) => image.complete && image.naturalWidth)")
    fulls = page.eval_on_selector_all(".gallery-thumbs a", "(links) => links.map((link) => link.dataset.full)")
    stored = []
    for url in fulls:
        page.goto(url if url.startswith("http") else server.base_url + url)
        stored.append(page.evaluate("document.images[0].naturalWidth"))
    assert stored == [500, 300], f"stored in the order shown: {stored}"
