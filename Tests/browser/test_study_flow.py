"""SeSAC Study in a real browser: two people, each in their own browser context (one on a
360 px phone, one on a desktop), sign in by phone with the code the development notice shows,
sign up, wait in the queue about 300 m apart, find each other on the radar and in the results,
one asks and the other accepts, and both end on the matched page: the asker's page gets there by
itself, told by the study socket. They chat; the asker goes offline and back and misses nothing,
shops, and cancels, which leaves a review to give."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server
from pyhelpers.study_web import assert_fits_width, open_person, sign_in_and_sign_up

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
CAMPUS = (37.517819, 126.886145)
# About 300 m due north of the campus.
NORTH = (37.520519, 126.886145)


@pytest.fixture(scope="module")
def study_server(tmp_path_factory):
    started = start_server(tmp_path_factory.mktemp("browser-study"), {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false"})
    yield started
    started.stop()


def queue_at(page: Page, base: str, point: tuple[float, float], tags: str) -> None:
    page.goto(f"{base}/study?lat={point[0]}&long={point[1]}")
    page.goto(base + "/study/input")
    page.fill("#tag-input", tags)
    page.click("#tag-add")
    expect(page.locator("#chosen-tags")).to_contain_text(tags.split()[0])
    page.click("#find-study")
    expect(page).to_have_url(re.compile(r"/study/results$"))


def test_two_people_find_each_other_and_match(browser, study_server, screenshot_dir):
    base = study_server.base_url
    errors: list[str] = []
    asker = open_person(browser, PHONE, errors)
    accepter = open_person(browser, DESKTOP, errors)

    def shoot(page: Page, name: str) -> None:
        size = "mobile" if page.viewport_size == PHONE else "desktop"
        page.screenshot(path=str(screenshot_dir / f"study-{size}-{name}.png"), full_page=True)

    sign_in_and_sign_up(asker, base, "010-4000-0001", "고래밥", "1")
    # Once a nickname is chosen, it is the name every page shows; the number stays masked on /account until asked.
    expect(asker.locator("#account-link")).to_contain_text("고래밥")
    asker.goto(base + "/account")
    expect(asker.locator("#account-name")).to_have_text("고래밥")
    expect(asker.locator("#account-phone summary")).to_have_text("010-****-0001")
    expect(asker.locator("#account-phone-full")).to_be_hidden()
    asker.click("#account-phone summary")
    expect(asker.locator("#account-phone-full")).to_have_text("+821040000001")
    asker.goto(base + "/study")
    sign_in_and_sign_up(accepter, base, "010-4000-0002", "새우깡", "0")
    queue_at(accepter, base, NORTH, "swift 알고리즘")
    queue_at(asker, base, CAMPUS, "swift")

    # The asker's radar shows the other person about 300 m to the north.
    asker.goto(base + "/study")
    expect(asker.locator("#radar")).to_have_attribute("data-count", "1")
    expect(asker.locator("#radar .radar-person")).to_contain_text("새우깡")
    expect(asker.locator("#study-float")).to_have_attribute("data-state", "waiting")
    assert_fits_width(asker, "home on a phone")
    shoot(asker, "01-home-radar")
    accepter.goto(base + "/study?gender=man")
    expect(accepter.locator("#radar")).to_have_attribute("data-count", "1")
    shoot(accepter, "01-home-radar")
    # Off the live pages while the request is made: a live page would reload on hearing it.
    accepter.goto(base + "/study/me")

    # Every socket the asker's pages open, and whether the server connected each: it binds the
    # socket to the asker by the session cookie, so the page never names a uid (`changesocketid`).
    bound: list[str] = []
    named: list[str] = []
    told: list[str] = []

    def watch(socket):
        socket.on("framesent", lambda payload: named.append(str(payload)) if "changesocketid" in str(payload) else None)
        socket.on("framereceived", lambda payload: bound.append(socket.url) if str(payload).startswith("40") else None)
        socket.on("framereceived", lambda payload: told.append(str(payload)) if "queueState" in str(payload) else None)

    asker.on("websocket", watch)
    asker.goto(base + "/study/results")
    card = asker.locator(".study-card", has_text="새우깡")
    expect(card).to_be_visible()
    assert_fits_width(asker, "results on a phone")
    shoot(asker, "02-results")
    card.locator("button.request-button").click()
    expect(asker.locator("#study-notice")).to_contain_text("스터디를 요청했어요")
    # From here the asker's page waits on the study socket, not on polling.
    polls: list[str] = []
    asker.on("request", lambda request: polls.append(request.url) if "/study/state.json" in request.url else None)
    for _ in range(200):
        if bound:
            break
        asker.wait_for_timeout(25)
    assert bound and "/socket.io/?EIO=4&transport=websocket" in bound[0], bound
    assert not named, named

    accepter.goto(base + "/study/results?tab=received")
    received = accepter.locator(".study-card", has_text="고래밥")
    expect(received).to_be_visible()
    shoot(accepter, "02-received")
    received.locator("button.accept-button").click()
    expect(accepter).to_have_url(re.compile(r"/study/matched$"))
    expect(accepter.locator("#matched-title")).to_contain_text("고래밥")
    shoot(accepter, "03-matched")

    # The asker did nothing: the socket's queueState event takes the page to the match, with the
    # one state check that event asks for and no polling before it.
    asker.wait_for_url(re.compile(r"/study/matched$"), timeout=15_000)
    assert any('"event":"matched"' in frame for frame in told), told
    assert len(polls) == 1, polls
    expect(asker.locator("#matched-title")).to_contain_text("새우깡")
    assert_fits_width(asker, "matched on a phone")
    shoot(asker, "03-matched")

    # They chat: the accepter sends through the form; the asker's open page shows the message as
    # the socket brings it, without reloading, and answers.
    asker.evaluate("window.stillThisPage = true")
    # The page leads with the chat; no review in its way while the study goes on, and nothing to
    # end by meeting before both have written.
    expect(asker.locator("#review-form")).to_have_count(0)
    expect(asker.locator("#met")).to_be_hidden()
    expect(asker.locator("#met-later")).to_be_visible()
    expect(asker.locator("#report-form")).to_be_hidden()
    accepter.fill("#chat-input", "안녕하세요! <b>반가워요</b>")
    accepter.click("#chat-send")
    expect(accepter.locator("#chat-log .chat-bubble.mine")).to_contain_text("<b>반가워요</b>")
    expect(asker.locator("#chat-log .chat-bubble.theirs")).to_contain_text("안녕하세요! <b>반가워요</b>")
    assert asker.evaluate("window.stillThisPage === true"), "the message arrived without a reload"
    asker.fill("#chat-input", "네 반가워요")
    asker.click("#chat-send")
    expect(accepter.locator("#chat-log .chat-bubble.theirs")).to_contain_text("네 반가워요")
    # Both have written: "만났어요" can end the study, on both open pages, without a reload; the
    # review still waits for the end, and the chat goes on.
    expect(accepter.locator("#met")).to_be_visible()
    expect(asker.locator("#met")).to_be_visible()
    expect(asker.locator("#met-later")).to_have_count(0)
    expect(asker.locator("#review-form")).to_have_count(0)
    # The box is in the page's font, and on a desktop Enter sends it.
    assert asker.evaluate("getComputedStyle(document.querySelector('#chat-input')).fontFamily === getComputedStyle(document.body).fontFamily")
    accepter.fill("#chat-input", "엔터로 보내요")
    accepter.press("#chat-input", "Enter")
    expect(asker.locator("#chat-log .chat-bubble.theirs").last).to_contain_text("엔터로 보내요")
    assert_fits_width(asker, "chat on a phone")
    shoot(asker, "04-chat")
    shoot(accepter, "04-chat")

    # The asker's phone goes offline with the chat open: its socket drops and cannot come back,
    # and its polling fails. A message sent meanwhile shows once it is online again, exactly once
    # and without a reload, from the catch-up its page does when the socket reconnects.
    sockets: list = []
    offline = {"now": False}

    def through_network(socket) -> None:
        if offline["now"]:
            socket.close()
        else:
            socket.connect_to_server()
            sockets.append(socket)

    away = asker.context.new_page()
    away.route_web_socket(re.compile(r"/socket\.io/"), through_network)
    away.goto(base + "/study/matched")
    for _ in range(200):
        if sockets:
            break
        away.wait_for_timeout(25)
    assert sockets, "the page opened its socket"
    away.evaluate("window.stillThisPage = true")
    asker.close()
    offline["now"] = True
    away.context.set_offline(True)
    for socket in sockets:
        socket.close()
    accepter.fill("#chat-input", "오프라인일 때 보낸 메시지")
    accepter.click("#chat-send")
    expect(accepter.locator("#chat-log .chat-bubble.mine", has_text="오프라인일 때")).to_have_count(1)
    away.wait_for_timeout(1000)
    expect(away.locator("#chat-log .chat-bubble.theirs", has_text="오프라인일 때")).to_have_count(0)
    offline["now"] = False
    away.context.set_offline(False)
    expect(away.locator("#chat-log .chat-bubble.theirs", has_text="오프라인일 때")).to_have_count(1, timeout=15_000)
    away.wait_for_timeout(500)
    expect(away.locator("#chat-log .chat-bubble.theirs", has_text="오프라인일 때")).to_have_count(1)
    assert away.evaluate("window.stillThisPage === true"), "caught up without a reload"
    shoot(away, "05-back-online")

    # The shop: a pretend purchase through development receipts, a preview, and saving it.
    away.goto(base + "/study/shop")
    buy = away.locator("#shop-face-2 .shop-buy button")
    expect(buy).to_contain_text("원")
    buy.click()
    expect(away.locator("#purchase-summary")).to_contain_text("원")
    away.click("#confirm-purchase")
    expect(away.locator("#study-notice")).to_contain_text("구매가 완료되었어요")
    expect(away.locator("#shop-face-2 .shop-owned")).to_have_text("보유")
    away.locator("#shop-face-2 .shop-try").click()
    expect(away.locator("#shop-preview")).to_have_attribute("data-sesac", "2")
    away.click("#shop-save-button")
    expect(away.locator("#study-notice")).to_contain_text("저장했어요")
    assert_fits_width(away, "shop on a phone")
    shoot(away, "06-shop")

    # The asker cancels: asked first, with the penalty said; the accepter's open chat is told at
    # once, and the asker is asked for the review the ended study leaves to give.
    away.goto(base + "/study/matched")
    away.click("#dodge")
    expect(away.locator("#dodge-consequence")).to_contain_text("1분")
    expect(away.locator("#partner-ended")).to_have_count(0)
    shoot(away, "07-cancel-confirm")
    away.click("#confirm-dodge")
    expect(away).to_have_url(re.compile(r"/study/ended$"))
    expect(away.locator("#review-form")).to_be_visible()
    expect(accepter.locator("#partner-ended")).to_be_visible(timeout=5_000)
    expect(accepter.locator("#chat-form")).to_have_count(0)
    expect(accepter.locator("#review-form")).to_be_visible()
    shoot(accepter, "08-partner-cancelled")
    assert not errors, errors
