"""Steps the SeSAC Study browser tests share: a person in their own browser context, and the
phone sign-in and signup the web app asks of them first."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def open_person(browser, viewport: dict, errors: list[str]) -> Page:
    context = browser.new_context(locale="ko-KR", viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def assert_fits_width(page: Page, where: str) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{where} scrolls sideways by {overflow}px"


def sign_in_and_sign_up(page: Page, base: str, phone: str, nick: str, gender: str) -> None:
    page.goto(base + "/study")
    expect(page).to_have_url(re.compile(r"/login/phone\?next=/study$"))
    page.fill("#phone", phone)
    page.click("#send-code")
    hint = page.locator("#dev-code-hint")
    expect(hint).to_contain_text("개발 모드")
    expect(page.locator("#code-countdown")).to_contain_text("남은 시간")
    page.fill("#code", hint.get_attribute("data-code") or "")
    page.click("#verify-code")
    expect(page).to_have_url(re.compile(r"/study/signup/nick$"))
    page.fill("#value", nick)
    page.click("#signup-next")
    expect(page).to_have_url(re.compile(r"/study/signup/birth$"))
    page.fill("#value", "1998-03-01")
    page.click("#signup-next")
    page.fill("#value", f"sesac{phone[-4:]}@example.com")
    page.click("#signup-next")
    page.check(f"#gender-{gender}")
    page.click("#signup-next")
    expect(page).to_have_url(re.compile(r"/study$"))
    expect(page.locator("#study-float")).to_have_attribute("data-state", "search")
