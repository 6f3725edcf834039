"""Where SeSAC Study looks, in a real browser, in Korean on a 360 px phone and in English on a
desktop. A neighbour's browser says it is at 망원제2동's centre ("현재 위치 사용", the position
mocked) and waits there. The person finds 망원1동 by typing it (the list fills as they type),
centres the search on it and sees the neighbour 647 m away in 망원제2동 on the radar, in the list
under it and on the result cards; then uses their own mocked position, at 성산제1동's centre, and
sees 605 m. Typing 중구 lists 서울 중구 and 부산 중구 apart, and the arrow keys reach them. The
search works without scripts too; a refused position says what to do instead; axe finds nothing."""
from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from pyhelpers.sprout_server import NO_RATE_LIMITS, start_server
from pyhelpers.study_web import assert_fits_width, sign_in_and_sign_up

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
MANGWON_2 = {"latitude": 37.557564, "longitude": 126.904311}   # 망원제2동's centre
SEONGSAN_1 = {"latitude": 37.560583, "longitude": 126.910022}  # 성산제1동's centre, 605 m from it
MANGWON_1 = "1144069000"
WCAG_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}, "resultTypes": ["violations"]}

WORDS = {
    "ko": {"where": "어디서 찾을까요?", "found": "곳을 찾았어요", "denied": "위치를 알 수 없어요", "district": "시/군/구"},
    "en": {"where": "Where to look", "found": "Found", "denied": "Your position is unknown", "district": "City or district"},
}


@pytest.fixture
def location_server(tmp_path):
    """A server of each test's own, so that the one person waiting is the one its radar shows."""
    started = start_server(tmp_path, {**NO_RATE_LIMITS, "SPROUT_DEMO_DATA": "false"})
    yield started
    started.stop()


def open_person(browser, viewport: dict, errors: list[str], position: dict | None = None, scripts: bool = True) -> Page:
    """A browser of one's own, Korean to sign up in; its position granted when one is given."""
    options = {"locale": "ko-KR", "viewport": viewport, "java_script_enabled": scripts}
    if position:
        options |= {"geolocation": position, "permissions": ["geolocation"]}
    page = browser.new_context(**options).new_page()
    page.set_default_timeout(10_000)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def axe_violations(page: Page) -> list:
    return [(v["id"], [node["target"] for node in v["nodes"][:3]]) for v in Axe().run(page, options=WCAG_AA).response["violations"]]


def wait_in_the_queue_where_the_browser_is(page: Page, base: str) -> None:
    page.goto(base + "/study")
    page.click("#use-my-location")
    page.wait_for_url(re.compile(r"/study\?.*lat=37\.557564"))
    expect(page.locator("#where-now")).to_contain_text("서울 마포구 망원제2동")
    page.goto(base + "/study/input")
    expect(page.locator("#queue-where")).to_contain_text("서울 마포구 망원제2동")
    page.click("#find-study")
    expect(page).to_have_url(re.compile(r"/study/results$"))


