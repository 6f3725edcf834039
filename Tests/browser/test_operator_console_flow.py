"""The operator console in a real browser (issue 48), in Korean on a 360 px phone and in English on
a desktop: a buyer reports a product and, after its seller pressed them in a conversation about
it, the conversation; an operator (made one by `sprout accounts grant-admin`) sees both waiting
in the queue, each in context (the product with its photo, the conversation's last lines), hides
the product (gone from the open-market contract's list and the web for a third person, its seller
told on its page), disables the seller (the seller's open page loses its event stream and the
next page load sends them to log in, where they are refused), and finds both actions on
/admin/audit. Every console page fits the width and axe finds nothing on it."""
from __future__ import annotations

import json
import re
import uuid
from urllib.parse import urlsplit

import pytest
import requests
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from pyhelpers.browser_waits import wait_until
from pyhelpers.sprout_server import NO_RATE_LIMITS, REPO_ROOT, run_cli, start_server

PASSWORD = "correct-horse-42"
PHOTO = REPO_ROOT / "Tests/Fixtures/images/transparent.png"
WCAG_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, "resultTypes": ["violations"]}
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
# A disabled account's streams end at once on this instance; other instances check every 300 ms.
ENDS_WITHIN_MS = 10_000

RUNS = {
    "ko": {
        "locale": "ko-KR", "viewport": PHONE, "product": "황동 스탠드", "opening": "아직 판매하시나요?",
        "pushy": "만나지 말고 먼저 송금해 주세요", "note": "선입금을 요구해요",
        "fraud": "사기가 의심돼요", "abusive": "욕설·비하·혐오 표현이 있어요", "product_kind": "상품",
        "hidden_done": "숨겼어요. 이제 다른 사람에게 보이지 않아요.", "hidden_now": "숨김 처리된 상태예요.",
        "removed": "운영 정책에 따라 숨겨졌어요", "disabled_done": "계정을 정지했어요", "disabled_state": "정지된 계정",
        "login_refused": "사용이 중지된 계정이에요", "hide_reason": "선입금 사기 신고가 맞아요", "disable_reason": "구매자에게 송금을 강요해요",
    },
    "en": {
        "locale": "en-US", "viewport": DESKTOP, "product": "Brass lamp", "opening": "Is the lamp still for sale?",
        "pushy": "Wire me the money first, no meeting", "note": "Asks for payment up front",
        "fraud": "It looks like a scam", "abusive": "It is abusive or hateful", "product_kind": "Product",
        "hidden_done": "Hidden: nobody else sees it now.", "hidden_now": "Hidden now.",
        "removed": "Hidden by the moderators", "disabled_done": "Account disabled", "disabled_state": "Disabled",
        "login_refused": "This account is disabled", "hide_reason": "The report of a payment scam holds",
        "disable_reason": "Presses buyers to wire money",
    },
}

# Counts the errors of every EventSource a page opens: a stream the server ends fires one, and so
# does each refused attempt to reconnect.
STREAM_WATCH = """(() => {
  const Native = window.EventSource;
  if (!Native) return;
  window.__streamErrors = 0;
  window.EventSource = class extends Native {
    constructor(url, options) {
      super(url, options);
      this.addEventListener("error", () => { window.__streamErrors += 1; });
    }
  };
})();"""


