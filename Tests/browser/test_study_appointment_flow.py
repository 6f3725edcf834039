"""약속 between SeSAC Study partners, in two browsers: the asker on a 360 px phone in Korean, the
accepter on a desktop in English. They match; the asker opens 약속 잡기 above the chat, finds
망원제1동 by typing "망원", adds where exactly and a time two days on, and proposes. The
accepter's open matched page shows the proposal without a reload; they accept it, and both
pages pin the meeting above the chat (again without a reload on the asker's side) while they keep
chatting. The pair's conversation shows in the inbox as the study's and opens the study chat."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

import pytest
from playwright.sync_api import Page, expect

from pyhelpers.browser_waits import wait_until
from pyhelpers.server_clock import at_seoul, seoul_day
from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server
from pyhelpers.study_web import assert_fits_width, open_person, sign_in_and_sign_up

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
CAMPUS = (37.517819, 126.886145)
# About 300 m due north of the campus.
NORTH = (37.520519, 126.886145)
DONG = "서울 마포구 망원제1동"
SPOT = "망원역 2번 출구"
PLACE = f"{DONG} · {SPOT}"


@pytest.fixture(scope="module")
def study_server(tmp_path_factory):
    started = start_server(tmp_path_factory.mktemp("browser-study-appointment"), {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false"})
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


def wire(moment: datetime) -> str:
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def wait_live(page: Page) -> None:
    """Until the page's event stream is open: a change the other side makes reaches it from then on."""
    wait_until(page, "() => document.documentElement.dataset.live === 'true'", timeout=15)


def test_partners_agree_on_a_meeting_and_keep_chatting(browser, study_server, screenshot_dir):
    base = study_server.base_url
    errors: list[str] = []
    asker = open_person(browser, PHONE, errors)
    accepter = open_person(browser, DESKTOP, errors)

    def shoot(page: Page, name: str) -> None:
        size = "mobile" if page.viewport_size == PHONE else "desktop"
        page.screenshot(path=str(screenshot_dir / f"study-appointment-{size}-{name}.png"), full_page=True)

    sign_in_and_sign_up(asker, base, "010-4200-0001", "고래밥", "1")
    sign_in_and_sign_up(accepter, base, "010-4200-0002", "새우깡", "0")
    # The accepter reads the app in English from here on.
    accepter.click("#lang-en")
    expect(accepter.locator("html")).to_have_attribute("lang", "en")

    queue_at(accepter, base, NORTH, "swift")
    queue_at(asker, base, CAMPUS, "swift")
    # The accepter's received tab is open before the request: its page reloads itself when the
    # request arrives, and a navigation of the test's own would race that reload.
    accepter.goto(base + "/study/results?tab=received")
    asker.goto(base + "/study/results")
    asker.locator(".study-card", has_text="새우깡").locator("button.request-button").click()
    received = accepter.locator(".study-card", has_text="고래밥")
    expect(received).to_be_visible(timeout=10_000)
    received.locator("button.accept-button").click()
    expect(accepter).to_have_url(re.compile(r"/study/matched$"))
    # The study socket takes the asker's page to the match.
    asker.wait_for_url(re.compile(r"/study/matched$"), timeout=15_000)

    # Nothing agreed yet: 약속 잡기 sits above the chat.
    for page in (asker, accepter):
        expect(page.locator("#appointments #appointment-open")).to_be_visible()
        above = page.evaluate("""() => document.getElementById("appointments").compareDocumentPosition(
            document.getElementById("chat-log")) & Node.DOCUMENT_POSITION_FOLLOWING""")
        assert above, "the 약속 is pinned above the chat"
    expect(accepter.locator("#appointment-open")).to_have_text("Propose a meeting")
    wait_live(accepter)
    accepter.evaluate("window.stillThisPage = true")

    # The asker finds the 동 by name, says where exactly, and proposes a time two days on.
    meeting = at_seoul(datetime.now(timezone.utc) + timedelta(days=2), 19)
    asker.click("#appointment-open")
    expect(asker).to_have_url(re.compile(r"/study/appointment$"))
    expect(asker.locator("#appointment-title")).to_contain_text("새우깡님과 약속 잡기")
    asker.fill("#appointment-dong-query", "망원")
    asker.click("#appointment-dong-find")
    expect(asker).to_have_url(re.compile(r"/study/appointment\?q="))
    choice = asker.locator("label.dong-option", has_text=DONG)
    expect(choice).to_be_visible()
    choice.locator("input").check()
    asker.fill("#appointment-place", SPOT)
    asker.fill("#appointment-starts-at", f"{seoul_day(meeting)}T19:00")
    assert_fits_width(asker, "the 약속 page on a phone")
    shoot(asker, "01-propose")
    asker.click("#appointment-propose")
    expect(asker).to_have_url(re.compile(r"/study/matched#appointments$"))
    expect(asker.locator("#appointment-waiting")).to_contain_text("약속을 제안했어요. 답을 기다리고 있어요.")
    expect(asker.locator("#appointment-waiting")).to_contain_text(PLACE)
    expect(asker.locator("#appointment-waiting time.appointment-when")).to_have_attribute("datetime", wire(meeting))
    wait_live(asker)
    asker.evaluate("window.stillThisPage = true")

    # The accepter's open page shows the proposal as it is made, and they accept it.
    waiting = accepter.locator("#appointment-waiting")
    expect(waiting).to_contain_text("고래밥 proposes to meet.", timeout=15_000)
    expect(waiting).to_contain_text(PLACE)
    assert accepter.evaluate("window.stillThisPage === true"), "the proposal arrived without a reload"
    shoot(accepter, "02-proposal")
    accepter.click("#appointment-accept")
    expect(accepter).to_have_url(re.compile(r"/study/matched#appointments$"))

    # Both pin the meeting above the chat; the asker's page without a reload.
    expect(accepter.locator("#appointment-accepted")).to_contain_text("Meeting")
    expect(asker.locator("#appointment-accepted")).to_contain_text("약속", timeout=15_000)
    assert asker.evaluate("window.stillThisPage === true"), "the answer arrived without a reload"
    for page in (asker, accepter):
        accepted = page.locator("#appointments #appointment-accepted")
        expect(accepted).to_contain_text(PLACE)
        expect(accepted.locator("time.appointment-when")).to_have_attribute("datetime", wire(meeting))
        expect(page.locator("#appointment-waiting")).to_have_count(0)
    assert_fits_width(asker, "the pinned meeting on a phone")
    shoot(asker, "03-pinned")
    shoot(accepter, "03-pinned")

    # They keep chatting under it.
    accepter.fill("#chat-input", "See you on Saturday!")
    accepter.click("#chat-send")
    expect(asker.locator("#chat-log .chat-bubble.theirs")).to_contain_text("See you on Saturday!")
    asker.fill("#chat-input", "네, 망원역에서 봐요")
    asker.click("#chat-send")
    expect(accepter.locator("#chat-log .chat-bubble.theirs")).to_contain_text("네, 망원역에서 봐요")
    expect(accepter.locator("#appointment-accepted")).to_contain_text(PLACE)

    # The inbox names the pair's conversation as the study's, and it opens the study chat.
    asker.goto(base + "/inbox")
    row = asker.locator("#conversation-list li", has_text="새싹 스터디")
    expect(row).to_be_visible()
    row.locator("a").first.click()
    expect(asker).to_have_url(re.compile(r"/study/matched#appointments$"))
    expect(asker.locator("#appointment-accepted")).to_contain_text(PLACE)
    expect(asker.locator("#inbox-badge")).to_be_hidden()
    shoot(asker, "04-from-inbox")

    assert not errors, errors
