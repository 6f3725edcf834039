"""SeSAC Study from a match to a meeting (issue 47), in Korean with the asker on a 360 px phone and
in English with the asker on a desktop. A fresh person's card shows no praise they have not
earned; a request says it was sent and can be taken back, and the other side's open tab follows;
accepting is not styled as a danger. Matched, the two keep chatting past one message each with no
review in the way and the report folded away under the chat; one presses 만났어요 (by keyboard),
both see the study ended, each reviews the other once, and both can look for a study again at
once, the praise given now on the card. axe finds nothing on the pages of the way."""
from __future__ import annotations

import json
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server
from pyhelpers.study_web import assert_fits_width, sign_in_and_sign_up

WCAG_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, "resultTypes": ["violations"]}
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
CAMPUS = (37.517819, 126.886145)
# About 300 m due north of the campus.
NORTH = (37.520519, 126.886145)
DANGER = "rgb(192, 57, 43)"

RUNS = {
    "ko": {
        "locale": "ko-KR", "asker": PHONE, "partner": DESKTOP, "phones": ("010-4100-0001", "010-4100-0002"), "nicks": ("고래밥", "새우깡"),
        "no_reviews": "아직 받은 후기가 없어요", "sent": "요청 보냄", "withdrawn": "요청을 취소했어요",
        "partner_met": "상대방이 만났어요를 눌렀어요 · 후기를 남겨주세요", "ended": "님과 만났어요", "manners": "좋은 매너",
    },
    "en": {
        "locale": "en-US", "asker": DESKTOP, "partner": PHONE, "phones": ("010-4100-0011", "010-4100-0012"), "nicks": ("Minji", "Joon"),
        "no_reviews": "No reviews yet", "sent": "Request sent", "withdrawn": "Request withdrawn",
        "partner_met": "Your partner pressed We met · please leave a review", "ended": "You met", "manners": "Good manners",
    },
}