@pytest.fixture(scope="module")
def console_server(tmp_path_factory):
    started = start_server(tmp_path_factory.mktemp("browser-operator-console"),
                           {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false", "SPROUT_ACCESS_CHECK_INTERVAL": "300"})
    yield started
    started.stop()


def join(base: str, name: str) -> dict:
    answer = requests.post(f"{base}/api/auth/join", timeout=30,
                           json={"email": f"console-{uuid.uuid4().hex[:10]}@example.com", "password": PASSWORD, "name": name})
    assert answer.status_code == 200, answer.text
    return answer.json()


def bearer(person: dict) -> dict:
    return {"Authorization": "Bearer " + person["accessToken"]}


def product_of(base: str, seller: dict, name: str) -> int:
    vendor = requests.post(f"{base}/api/market/vendor", json={"name": "가게" + uuid.uuid4().hex[:6]}, headers=bearer(seller), timeout=30).json()
    params = {"name": name, "description": f"{name}: 황동, 잘 켜져요", "price": 30000, "currency": "KRW", "stock": 1, "secret": vendor["secret"]}
    answer = requests.post(f"{base}/api/products", headers={"identifier": vendor["identifier"]}, timeout=30, files={
        "params": (None, json.dumps(params), "application/json"),
        "images": ("lamp.png", PHOTO.read_bytes(), "image/png"),
    })
    assert answer.status_code == 200, answer.text
    return answer.json()["id"]


def listed(base: str, product_id: int) -> bool:
    """Whether the open-market contract's list (`GET /api/products`, as Dotori reads it) has it."""
    answer = requests.get(f"{base}/api/products", params={"page_no": "1", "items_per_page": "100"}, timeout=30)
    assert answer.status_code == 200, answer.text
    return product_id in {product["id"] for product in answer.json()["pages"]}


def log_in(page: Page, base: str, email: str) -> None:
    page.goto(base + "/login")
    page.fill("form#login-form input[name=email]", email)
    page.fill("form#login-form input[name=password]", PASSWORD)
    page.click("#login-submit")
    page.wait_for_url(base + "/")


def assert_fits_width(page: Page, where: str) -> None:
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{where}: page is {widths[0]}px wide in a {widths[1]}px viewport"


def assert_axe_clean(page: Page, where: str) -> None:
    violations = Axe().run(page, options=WCAG_AA).response["violations"]
    found = [(v["id"], v["impact"], [node["target"] for node in v["nodes"][:3]]) for v in violations]
    assert not found, f"{where}: " + json.dumps(found, ensure_ascii=False)


def assert_image_loaded(page: Page, image) -> None:
    expect(image).to_be_visible()
    wait_until(page, "(img) => img.complete", image.element_handle())
    assert image.evaluate("(img) => img.naturalWidth") > 0, f"{image.get_attribute('src')} did not load"


@pytest.mark.parametrize("language", ["ko", "en"])
def test_an_operator_hides_a_reported_product_and_disables_its_seller(browser: Browser, console_server, screenshot_dir, language):
    base = console_server.base_url
    run = RUNS[language]
    size = "mobile" if run["viewport"] == PHONE else "desktop"
    tag = uuid.uuid4().hex[:6]
    product_name = f"{run['product']} {tag}"
    seller, buyer, bystander = join(base, f"판매자{tag}"), join(base, f"Buyer{tag}"), join(base, f"Neighbour{tag}")
    admin = join(base, f"운영자{tag}")
    product = product_of(base, seller, product_name)
    product_url = f"{base}/market/products/{product}"
    granted = run_cli(console_server.data_dir.parent, "accounts", "grant-admin", admin["email"])
    assert granted.returncode == 0, granted.stderr

    errors: list[str] = []
    contexts = []

    def open_page(watch_streams: bool = False) -> Page:
        context = browser.new_context(locale=run["locale"], viewport=run["viewport"])
        contexts.append(context)
        if watch_streams:
            context.add_init_script(STREAM_WATCH)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    step = iter(range(1, 100))

    def shoot(page: Page, name: str) -> None:
        page.screenshot(path=str(screenshot_dir / f"operator-console-{language}-{size}-{next(step):02d}-{name}.png"), full_page=True)

    def check(page: Page, name: str) -> None:
        assert_fits_width(page, name)
        assert_axe_clean(page, name)
        shoot(page, name)

    try:
        operator, seller_page, buyer_page, neighbour_page = open_page(), open_page(watch_streams=True), open_page(), open_page()
        log_in(operator, base, admin["email"])
        operator.goto(base + "/admin")
        waiting = int(operator.locator("#open-reports").inner_text())

        # The seller has their product open, with the page's event stream live.
        log_in(seller_page, base, seller["email"])
        seller_page.goto(product_url)
        expect(seller_page.locator("#removed-notice")).to_have_count(0)
        wait_until(seller_page, "() => document.documentElement.dataset.live === 'true'")

        # 1. The buyer reports the product.
        log_in(buyer_page, base, buyer["email"])
        buyer_page.goto(product_url)
        buyer_page.click("#report-link")
        buyer_page.wait_for_url(f"{product_url}/report")
        buyer_page.check("#reason-fraud")
        buyer_page.fill("form#report-form textarea[name=note]", run["note"])
        assert_fits_width(buyer_page, "product report form")
        shoot(buyer_page, "product-report")
        buyer_page.click("#report-submit")
        expect(buyer_page.locator("#report-filed")).to_be_visible()

        # 2. The buyer asks about it, the seller presses them, and the buyer reports the conversation.
        buyer_page.goto(product_url)
        buyer_page.click("#start-conversation")
        buyer_page.fill("#start-text", run["opening"])
        buyer_page.click("#start-conversation-send")
        buyer_page.wait_for_url(f"{base}/inbox/*")
        web_id = urlsplit(buyer_page.url).path.rsplit("/", 1)[-1]
        inbox = requests.get(f"{base}/api/conversations", headers=bearer(buyer), timeout=30).json()["conversations"]
        talk = next(c for c in inbox if c["web_id"] == web_id)
        # The seller's line arrives live: the page's event stream must be open before it is sent
        # (under the whole suite's load it once opened after, and the line never came).
        wait_until(buyer_page, "() => document.documentElement.dataset.live === 'true'", timeout=10)
        pressed = requests.post(f"{base}/api/conversations/{talk['id']}/messages", json={"text": run["pushy"]}, headers=bearer(seller), timeout=30)
        assert pressed.status_code == 201, pressed.text
        expect(buyer_page.locator(".message.theirs").last).to_contain_text(run["pushy"])
        buyer_page.click("#report-link")
        buyer_page.wait_for_url(f"{base}/inbox/{web_id}/report")
        buyer_page.check("#reason-abusive")
        buyer_page.click("#report-submit")
        expect(buyer_page.locator("#report-filed")).to_be_visible()

        # 3. The operator's queue holds both, counted in the header, each with what it is.
        operator.goto(base + "/admin")
        expect(operator.locator("#open-reports")).to_have_text(str(waiting + 2))
        product_row = operator.locator(f'#queue li[data-app="market"][data-subject="{product}"]')
        talk_row = operator.locator(f'#queue li[data-app="conversations"][data-subject="{talk["id"]}"]')
        expect(product_row).to_contain_text(product_name)
        expect(product_row).to_contain_text(run["fraud"])
        expect(talk_row).to_contain_text(f"판매자{tag}")
        expect(talk_row).to_contain_text(run["abusive"])
        check(operator, "queue")

        # 4. The conversation in context: its last lines before the report, saying why they show.
        talk_row.locator("a.case-link").click()
        operator.wait_for_url(f"{base}/admin/reports/conversations/{talk['id']}")
        expect(operator.locator("#parts-note")).to_be_visible()
        expect(operator.locator("#case-parts")).to_contain_text(run["opening"])
        expect(operator.locator("#case-parts")).to_contain_text(run["pushy"])
        check(operator, "conversation-case")

        # 5. The product in context: its photo, its description, why it was reported, its seller.
        operator.goto(base + "/admin")
        product_row.locator("a.case-link").click()
        case_url = f"{base}/admin/reports/market/{product}"
        operator.wait_for_url(case_url)
        expect(operator.locator("#case-title")).to_contain_text(run["product_kind"])
        expect(operator.locator("#case-title")).to_contain_text(product_name)
        expect(operator.locator("#case-thing")).to_contain_text("잘 켜져요")
        assert_image_loaded(operator, operator.locator(".case-photos img").first)
        expect(operator.locator("#case-reports")).to_contain_text(run["fraud"])
        expect(operator.locator("#case-reports")).to_contain_text(run["note"])
        expect(operator.locator("#account-history")).to_contain_text(f"판매자{tag}")
        check(operator, "product-case")

        # 6. Hidden, by keyboard: gone for a third person, from the contract's list and the web.
        assert listed(base, product)
        operator.fill("#hide-reason", run["hide_reason"])
        operator.focus("#hide-submit")
        with operator.expect_navigation():
            operator.keyboard.press("Enter")
        expect(operator.locator("#console-done")).to_have_text(run["hidden_done"])
        expect(operator.locator("#thing-hidden")).to_have_text(run["hidden_now"])
        check(operator, "hidden")

        assert not listed(base, product), "the contract's list still has the hidden product"
        assert requests.get(f"{base}/api/products/{product}", timeout=30).status_code == 404
        log_in(neighbour_page, base, bystander["email"])
        answer = neighbour_page.goto(product_url)
        assert answer is not None and answer.status == 404, "a third person still opens the hidden product"
        shoot(neighbour_page, "gone-for-a-neighbour")
        neighbour_page.goto(base + "/market")
        expect(neighbour_page.locator("main")).not_to_contain_text(product_name)

        # Its seller still opens it, told why nobody else does.
        seller_page.reload()
        expect(seller_page.locator("#removed-notice")).to_contain_text(run["removed"])
        wait_until(seller_page, "() => document.documentElement.dataset.live === 'true'")
        assert_fits_width(seller_page, "the seller's hidden product")
        shoot(seller_page, "seller-sees-hidden")
        seller_page.evaluate("() => { window.__streamErrors = 0; }")

        # 7. The seller disabled from the case: their open page's stream ends, and the next page
        # load sends them to log in, which refuses them.
        operator.fill("#account-reason", run["disable_reason"])
        with operator.expect_navigation():
            operator.click("#account-submit")
        expect(operator.locator("#console-done")).to_contain_text(run["disabled_done"])
        expect(operator.locator("#account-state")).to_have_text(run["disabled_state"])
        check(operator, "disabled")
        wait_until(seller_page, "() => window.__streamErrors > 0", timeout=ENDS_WITHIN_MS / 1000)
        seller_page.goto(base + "/account")
        expect(seller_page).to_have_url(re.compile(r"/login\?next=(/|%2F)account$"))
        seller_page.fill("form#login-form input[name=email]", seller["email"])
        seller_page.fill("form#login-form input[name=password]", PASSWORD)
        with seller_page.expect_response(lambda response: response.request.method == "POST") as refused:
            seller_page.click("#login-submit")
        assert refused.value.status == 403
        expect(seller_page.locator("main")).to_contain_text(run["login_refused"])
        shoot(seller_page, "seller-refused")

        # 8. The audit log shows both, with their reasons; the activity page reads at a glance.
        operator.click("#console-audit")
        operator.wait_for_url(f"{base}/admin/audit")
        # Newest first: the disable, then the hide (this module's server has no other operator).
        hid, disabled = operator.locator("#audit li[data-action=hide]").first, operator.locator("#audit li[data-action=disable]").first
        expect(hid).to_contain_text(f"market product {product}")
        expect(hid).to_contain_text(run["hide_reason"])
        expect(disabled).to_contain_text(seller["user_id"])
        expect(disabled).to_contain_text(run["disable_reason"])
        expect(operator.locator("#audit li").first).to_contain_text(admin["email"])
        check(operator, "audit")
        operator.click("#console-activity")
        operator.wait_for_url(f"{base}/admin/activity")
        expect(operator.locator("#days tbody tr")).to_have_count(30)
        check(operator, "activity")
        assert not errors, errors
    finally:
        for context in contexts:
            context.close()


def test_the_console_is_a_page_not_found_to_a_signed_in_member(browser: Browser, console_server):
    """In a browser too, the console is nowhere for an account that is no operator."""
    base = console_server.base_url
    member = join(base, f"member{uuid.uuid4().hex[:6]}")
    context = browser.new_context(locale="ko-KR", viewport=PHONE)
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        log_in(page, base, member["email"])
        unknown = page.goto(base + "/admin-nope")
        assert unknown is not None and unknown.status == 404
        title = page.title()
        for path in ("/admin", "/admin/audit", "/admin/activity", f"/admin/accounts/{member['user_id']}"):
            answer = page.goto(base + path)
            assert answer is not None and answer.status == 404, path
            assert page.title() == title, path
            expect(page.locator("#error-title")).to_be_visible()
    finally:
        context.close()
