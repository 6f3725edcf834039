"""The phone layout, measured in Chromium at 360 px and on a desktop, in both languages: the
header keeps one row and names the signed-in person, who reaches their account page from it;
every app's tab bar sits at the bottom of a phone's screen with every tab whole; a detail page's
primary action stays in view; icons are SVG, never emoji that need a colour-emoji font."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from pyhelpers.study_web import sign_in_and_sign_up

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
LOCALES = ["ko-KR", "en-US"]
APPS = {"lessons": "/lessons", "market": "/market", "reading": "/reading", "study": "/study"}
# Pictographs and dingbats: what renders as an empty box without a colour-emoji font.
EMOJI = re.compile("[\U0001F300-\U0001FAFF\u2600-\u26FF\u2700-\u27BF]")


@pytest.fixture(scope="module")
def member_state(browser, server):
    """A person signed in by phone and signed up for SeSAC Study, so every app shows its pages."""
    context = browser.new_context(locale="ko-KR", viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    sign_in_and_sign_up(page, server.base_url, "010-4200-0001", "레이아웃", "1")
    state = context.storage_state()
    context.close()
    return state


@pytest.fixture
def open_page(browser):
    contexts = []

    def open_page(viewport: dict, locale: str, state=None) -> Page:
        context = browser.new_context(locale=locale, viewport=viewport, storage_state=state)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield open_page
    for context in contexts:
        context.close()


def box(page: Page, selector: str) -> dict:
    return page.locator(selector).first.evaluate(
        "e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height}; }")


def assert_no_sideways_scroll(page: Page, where: str) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{where} scrolls sideways by {overflow}px"


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("signed_in", [False, True], ids=["visitor", "member"])
def test_the_header_keeps_one_row_at_360_px(open_page, server, member_state, screenshot_dir, locale, signed_in):
    page = open_page(PHONE, locale, member_state if signed_in else None)
    page.goto(server.base_url + "/market")
    header = box(page, "header.site-header")
    assert header["height"] <= 56, f"the header wraps: {header['height']}px tall"
    parts = ["header .brand", "header .language-link"] + (["#inbox-link", "#notifications-link", "#account-link"] if signed_in else ["#login-link", "#signup-link"])
    for part in parts:
        placed = box(page, part)
        assert placed["top"] >= header["top"] and placed["bottom"] <= header["bottom"] + 0.5, part
        assert placed["right"] <= PHONE["width"], f"{part} is cut off at the right"
    assert_no_sideways_scroll(page, "/market")
    page.screenshot(path=str(screenshot_dir / f"phone-header-{locale}-{'member' if signed_in else 'visitor'}.png"))
    if signed_in:
        account = page.locator("#account-link")
        expect(account).to_contain_text("레이아웃")  # the nickname, no longer the masked number
        account.click()
        page.wait_for_url(server.base_url + "/account")
        expect(page.locator("#account-shortcuts a")).to_have_count(7)
        expect(page.locator("#logout")).to_be_visible()
        page.screenshot(path=str(screenshot_dir / f"phone-account-{locale}.png"), full_page=True)


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("app", APPS)
def test_each_app_has_its_tab_bar_at_the_bottom_of_a_phone_and_under_the_header_on_a_desktop(open_page, server, member_state, screenshot_dir, locale, app):
    phone = open_page(PHONE, locale, member_state)
    phone.goto(server.base_url + APPS[app])
    tabs = phone.locator(f"#{app}-tabs")
    bar = box(phone, f"#{app}-tabs")
    assert abs(bar["bottom"] - PHONE["height"]) <= 1, f"the tab bar ends at {bar['bottom']}, not the screen's bottom"
    links = tabs.locator("a")
    assert links.count() >= 4
    for index in range(links.count()):
        link = links.nth(index)
        expect(link.locator("svg.icon")).to_have_count(1)
        placed = link.evaluate("a => { const r = a.getBoundingClientRect(); const s = a.querySelector('span'); return [r.left, r.right, s.scrollWidth - s.clientWidth]; }")
        assert placed[0] >= 0 and placed[1] <= PHONE["width"] + 0.5, f"tab {index} is off screen"
        assert placed[2] <= 0, f"tab {index}'s label is cut: {link.inner_text()!r}"
    expect(tabs.locator('a[aria-current="page"]')).to_have_count(1)
    # Scrolled and measured in one script: the market's list grows by a page once its end comes into
    # view, and a page arriving between the two would move the end out of sight.
    last = phone.evaluate("(() => { window.scrollTo(0, document.body.scrollHeight); const kids = [...document.querySelector('main').children].filter(e => getComputedStyle(e).position !== 'fixed'); return kids[kids.length - 1].getBoundingClientRect().bottom; })()")
    assert last <= box(phone, f"#{app}-tabs")["top"] + 0.5, "the end of the page is not hidden behind the bar"
    assert_no_sideways_scroll(phone, APPS[app])
    phone.screenshot(path=str(screenshot_dir / f"phone-tabs-{app}-{locale}.png"))

    desktop = open_page(DESKTOP, locale, member_state)
    desktop.goto(server.base_url + APPS[app])
    assert desktop.locator(f"#{app}-tabs").evaluate("n => getComputedStyle(n).position") != "fixed"
    assert box(desktop, f"#{app}-tabs")["top"] < 120, "on a desktop the tabs sit under the header"


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("kind", ["lesson", "product"])
def test_a_detail_pages_primary_action_stays_in_view_on_a_phone(open_page, server, member_state, screenshot_dir, locale, kind):
    page = open_page(PHONE, locale, member_state)
    page.goto(server.base_url + ("/lessons/list" if kind == "lesson" else "/market"))
    page.locator(".product-name a").first.click()
    action = page.locator("#apply-button" if kind == "lesson" else "#like-button")
    tabs = "#lessons-tabs" if kind == "lesson" else "#market-tabs"
    for scroll in ("0", "document.body.scrollHeight"):
        page.evaluate(f"window.scrollTo(0, {scroll})")
        placed = box(page, "#apply-button" if kind == "lesson" else "#like-button")
        assert 0 <= placed["top"] and placed["bottom"] <= box(page, tabs)["top"] + 0.5, f"the action is out of view at scroll {scroll}"
    expect(action).to_be_visible()
    page.screenshot(path=str(screenshot_dir / f"phone-primary-{kind}-{locale}.png"))

    wide = open_page(DESKTOP, locale, member_state)
    wide.goto(page.url)
    assert wide.locator(".primary-action").evaluate("n => getComputedStyle(n).position") != "fixed"


@pytest.mark.parametrize("path", ["/", "/lessons", "/lessons/list", "/market", "/study", "/reading", "/account"])
def test_icons_are_svg_never_emoji(open_page, server, member_state, path):
    page = open_page(PHONE, "ko-KR", member_state)
    page.goto(server.base_url + path)
    text = page.locator("body").inner_text()
    assert not EMOJI.search(text), f"emoji on {path}: {EMOJI.findall(text)}"
    assert page.locator("header .brand svg.icon-sprout").count() == 1
    if path == "/":
        expect(page.locator(".app-tile svg.icon")).to_have_count(4)
    if path == "/lessons":
        expect(page.locator("#categories .category-tile svg.icon")).to_have_count(8)