@pytest.fixture(scope="module")
def meeting_server(tmp_path_factory):
    started = start_server(tmp_path_factory.mktemp("browser-study-meeting"), {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false"})
    yield started
    started.stop()


def open_in(browser, base: str, run: dict, viewport: dict, errors: list[str]) -> Page:
    """A person's own browser in the run's language. Signing up goes through the Korean pages the
    shared steps read; the language cookie then chooses the run's."""
    context = browser.new_context(locale=run["locale"], viewport=viewport)
    context.add_cookies([{"name": "sprout-lang", "value": "ko", "url": base}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def speak(page: Page, base: str, run: dict) -> None:
    page.context.add_cookies([{"name": "sprout-lang", "value": run["locale"][:2], "url": base}])


def queue_at(page: Page, base: str, point: tuple[float, float], tags: str) -> None:
    page.goto(f"{base}/study?lat={point[0]}&long={point[1]}")
    page.goto(base + "/study/input")
    page.fill("#tag-input", tags)
    page.click("#tag-add")
    expect(page.locator("#chosen-tags")).to_contain_text(tags.split()[0])
    page.click("#find-study")
    expect(page).to_have_url(re.compile(r"/study/results$"))


def assert_axe_clean(page: Page, where: str) -> None:
    violations = Axe().run(page, options=WCAG_AA).response["violations"]
    found = [(v["id"], v["impact"], [node["target"] for node in v["nodes"][:3]]) for v in violations]
    assert not found, f"{where}: " + json.dumps(found, ensure_ascii=False)


def comes_before(page: Page, first: str, second: str) -> bool:
    return page.evaluate("""([first, second]) => Boolean(document.querySelector(first)
        .compareDocumentPosition(document.querySelector(second)) & Node.DOCUMENT_POSITION_FOLLOWING)""", [first, second])


@pytest.mark.parametrize("language", ["ko", "en"])
def test_partners_keep_chatting_meet_and_review_each_other_once(browser, meeting_server, screenshot_dir, language):
    base = meeting_server.base_url
    run = RUNS[language]
    asker_nick, partner_nick = run["nicks"]
    errors: list[str] = []
    asker = open_in(browser, base, run, run["asker"], errors)
    partner = open_in(browser, base, run, run["partner"], errors)

    def shoot(page: Page, name: str) -> None:
        size = "mobile" if page.viewport_size == PHONE else "desktop"
        page.screenshot(path=str(screenshot_dir / f"study-meeting-{language}-{size}-{name}.png"), full_page=True)

    def fits(page: Page, where: str) -> None:
        if page.viewport_size == PHONE:
            assert_fits_width(page, where)

    sign_in_and_sign_up(asker, base, run["phones"][0], asker_nick, "1")
    sign_in_and_sign_up(partner, base, run["phones"][1], partner_nick, "0")
    speak(asker, base, run)
    speak(partner, base, run)
    queue_at(partner, base, NORTH, "swift")
    queue_at(asker, base, CAMPUS, "swift")

    # A newcomer's card: no titles lit for praise nobody gave, and it says so.
    asker.goto(base + "/study/results")
    card = asker.locator(".study-card", has_text=partner_nick)
    expect(card.locator(".study-no-reviews")).to_have_text(run["no_reviews"])
    expect(card.locator(".study-titles li")).to_have_count(0)
    fits(asker, "results on a phone")
    assert_axe_clean(asker, "results")
    shoot(asker, "01-fresh-card")

    # Asked: the card says so and offers to take it back; the partner's open tab follows both ways.
    partner.goto(base + "/study/results?tab=received")
    expect(partner.locator("#empty-results")).to_be_visible()
    card.locator("button.request-button").click()
    card = asker.locator(".study-card", has_text=partner_nick)
    expect(card.locator(".request-sent")).to_contain_text(run["sent"])
    expect(card.locator("button.request-button")).to_have_count(0)
    expect(partner.locator(".study-card", has_text=asker_nick)).to_be_visible(timeout=10_000)
    assert_axe_clean(asker, "results with a request sent")
    shoot(asker, "02-request-sent")
    card.locator("button.request-withdraw").click()
    expect(asker.locator("#study-notice")).to_contain_text(run["withdrawn"])
    expect(asker.locator(".study-card", has_text=partner_nick).locator("button.request-button")).to_be_visible()
    expect(partner.locator("#empty-results")).to_be_visible(timeout=10_000)

    # Asked again and accepted: accepting is the page's main action, not a warning.
    asker.locator(".study-card", has_text=partner_nick).locator("button.request-button").click()
    accept = partner.locator(".study-card", has_text=asker_nick).locator("button.accept-button")
    expect(accept).to_be_visible(timeout=10_000)
    assert "danger" not in (accept.get_attribute("class") or "")
    assert accept.evaluate("button => getComputedStyle(button).backgroundColor") != DANGER
    assert_axe_clean(partner, "received requests")
    shoot(partner, "03-received")
    accept.click()
    expect(partner).to_have_url(re.compile(r"/study/matched$"))
    asker.wait_for_url(re.compile(r"/study/matched$"), timeout=15_000)

    # The matched page leads with the chat; the report is folded away under it; nothing to review.
    for page in (asker, partner):
        assert comes_before(page, "#chat-log", "#report-details")
        expect(page.locator("#report-form")).to_be_hidden()
        expect(page.locator("#review-form")).to_have_count(0)
        expect(page.locator("#met-later")).to_be_visible()
    # The report opens from the keyboard, and folds away again.
    asker.focus("#report-details summary")
    asker.keyboard.press("Enter")
    expect(asker.locator("#report-form")).to_be_visible()
    asker.keyboard.press("Enter")
    expect(asker.locator("#report-form")).to_be_hidden()

    # They agree on a time and place, and keep chatting after one message each.
    partner.fill("#chat-input", "토요일 10시 망원역 어때요?")
    partner.click("#chat-send")
    expect(asker.locator("#chat-log .chat-bubble.theirs")).to_contain_text("토요일 10시 망원역")
    asker.fill("#chat-input", "좋아요!")
    asker.click("#chat-send")
    expect(partner.locator("#chat-log .chat-bubble.theirs")).to_contain_text("좋아요!")
    expect(partner.locator("#met")).to_be_visible()
    expect(asker.locator("#met")).to_be_visible()
    partner.fill("#chat-input", "그럼 토요일에 봬요")
    partner.click("#chat-send")
    expect(asker.locator("#chat-log .chat-bubble.theirs").last).to_contain_text("그럼 토요일에 봬요")
    asker.fill("#chat-input", "네 그때 봬요")
    asker.click("#chat-send")
    expect(partner.locator("#chat-log .chat-bubble.theirs").last).to_contain_text("네 그때 봬요")
    for page in (asker, partner):
        expect(page.locator("#review-form")).to_have_count(0)
        expect(page.locator("#chat-form")).to_be_visible()
    fits(asker, "chat on a phone")
    fits(partner, "chat on a phone")
    assert_axe_clean(asker, "matched")
    shoot(asker, "04-chatting")

    # They met: the asker says so, by keyboard, after a confirmation that says what it does.
    asker.focus("#met")
    asker.keyboard.press("Enter")
    expect(asker).to_have_url(re.compile(r"/study/met\?otheruid="))
    expect(asker.locator("#met-consequence")).to_be_visible()
    assert_axe_clean(asker, "we met: confirm")
    shoot(asker, "05-met-confirm")
    asker.focus("#confirm-met")
    asker.keyboard.press("Enter")
    expect(asker).to_have_url(re.compile(r"/study/ended$"))
    expect(asker.locator("#ended-title")).to_contain_text(run["ended"])
    expect(asker.locator("#review-form")).to_be_visible()
    fits(asker, "ended on a phone")
    assert_axe_clean(asker, "ended")
    shoot(asker, "06-ended")

    # The partner's open chat says so at once: closed, and asking for the review.
    expect(partner.locator("#partner-ended")).to_have_text(run["partner_met"], timeout=10_000)
    expect(partner.locator("#chat-form")).to_have_count(0)
    expect(partner.locator("#chat-closed")).to_be_visible()
    expect(partner.locator("#met")).to_have_count(0)
    expect(partner.locator("#review-form")).to_be_visible()
    expect(partner.locator("#chat-log .chat-bubble").first).to_contain_text("토요일 10시 망원역")
    fits(partner, "partner's ended chat on a phone")
    assert_axe_clean(partner, "partner's ended chat")
    shoot(partner, "07-partner-met")

    # Each reviews the other, once.
    asker.check("#review-choice0")
    asker.fill("#review-comment", "약속 시간을 잘 지켜요")
    asker.click("#review-submit")
    expect(asker).to_have_url(re.compile(r"/study$"))
    partner.check("#review-choice1")
    partner.click("#review-submit")
    expect(partner).to_have_url(re.compile(r"/study$"))
    for page in (asker, partner):
        page.goto(base + "/study/ended")
        expect(page).to_have_url(re.compile(r"/study$"))
        page.goto(base + "/study/matched")
        expect(page).to_have_url(re.compile(r"/study$"))

    # Meeting cost neither a penalty: both look for a study again at once, and the card now
    # shows the praise given, with its count, and the review.
    queue_at(partner, base, NORTH, "swift")
    queue_at(asker, base, CAMPUS, "swift")
    asker.goto(base + "/study/results")
    card = asker.locator(".study-card", has_text=partner_nick)
    expect(card.locator(".study-titles li")).to_have_count(1)
    expect(card.locator(".study-titles li")).to_contain_text(run["manners"])
    expect(card.locator(".study-title-count")).to_contain_text("1")
    expect(card.locator(".study-no-reviews")).to_have_count(0)
    expect(card.locator(".study-review")).to_have_text("약속 시간을 잘 지켜요")
    shoot(asker, "08-praised-card")
    assert not errors, errors