@pytest.mark.parametrize("language,viewport,number", [("ko", PHONE, 1), ("en", DESKTOP, 2)], ids=["ko-phone", "en-desktop"])
def test_a_place_by_name_then_by_position_shows_each_person_by_distance_and_dong(browser, location_server, screenshot_dir,
                                                                                 language, viewport, number):
    base = location_server.base_url
    words = WORDS[language]
    errors: list[str] = []

    def shoot(page: Page, name: str) -> None:
        page.screenshot(path=str(screenshot_dir / f"study-location-{language}-{name}.png"), full_page=True)

    neighbour = open_person(browser, PHONE, errors, MANGWON_2)
    nick = f"이웃{number}"
    sign_in_and_sign_up(neighbour, base, f"010-4300-{number:02d}01", nick, "0")
    wait_in_the_queue_where_the_browser_is(neighbour, base)

    page = open_person(browser, viewport, errors)
    sign_in_and_sign_up(page, base, f"010-4300-{number:02d}02", f"찾는사람{number}", "1")
    if language == "en":
        page.click("header .language-link")
        page.wait_for_url(re.compile(r"/study$"))
    expect(page.locator("#where-title")).to_have_text(words["where"])
    expect(page.locator("#location-manual")).not_to_have_attribute("open", "")
    expect(page.locator("#lat")).to_be_hidden()

    # A 동 by name: the list fills as it is typed, without leaving the page.
    page.evaluate("window.stillThisPage = true")
    page.fill("#place-search", "망원1동")
    choice = page.locator(f'#place-results a[data-code="{MANGWON_1}"]')
    expect(choice.locator(".place-name")).to_have_text("서울 마포구 망원제1동")
    expect(page.locator("#place-results-status")).to_contain_text(words["found"])
    assert page.evaluate("window.stillThisPage === true"), "the list came without a reload"
    choice.click()
    page.wait_for_url(re.compile(rf"/study\?dong={MANGWON_1}"))
    expect(page.locator("#where-now")).to_contain_text("서울 마포구 망원제1동")
    neighbour_here = page.locator("#nearby-people li", has_text=nick)
    expect(neighbour_here).to_contain_text("647m · 망원제2동")
    expect(page.locator("#radar .radar-person title")).to_have_text(f"{nick} · 647m · 망원제2동")
    expect(page.locator("#radar")).to_have_attribute("data-count", "1")
    if viewport == PHONE:
        assert_fits_width(page, "home on a phone")
    assert axe_violations(page) == []
    shoot(page, "01-by-name")

    page.goto(base + "/study/results")
    card = page.locator(".study-result", has_text=nick)
    expect(card.locator(".study-where")).to_have_text("647m · 망원제2동")
    assert page.locator(".study-result", has_text=nick).inner_text().count("37.55") == 0, "no point, only the distance and the 동"
    if viewport == PHONE:
        assert_fits_width(page, "results on a phone")
    assert axe_violations(page) == []
    shoot(page, "02-results")

    # By the browser's position: granted now, at 성산제1동's centre.
    page.context.grant_permissions(["geolocation"])
    page.context.set_geolocation(SEONGSAN_1)
    page.goto(base + "/study")
    page.click("#use-my-location")
    page.wait_for_url(re.compile(r"/study\?.*lat=37\.560583"))
    expect(page.locator("#where-now")).to_contain_text("서울 마포구 성산제1동")
    expect(page.locator("#nearby-people li", has_text=nick)).to_contain_text("605m · 망원제2동")
    page.goto(base + "/study/results")
    expect(page.locator(".study-result", has_text=nick).locator(".study-where")).to_have_text("605m · 망원제2동")
    shoot(page, "03-by-position")

    # 중구: every one named by its province, reached with the arrow keys.
    page.goto(base + "/study")
    page.fill("#place-search", "중구")
    names = page.locator("#place-results .place-name")
    expect(names.filter(has_text=re.compile(r"^서울 중구$"))).to_have_count(1)
    expect(names.filter(has_text=re.compile(r"^부산 중구$"))).to_have_count(1)
    expect(page.locator("#place-results a", has_text=re.compile(r"^부산 중구")).first).to_contain_text(words["district"])
    page.focus("#place-search")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#place-results a").first).to_be_focused()
    expect(page.locator("#place-results a").first.locator(".place-name")).to_have_text("서울 중구")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#place-results a").nth(1)).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/study\?place=2611000000"))
    expect(page.locator("#where-now")).to_contain_text("부산 중구")
    if viewport == PHONE:
        assert_fits_width(page, "부산 중구 on a phone")
    shoot(page, "04-busan-junggu")

    assert errors == [], errors
    page.context.close()
    neighbour.context.close()


def test_without_scripts_the_search_still_finds_a_place_and_a_refused_position_says_why(browser, location_server, screenshot_dir):
    base = location_server.base_url
    errors: list[str] = []
    signed_up = open_person(browser, PHONE, errors)
    sign_in_and_sign_up(signed_up, base, "010-4300-0301", "스크립트없음", "1")
    state = signed_up.context.storage_state()
    signed_up.context.close()

    plain = browser.new_context(locale="ko-KR", viewport=PHONE, java_script_enabled=False, storage_state=state).new_page()
    plain.goto(base + "/study")
    expect(plain.locator("#use-my-location")).to_be_hidden()
    plain.fill("#place-search", "중구")
    plain.press("#place-search", "Enter")
    plain.wait_for_url(re.compile(r"/study\?.*q=%EC%A4%91%EA%B5%AC"))
    expect(plain.locator("#place-results-status")).to_have_text("12곳을 찾았어요.")
    plain.locator("#place-results a", has_text=re.compile(r"^서울 중구")).first.click()
    expect(plain.locator("#where-now")).to_contain_text("서울 중구")
    # Latitude and longitude are there for whoever opens them.
    plain.click("#location-manual summary")
    plain.fill("#lat", "37.552433")
    plain.fill("#long", "126.907767")
    plain.click("#location-submit")
    expect(plain.locator("#where-now")).to_contain_text("서울 마포구 망원제1동")
    shoot = screenshot_dir / "study-location-ko-05-no-scripts.png"
    plain.screenshot(path=str(shoot), full_page=True)
    plain.context.close()

    refused = browser.new_context(locale="ko-KR", viewport=PHONE, storage_state=state).new_page()
    refused.on("pageerror", lambda error: errors.append(str(error)))
    refused.context.clear_permissions()
    refused.goto(base + "/study")
    refused.click("#use-my-location")
    expect(refused.locator("#location-status")).to_contain_text(WORDS["ko"]["denied"], timeout=20_000)
    expect(refused).to_have_url(re.compile(r"/study$"))
    refused.context.close()
    assert errors == [], errors
