"""The neighbourhood market end to end, two people side by side: the seller on a phone (360 px,
Korean, in Seoul) and the buyer on a desktop (1280×800, English).

The seller sets 망원제1동 as 내 동네 (found by typing "망원1동"), verifies it where the browser is,
and lists a chair through the web's sell form, taking price offers (the form asks neither stock
nor currency). The buyer, in 합정동, finds it within the nearest range 0.6 km away; someone in
잠실본동, 16.7 km off, finds it in none of their ranges (only under 전체). The buyer opens a
conversation from the product page and offers a price; the seller accepts it from the offer
page the conversation links to, and the chat's header then shows that price. The buyer proposes
a meeting in the conversation, the seller accepts it, and it shows in both headers. The seller
reserves the chair for the buyer from the conversation's link and sells it to them: each step is
a line in the conversation and a notification to the buyer, and both are asked for a review.
A week later on the server's clock (so that the buyer's review counts: trust and its tags count
reviewers whose account is a week old), both review each other from the conversation with 매너
tags, which the seller's page counts. Last, the buyer registers a keyword, the seller lists a
bicycle, and the buyer is told; the person in 잠실본동 with the same keyword is not."""
from __future__ import annotations

import re
import uuid
from datetime import datetime, timedelta, timezone
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from pyhelpers.browser_waits import wait_until
from pyhelpers.server_clock import SEOUL, ServerClock, at_seoul, seoul_day
from pyhelpers.sprout_server import NO_RATE_LIMITS, REPO_ROOT, start_server

PHOTO = str(REPO_ROOT / "Tests/Fixtures/images/exif-rotated.jpg")

# Near the centre of 망원제1동 (37.552433, 126.907767): about 5 m from it.
MANGWON = {"latitude": 37.5524, "longitude": 126.9078}
PHONE = {"viewport": {"width": 360, "height": 740}, "locale": "ko-KR", "timezone_id": "Asia/Seoul",
         "geolocation": MANGWON, "permissions": ["geolocation"]}
DESKTOP = {"viewport": {"width": 1280, "height": 800}, "locale": "en-US", "timezone_id": "Europe/London"}
# Someone in 잠실본동 whose browser says it is in 망원동: too far from 잠실본동 to verify it there.
FARAWAY = {"viewport": {"width": 1280, "height": 800}, "locale": "ko-KR", "timezone_id": "Asia/Seoul",
           "geolocation": MANGWON, "permissions": ["geolocation"]}

MANGWON_1 = "1144069000"   # 서울특별시 마포구 망원제1동
HAPJEONG = "1144068000"    # 서울특별시 마포구 합정동
JAMSIL_BON = "1171065000"  # 서울특별시 송파구 잠실본동

LIST_PRICE, DISCOUNT, OFFER = 35_000, 5_000, 27_000
PLACE = "망원역 2번 출구"
KEYWORD = "자전거"

KO_DAYS = ["월", "화", "수", "목", "금", "토", "일"]
EN_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
EN_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


@pytest.fixture
def clock(tmp_path):
    return ServerClock(tmp_path / "clock-offset")


