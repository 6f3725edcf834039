"""A person's path through the web shell in a real browser, on a phone and on a desktop."""
from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import Page, expect

DEVICES = {
    "mobile": {"viewport": {"width": 360, "height": 740}, "java_script_enabled": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}, "java_script_enabled": True},
    # The forms must work for a browser that runs no script at all.
    "mobile-nojs": {"viewport": {"width": 360, "height": 740}, "java_script_enabled": False},
}


@pytest.fixture
def visit(browser, server):
    """Opens pages in a fresh Korean-language context and records every URL the pages request."""
    contexts, requested = [], []

    def open_page(**context_options) -> Page:
        context = browser.new_context(locale="ko-KR", **context_options)
        contexts.append(context)
        page = context.new_page()
        page.on("request", lambda request: requested.append(request.url))
        return page

    yield open_page, requested
    for context in contexts:
        context.close()


def assert_all_local(requested: list[str], base_url: str) -> None:
    outside = [url for url in requested
               if not url.startswith(base_url + "/") and not url.startswith(("data:", "blob:", "about:"))]
    assert requested and not outside, outside


def fill_and_submit(page: Page, form: str, fields: dict[str, str], button: str) -> None:
    for name, value in fields.items():
        page.fill(f"form#{form} input[name={name}]", value)
    page.click(button)


@pytest.mark.parametrize("device", DEVICES)
def test_sign_up_log_out_log_in_and_switch_language(visit, server, screenshot_dir, device):
    open_page, requested = visit
    page = open_page(**DEVICES[device])
    html = page.locator("html")

    def shoot(step: str) -> None:
        page.screenshot(path=str(screenshot_dir / f"{device}-{step}.png"))

    tag = uuid.uuid4().hex[:8]
    name, email, password = f"새싹{tag}", f"flow-{tag}@example.com", f"pw-{tag}"

    page.goto(server.base_url + "/")
    expect(html).to_have_attribute("lang", "ko")
    shoot("1-hub-visitor")

    page.click("a#signup-link")
    fill_and_submit(page, "signup-form", {"name": name, "email": email, "password": password}, "#signup-submit")
    page.wait_for_url(server.base_url + "/")
    expect(page.locator("#welcome")).to_contain_text(name)
    shoot("2-hub-member")

    page.click("a#account-link")
    page.wait_for_url(server.base_url + "/account")
    expect(page.locator("#account-name")).to_have_text(name)
    expect(page.locator("#account-email")).to_have_text(email)
    page.click("#logout")
    expect(page.locator("a#login-link")).to_be_visible()

    page.click("a#login-link")
    shoot("3-login")
    fill_and_submit(page, "login-form", {"email": email, "password": password}, "#login-submit")
    page.wait_for_url(server.base_url + "/")
    expect(page.locator("#welcome")).to_contain_text(name)

    korean_text = page.inner_text("body")
    page.click("a#lang-en")
    expect(html).to_have_attribute("lang", "en")
    assert page.inner_text("body") != korean_text
    expect(page.locator("#welcome")).to_contain_text(name)
    shoot("4-hub-member-en")

    page.click("a#lang-ko")
    expect(html).to_have_attribute("lang", "ko")
    assert_all_local(requested, server.base_url)


@pytest.mark.parametrize("path", ["/", "/signup", "/login", "/docs"])
def test_pages_load_nothing_from_outside(visit, server, path):
    open_page, requested = visit
    page = open_page()
    page.goto(server.base_url + path, wait_until="networkidle")
    assert_all_local(requested, server.base_url)


def test_signing_up_from_a_page_comes_back_to_it(visit, server):
    open_page, _ = visit
    page = open_page(**DEVICES["phone"]) if "phone" in DEVICES else open_page()
    tag = uuid.uuid4().hex[:8]
    page.goto(server.base_url + "/market?category=digital")
    page.click("a#signup-link")
    fill_and_submit(page, "signup-form", {"name": f"돌아오기{tag}", "email": f"back-{tag}@example.com", "password": f"pw-{tag}-long"}, "#signup-submit")
    page.wait_for_url(server.base_url + "/market?category=digital")
    expect(page.locator("#account-link")).to_contain_text(f"돌아오기{tag}")