@pytest.fixture
def market_server(tmp_path, clock):
    """Its own server, without demo products, whose clock is moved a week on before the reviews."""
    (tmp_path / "server").mkdir()
    started = start_server(tmp_path / "server", {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false", **clock.env()})
    yield started
    started.stop()


def wire(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def spoken_meeting(moment: datetime) -> tuple[str, str]:
    """How the pages say a meeting time, in Korean and in English (SeoulTime.spokenTwelveHour)."""
    local = moment.astimezone(SEOUL)
    twelve = local.hour % 12 or 12
    half = ("오전", "AM") if local.hour < 12 else ("오후", "PM")
    ko = f"{local.month}월 {local.day}일 ({KO_DAYS[local.weekday()]}) {half[0]} {twelve}:{local.minute:02d}"
    en = f"{EN_DAYS[local.weekday()]} {local.day} {EN_MONTHS[local.month - 1]}, {twelve}:{local.minute:02d} {half[1]} KST"
    return ko, en


def assert_no_sideways_scroll(page: Page, where: str) -> None:
    widths = page.evaluate("() => [document.scrollingElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"{where}: {widths[0]}px wide in a {widths[1]}px viewport"


def badge_count(page: Page) -> int:
    return page.evaluate("""() => {
        const badge = document.getElementById("notifications-badge");
        return !badge || badge.hidden ? 0 : parseInt(badge.textContent, 10);
    }""")


def sign_up(page: Page, base: str, name: str, email: str, password: str) -> None:
    page.goto(base + "/signup")
    for field, value in {"name": name, "email": email, "password": password}.items():
        page.fill(f"form#signup-form input[name={field}]", value)
    page.click("#signup-submit")
    page.wait_for_url(base + "/")


def choose_neighbourhood(page: Page, base: str, typed: str, code: str, full_name: str) -> None:
    """Finds the 동 by what a person types, adds it, and sees it become the current one."""
    page.goto(base + "/market/neighbourhoods")
    expect(page.locator("#no-neighbourhood")).to_be_visible()
    page.fill("input#place-search", typed)
    page.click("#place-search-submit")
    page.wait_for_url(re.compile(re.escape(base) + r"/market/neighbourhoods\?q="))
    found = page.locator("#place-results li.place-result").first
    expect(found).to_have_attribute("data-code", code)
    expect(found.locator(".place-name")).to_have_text(full_name)
    page.click(f"#add-{code} button")
    page.wait_for_url(base + "/market/neighbourhoods?done=added")
    chosen = page.locator(f"#neighbourhood-{code}")
    expect(chosen).to_have_class(re.compile(r"\bcurrent\b"))
    expect(chosen.locator(".current-badge")).to_be_visible()
    expect(page.locator("#range-near")).to_be_checked()


def submit_and_expect(page: Page, button: str, status: int) -> None:
    """Clicks a form's submit button and checks the post's answer: a form with photos is sent in
    the background (app.js), so the answer is watched rather than a navigation."""
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        page.click(button)
    response = answer.value
    assert response.status == status, f"POST {response.url} -> {response.status}: {response.text()[:300]!r}"


def list_product(page: Page, base: str, name: str, price: int, discount: int, offers: bool, category: str, description: str) -> str:
    """Sells through the web's form; answers the product's id."""
    page.goto(base + "/market/sell")
    page.wait_for_url(base + "/market/sell")
    # A neighbour's second-hand item is one, in won: neither stock nor currency is asked.
    expect(page.locator("input#stock")).to_have_count(0)
    expect(page.locator("select#currency")).to_have_count(0)
    expect(page.locator("label.choice:has(input#allows_offers)")).to_contain_text("가격 제안 받기")
    page.set_input_files("input#images", [PHOTO])
    page.fill("input#name", name)
    page.select_option("select#category", category)
    page.fill("input#price", str(price))
    page.fill("input#discounted_price", str(discount))
    if offers:
        page.check("input#allows_offers")
    page.fill("textarea#description", description)
    submit_and_expect(page, "#product-submit", 303)
    page.wait_for_url(re.compile(re.escape(base) + r"/market/products/\d+\?done=listed$"))
    return urlsplit(page.url).path.rsplit("/", 1)[1]


def test_neighbours_find_offer_meet_trade_review_and_are_alerted(browser, market_server, clock, screenshot_dir):
    base = market_server.base_url
    tag = uuid.uuid4().hex[:6]
    password = f"pw-{tag}-secret"
    seller_name, seller_email = f"김판매{tag}", f"seller-{tag}@example.com"
    buyer_name, buyer_email = f"Mina{tag}", f"buyer-{tag}@example.com"
    far_name, far_email = f"잠실{tag}", f"jamsil-{tag}@example.com"
    shop = f"망원상회{tag}"
    chair = f"[{tag}] 캠핑 의자"
    bicycle = f"[{tag}] 접이식 {KEYWORD}"

    contexts, errors = [], []

    def open_page(device: dict) -> Page:
        context = browser.new_context(**device)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    shots = iter(range(1, 100))

    def shoot(page: Page, who: str, name: str) -> None:
        scrolled = page.evaluate("window.scrollY")
        page.screenshot(path=str(screenshot_dir / f"market-neighbourhood-{next(shots):02d}-{who}-{name}.png"), full_page=True)
        page.evaluate("(y) => window.scrollTo(0, y)", scrolled)

    try:
        seller, buyer, faraway = open_page(PHONE), open_page(DESKTOP), open_page(FARAWAY)

        # 1. The seller sets 망원제1동, typed as people write it, and verifies it where the phone is.
        sign_up(seller, base, seller_name, seller_email, password)
        choose_neighbourhood(seller, base, "망원1동", MANGWON_1, "서울 마포구 망원제1동")
        expect(seller.locator(f"#verified-{MANGWON_1}")).to_have_count(0)
        assert_no_sideways_scroll(seller, "my 동네")
        shoot(seller, "seller", "neighbourhood")
        verified_on = clock.now().astimezone(SEOUL)
        seller.click(f"#verify-{MANGWON_1} button[type=submit]")
        seller.wait_for_url(base + "/market/neighbourhoods?done=verified")
        expect(seller.locator("#neighbourhoods-notice")).to_have_text("동네 인증을 마쳤어요.")
        badge = seller.locator(f"#verified-{MANGWON_1}")
        expect(badge).to_have_text(f"동네 인증 완료 · {verified_on.month}월 {verified_on.day}일")
        expect(seller.locator(f"#verify-{MANGWON_1} button[type=submit]")).to_have_text("다시 인증하기")
        shoot(seller, "seller", "verified")

        # 2. The seller becomes a vendor on the way to the sell form and lists the chair, taking offers.
        seller.goto(base + "/market/sell")
        seller.wait_for_url(re.compile(re.escape(base) + r"/market/vendor\?next="))
        seller.fill("form#vendor-form input[name=name]", shop)
        seller.click("#vendor-submit")
        seller.wait_for_url(base + "/market/sell")
        assert_no_sideways_scroll(seller, "sell form")
        shoot(seller, "seller", "sell-form")
        chair_id = list_product(seller, base, chair, LIST_PRICE, DISCOUNT, True, "furniture", "한 번 쓴 캠핑 의자예요. 접으면 작아져요.")
        chair_url = f"{base}/market/products/{chair_id}"
        expect(seller.locator("#done-notice")).to_contain_text("상품을 올렸어요")
        expect(seller.locator("#product-place")).to_have_text("망원제1동 · 내 동네")
        expect(seller.locator("#product-detail .selling-price")).to_have_text(f"{LIST_PRICE - DISCOUNT:,}원")
        expect(seller.locator("#offers-link")).to_have_text("받은 가격 제안 보기")
        assert_no_sideways_scroll(seller, "product page")
        shoot(seller, "seller", "listed")
        vendor_path = seller.locator("#seller-link").get_attribute("href")
        assert re.fullmatch(r"/market/vendors/\d+", vendor_path or ""), vendor_path

        # 3. The buyer, in 합정동, finds it within the nearest range: 0.6 km between the 동 centres.
        sign_up(buyer, base, buyer_name, buyer_email, password)
        choose_neighbourhood(buyer, base, "합정동", HAPJEONG, "서울 마포구 합정동")
        buyer.check("#range-near")
        buyer.click("#range-submit")
        buyer.wait_for_url(base + "/market/neighbourhoods?done=range")
        expect(buyer.locator("#neighbourhoods-notice")).to_have_text("Your range is saved.")
        buyer.goto(base + "/market")
        expect(buyer.locator("#market-title")).to_have_text("Near 합정동")
        expect(buyer.locator("#range-chips a[aria-current=true]")).to_have_attribute("data-range", "near")
        expect(buyer.locator("#range-chips a[aria-current=true]")).to_have_text("Near · 3 km")
        card = buyer.locator(f'#product-list .product-card[data-id="{chair_id}"]')
        expect(card).to_have_count(1)
        expect(card.locator(".product-dong")).to_have_text("망원제1동 · ")
        expect(card.locator(".selling-price")).to_have_text(f"₩{LIST_PRICE - DISCOUNT:,}")
        # Search looks within the same range.
        buyer.fill("input#market-search", tag)
        buyer.click("#market-search-submit")
        buyer.wait_for_url(re.compile(r"/market\?.*range=near.*q="))
        expect(buyer.locator("#product-list .product-card")).to_have_count(1)
        expect(buyer.locator("#product-list .product-card")).to_have_attribute("data-id", chair_id)
        shoot(buyer, "buyer", "nearby")
        card.locator(".product-name a").click()
        buyer.wait_for_url(chair_url)
        expect(buyer.locator("#product-place")).to_have_text("망원제1동 · 0.6 km")
        expect(buyer.locator("#seller-link")).to_have_text(f"{seller_name} · {shop}")
        expect(buyer.locator("#product-detail .original-price")).to_have_text(f"₩{LIST_PRICE:,}")
        expect(buyer.locator("#product-detail .selling-price")).to_have_text(f"₩{LIST_PRICE - DISCOUNT:,}")
        expect(buyer.locator("#offers-link")).to_have_text("Offer a price")
        shoot(buyer, "buyer", "product")

        # 4. Someone in 잠실본동, 16.7 km away, sees it in none of their ranges, only under 전체.
        sign_up(faraway, base, far_name, far_email, password)
        choose_neighbourhood(faraway, base, "잠실본동", JAMSIL_BON, "서울 송파구 잠실본동")
        faraway.click(f"#verify-{JAMSIL_BON} button[type=submit]")
        faraway.wait_for_url(base + "/market/neighbourhoods/verify")
        expect(faraway.locator("#neighbourhoods-error")).to_contain_text("16.7km 떨어져 있어요")
        expect(faraway.locator(f"#verified-{JAMSIL_BON}")).to_have_count(0)
        for scope in ("near", "farther", "farthest"):
            faraway.goto(f"{base}/market?range={scope}")
            expect(faraway.locator("#market-title")).to_have_text("잠실본동 근처")
            expect(faraway.locator(f"#range-chips a[data-range={scope}]")).to_have_attribute("aria-current", "true")
            expect(faraway.locator(f'#product-list .product-card[data-id="{chair_id}"]')).to_have_count(0)
        faraway.goto(f"{base}/market?range=near&q={tag}")
        expect(faraway.locator("#product-list .product-card")).to_have_count(0)
        expect(faraway.locator(".empty-state")).to_be_visible()
        shoot(faraway, "faraway", "nothing-near")
        faraway.goto(f"{base}/market?range=all")
        expect(faraway.locator(f'#product-list .product-card[data-id="{chair_id}"]')).to_have_count(1)
        faraway.goto(chair_url)
        expect(faraway.locator("#product-place")).to_have_text("망원제1동 · 16.7km")

        # 5. The buyer asks about it from the product page: the chat names the seller as the product
        # page does, at the price it sells at now.
        buyer.goto(chair_url)
        buyer.click("#start-conversation")
        buyer.fill("#start-text", "Hi! Is the chair still available?")
        buyer.click("#start-conversation-send")
        buyer.wait_for_url(re.compile(re.escape(base) + r"/inbox/[A-Za-z0-9_-]{16}$"))
        conversation_url = buyer.url
        expect(buyer.locator("#conversation-title")).to_have_text(f"{seller_name} · {shop}")
        expect(buyer.locator("#conversation-about")).to_contain_text(chair)
        expect(buyer.locator("#conversation-about .price")).to_have_text(f"₩{LIST_PRICE - DISCOUNT:,}")

        # 6. The buyer offers a price from the conversation.
        offer_action = buyer.locator(f'#conversation-app-actions a[href="/market/products/{chair_id}/offers"]')
        expect(offer_action).to_have_text("Offer a price")
        offer_action.click()
        buyer.wait_for_url(f"{chair_url}/offers")
        expect(buyer.locator("#offer-product")).to_have_text(chair)
        buyer.fill("input#price", str(OFFER))
        shoot(buyer, "buyer", "offer")
        buyer.click("#offer-submit")
        buyer.wait_for_url(conversation_url)
        expect(buyer.locator("#messages .message.mine").last).to_contain_text(f"💰 {OFFER:,}원에 가격을 제안했어요")

        # 7. The seller opens the conversation and accepts the offer from the page it links to.
        seller.goto(base + "/inbox")
        seller.locator("#conversation-list a").first.click()
        seller.wait_for_url(conversation_url)
        expect(seller.locator("#conversation-title")).to_have_text(buyer_name)
        expect(seller.locator("#messages .message.theirs").last).to_contain_text(f"💰 {OFFER:,}원에 가격을 제안했어요")
        see_offer = seller.locator(f'#conversation-app-actions a[href="/market/products/{chair_id}/offers"]')
        expect(see_offer).to_have_text(f"제안 보기 ({OFFER:,}원)")
        assert_no_sideways_scroll(seller, "conversation with an offer")
        shoot(seller, "seller", "offer-in-chat")
        see_offer.click()
        seller.wait_for_url(f"{chair_url}/offers")
        waiting = seller.locator("#offers li[data-state=pending]")
        expect(waiting).to_have_count(1)
        expect(waiting).to_contain_text(f"{OFFER:,}원")
        expect(waiting).to_contain_text(buyer_name)
        shoot(seller, "seller", "offers")
        waiting.locator("button[id^=accept-offer-]").click()
        seller.wait_for_url(conversation_url)
        expect(seller.locator("#messages .message.mine").last).to_contain_text(f"✅ {OFFER:,}원 가격 제안을 수락했어요")
        # The chat's header says what the trade costs now: the accepted offer.
        expect(seller.locator("#conversation-about .price")).to_have_text(f"{OFFER:,}원")
        buyer.goto(conversation_url)
        expect(buyer.locator("#conversation-about .price")).to_have_text(f"₩{OFFER:,}")
        expect(buyer.locator("#messages .message.theirs").last).to_contain_text(f"✅ {OFFER:,}원 가격 제안을 수락했어요")

        # 8. They agree on a meeting: the buyer proposes in the conversation, the seller accepts.
        meeting = at_seoul(clock.now() + timedelta(days=10), 19)
        meeting_ko, meeting_en = spoken_meeting(meeting)
        buyer.click("#appointment-form summary")
        buyer.fill("input#appointment-starts-at", f"{seoul_day(meeting)}T19:00")
        buyer.fill("input#appointment-place", PLACE)
        shoot(buyer, "buyer", "propose-meeting")
        buyer.click("#appointment-propose")
        buyer.wait_for_url(conversation_url + "#appointments")
        expect(buyer.locator("#appointment-waiting")).to_contain_text("You proposed to meet. Waiting for an answer.")
        expect(buyer.locator("#appointment-waiting time.appointment-when")).to_have_attribute("datetime", wire(meeting))
        expect(buyer.locator("#appointment-waiting")).to_contain_text(f"{meeting_en} · {PLACE}")
        expect(buyer.locator("#messages .message.mine").last).to_contain_text(f"약속을 제안했어요: {meeting_ko} · {PLACE}")

        seller.goto(conversation_url)
        expect(seller.locator("#appointment-waiting")).to_contain_text(f"{buyer_name}님이 약속을 제안했어요.")
        expect(seller.locator("#appointment-waiting")).to_contain_text(f"{meeting_ko} · {PLACE}")
        shoot(seller, "seller", "meeting-proposed")
        seller.click("#appointment-accept")
        seller.wait_for_url(conversation_url + "#appointments")
        for page, words in ((seller, f"약속 {meeting_ko} · {PLACE}"), (buyer, f"Meeting {meeting_en} · {PLACE}")):
            page.goto(conversation_url)
            accepted = page.locator("#appointments #appointment-accepted")
            expect(accepted).to_contain_text(words)
            expect(accepted.locator("time.appointment-when")).to_have_attribute("datetime", wire(meeting))
            expect(page.locator("#appointment-waiting")).to_have_count(0)
        expect(seller.locator("#messages .message.mine").last).to_contain_text(f"약속을 수락했어요: {meeting_ko} · {PLACE}")
        assert_no_sideways_scroll(seller, "conversation with a meeting")
        shoot(seller, "seller", "meeting-agreed")
        shoot(buyer, "buyer", "meeting-agreed")

        # 9. The seller reserves it for the buyer from the conversation, as they agreed to meet, then sells it to them.
        reserve_action = seller.locator(f'#conversation-app-actions a[href^="/market/products/{chair_id}?buyer="]')
        expect(reserve_action).to_have_text(f"약속대로 예약하기 ({meeting_ko})")
        buyer_id = parse_qs(urlsplit(reserve_action.get_attribute("href")).query)["buyer"][0]
        reserve_action.click()
        seller.wait_for_url(re.compile(re.escape(chair_url) + r"\?buyer=.+#trade$"))
        expect(seller.locator("select#buyer")).to_have_value(buyer_id)
        seller.click("#reserve-button")
        seller.wait_for_url(chair_url + "#trade")
        expect(seller.locator("#product-detail .sale-state.reserved")).to_have_text("예약중")
        expect(seller.locator("select#buyer")).to_have_value(buyer_id)
        shoot(seller, "seller", "reserved")
        seller.click("#sold-button")
        seller.wait_for_url(chair_url + "#trade")
        expect(seller.locator("#product-detail .sale-state.sold")).to_have_text("거래완료")

        # Both see the trade in the conversation, at the offered price.
        reserved_line = f"’를 {buyer_name}님에게 예약했어요 ({OFFER:,}원)"
        sold_line = f"🤝 거래가 완료됐어요 ({OFFER:,}원)"
        seller.goto(conversation_url)
        expect(seller.locator("#messages .message.mine").filter(has_text=reserved_line)).to_have_count(1)
        expect(seller.locator("#messages .message.mine").filter(has_text=reserved_line)).to_contain_text(f"📌 ‘{chair}’")
        expect(seller.locator("#messages .message.mine").filter(has_text=sold_line)).to_have_count(1)
        expect(seller.locator("#conversation-about .sale-state")).to_have_text("거래완료")
        shoot(seller, "seller", "trade-lines")
        buyer.goto(conversation_url)
        expect(buyer.locator("#messages .message.theirs").filter(has_text=reserved_line)).to_have_count(1)
        expect(buyer.locator("#messages .message.theirs").filter(has_text=sold_line)).to_have_count(1)
        expect(buyer.locator("#conversation-about .sale-state")).to_have_text("Sold")
        shoot(buyer, "buyer", "trade-lines")

        # Both are notified: the buyer of each step, both asked for their review.
        assert badge_count(buyer) >= 3, f"the buyer's badge counts {badge_count(buyer)}"
        assert badge_count(seller) >= 1, f"the seller's badge counts {badge_count(seller)}"
        buyer.click("#notifications-link")
        buyer.wait_for_url(base + "/notifications")
        news = buyer.locator("#notification-list li")
        expect(news.filter(has_text=f"{seller_name} accepted your offer of ₩{OFFER:,} for ‘{chair}’")).to_have_count(1)
        expect(news.filter(has_text=f"{seller_name} accepted to meet: {meeting_en} · {PLACE}")).to_have_count(1)
        expect(news.filter(has_text=f"{seller_name} reserved ‘{chair}’ for you")).to_have_count(1)
        expect(news.filter(has_text=f"Your trade of ‘{chair}’ with {seller_name} is done")).to_have_count(1)
        expect(news.filter(has_text=f"How was the trade of ‘{chair}’? Leave a review")).to_have_count(1)
        expect(news.filter(has_text=f"reserved ‘{chair}’ for you").locator("a")).to_have_attribute("href", urlsplit(conversation_url).path)
        expect(news.filter(has_text="Leave a review").locator("a")).to_have_attribute("href", f"/market/products/{chair_id}/review")
        shoot(buyer, "buyer", "notifications")
        seller.click("#notifications-link")
        seller.wait_for_url(base + "/notifications")
        told = seller.locator("#notification-list li")
        expect(told.filter(has_text=f"{buyer_name}님이 ‘{chair}’에 {OFFER:,}원을 제안했어요")).to_have_count(1)
        expect(told.filter(has_text=f"{buyer_name}님이 약속을 제안했어요: {meeting_ko} · {PLACE}")).to_have_count(1)
        expect(told.filter(has_text=f"‘{chair}’ 거래는 어떠셨나요? 거래 후기를 남겨 주세요")).to_have_count(1)
        assert_no_sideways_scroll(seller, "notifications")
        shoot(seller, "seller", "notifications")

        # 10. A week on (the buyer's account is then old enough for its review to count), each
        # reviews the other from the conversation, with 매너 tags.
        clock.move_to(clock.now() + timedelta(days=8))
        buyer.goto(conversation_url)
        review_action = buyer.locator(f'#conversation-app-actions a[href="/market/products/{chair_id}/review"]')
        expect(review_action).to_have_text("Review the trade")
        review_action.click()
        buyer.wait_for_url(f"{chair_url}/review")
        expect(buyer.locator("#trade-review-form h2")).to_have_text("How was the trade with the seller?")
        buyer.check("#rating-great")
        for tag_code in ("punctual", "kind", "as_described"):
            buyer.check(f"#praise-tags #tag-{tag_code}")
        buyer.fill("#text", "Lovely chair, on time at the station")
        shoot(buyer, "buyer", "review")
        buyer.click("#trade-review-submit")
        buyer.wait_for_url(chair_url)
        expect(buyer.locator("#trade-review-form")).to_have_count(0)

        seller.goto(conversation_url)
        review_action = seller.locator(f'#conversation-app-actions a[href="/market/products/{chair_id}/review"]')
        expect(review_action).to_have_text("거래 후기 보내기")
        review_action.click()
        seller.wait_for_url(f"{chair_url}/review")
        expect(seller.locator("#trade-review-form h2")).to_have_text("구매자와의 거래는 어땠나요?")
        # The item's condition and price are said of a seller only.
        expect(seller.locator("#tag-as_described")).to_have_count(0)
        expect(seller.locator("#praise-tags label", has=seller.locator("#tag-punctual"))).to_contain_text("시간 약속을 잘 지켜요")
        seller.check("#rating-good")
        seller.check("#praise-tags #tag-punctual")
        seller.check("#praise-tags #tag-kind")
        assert_no_sideways_scroll(seller, "review form")
        shoot(seller, "seller", "review")
        seller.click("#trade-review-submit")
        seller.wait_for_url(chair_url)
        seller.goto(conversation_url)
        expect(seller.locator(f'#conversation-app-actions a[href="/market/products/{chair_id}/review"]')).to_have_count(0)

        # The seller's page counts the tags the buyer gave.
        seller.goto(base + vendor_path)
        expect(seller.locator("#seller-name")).to_have_text(f"{seller_name} · {shop}")
        expect(seller.locator("#trust-counts")).to_have_text("후기 1개 기준 · 최고예요 1 · 좋아요 0 · 별로예요 0")
        expect(seller.locator("#trust-score")).to_have_text("37.0℃")
        tags = seller.locator("#manner-tags li")
        expect(tags).to_have_count(3)
        expect(seller.locator("#manner-tags li[data-tag=punctual]")).to_have_text("시간 약속을 잘 지켜요 ×1")
        expect(seller.locator("#manner-tags li[data-tag=kind]")).to_have_text("친절하고 매너가 좋아요 ×1")
        expect(seller.locator("#manner-tags li[data-tag=as_described]")).to_have_text("상품 상태가 설명한 것과 같아요 ×1")
        assert_no_sideways_scroll(seller, "seller page")
        shoot(seller, "seller", "seller-page")
        buyer.goto(base + vendor_path)
        expect(buyer.locator("#manner-tags li[data-tag=punctual]")).to_have_text("Punctual ×1")
        expect(buyer.locator("#trade-reviews")).to_contain_text("Lovely chair, on time at the station")

        # 11. Keyword alerts: the buyer and the person in 잠실본동 register the same keyword.
        for page in (buyer, faraway):
            page.goto(base + "/market/keywords")
            page.fill("input#keyword", KEYWORD)
            page.click("#keyword-submit")
            page.wait_for_url(base + "/market/keywords")
            expect(page.locator(f'#keyword-list li[data-keyword="{KEYWORD}"]')).to_have_count(1)
            expect(page.locator("#keyword-count")).to_have_text("1/30")
        shoot(buyer, "buyer", "keywords")
        faraway.goto(base + "/notifications")  # reads whatever was there, so only the new would show
        buyer.goto(base + "/notifications")
        buyer.goto(base + "/market")
        wait_until(buyer, "() => document.documentElement.dataset.live === 'true'", timeout=10)
        before = badge_count(buyer)

        bicycle_id = list_product(seller, base, bicycle, 80_000, 0, False, "sports", "접이식 자전거예요. 바퀴 바람도 넣어 뒀어요.")
        expect(seller.locator("#product-place")).to_have_text("망원제1동 · 내 동네")
        # The buyer's open page counts it at once.
        wait_until(buyer, f"() => {{ const b = document.getElementById('notifications-badge'); return b && !b.hidden && parseInt(b.textContent, 10) > {before}; }}", timeout=10)
        buyer.click("#notifications-link")
        buyer.wait_for_url(base + "/notifications")
        alert = buyer.locator("#notification-list li").filter(has_text=f"New for ‘{KEYWORD}’: {bicycle}")
        expect(alert).to_have_count(1)
        shoot(buyer, "buyer", "keyword-alert")
        alert.locator("a").click()
        buyer.wait_for_url(re.compile(re.escape(base) + r"/market/keywords\?keyword="))
        expect(buyer.locator(f'#keyword-products .product-card[data-id="{bicycle_id}"]')).to_have_count(1)
        expect(buyer.locator(f'#keyword-products .product-card[data-id="{bicycle_id}"] .product-dong')).to_have_text("망원제1동 · ")
        shoot(buyer, "buyer", "keyword-products")
        # 잠실본동 is beyond every range of 망원제1동: no alert there.
        faraway.goto(base + "/notifications")
        expect(faraway.locator("#notification-list li").filter(has_text=KEYWORD)).to_have_count(0)

        assert not errors, errors
    finally:
        for context in contexts:
            context.close()
